import { describe, expect, it } from 'vitest';
import { createSession, describePeak } from '../../src/build/session.ts';
import { createLogger } from '../../src/logger/logger.ts';

const MB = 1 << 20;

describe("a build session's peak memory", () => {
  it("is given by what held it: the main thread's heap, each render thread's as the pool last said, the rest", () => {
    const session = createSession({ logger: createLogger({ level: 'silent' }) });
    session.watchThreads(() => [48 * MB, 56 * MB]);
    // 256 MB of native memory, touched (so resident): the process's highest point, after the session began.
    const ballast = Buffer.alloc(256 * MB, 1);
    const { peakRssMb, peakMemory } = session.end();
    expect(ballast[ballast.length - 1]).toBe(1);
    expect(peakMemory.rssMb).toBe(peakRssMb);
    expect(peakRssMb).toBeGreaterThan(256);
    expect(peakMemory.renderHeapsMb).toEqual([48, 56]);
    // The main thread's heap is V8's own figure; the ballast is outside it, in the rest.
    expect(peakMemory.mainHeapMb).toBeGreaterThan(1);
    expect(peakMemory.mainHeapMb).toBeLessThan(peakRssMb - 256);
    expect(peakMemory.restMb).toBeGreaterThan(256 - 48 - 56);
    expect(peakMemory.mainHeapMb + 48 + 56 + peakMemory.restMb).toBe(peakRssMb);
  });

  it('says it in words for the build summary and the bench', () => {
    expect(describePeak({ rssMb: 460, mainHeapMb: 104, renderHeapsMb: [107, 102], restMb: 147 })).toBe(
      "the main thread's heap 104 MB, the render threads' 107 + 102 MB, the rest 147 MB (native memory, Node itself)",
    );
    expect(describePeak({ rssMb: 90, mainHeapMb: 30, renderHeapsMb: [], restMb: 60 })).toBe(
      "the main thread's heap 30 MB, the rest 60 MB (native memory, Node itself)",
    );
  });
});
