import type { ParamRule, ValidatorName } from './params.ts';

/** The screens of the site; each has one template in templates/pages. */
export type TemplateName =
  | 'home'
  | 'all-sports-schedule'
  | 'broadcast-guide'
  | 'news'
  | 'article'
  | 'search'
  | 'sport-home'
  | 'schedule'
  | 'roster'
  | 'roster-all'
  | 'player'
  | 'coach'
  | 'stats'
  | 'videos'
  | 'galleries'
  | 'gallery'
  | 'boxscore'
  | 'staff-directory'
  | 'staff-profile'
  | 'content-page'
  | 'article-preview'
  | 'page-preview'
  | 'document';

/**
 * How a route is produced:
 * - 'static': prerendered HTML and payload for every path the API lists;
 * - 'client': one prerendered shell; the browser loads the data at run time (previews, search, protected pages);
 * - 'file': the path is a file copied from the API (documents).
 */
export type RenderMode = 'static' | 'client' | 'file';

export interface RouteSpec {
  /** Stable route name (spec §2 names where given). */
  name: string;
  /** Path pattern: `:name` a segment, `:name.pdf` a segment with a fixed suffix, `:name+` one or more segments. */
  pattern: string;
  params: Readonly<Record<string, ParamRule>>;
  template: TemplateName;
  render: RenderMode;
  validate?: ValidatorName;
}

const r = (
  name: string,
  pattern: string,
  template: TemplateName,
  params: Record<string, ParamRule> = {},
  extra: Partial<RouteSpec> = {},
): RouteSpec => ({
  name,
  pattern,
  template,
  params,
  render: 'static',
  ...extra,
});

/**
 * THE route table: every route of spec §2, shared by the build (src/build) and the browser runtime.
 * Plain data; page data loaders live in src/build/pages, keyed by route name, so the runtime bundle stays small.
 */
export const ROUTES: readonly RouteSpec[] = [
  r('index', '/', 'home'),
  r('all-sports-schedule', '/all-sports-schedule', 'all-sports-schedule'),
  r('broadcast-guide', '/broadcast-guide', 'broadcast-guide'),
  r('article-preview-id', '/article-preview/:id', 'article-preview', { id: 'id' }, { render: 'client' }),
  r('article-revision-id', '/article-revision/:id', 'article-preview', { id: 'id' }, { render: 'client' }),
  r('page-preview-id', '/page-preview/:id', 'page-preview', { id: 'id' }, { render: 'client' }),
  r('page-revision-id', '/page-revision/:id', 'page-preview', { id: 'id' }, { render: 'client' }),
  r('boxscore-id', '/boxscore/:id', 'boxscore', { id: 'id' }),
  r('documents-uuid', '/documents/:uuid.pdf', 'document', { uuid: 'uuid' }, { render: 'file' }),
  r('news', '/news', 'news'),
  r('news-year', '/news/:year', 'news', { year: 'year' }),
  r('news-page-page', '/news/page/:page', 'news', { page: 'id' }),
  r(
    'news-year-month-day-slug',
    '/news/:year/:month/:day/:slug',
    'article',
    { year: 'year', month: 'month', day: 'day', slug: 'slug' },
    { validate: 'calendarDate' },
  ),
  r('search', '/search', 'search', {}, { render: 'client' }),
  r('sports-sport-slug', '/sports/:sport', 'sport-home', { sport: 'slug' }),
  r('sports-sport-news', '/sports/:sport/news', 'news', { sport: 'slug' }),
  r('sports-sport-news-year-year', '/sports/:sport/news/year/:year', 'news', { sport: 'slug', year: 'year' }),
  r('sports-sport-news-page-page', '/sports/:sport/news/page/:page', 'news', { sport: 'slug', page: 'id' }),
  r('sports-sport-roster', '/sports/:sport/roster', 'roster', { sport: 'presence' }),
  r('sports-sport-roster-all', '/sports/:sport/roster/all', 'roster-all', { sport: 'presence' }),
  r('sports-sport-roster-player-slug', '/sports/:sport/roster/player/:slug', 'player', {
    sport: 'presence',
    slug: 'slug',
  }),
  r('sports-sport-roster-season-season', '/sports/:sport/roster/season/:season', 'roster', {
    sport: 'presence',
    season: 'presence',
  }),
  r('sports-sport-roster-season-season-player-slug', '/sports/:sport/roster/season/:season/player/:slug', 'player', {
    sport: 'presence',
    season: 'presence',
    slug: 'slug',
  }),
  r('sports-sport-roster-season-season-staff-slug', '/sports/:sport/roster/season/:season/staff/:slug', 'coach', {
    sport: 'presence',
    season: 'presence',
    slug: 'slug',
  }),
  r('sports-sport-schedule', '/sports/:sport/schedule', 'schedule', { sport: 'presence' }),
  r('sports-sport-schedule-season-season', '/sports/:sport/schedule/season/:season', 'schedule', {
    sport: 'presence',
    season: 'presence',
  }),
  r('sports-sport-stats', '/sports/:sport/stats', 'stats', { sport: 'slug' }),
  r('sports-sport-stats-season-season', '/sports/:sport/stats/season/:season', 'stats', {
    sport: 'slug',
    season: 'slug',
  }),
  r('sports-sport-videos', '/sports/:sport/videos', 'videos', { sport: 'slug' }),
  r('sports-sport-photo-galleries', '/sports/:sport/photo-galleries', 'galleries', { sport: 'slug' }),
  r('staff-slug', '/staff/:slug', 'staff-profile', { slug: 'slug' }),
  r('staff-directory', '/staff-directory', 'staff-directory'),
  r('staff-directory-department-slug', '/staff-directory/department/:slug', 'staff-directory', { slug: 'slug' }),
  r('videos', '/videos', 'videos'),
  r('photo-galleries', '/photo-galleries', 'galleries'),
  r('photo-galleries-slug', '/photo-galleries/:slug', 'gallery', { slug: 'slug' }),
  r('slug', '/:slug+', 'content-page', { slug: 'slugList' }),
];

export function routeByName(name: string): RouteSpec {
  const route = ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named "${name}"`);
  return route;
}
