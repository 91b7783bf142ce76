import { createRandom, type Random } from '../random.ts';

/** Fault injection for tests and drills. Off by default; every rate is a share of requests, 0–1. */
export interface FaultOptions {
  /** Extra milliseconds before every API answer. */
  latencyMs?: number;
  /** Share of answers replaced by `errorStatus`. */
  errorRate?: number;
  /** Status of injected errors (default 503). */
  errorStatus?: number;
  /** Seconds sent as Retry-After with injected 429 and 503 answers. */
  retryAfterSeconds?: number;
  /** Share of requests whose connection is destroyed without an answer. */
  resetRate?: number;
  /** Share of JSON answers cut short (invalid JSON). */
  malformedRate?: number;
  /**
   * Share of answers that never end: JSON streamed with no length, 64 KB at a time, until the client hangs up (a
   * runaway export; at most RUNAWAY_BYTES).
   */
  runawayRate?: number;
  /** The first N requests to each path fail with `errorStatus`: a deterministic flaky API. */
  failFirst?: number;
  /** Only paths containing this text are affected. */
  match?: string;
}

export type FaultDecision =
  | { type: 'none' }
  | { type: 'error'; status: number; retryAfter?: number }
  | { type: 'reset' }
  | { type: 'malformed' }
  | { type: 'runaway' };

/** Where a runaway answer stops if the client never hangs up. */
export const RUNAWAY_BYTES = 1 << 30;

/** Decides, request by request, which fault (if any) to inject. Seeded, so a run can be repeated. */
export function createFaults(initial: FaultOptions = {}, seed = 'faults') {
  let options = initial;
  let random: Random = createRandom(seed);
  const seen = new Map<string, number>();
  return {
    get options() {
      return options;
    },
    set(next: FaultOptions) {
      options = next;
      random = createRandom(seed);
      seen.clear();
    },
    latency: () => options.latencyMs ?? 0,
    decide(path: string): FaultDecision {
      if (options.match && !path.includes(options.match)) return { type: 'none' };
      const status = options.errorStatus ?? 503;
      const retryAfter = options.retryAfterSeconds;
      const count = (seen.get(path) ?? 0) + 1;
      seen.set(path, count);
      if (options.failFirst && count <= options.failFirst) return { type: 'error', status, retryAfter };
      if (options.resetRate && random.chance(options.resetRate)) return { type: 'reset' };
      if (options.errorRate && random.chance(options.errorRate)) return { type: 'error', status, retryAfter };
      if (options.malformedRate && random.chance(options.malformedRate)) return { type: 'malformed' };
      if (options.runawayRate && random.chance(options.runawayRate)) return { type: 'runaway' };
      return { type: 'none' };
    },
  };
}
