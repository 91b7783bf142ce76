import { describe, expect, it } from 'vitest';
import { compareRoutes, createRouter, PARAM_RULES, SEGMENT_SCORE } from '../../src/routes/index.ts';
import { ROUTES, sourceOf } from '../../src/pages/index.ts';
import { parsePattern } from '../../src/routes/pattern.ts';

const router = createRouter(ROUTES);

describe('parameter rules (behaviour §5)', () => {
  it.each([
    ['id', '123', true],
    ['id', '0042', true],
    ['id', '12a', false],
    ['id', '', false],
    ['id', '-1', false],
    ['id', '1.5', false],
    ['uuid', '0b0c-11', true],
    ['uuid', 'anything', true],
    ['uuid', '', false],
    ['slug', 'football', true],
    ['slug', 'mens-basketball', true],
    ['slug', '2026-27', true],
    ['slug', 'a1-b2-c3', true],
    ['slug', 'Football', false],
    ['slug', 'mens--basketball', false],
    ['slug', '-football', false],
    ['slug', 'football-', false],
    ['slug', 'foot_ball', false],
    ['slug', 'foot ball', false],
    ['slug', 'café', false],
    ['slug', '', false],
    ['presence', 'FOOTBALL', true],
    ['presence', 'anything goes', true],
    ['presence', '', false],
    ['year', '2026', true],
    ['year', '26', false],
    ['month', '01', true],
    ['month', '13', false],
    ['day', '31', true],
    ['day', '32', false],
  ] as const)('%s %j → %s', (rule, value, valid) => {
    expect(PARAM_RULES[rule](value)).toBe(valid);
  });

  it.each([
    [['about', 'history'], true],
    [['compliance', 'boosters', 'guidelines'], true],
    [['about', 'History'], false],
    [['about', ''], false],
    [[], false],
  ] as const)('a multi-segment slug %j is valid only when every element is: %s', (value, valid) => {
    expect(PARAM_RULES.slugList([...value])).toBe(valid);
  });
});

describe('matching paths to routes', () => {
  it.each([
    ['/', 'index'],
    ['/all-sports-schedule', 'all-sports-schedule'],
    ['/broadcast-guide', 'broadcast-guide'],
    ['/article-preview/17', 'article-preview-id'],
    ['/article-revision/3', 'article-revision-id'],
    ['/page-preview/4', 'page-preview-id'],
    ['/page-revision/2', 'page-revision-id'],
    ['/boxscore/1234', 'boxscore-id'],
    ['/documents/9f3c2b1a-0000-4000-8000-000000000000.pdf', 'documents-uuid'],
    ['/news', 'news'],
    ['/news/2024', 'news-year'],
    ['/news/page/2', 'news-page-page'],
    ['/sports/football/news/page/3', 'sports-sport-news-page-page'],
    ['/news/2024/11/21/hawks-top-lakers-78-64', 'news-year-month-day-slug'],
    ['/search', 'search'],
    ['/sports/football', 'sports-sport-slug'],
    ['/sports/football/news', 'sports-sport-news'],
    ['/sports/football/news/year/2025', 'sports-sport-news-year-year'],
    ['/sports/football/roster', 'sports-sport-roster'],
    ['/sports/football/roster/all', 'sports-sport-roster-all'],
    ['/sports/football/roster/player/nate-marshall', 'sports-sport-roster-player-slug'],
    ['/sports/football/roster/season/2025-26', 'sports-sport-roster-season-season'],
    ['/sports/football/roster/season/2025-26/player/nate-marshall', 'sports-sport-roster-season-season-player-slug'],
    ['/sports/football/roster/season/2025-26/staff/trey-reyes', 'sports-sport-roster-season-season-staff-slug'],
    ['/sports/football/schedule', 'sports-sport-schedule'],
    ['/sports/football/schedule/season/2025-26', 'sports-sport-schedule-season-season'],
    ['/sports/football/stats', 'sports-sport-stats'],
    ['/sports/football/stats/season/2025-26', 'sports-sport-stats-season-season'],
    ['/sports/football/videos', 'sports-sport-videos'],
    ['/sports/football/photo-galleries', 'sports-sport-photo-galleries'],
    ['/staff/renee-alvarado', 'staff-slug'],
    ['/staff-directory', 'staff-directory'],
    ['/staff-directory/department/compliance', 'staff-directory-department-slug'],
    ['/videos', 'videos'],
    ['/photo-galleries', 'photo-galleries'],
    ['/photo-galleries/homecoming-2025-12', 'photo-galleries-slug'],
    ['/about', 'slug'],
    ['/about/traditions/fight-song', 'slug'],
    ['/a/b/c/d/e/f', 'slug'],
  ])('%s → %s', (path, name) => {
    const match = router.match(path);
    expect(match.type).toBe('match');
    expect(match.type === 'match' && match.route.name).toBe(name);
  });

  it.each([
    ['/boxscore/12x', 'boxscore-id', 'parameter "id" "12x" is not a valid id'],
    ['/article-preview/abc', 'article-preview-id', 'not a valid id'],
    ['/news/20x4', 'news-year', 'not a valid year'],
    ['/news/page/two', 'news-page-page', 'parameter "page" "two" is not a valid id'],
    ['/news/2024/13/01/slug', 'news-year-month-day-slug', 'parameter "month" "13" is not a valid month'],
    ['/news/2026/02/30/slug', 'news-year-month-day-slug', 'validation "calendarDate" failed'],
    ['/news/2024/11/21/Bad_Slug', 'news-year-month-day-slug', 'not a valid slug'],
    ['/sports/Football', 'sports-sport-slug', 'not a valid slug'],
    ['/sports/foot--ball/stats', 'sports-sport-stats', 'not a valid slug'],
    ['/staff/Renee', 'staff-slug', 'not a valid slug'],
    ['/about/Our-History', 'slug', 'parameter "slug" "about/Our-History" is not a valid slugList'],
  ])('%s fails validation on %s (404)', (path, name, reason) => {
    const match = router.match(path);
    expect(match.type).toBe('invalid');
    expect(match.type === 'invalid' && match.route.name).toBe(name);
    expect(match.type === 'invalid' && match.reason).toContain(reason);
  });

  it('checks only presence for sport and season under the schedule and roster paths', () => {
    for (const path of [
      '/sports/FOOTBALL/roster',
      '/sports/Foot_Ball/schedule',
      '/sports/x/roster/season/SEASON',
      '/sports/x/schedule/season/Fall 2025',
    ]) {
      expect(router.match(path).type, path).toBe('match');
    }
    expect(router.match('/sports/FOOTBALL/stats').type).toBe('invalid');
  });

  it('builds paths from params and refuses params that break the rules', () => {
    expect(
      router.pathFor('news-year-month-day-slug', { year: '2026', month: '11', day: '21', slug: 'hawks-win' }),
    ).toBe('/news/2026/11/21/hawks-win');
    expect(router.pathFor('documents-uuid', { uuid: 'abc' })).toBe('/documents/abc.pdf');
    expect(router.pathFor('slug', { slug: ['about', 'history'] })).toBe('/about/history');
    expect(() => router.pathFor('staff-slug', { slug: '../etc' })).toThrow('not a valid slug');
  });
});

describe('ranking of overlapping patterns', () => {
  it('uses the documented segment scores', () => {
    expect(SEGMENT_SCORE.STATIC).toBeGreaterThan(SEGMENT_SCORE.PARAM_WITH_SUFFIX);
    expect(SEGMENT_SCORE.PARAM_WITH_SUFFIX).toBeGreaterThan(SEGMENT_SCORE.PARAM);
    expect(SEGMENT_SCORE.PARAM).toBeGreaterThan(SEGMENT_SCORE.REST);
  });

  it.each([
    ['/news/:year', '/:slug+'],
    ['/sports/:sport', '/:slug+'],
    ['/sports/:sport/roster/all', '/sports/:sport/roster/:x'],
    ['/documents/:uuid.pdf', '/documents/:file'],
    ['/staff/:slug', '/:slug+'],
    ['/photo-galleries/:slug', '/:slug+'],
  ])('%s ranks before %s', (a, b) => {
    expect(compareRoutes(parsePattern(a), parsePattern(b))).toBeLessThan(0);
    expect(compareRoutes(parsePattern(b), parsePattern(a))).toBeGreaterThan(0);
  });

  it('ranks the catch-all page route after every route it overlaps', () => {
    const order = router.routes.map((r) => r.spec.name);
    const overlapping = router.routes.filter((r) => r.segments.length > 0 && r.spec.name !== 'slug');
    for (const route of overlapping)
      expect(order.indexOf(route.spec.name), route.spec.name).toBeLessThan(order.indexOf('slug'));
  });
});

describe('the route table', () => {
  it('gives every route a page source, and names the routes the spec names', () => {
    for (const route of ROUTES) expect(sourceOf(route.name).paths, route.name).toBeTypeOf('function');
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    const names = ROUTES.map((r) => r.name);
    for (const name of [
      'news-year-month-day-slug',
      'sports-sport-slug',
      'search',
      'slug',
      'page-preview-id',
      'page-revision-id',
    ])
      expect(names).toContain(name);
  });

  it('is plain, serialisable data', () => {
    expect(JSON.parse(JSON.stringify(ROUTES))).toEqual(ROUTES);
  });

  it('renders previews, revisions and search in the browser', () => {
    const client = ROUTES.filter((r) => r.render === 'client')
      .map((r) => r.name)
      .sort();
    expect(client).toEqual([
      'article-preview-id',
      'article-revision-id',
      'page-preview-id',
      'page-revision-id',
      'search',
    ]);
  });
});
