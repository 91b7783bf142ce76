import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HEAP_PROFILE_DIR_ENV, heapSamplingFromEnv, startHeapSampling } from '../../src/util/heap-sampling.ts';

const MB = 1048576;

interface HeapNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: HeapNode[];
}

/** Bytes the profile gives a function of this file by that name (with what it was sampled in under it). */
function sampledIn(node: HeapNode, name: string, inside = false): number {
  const here = inside || (node.callFrame.functionName === name && node.callFrame.url.includes('heap-sampling.test'));
  return (here ? node.selfSize : 0) + node.children.reduce((sum, child) => sum + sampledIn(child, name, here), 0);
}

/** `mb` MB of strings, none kept past the next few: garbage the young generation's collections free as it goes. */
function makeGarbage(mb: number): number {
  let kept: string[] = [];
  let length = 0;
  for (let i = 0; i < (mb * MB) / 64; i++) {
    kept.push(`${i}:`.padEnd(40, 'x'));
    if (kept.length === 64) {
      length += kept.length;
      kept = [];
    }
  }
  return length + kept.length;
}

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-heap-sampling-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  delete process.env[HEAP_PROFILE_DIR_ENV];
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('heap sampling (npm run profile -- --heap)', () => {
  it('counts what was allocated and freed, not only what is still alive', () => {
    const sampling = startHeapSampling();
    try {
      makeGarbage(200);
      const file = join(folder(), 'thread.heapprofile');
      sampling.write(file);
      const profile = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode; samples: unknown[] };
      expect(profile.samples.length).toBeGreaterThan(0);
      // Nothing of it is alive now, and the young generation holds a few tens of MB at most before it is collected:
      // only freed objects can make up these bytes.
      expect(sampledIn(profile.head, 'makeGarbage')).toBeGreaterThan(100 * MB);
    } finally {
      sampling.stop();
    }
  });

  it('samples a thread only when FH_HEAP_PROFILE_DIR names a folder, and writes its profile there', () => {
    expect(heapSamplingFromEnv('render-1')).toBeNull();
    const dir = folder();
    process.env[HEAP_PROFILE_DIR_ENV] = dir;
    const sampling = heapSamplingFromEnv('render-1')!;
    try {
      makeGarbage(4);
      sampling.write();
      const profile = JSON.parse(readFileSync(join(dir, 'heap-render-1.heapprofile'), 'utf8')) as { head: HeapNode };
      expect(sampledIn(profile.head, 'makeGarbage')).toBeGreaterThan(0);
    } finally {
      sampling.stop();
    }
  });
});
