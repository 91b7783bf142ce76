import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openImageStore } from '../../src/images/store.ts';

const work = mkdtempSync(join(tmpdir(), 'fh-image-store-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const entry = (hash: string) => ({ hash, validators: { etag: `"${hash}"` } });

describe('the image cache’s index', () => {
  it('is read again when its file changes, and each build of a process gets its own copy', () => {
    const dir = join(work, 'cache');
    const first = openImageStore(dir);
    expect(first.index.size).toBe(0);
    first.remember('/media/a.jpg', entry('a'));
    first.saveIndex();

    const second = openImageStore(dir);
    expect([...second.index]).toEqual([['/media/a.jpg', entry('a')]]);
    // A build's own entries stay its own until it saves them.
    second.remember('/media/b.jpg', entry('b'));
    const third = openImageStore(dir);
    expect([...third.index.keys()]).toEqual(['/media/a.jpg']);

    // Another process saves the index: the next build reads it.
    const file = join(second.dir, 'index.json');
    writeFileSync(file, JSON.stringify({ '/media/cc.jpg': entry('cc') }));
    expect([...openImageStore(dir).index]).toEqual([['/media/cc.jpg', entry('cc')]]);

    // Saved by this process: merged with what is on disk, and read back as saved.
    second.saveIndex();
    expect([...openImageStore(dir).index.keys()].sort()).toEqual(['/media/b.jpg', '/media/cc.jpg']);
    rmSync(file);
    expect(openImageStore(dir).index.size).toBe(0);
  });
});
