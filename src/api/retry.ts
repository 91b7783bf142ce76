/** When and how long to wait before trying a request again. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * Retries one client may spend in all: `budgetBase` plus `budgetShare` of its requests so far. A flaky API
   * (a few percent of answers lost) stays well inside it; an API that is down spends it in seconds, and every
   * later failure is reported at once instead of after minutes of backoff.
   */
  budgetBase: number;
  budgetShare: number;
}

/**
 * Five retries: at a 10% fault rate a request fails six times in a row once in a million, so a 15,000-request
 * build loses a page about once in 70 builds, and the build's second pass (src/build) takes that page again.
 */
export const DEFAULT_RETRY: RetryPolicy = {
  retries: 5,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  budgetBase: 200,
  budgetShare: 0.3,
};

/** Statuses that say "try again later"; 500 is not among them: it is a fatal server error (behaviour §8). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Exponential backoff with full jitter: a random wait in [0, min(max, base·2^attempt)].
 * A Retry-After header, when present, wins (bounded by maxDelayMs).
 */
export function backoffDelay(
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  attempt: number,
  retryAfter: string | undefined,
  random: () => number = Math.random,
): number {
  const fromHeader = parseRetryAfter(retryAfter);
  if (fromHeader !== undefined) return Math.min(fromHeader, policy.maxDelayMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The retries a client may still spend (see RetryPolicy.budgetBase / budgetShare). */
export function createRetryBudget(policy: Pick<RetryPolicy, 'budgetBase' | 'budgetShare'>) {
  let spent = 0;
  const limit = (requests: number) => Math.floor(policy.budgetBase + policy.budgetShare * requests);
  return {
    allows: (requests: number) => spent < limit(requests),
    spend: () => void spent++,
    describe: (requests: number) =>
      `${spent} retries spent for ${requests} requests (the budget is ${policy.budgetBase} + ${Math.round(policy.budgetShare * 100)}% of requests): the API is failing too often to keep trying`,
  };
}
