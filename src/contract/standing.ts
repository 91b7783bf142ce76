/**
 * A sport's season at a glance, the one rule every page that shows it follows (sport home, schedule, the
 * schedule's description): a won-lost record for game sports, placings for meet sports (cross country, swimming,
 * track, golf: "0-0" means nothing there), and nothing at all when the sport's settings say
 * `remove_overall_score_table`.
 */
import type { Event, Schedule } from '../api/schemas/schedule.ts';

export type Standing =
  | { kind: 'record'; overall: string; conference: string }
  | {
      kind: 'placings';
      /** Meets with a placing. */
      scored: number;
      /** Meets won. */
      wins: number;
      /** The best placing, the smaller field on a tie. */
      best: { place: number; fieldSize: number | null } | null;
    };

export function seasonStanding(
  sport: { format: 'game' | 'meet'; remove_overall_score_table: boolean },
  schedule: Pick<Schedule, 'record'> & { events: Pick<Event, 'result'>[] },
): Standing | null {
  if (sport.remove_overall_score_table) return null;
  if (sport.format === 'game')
    return { kind: 'record', overall: schedule.record.overall, conference: schedule.record.conference };
  const placed = schedule.events.flatMap((e) =>
    e.result?.status === 'final' && e.result.place !== null
      ? [{ place: e.result.place, fieldSize: e.result.field_size }]
      : [],
  );
  const best =
    placed.sort((a, b) => a.place - b.place || (a.fieldSize ?? Infinity) - (b.fieldSize ?? Infinity))[0] ?? null;
  return { kind: 'placings', scored: placed.length, wins: placed.filter((p) => p.place === 1).length, best };
}

/** "1st", "2nd", "3rd", "11th", "22nd" */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10];
  return `${n}${suffix ?? 'th'}`;
}

/**
 * The standing in words: "Overall 18-12 · Conference 9-7", "Best finish 1st of 12 · 2 wins in 7 meets", or null
 * when there is nothing to say (a meet season not yet scored, or the setting hides records).
 */
export function standingText(standing: Standing | null): string | null {
  if (!standing) return null;
  if (standing.kind === 'record') return `Overall ${standing.overall} · Conference ${standing.conference}`;
  if (!standing.best) return null;
  const { place, fieldSize } = standing.best;
  const meets = `${standing.scored} ${standing.scored === 1 ? 'meet' : 'meets'}`;
  const wins = standing.wins ? `${standing.wins} ${standing.wins === 1 ? 'win' : 'wins'} in ${meets}` : meets;
  return `Best finish ${ordinal(place)}${fieldSize ? ` of ${fieldSize}` : ''} · ${wins}`;
}
