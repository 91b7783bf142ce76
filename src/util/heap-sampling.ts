/**
 * What a thread allocates, sampled by V8's heap profiler with the objects its collections freed counted too: where
 * the collector's work comes from, which a CPU profile shows only as GC time (issue 21). `npm run profile -- --heap`
 * sets FH_HEAP_PROFILE_DIR for the build, and each render thread writes its profile there
 * (`heap-render-<thread id>.heapprofile`, the format Chrome DevTools' Memory panel opens) once its pages are loaded:
 * the 404 page and the sitemap it may write after that are not in it.
 */
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The environment variable naming the folder the threads' profiles go to; unset, nothing is sampled. */
export const HEAP_PROFILE_DIR_ENV = 'FH_HEAP_PROFILE_DIR';

/** A sample every this many bytes allocated, on average (V8's default is 32 KB). */
export const HEAP_SAMPLING_INTERVAL = 16 << 10;

export interface HeapSampling {
  /** Write what was sampled so far to `file` (synchronously); sampling goes on. */
  write(file: string): void;
  stop(): void;
}

interface SamplingProfile {
  head: unknown;
  samples: unknown[];
}

/** Start sampling this thread's allocations, freed ones included. */
export function startHeapSampling(interval = HEAP_SAMPLING_INTERVAL): HeapSampling {
  const session = new Session();
  session.connect();
  // A session on its own thread answers within `post`: the profile is in hand when it returns.
  const post = <T>(method: string, params?: object): T => {
    let answer: { error: Error | null; result?: T } | null = null;
    session.post(method, params ?? {}, (error, result) => (answer = { error, result: result as T }));
    if (!answer) throw new Error(`The inspector did not answer ${method} at once`);
    const { error, result } = answer as { error: Error | null; result?: T };
    if (error) throw error;
    return result as T;
  };
  post('HeapProfiler.startSampling', {
    samplingInterval: interval,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    write(file) {
      const { profile } = post<{ profile: SamplingProfile }>('HeapProfiler.getSamplingProfile');
      writeFileSync(file, JSON.stringify(profile));
    },
    stop() {
      post('HeapProfiler.stopSampling');
      session.disconnect();
    },
  };
}

/**
 * This thread's sampling when FH_HEAP_PROFILE_DIR asks for it: `write()` puts its profile there, named by `name`.
 * Null otherwise, and then nothing is sampled.
 */
export function heapSamplingFromEnv(name: string): { write(): void; stop(): void } | null {
  const dir = process.env[HEAP_PROFILE_DIR_ENV];
  if (!dir) return null;
  const sampling = startHeapSampling();
  return { write: () => sampling.write(join(dir, `heap-${name}.heapprofile`)), stop: () => sampling.stop() };
}
