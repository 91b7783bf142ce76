import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedBundle, storeBundle } from '../../src/build/bundle-cache.ts';
import { bundle } from '../../src/build/bundle.ts';

const work = mkdtempSync(join(tmpdir(), 'fieldhouse-bundle-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('bundlings kept between builds', () => {
  const root = join(work, 'sources');
  const cache = join(work, 'bundles');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'a.ts'), 'export const a = 1;');
  writeFileSync(join(root, 'b.ts'), 'export const b = 2;');
  const output = join(work, 'out.js');
  writeFileSync(output, 'bundled');
  const entry = { assets: { boot: '/boot.js' }, files: [{ path: '/boot.js', bytes: 7, hash: 'h' }], edgeWorker: 'w' };
  const store = (settings: string) =>
    storeBundle(cache, root, settings, ['b.ts', 'a.ts', 'a.ts'], new Map([[output, 'site/boot.js']]), entry);

  it('gives the last bundling back while its inputs and options are what they were, and only then', async () => {
    expect(await cachedBundle(cache, root, 'options')).toBeNull();
    await store('options');
    const kept = await cachedBundle(cache, root, 'options');
    expect(kept).toMatchObject(entry);
    expect(readFileSync(join(kept!.dir, 'site/boot.js'), 'utf8')).toBe('bundled');
    // Other options, an input edited, an input gone: bundled again.
    expect(await cachedBundle(cache, root, 'other options')).toBeNull();
    writeFileSync(join(root, 'a.ts'), 'export const a = 3;');
    expect(await cachedBundle(cache, root, 'options')).toBeNull();
    writeFileSync(join(root, 'a.ts'), 'export const a = 1;');
    expect(await cachedBundle(cache, root, 'options')).not.toBeNull();
    rmSync(join(root, 'b.ts'));
    expect(await cachedBundle(cache, root, 'options')).toBeNull();
    writeFileSync(join(root, 'b.ts'), 'export const b = 2;');
    // A kept folder without its entry (cut short, or removed by hand) is not used.
    rmSync(join(kept!.dir, 'entry.json'));
    expect(await cachedBundle(cache, root, 'options')).toBeNull();
  });

  it('removes bundlings of sources as they were before, once they are an hour old', async () => {
    await store('options');
    const first = (await cachedBundle(cache, root, 'options'))!.dir;
    writeFileSync(join(root, 'a.ts'), 'export const a = 4;');
    await store('options');
    expect(existsSync(first)).toBe(true);
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(first, hourAgo, hourAgo);
    writeFileSync(join(root, 'a.ts'), 'export const a = 5;');
    await store('options');
    expect(existsSync(first)).toBe(false);
    expect(readdirSync(cache).filter((name) => !name.endsWith('.json'))).toHaveLength(2);
  });

  it("a build takes the last bundling's files when Fieldhouse's sources have not changed", async () => {
    const bundles = join(work, 'real-bundles');
    const first = await bundle({
      outDir: join(work, 'out1'),
      cacheDir: join(work, 'scratch1'),
      bundleCacheDir: bundles,
    });
    const second = await bundle({
      outDir: join(work, 'out2'),
      cacheDir: join(work, 'scratch2'),
      bundleCacheDir: bundles,
    });
    // The key covers the files read, and the manifests of the CommonJS packages the server bundles require (they
    // keep the names those export: bin/cjs-packages.js), not the stand-ins esbuild lists for those.
    const { inputs } = JSON.parse(readFileSync(join(bundles, 'latest.json'), 'utf8')) as { inputs: string[] };
    expect(inputs).toEqual(
      expect.arrayContaining(['src/build/render/worker.ts', 'bin/cjs-packages.js', 'node_modules/react/package.json']),
    );
    expect(inputs.filter((input) => input.includes(':'))).toEqual([]);
    expect(second.files).toEqual(first.files);
    expect(second.assets).toEqual(first.assets);
    expect(second.edgeWorker).toBe(first.edgeWorker);
    // The second did not run esbuild: its server bundles are the kept ones, its assets copies of the first's.
    expect(second.workerBundle.startsWith(bundles)).toBe(true);
    expect(readFileSync(second.workerBundle)).toEqual(readFileSync(first.workerBundle));
    for (const file of first.files)
      expect(readFileSync(join(work, 'out2', file.path))).toEqual(readFileSync(join(work, 'out1', file.path)));
    // A kept bundling that lost a file is bundled again, and kept anew.
    rmSync(join(second.workerBundle, '..', 'site', first.files[0]!.path));
    const third = await bundle({
      outDir: join(work, 'out3'),
      cacheDir: join(work, 'scratch3'),
      bundleCacheDir: bundles,
    });
    expect(third.workerBundle.startsWith(bundles)).toBe(false);
    expect(third.files).toEqual(first.files);
    const fourth = await bundle({
      outDir: join(work, 'out4'),
      cacheDir: join(work, 'scratch4'),
      bundleCacheDir: bundles,
    });
    expect(fourth.workerBundle.startsWith(bundles)).toBe(true);
    // An entry edited to name a file outside the output is not followed: nothing is written there, and the build
    // bundles again.
    const entryFile = join(fourth.workerBundle, '..', 'entry.json');
    const entry = JSON.parse(readFileSync(entryFile, 'utf8')) as { files: { path: string }[] };
    entry.files[0]!.path = '/../../escaped.js';
    writeFileSync(entryFile, JSON.stringify(entry));
    // …with a file where it points inside the cache, so that following it would copy something out.
    writeFileSync(join(bundles, 'escaped.js'), 'not a bundle');
    const fifth = await bundle({
      // Deep enough that the edited path, followed, would land in the work folder.
      outDir: join(work, 'deep', 'out5'),
      cacheDir: join(work, 'scratch5'),
      bundleCacheDir: bundles,
    });
    expect(fifth.workerBundle.startsWith(bundles)).toBe(false);
    expect(fifth.files).toEqual(first.files);
    expect(existsSync(join(work, 'escaped.js'))).toBe(false);
  }, 60_000);
});
