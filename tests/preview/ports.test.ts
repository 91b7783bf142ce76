import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPreview } from '../../src/preview/server.ts';

const out = mkdtempSync(join(tmpdir(), 'fieldhouse-preview-ports-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** A port some other program holds. */
async function occupiedPort(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('site preview beside another preview', () => {
  it('takes free ports when its own are busy, says which, and serves the site with the demo CMS’s real address', async () => {
    const demoPort = await occupiedPort();
    const baked = `http://127.0.0.1:${demoPort.port}`;
    mkdirSync(join(out, '_site/data'), { recursive: true });
    writeFileSync(join(out, '_site/data/site-abc123.json'), JSON.stringify({ api: { baseUrl: baked } }));
    writeFileSync(
      join(out, 'serve.json'),
      JSON.stringify({
        headers: [
          { source: '**', headers: [{ key: 'Content-Security-Policy', value: `connect-src 'self' ${baked}` }] },
        ],
      }),
    );
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>x</title>');
    const first = await startPreview({ outDir: out, demo: null });
    const second = await startPreview({ outDir: out, demo: { port: demoPort.port, seed: 'fieldhouse', scale: 1 } });
    try {
      expect(second.url).not.toBe(first.url);
      const demoOrigin = second.demo!.origin;
      expect(demoOrigin).not.toBe(baked);
      expect(second.notes.join('\n')).toContain(
        `port ${demoPort.port} is busy (another demo CMS?): the demo CMS runs at ${demoOrigin}`,
      );
      if (first.url.endsWith(':4173'))
        expect(second.notes.join('\n')).toMatch(
          /port 4173 is busy \(another preview\?\): the site is served on port \d+/,
        );
      const data = (await (await fetch(`${second.url}/_site/data/site-abc123.json`)).json()) as {
        api: { baseUrl: string };
      };
      expect(data.api.baseUrl).toBe(demoOrigin);
      const page = await fetch(`${second.url}/`);
      expect(page.headers.get('content-security-policy')).toBe(`connect-src 'self' ${demoOrigin}`);
    } finally {
      await second.close();
      await first.close();
      await demoPort.close();
    }
  });
});
