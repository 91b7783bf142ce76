import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WORKER_HEAP_MB } from '../../src/build/render/pool.ts';
import { HEAP_GROWING_PERCENT, INLINED_BYTECODE_CUMULATIVE, v8Flags } from '../../src/util/v8-tuning.ts';

const INLINING = `--max-inlined-bytecode-size-cumulative=${INLINED_BYTECODE_CUMULATIVE}`;
const GROWING = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;

/**
 * A thread shaped like a render thread (its heap capped as theirs are, 40 MB of it live, and objects that live long
 * enough to be promoted and then die, as pages in flight do) in a process that sets `flags` the way the CLI does,
 * once started: how many full collections the thread ran.
 */
function fullCollections(flags: string[]): number {
  const script = `
    const { setFlagsFromString } = require('node:v8');
    const { Worker } = require('node:worker_threads');
    for (const flag of ${JSON.stringify(flags)}) setFlagsFromString(flag);
    const worker = new Worker(\`
      const { parentPort } = require('node:worker_threads');
      const { PerformanceObserver, constants } = require('node:perf_hooks');
      let full = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
      });
      observer.observe({ entryTypes: ['gc'] });
      const live = [];
      for (let i = 0; i < 40000; i++) live.push('x'.repeat(1000) + i);
      const inFlight = new Array(50000);
      for (let i = 0; i < 1500000; i++) inFlight[i % inFlight.length] = { text: 'y'.repeat(200) + i, list: [i, i + 1] };
      setTimeout(() => { observer.disconnect(); parentPort.postMessage({ full, live: live.length }); }, 200);
    \`, { eval: true, resourceLimits: { maxOldGenerationSizeMb: ${WORKER_HEAP_MB} } });
    worker.on('message', ({ full }) => { process.stdout.write(String(full)); void worker.terminate(); });
  `;
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

describe("the CLI's V8 tuning", () => {
  it("sets the inlining budget and the heap's growing factor, unless Node's command line sets them", () => {
    expect(v8Flags([])).toEqual([INLINING, GROWING]);
    expect(v8Flags(['--max-inlined-bytecode-size-cumulative=920'])).toEqual([GROWING]);
    expect(v8Flags(['--max_inlined_bytecode_size_cumulative=920'])).toEqual([GROWING]);
    expect(v8Flags(['--heap-growing-percent=0'])).toEqual([INLINING]);
    expect(v8Flags(['--enable-source-maps', '--max-old-space-size=4096'])).toHaveLength(2);
  });

  it("names flags this Node's V8 knows (setFlagsFromString would ignore a misspelt one)", () => {
    // Node refuses to start with a V8 flag it does not know ("bad option"); these start and say nothing.
    const output = execFileSync(process.execPath, [...v8Flags([]), '-e', 'process.stdout.write("ok")'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(output).toBe('ok');
    expect(() =>
      execFileSync(process.execPath, ['--max-inlined-bytecode-size-cumulatve=1', '-e', '0'], { stdio: 'pipe' }),
    ).toThrow(/bad option/);
  });

  it('a thread started after the flags are set runs fewer full collections for the same work', () => {
    // V8's own factor for a heap capped this low is 1.1 to 1.3: it collects in full after 20-odd MB promoted.
    const own = fullCollections([]);
    const tuned = fullCollections(v8Flags([]));
    expect(own).toBeGreaterThan(0);
    expect(tuned).toBeLessThan(own);
  }, 60_000);
});
