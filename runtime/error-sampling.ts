import type { RuntimeConfig } from '../src/contract/index.ts';

type Rates = RuntimeConfig['errorReporting']['sampleRates'];

/** A tab session's two dice, rolled once and kept for the session, so every page of it decides alike. */
export interface SessionRolls {
  /** In [0, 1): the session is traced when this is below the traces rate. The SDK's own trace sampling uses it. */
  traces: number;
  /** In [0, 1): the session is recorded when this is below the replays rate. */
  replays: number;
}

export interface Sampling {
  rolls: SessionRolls;
  traced: boolean;
  replayed: boolean;
}

export const SAMPLING_KEY = 'fh-error-sampling';

const isRoll = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value < 1;

/**
 * The session's rolls: read from sessionStorage, or rolled and stored. Where storage is refused (a privacy mode),
 * each page rolls its own: the rates still hold, page by page.
 */
export function sessionRolls(storage: Pick<Storage, 'getItem' | 'setItem'> | null, random = Math.random) {
  try {
    const kept = JSON.parse(storage?.getItem(SAMPLING_KEY) ?? 'null') as Partial<SessionRolls> | null;
    if (kept && isRoll(kept.traces) && isRoll(kept.replays)) return { traces: kept.traces, replays: kept.replays };
  } catch {
    // Unreadable or refused: roll again.
  }
  const rolls: SessionRolls = { traces: random(), replays: random() };
  try {
    storage?.setItem(SAMPLING_KEY, JSON.stringify(rolls));
  } catch {
    // Refused: this page keeps its rolls.
  }
  return rolls;
}

/**
 * Behaviour §1's sample rates, decided for the session before any SDK loads: a session sampled into tracing or
 * replay needs the SDK from the start (to time the page load, to record); any other session loads it only at its
 * first error, so most fans never download it.
 */
export const samplingOf = (rates: Rates, rolls: SessionRolls): Sampling => ({
  rolls,
  traced: rolls.traces < rates.traces,
  replayed: rolls.replays < rates.replays,
});
