/**
 * What the demo department has, season by season: real departments' records are uneven, and the demo is too, so
 * every test runs on the shapes a real site has (issue 16):
 * - the oldest season of every sport has a roster only (the site's history starts with rosters);
 * - the next season has a schedule but no statistics (they were never entered);
 * - men's tennis is new on the site: rosters, no schedule in any season (so no box scores, no statistics);
 * - women's tennis never posts statistics;
 * - field hockey has no news (its sport menu has no News).
 * Decided from the sport and the season's place alone, with no random draw, so the rest of the data stays as it was.
 */
import type { Season } from '../../api/schemas/sports.ts';

export interface SeasonCoverage {
  roster: boolean;
  schedule: boolean;
  stats: boolean;
}

/** A sport with rosters and no schedules. */
export const ROSTER_ONLY_SPORT = 'mens-tennis';
/** A sport that never posts statistics. */
export const NO_STATS_SPORT = 'womens-tennis';
/** A sport with no news articles. */
export const NO_NEWS_SPORT = 'field-hockey';

/** What a sport's season (by its place in the seasons, oldest first) has. */
export function coverageOf(sportSlug: string, seasonIndex: number): SeasonCoverage {
  const schedule = sportSlug !== ROSTER_ONLY_SPORT && seasonIndex > 0;
  return { roster: true, schedule, stats: schedule && seasonIndex > 1 && sportSlug !== NO_STATS_SPORT };
}

/** The seasons of a sport as the API lists them, each saying what it has. */
export function seasonsOfSport(sportSlug: string, seasons: readonly Season[]): Season[] {
  return seasons.map((season, index) => {
    const has = coverageOf(sportSlug, index);
    return { ...season, has_roster: has.roster, has_schedule: has.schedule, has_stats: has.stats };
  });
}
