/**
 * Links to the site's pages, built from the route table's patterns: the templates link with these, and the
 * planner lists article pages with the same `articleParams`, so a link and the page it names always agree.
 */
import type { ArticleSummary } from '../api/schemas/content.ts';
import { localDate } from '../util/dates.ts';
import { PARAM_RULES, type Params } from './params.ts';
import { buildPath, parsePattern, type Segment } from './pattern.ts';
import type { RouteSpec } from './table.ts';

/** An article's path parameters: its date in the site's timezone, and its slug. */
export function articleParams(article: Pick<ArticleSummary, 'date' | 'slug'>, timeZone: string): Params {
  const [year, month, day] = localDate(article.date, timeZone).split('-') as [string, string, string];
  return { year, month, day, slug: article.slug };
}

type SportSection = 'news' | 'roster' | 'schedule' | 'stats' | 'videos' | 'photo-galleries' | 'roster/all';
const SECTION_ROUTES: Record<SportSection, string> = {
  news: 'sports-sport-news',
  roster: 'sports-sport-roster',
  schedule: 'sports-sport-schedule',
  stats: 'sports-sport-stats',
  videos: 'sports-sport-videos',
  'photo-galleries': 'sports-sport-photo-galleries',
  'roster/all': 'sports-sport-roster-all',
};

/** The link builders of a route table. */
export function createLinks(table: readonly RouteSpec[]) {
  const segments = new Map<string, Segment[]>(table.map((route) => [route.name, parsePattern(route.pattern)]));
  const path = (name: string, params: Params = {}): string => {
    const found = segments.get(name);
    if (!found) throw new Error(`No route named "${name}" to link to`);
    return buildPath(found, params);
  };
  const rules = new Map(table.map((route) => [route.name, route.params]));
  /**
   * A record's page, or null when its parameters break the route's rules (a CMS slug with an accent or a space):
   * the planner skips such a record's page with a warning (docs/content-api.md, "Slugs"), and every link to it
   * is left out with it, by the same rules.
   */
  const recordPath = (name: string, params: Params): string | null => {
    for (const [param, rule] of Object.entries(rules.get(name) ?? {}))
      if (params[param] !== undefined && !PARAM_RULES[rule](params[param])) return null;
    return path(name, params);
  };
  return {
    path,
    article: (a: Pick<ArticleSummary, 'date' | 'slug'>, timeZone: string) =>
      recordPath('news-year-month-day-slug', articleParams(a, timeZone)),
    sport: (sport: string) => path('sports-sport-slug', { sport }),
    sportSection: (sport: string, section: SportSection) => path(SECTION_ROUTES[section], { sport }),
    season: (sport: string, section: 'roster' | 'schedule' | 'stats', season: string) =>
      path(`sports-sport-${section}-season-season`, { sport, season }),
    player: (sport: string, slug: string, season?: string | null) =>
      season
        ? recordPath('sports-sport-roster-season-season-player-slug', { sport, season, slug })
        : recordPath('sports-sport-roster-player-slug', { sport, slug }),
    coach: (sport: string, season: string, slug: string) =>
      recordPath('sports-sport-roster-season-season-staff-slug', { sport, season, slug }),
    boxscore: (id: number) => path('boxscore-id', { id: String(id) }),
    newsYear: (year: number, sport?: string | null) =>
      sport
        ? path('sports-sport-news-year-year', { sport, year: String(year) })
        : path('news-year', { year: String(year) }),
    /** A numbered page of news (numbered from the oldest story), or null: the news page itself. */
    newsPage: (page: number | null, sport?: string | null) =>
      page === null
        ? sport
          ? path('sports-sport-news', { sport })
          : path('news')
        : sport
          ? path('sports-sport-news-page-page', { sport, page: String(page) })
          : path('news-page-page', { page: String(page) }),
    staff: (slug: string) => recordPath('staff-slug', { slug }),
    department: (slug: string) => recordPath('staff-directory-department-slug', { slug }),
    gallery: (slug: string) => recordPath('photo-galleries-slug', { slug }),
  };
}

export type Links = ReturnType<typeof createLinks>;
