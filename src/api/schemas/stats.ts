import { z } from 'zod';
import { DateTime, Id, SeasonRef } from './common.ts';

export const StatColumn = z.object({ key: z.string().min(1), label: z.string().min(1), title: z.string() });
export type StatColumn = z.infer<typeof StatColumn>;

/** A titled table of numbers: team or individual stats, or one team's players in a box score. */
export const StatTable = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  kind: z.enum(['team', 'individual']),
  columns: z.array(StatColumn).min(1),
  rows: z.array(
    z.object({
      label: z.string(),
      player_slug: z.string().nullable(),
      cells: z.record(z.string(), z.union([z.number(), z.string()])),
    }),
  ),
  totals: z.record(z.string(), z.union([z.number(), z.string()])).nullable(),
});
export type StatTable = z.infer<typeof StatTable>;

export const SeasonStats = z.object({
  sport_id: Id,
  season: SeasonRef,
  tables: z.array(StatTable),
});
export type SeasonStats = z.infer<typeof SeasonStats>;

export const BoxScoreTeam = z.object({
  side: z.enum(['home', 'away']),
  name: z.string().min(1),
  is_us: z.boolean(),
  record: z.string().nullable(),
  scores: z.array(z.number()),
  total: z.number(),
});
export type BoxScoreTeam = z.infer<typeof BoxScoreTeam>;

export const BoxScore = z.object({
  id: Id,
  event_id: Id,
  sport_id: Id,
  season: SeasonRef,
  date: DateTime,
  venue: z.string(),
  attendance: z.number().int().nonnegative().nullable(),
  periods: z.array(z.string()).min(1),
  /** Away team first, as box scores print. */
  teams: z.array(BoxScoreTeam).length(2),
  team_stats: StatTable,
  player_tables: z.array(StatTable),
  notes: z.array(z.string()),
});
export type BoxScore = z.infer<typeof BoxScore>;
