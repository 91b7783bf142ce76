import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../src/demo/server/server.ts';
import { PAGE_TEMPLATES, ROUTES, sourceOf, templateOf, type PageContext } from '../../src/pages/index.ts';
import type { Loaded, PageRef, PageSource } from '../../src/pages/define.ts';
import type { Params } from '../../src/routes/params.ts';
import { dateOrderBreak } from '../../src/api/sorting.ts';
import { isPublic } from '../../src/demo/dataset.ts';
import { NO_NEWS_SPORT } from '../../src/demo/generate/coverage.ts';
import type { NewsData } from '../../src/pages/families/news.ts';
import type { PlayerData } from '../../src/pages/families/roster.ts';
import { createDepsRecorder } from '../../src/build/deps/recorder.ts';
import { createMemo } from '../../src/build/memo.ts';
import { newsPaging, PAGER_REACH } from '../../src/pages/news-paging.ts';
import { demoDataset, startDemo } from '../helpers/demo.ts';
import { demoPageContext } from '../helpers/site.ts';

/**
 * Every route's page source against the demo CMS, in seconds: the first pages it lists, what loading one gives
 * (its title, the keys of its data), and the reasons a source gives for not building a page.
 */
const warnings: string[] = [];
let demo: DemoServer;
let ctx: PageContext;
let close: () => Promise<void>;

beforeAll(async () => {
  demo = await startDemo();
  ({ ctx, close } = await demoPageContext(demo, (m) => warnings.push(m)));
});

afterAll(async () => {
  await close?.();
  await demo?.close();
});

async function first(route: string, count = 1): Promise<PageRef[]> {
  const refs: PageRef[] = [];
  for await (const ref of sourceOf(route).paths(ctx)) {
    refs.push(ref);
    if (refs.length >= count) break;
  }
  return refs;
}

const load = (route: string, params: Params) => (sourceOf(route) as PageSource<unknown>).load(ctx, params);
const page = (loaded: Loaded<unknown>) => {
  if ('skip' in loaded) throw new Error(`skipped: ${loaded.skip}`);
  return loaded;
};

/** Route → the title of its first listed page, and the keys of that page's data. */
const EXPECTED: Record<string, { title: RegExp | null; keys: string[] }> = {
  index: { title: null, keys: ['blocks', 'forms', 'headlines', 'featured', 'ticker', 'results'] },
  'all-sports-schedule': { title: /^All-Sports Schedule$/, keys: ['month', 'events'] },
  'broadcast-guide': { title: /^Broadcast Guide$/, keys: ['from', 'to', 'events'] },
  news: { title: /^News$/, keys: ['sport', 'year', 'years', 'articles', 'page', 'pages'] },
  'news-year': { title: /^\d{4} News$/, keys: ['sport', 'year', 'years', 'articles', 'page', 'pages'] },
  'news-page-page': {
    title: /^News – Page 1$/,
    keys: ['sport', 'year', 'years', 'articles', 'page', 'pages'],
  },
  'news-year-month-day-slug': { title: /\S/, keys: ['article', 'sport'] },
  'sports-sport-news': { title: / News$/, keys: ['sport', 'year', 'years', 'articles', 'page', 'pages'] },
  'sports-sport-news-year-year': {
    title: /^\d{4} .+ News$/,
    keys: ['sport', 'year', 'years', 'articles', 'page', 'pages'],
  },
  'sports-sport-news-page-page': {
    title: / News – Page 1$/,
    keys: ['sport', 'year', 'years', 'articles', 'page', 'pages'],
  },
  'sports-sport-slug': { title: /^Football$/, keys: ['sport', 'nextEvent', 'recent', 'news', 'blocks', 'standing'] },
  'sports-sport-roster': { title: /^\d{4}-\d{2} Football Roster$/, keys: ['sport', 'seasons', 'season', 'roster'] },
  'sports-sport-roster-all': { title: /^All-Time Football Roster$/, keys: ['sport', 'players'] },
  'sports-sport-roster-player-slug': { title: / – Football$/, keys: ['sport', 'player', 'season'] },
  'sports-sport-roster-season-season': {
    title: /^\d{4}-\d{2} Football Roster$/,
    keys: ['sport', 'seasons', 'season', 'roster'],
  },
  'sports-sport-roster-season-season-player-slug': {
    title: / – \d{4}-\d{2} Football$/,
    keys: ['sport', 'player', 'season'],
  },
  'sports-sport-roster-season-season-staff-slug': { title: / – Football$/, keys: ['sport', 'coach', 'season'] },
  'boxscore-id': { title: /– Box Score$/, keys: ['box', 'sport', 'event'] },
  'sports-sport-schedule': {
    title: /^\d{4}-\d{2} Football Schedule$/,
    keys: ['sport', 'seasons', 'season', 'schedule', 'hasStats'],
  },
  'sports-sport-schedule-season-season': {
    title: / Schedule$/,
    keys: ['sport', 'seasons', 'season', 'schedule', 'hasStats'],
  },
  'sports-sport-stats': { title: /^\d{4}-\d{2} Football Statistics$/, keys: ['sport', 'seasons', 'season', 'stats'] },
  'sports-sport-stats-season-season': { title: / Statistics$/, keys: ['sport', 'seasons', 'season', 'stats'] },
  'sports-sport-videos': { title: /^Football Videos$/, keys: ['sport', 'videos', 'total'] },
  'sports-sport-photo-galleries': { title: /^Football Photo Galleries$/, keys: ['sport', 'galleries', 'total'] },
  videos: { title: /^Videos$/, keys: ['sport', 'videos', 'total'] },
  'photo-galleries': { title: /^Photo Galleries$/, keys: ['sport', 'galleries', 'total'] },
  'photo-galleries-slug': { title: /\S/, keys: ['gallery'] },
  'staff-slug': { title: / – /, keys: ['member', 'departments'] },
  'staff-directory': { title: /^Staff Directory$/, keys: ['departments', 'department'] },
  'staff-directory-department-slug': { title: / – Staff Directory$/, keys: ['departments', 'department'] },
  slug: { title: /\S/, keys: ['page', 'forms', 'ancestors'] },
  search: { title: /^Search$/, keys: [] },
  'article-preview-id': { title: /^Article preview$/, keys: ['kind', 'id'] },
  'article-revision-id': { title: /^Article revision$/, keys: ['kind', 'id'] },
  'page-preview-id': { title: /^Page preview$/, keys: ['kind', 'id'] },
  'page-revision-id': { title: /^Page revision$/, keys: ['kind', 'id'] },
};

/** The demo's oldest season: a roster, no schedule (src/demo/generate/coverage.ts). */
const OLDEST = demoDataset().seasons[0]!.slug;

describe('every route’s page source, against the demo CMS', () => {
  it('has an expectation here for every route', () => {
    expect(ROUTES.filter((r) => r.render !== 'file' && !EXPECTED[r.name]).map((r) => r.name)).toEqual([]);
  });

  it.each(ROUTES.filter((r) => r.render !== 'file').map((r) => [r.name, r.pattern]))(
    '%s (%s) lists pages that load with their title and data',
    async (name) => {
      const [ref] = await first(name);
      expect(ref, `${name} lists no page`).toBeDefined();
      const route = ROUTES.find((r) => r.name === name)!;
      // A client route's source gives its one shell, which stands for every id.
      if (route.render === 'static') expect(ctx.router.check(route, ref!.params), ref!.label).toBeNull();
      const loaded = page(await load(name, ref!.params));
      const expected = EXPECTED[name]!;
      if (expected.title) expect(loaded.head.title).toMatch(expected.title);
      else expect(loaded.head.title).toBeNull();
      expect(Object.keys(loaded.data as object)).toEqual(expected.keys);
    },
  );

  it('lists documents as files', async () => {
    const refs = await first('documents-uuid', 100);
    expect(refs.map((r) => r.params.uuid).sort()).toEqual(
      demoDataset()
        .documents.filter((d) => d.visibility !== 'private')
        .map((d) => d.uuid)
        .sort(),
    );
  });

  it.each([
    ['news-page-page', { page: '999' }, /^News has no page 999 \(\d+ stories\)$/],
    ['news-year', { year: '1990' }, /^no articles in 1990$/],
    [
      'sports-sport-roster-season-season',
      { sport: 'football', season: '1999-00' },
      /^season "1999-00" is not a season of Football$/,
    ],
    ['sports-sport-roster-season-season-player-slug', { sport: 'football', season: '2021-22', slug: 'nobody' }, /404/],
    ['staff-directory-department-slug', { slug: 'no-such-department' }, /^department "no-such-department" is gone$/],
    // Seasons without a schedule or statistics (the demo's coverage): their pages are not built, and say why.
    ['sports-sport-schedule', { sport: 'mens-tennis' }, /^Men's Tennis has no schedule in any season/],
    [
      'sports-sport-schedule-season-season',
      { sport: 'football', season: OLDEST },
      new RegExp(`^season "${OLDEST}" of Football has no schedule`),
    ],
    ['sports-sport-stats', { sport: 'womens-tennis' }, /^Women's Tennis has no statistics in any season/],
    // A sport without news has no news page (its menu has no News).
    ['sports-sport-news', { sport: NO_NEWS_SPORT }, /^.+ news has no stories$/],
    ['slug', { slug: ['no', 'such', 'page'] }, /^page "no\/such\/page" is gone$/],
  ] satisfies [string, Params, RegExp][])('%s does not build %o, and says why', async (route, params, reason) => {
    const loaded = await load(route, params).catch((error: Error) => ({ skip: error.message }));
    expect('skip' in loaded && loaded.skip).toMatch(reason);
  });
});

describe('every template', () => {
  it.each(PAGE_TEMPLATES.map((name) => [name]))(
    '%s is bound to its component in templates/pages/<name>.tsx (the file the browser loads)',
    async (name) => {
      const bound = (await templateOf(name).component()).default;
      const file = (await import(`../../templates/pages/${name}.tsx`)) as { default: unknown };
      expect(bound).toBe(file.default);
    },
  );
});

describe('numbered news pages (numbered from the oldest story)', () => {
  it('hold the stories in date order from the oldest, newest first on the page, and the news page the rest', async () => {
    const all = demoDataset().articles.filter(isPublic);
    const { numbered, latest } = newsPaging(all.length, 24);
    expect(numbered).toBeGreaterThan(2);
    expect(latest).toBeGreaterThanOrEqual(24);
    expect(latest).toBeLessThan(48);
    const refs = await first('news-page-page', 1000);
    expect(refs.map((r) => r.params.page)).toEqual(Array.from({ length: numbered }, (_, i) => String(i + 1)));
    const ids = async (route: string, params: Params) =>
      (page(await load(route, params)).data as NewsData).articles.map((a) => a.id);
    // Page 1: the 24 oldest, newest first; the news page: every story after the numbered pages, newest first.
    const oldest = await ids('news-page-page', { page: '1' });
    const top = await ids('news-page-page', { page: String(numbered) });
    const news = await ids('news', {});
    expect(oldest).toHaveLength(24);
    expect(news).toHaveLength(latest);
    const dates = new Map(all.map((a) => [a.id, a.date]));
    expect([...oldest].map((id) => dates.get(id)!)).toEqual(
      [...oldest]
        .map((id) => dates.get(id)!)
        .sort()
        .reverse(),
    );
    expect(Math.min(...news.map((id) => Date.parse(dates.get(id)!)))).toBeGreaterThanOrEqual(
      Math.max(...top.map((id) => Date.parse(dates.get(id)!))),
    );
    expect(new Set([...news, ...top]).size).toBe(news.length + top.length);
    // A page far below the newest names no more numbered pages than its pager can show.
    expect((page(await load('news-page-page', { page: '1' })).data as NewsData).pages).toBe(1 + PAGER_REACH + 1);
  });

  it('refuse an API that does not sort by date, naming the call and the articles out of order', async () => {
    const unsorted: PageContext = {
      ...ctx,
      api: { ...ctx.api, articles: (query = {}) => ctx.api.articles({ ...query, sort: undefined }) },
    };
    const loading = (sourceOf('news-page-page') as PageSource<unknown>).load(unsorted, { page: '2' });
    await expect(loading).rejects.toThrow(
      /^GET \/articles\?sort=date&page=2 returned an invalid list of articles: article \d+ \(date [^)]+\) comes after article \d+ .*sort articles by date/,
    );
  });

  it('find a list out of date order whether the CMS sorts by time or by the date’s text', () => {
    const byText = ['2026-11-20T10:00:00-06:00', '2026-11-20T12:00:00Z', '2026-11-20T13:00:00Z'];
    const byTime = ['2026-11-20T12:00:00Z', '2026-11-20T10:00:00-06:00', '2026-11-20T17:00:00Z'];
    expect(dateOrderBreak(byText)).toBe(-1);
    expect(dateOrderBreak(byTime)).toBe(-1);
    expect(dateOrderBreak([...byTime].reverse())).toBe(1);
    expect(dateOrderBreak([])).toBe(-1);
  });
});

describe('a player’s pages, and a coach’s', () => {
  /** The demo's API, counting its calls by name; and a recorder with a memo of its own, as a render thread has. */
  function counted() {
    const calls = new Map<string, number>();
    const api = new Proxy(ctx.api, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.set(String(prop), (calls.get(String(prop)) ?? 0) + 1);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const recorder = createDepsRecorder(createMemo(64));
    const base = { api, site: ctx.site, router: ctx.router, warn: ctx.warn };
    const track = (route: string, params: Params) =>
      recorder.track(base, (recording) => (sourceOf(route) as PageSource<unknown>).load(recording, params));
    return { calls, track };
  }

  it('ask the API for the player once, for their own page and every season’s, and each page records the player', async () => {
    const { calls, track } = counted();
    const [ref] = await first('sports-sport-roster-player-slug');
    const own = await track('sports-sport-roster-player-slug', ref!.params);
    const { player } = page(own.result).data as PlayerData;
    expect(player.seasons.length).toBeGreaterThan(1);
    const seasons = await Promise.all(
      player.seasons.map(({ season }) =>
        track('sports-sport-roster-season-season-player-slug', { ...ref!.params, season: season.slug }),
      ),
    );
    expect(calls.get('playerBySlug')).toBe(1);
    for (const { result, deps } of [own, ...seasons]) {
      expect(page(result).data).toMatchObject({ player: { id: player.id } });
      expect(deps).toContain(`player:${player.id}`);
      expect(deps.filter((dep) => dep.startsWith('q:playerBySlug:'))).toHaveLength(1);
    }
  });

  it('ask the API for the coach once, for every season’s page', async () => {
    const { calls, track } = counted();
    const refs = await first('sports-sport-roster-season-season-staff-slug', 40);
    const { sport, slug } = refs[0]!.params;
    const same = refs.filter((ref) => ref.params.sport === sport && ref.params.slug === slug);
    expect(same.length).toBeGreaterThan(1);
    const pages = await Promise.all(
      same.map((ref) => track('sports-sport-roster-season-season-staff-slug', ref.params)),
    );
    expect(calls.get('coachBySlug')).toBe(1);
    for (const { deps } of pages) expect(deps.filter((dep) => dep.startsWith('q:coachBySlug:'))).toHaveLength(1);
  });
});
