/** Files served by `site preview` and `site dev` (src/util/serve-files.ts) when they can go away while served. */
import type * as nodeFs from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// A file that goes between serve-handler's lstat and its open: the open fails as it would (ENOENT), the lstat does not.
const files = vi.hoisted(() => ({ gone: false }));
vi.mock('node:fs', async (actual) => {
  const fs = await actual<typeof nodeFs>();
  return {
    ...fs,
    createReadStream: ((path: string, options?: object) =>
      fs.createReadStream(files.gone ? `${path}.gone` : path, options)) as typeof fs.createReadStream,
  };
});
const { serveFiles } = await import('../../src/util/serve-files.ts');

describe('serving files that can go away', () => {
  let dir: string;
  let servers: Server[];
  const origins: Record<'etag' | 'plain', string> = { etag: '', plain: '' };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fieldhouse-serve-files-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets/app.js'), 'console.log(1);\n');
    writeFileSync(join(dir, 'assets/late.js'), 'console.log(2);\n');
    servers = await Promise.all(
      (['etag', 'plain'] as const).map(async (kind) => {
        const server = createServer((req, res) =>
          serveFiles(req, res, { public: dir, directoryListing: false, etag: kind === 'etag' }, { 'X-Policy': 'on' }),
        );
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        origins[kind] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        return server;
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serve a file that is there, with and without an ETag', async () => {
    files.gone = false;
    for (const origin of Object.values(origins)) {
      const answer = await fetch(`${origin}/assets/app.js`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('console.log(1);\n');
    }
  });

  it('answer 404 for a file that went between its lstat and its open, or close the connection, and go on serving', async () => {
    files.gone = true;
    // With an ETag not yet known (serve-handler keeps them), the file is read for it before the headers: a 404, with
    // the headers every answer carries.
    const answer = await fetch(`${origins.etag}/assets/late.js`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('x-policy')).toBe('on');
    expect(await answer.text()).toMatch(/went away/);
    // Without one, serve-handler may have sent its headers when the open fails: then the connection is closed,
    // never a 200 with a cut body taken for the file.
    const plain = await fetch(`${origins.plain}/assets/app.js`).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      (error: Error) => ({ status: 0, body: error.message }),
    );
    if (plain.status !== 0) expect(plain.status).toBe(404);
    else expect(plain.body).toMatch(/fetch failed|terminated|closed/);
    files.gone = false;
    for (const origin of Object.values(origins)) expect((await fetch(`${origin}/assets/app.js`)).status).toBe(200);
  });
});
