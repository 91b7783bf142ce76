import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { heapCheckpoint, keepHeapNear, withHeapCheckpoints } from '../../src/util/heap-keeper.ts';

const MB = 1048576;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Garbage of the kind a build's main thread makes: objects that live long enough to be moved to the old generation
 * (they outlast a few young-generation collections), then die. `rounds` of `mb` MB each.
 */
async function oldGarbage(rounds: number, mb: number): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const held: { n: number; text: string }[] = [];
    for (let i = 0; i < (mb * MB) / 64; i++) held.push({ n: i, text: `${round}:${i}` });
    await pause(15);
    held.length = 0;
  }
}

/** Go through `items` in one synchronous stretch (no timer runs meanwhile), calling `step` at each. */
function drain(items: Iterator<unknown>, step: () => void = () => undefined): void {
  while (!items.next().done) step();
}

/** The same garbage, made one object at a time by whoever goes through it. */
function* oldGarbageMade(rounds: number, mb: number): Generator<number> {
  for (let round = 0; round < rounds; round++) {
    const held: { n: number; text: string }[] = [];
    for (let i = 0; i < (mb * MB) / 64; i++) yield held.push({ n: i, text: `${round}:${i}` });
    held.length = 0;
  }
}

describe('keepHeapNear', () => {
  it('collects the heap once the garbage it holds passes the slack, and stops when asked', async () => {
    const keeper = keepHeapNear({ slackMb: 8, everyMs: 5 });
    try {
      const before = getHeapStatistics().used_heap_size;
      await oldGarbage(24, 4);
      await pause(30);
      expect(keeper.collections).toBeGreaterThan(0);
      // 96 MB of garbage went through; what is left is the live data and at most the slack (and a young generation).
      expect(getHeapStatistics().used_heap_size - before).toBeLessThan(64 * MB);
    } finally {
      keeper.stop();
    }
    const stopped = keeper.collections;
    await oldGarbage(8, 4);
    await pause(30);
    expect(keeper.collections).toBe(stopped);
  });

  it('leaves nothing collected while the heap holds no more than the slack', async () => {
    const keeper = keepHeapNear({ slackMb: 512, everyMs: 5 });
    try {
      await oldGarbage(4, 4);
      await pause(30);
      expect(keeper.collections).toBe(0);
    } finally {
      keeper.stop();
    }
  });

  it('looks at the heap in the middle of synchronous work that passes its checkpoints', () => {
    const keeper = keepHeapNear({ slackMb: 8, everyMs: 5 });
    try {
      // Its timer cannot run while the work holds the thread.
      drain(oldGarbageMade(24, 4));
      expect(keeper.collections).toBe(0);
      drain(oldGarbageMade(24, 4), heapCheckpoint);
      expect(keeper.collections).toBeGreaterThan(0);
      // The same, with a checkpoint before each item of what the work goes through.
      const before = keeper.collections;
      drain(withHeapCheckpoints(oldGarbageMade(24, 4)));
      expect(keeper.collections).toBeGreaterThan(before);
    } finally {
      keeper.stop();
    }
    // A stopped keeper is not asked.
    const stopped = keeper.collections;
    drain(oldGarbageMade(24, 4), heapCheckpoint);
    expect(keeper.collections).toBe(stopped);
  });

  it('does not leave a gc() function to the program or to threads started later', async () => {
    const keeper = keepHeapNear({ slackMb: 8, everyMs: 1000 });
    keeper.stop();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    const worker = new Worker("require('node:worker_threads').parentPort.postMessage(typeof gc)", { eval: true });
    const seen = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(seen).toBe('undefined');
  });
});
