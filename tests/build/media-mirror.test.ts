import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.ts';
import { createMediaMirror } from '../../src/build/finish.ts';
import { createKeptFiles, filesUnder } from '../../src/build/overlay.ts';
import { createOutputWriter } from '../../src/output/writer.ts';

const work = mkdtempSync(join(tmpdir(), 'fieldhouse-media-mirror-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the media of an output updated in place', () => {
  it('leaves what only kept pages name where it is, copies again what is gone, and does not ask again for what failed', async () => {
    const previous = join(work, 'out');
    const staging = join(work, 'staging');
    const files: Record<string, string> = { 'media/kept.pdf': 'a schedule', 'media/shared.pdf': 'old bytes' };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(previous, file)), { recursive: true });
      writeFileSync(join(previous, file), text);
    }
    // The API: what the build asks for, and a 404 for the file the previous build could not copy either.
    const asked: string[] = [];
    const client = {
      async getBytes(url: string) {
        asked.push(url);
        if (url.endsWith('/media/failed.pdf')) throw new Error(`GET ${url} answered 404`);
        return new TextEncoder().encode(`fresh ${url}`);
      },
    } as unknown as ApiClient;
    const warnings: string[] = [];
    const kept = createKeptFiles();
    // The build cache lists every file but failed.pdf, and gone.pdf too, which was removed from the output by hand.
    // A cache edited by hand also lists a path outside the output: never read from there, nor kept.
    writeFileSync(join(work, 'secret.pdf'), 'not the site’s');
    const listed = new Set(['media/kept.pdf', 'media/shared.pdf', 'media/gone.pdf', 'media/../../secret.pdf']);
    const mirror = createMediaMirror(
      client,
      'http://api.test',
      createOutputWriter(staging),
      2,
      (m) => warnings.push(m),
      {
        dir: previous,
        has: (url) => listed.has(url.slice(1)),
        failed: (url) => url === '/media/failed.pdf',
        // The cache gives kept.pdf's content hash: a kept medium's is taken from it (the file is not read again).
        hash: (url) => (url === '/media/kept.pdf' ? 'cafe' : undefined),
        keep: kept.keep,
      },
    );
    for (const url of [
      '/media/kept.pdf',
      '/media/shared.pdf',
      '/media/gone.pdf',
      '/media/failed.pdf',
      '/media/../../secret.pdf',
    ])
      mirror.add(url, true);
    // A page loaded from the API names one of them, and a new one.
    mirror.add('/media/shared.pdf');
    mirror.add('/media/new.pdf');
    const result = await mirror.finish();

    expect(kept.files()).toEqual(['media/kept.pdf']);
    expect(kept.has('/media/kept.pdf')).toBe(true);
    expect(filesUnder(staging).sort()).toEqual(['media/gone.pdf', 'media/new.pdf', 'media/shared.pdf']);
    expect(asked.sort()).toEqual(
      ['/media/../../secret.pdf', '/media/gone.pdf', '/media/new.pdf', '/media/shared.pdf'].map(
        (url) => `http://api.test${url}`,
      ),
    );
    expect([...result.failed].sort()).toEqual(['/media/../../secret.pdf', '/media/failed.pdf']);
    expect(warnings).toContainEqual(
      expect.stringMatching(/^media \/media\/\.\.\/\.\.\/secret\.pdf could not be copied/),
    );
    expect(result.files).toBe(4);
    expect(result.hashes.get('/media/kept.pdf')).toBe('cafe');
    expect(result.hashes.get('/media/new.pdf')).toMatch(/^[0-9a-f]{40}$/);
    expect(warnings.filter((w) => /media that pages kept from the previous build/.test(w))).toEqual([
      expect.stringMatching(/^1 media that pages kept from the previous build name could not/),
    ]);
  });
});
