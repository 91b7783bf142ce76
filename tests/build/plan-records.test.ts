// The planner's route of one page per record (PageSource.records), made from its previous plan and the changed
// records in an incremental build, and listed again whenever that plan cannot tell: through planPages, with an API
// that answers the article route's calls only (every other route is replayed from its previous plan as a count).
import { describe, expect, it } from 'vitest';
import type { ContentApi } from '../../src/api/endpoints.ts';
import { createMemo } from '../../src/build/memo.ts';
import { linePieces, planPages, type CachedRoute, type PlannedPage, type PlannedRoute } from '../../src/build/plan.ts';
import { RecordNotPublic } from '../../src/errors/catalogue.ts';
import { createError } from '../../src/errors/error.ts';
import { ROUTES } from '../../src/pages/index.ts';
import { keepHeapNear } from '../../src/util/heap-keeper.ts';
import { createTextSpool } from '../../src/util/line-files.ts';
import { createRouter } from '../../src/routes/match.ts';
import type { SiteData } from '../../src/contract/index.ts';
import type { ChangedRecord } from '../../src/webhooks/change.ts';

const ROUTE = 'news-year-month-day-slug';
const router = createRouter(ROUTES);
const summary = (id: number, slug = `story-${id}`, day = 10 + id) => ({
  id,
  slug,
  title: `Story ${id}`,
  date: `2026-03-${String(day).padStart(2, '0')}T17:00:00Z`,
});
const pathOf = (a: ReturnType<typeof summary>) => `/news/2026/03/${a.date.slice(8, 10)}/${a.slug}`;

/** The API now: these articles are public; any other asked for alone answers 404; `failing` answers a 503. */
function apiOf(articles: ReturnType<typeof summary>[], failing: number[] = []) {
  const calls: string[] = [];
  const api = {
    async articles(query: { page: number }) {
      calls.push(`articles page ${query.page}`);
      return { data: articles, meta: { pagination: { total_pages: 1, current_page: 1, total: articles.length } } };
    },
    async article(id: number) {
      calls.push(`article ${id}`);
      if (failing.includes(id)) throw new Error('503 Service Unavailable');
      const found = articles.find((a) => a.id === id);
      if (!found)
        throw createError(RecordNotPublic, [`GET /articles/${id}`, `article ${id}`, 'a draft'], { status: 404 });
      return found;
    },
  } as unknown as ContentApi;
  return { api, calls };
}

/** The article route's previous plan line (and an empty one for every other route). */
function previousPlan(line: Partial<PlannedRoute> & Pick<PlannedRoute, 'pages'>): Map<string, CachedRoute> {
  const routes = new Map<string, CachedRoute>();
  for (const route of ROUTES) {
    const plan: PlannedRoute =
      route.name === ROUTE
        ? { route: ROUTE, deps: [], warnings: [], ...line }
        : { route: route.name, deps: [], pages: [], warnings: [] };
    const text = JSON.stringify(plan);
    routes.set(route.name, {
      deps: plan.deps,
      warnings: plan.warnings,
      pages: () => plan.pages,
      line: Buffer.from(text),
    });
  }
  return routes;
}

/** An incremental build's plan: what it plans, finds gone and records for the article route, and what it warns. */
async function plan(api: ContentApi, routes: Map<string, CachedRoute>, changed?: ChangedRecord[]) {
  const pushed: PlannedPage[] = [];
  const gone: string[] = [];
  const warnings: string[] = [];
  let line: PlannedRoute | null = null;
  const site = { settings: { website_timezone: 'America/Chicago' }, sports: [] } as unknown as SiteData;
  const result = await planPages({
    ctx: { api, site, router, warn: (message) => warnings.push(message) },
    memo: createMemo(16),
    router,
    into: { push: (page) => pushed.push(page), gone: (path) => gone.push(path) },
    previous: {
      routes,
      // Only the article route's listing is touched: every other route is replayed as a count.
      touches: (deps) => deps.some((dep) => dep.startsWith('q:articles:')),
      whole: (route) => route.name !== ROUTE,
      // The pages of the previous plan are kept where they are, unless a change asks for their record.
      keeps: () => true,
      pagesOf: () => [],
      changed,
    },
    record(text) {
      const parsed = JSON.parse(
        typeof text === 'string' || Buffer.isBuffer(text)
          ? String(text)
          : Buffer.concat(text.map((piece) => Buffer.from(piece))).toString(),
      ) as PlannedRoute;
      if (parsed.route === ROUTE) line = parsed;
    },
  });
  return { result, pushed: pushed.map((p) => p.path), gone, warnings, line: line as PlannedRoute | null };
}

const LISTING_DEPS = ['q:articles:[{"per_page":100,"page":1}]'];
const lineOf = (articles: ReturnType<typeof summary>[]): PlannedRoute['pages'] =>
  articles.map((a) => [
    { year: '2026', month: '03', day: a.date.slice(8, 10), slug: a.slug },
    pathOf(a),
    `article ${a.id} (slug "${a.slug}")`,
    a.id,
  ]);
const depsOf = (articles: ReturnType<typeof summary>[]) =>
  [...articles.map((a) => `article:${a.id}`), ...LISTING_DEPS].sort();

describe('the plan of a route of one page per record, in an incremental build', () => {
  const [one, two, three, four] = [summary(1), summary(2), summary(3), summary(4)];
  const previous = [one!, two!, three!];

  it('asks for the changed records alone, keeps the other pages, and records the line a listing would', async () => {
    // Article 4 published, article 2 unpublished: two calls, no listing.
    const { api, calls } = apiOf([one!, three!, four!]);
    const routes = previousPlan({ deps: depsOf(previous), pages: lineOf(previous) });
    const planned = await plan(api, routes, [
      { resource: 'article', recordId: 4 },
      { resource: 'article', recordId: 2 },
    ]);
    expect(planned.result.patched).toBe(1);
    expect(calls.sort()).toEqual(['article 2', 'article 4']);
    expect(planned.pushed).toEqual([pathOf(four!)]);
    expect(planned.gone).toEqual([pathOf(two!)]);
    expect(planned.line!.deps).toEqual(depsOf([one!, three!, four!]));
    expect(new Set(planned.line!.pages.map(([, path]) => path))).toEqual(
      new Set(lineOf([one!, three!, four!]).map(([, path]) => path)),
    );
    // A change of another kind that does not touch the route's listing leaves it to be made so.
    const withEvent = await plan(apiOf([one!, two!, three!]).api, routes, [
      { resource: 'article', recordId: 2 },
      { resource: 'event', recordId: 9 },
    ]);
    expect(withEvent.result.patched).toBe(1);
    expect(withEvent.pushed).toEqual([pathOf(two!)]);
  });

  it('places a changed record by the rules a listing does: a slug the route refuses is skipped with a warning', async () => {
    const bad = summary(5, 'Bad Slug!');
    const { api } = apiOf([...previous, bad]);
    const planned = await plan(api, previousPlan({ deps: depsOf(previous), pages: lineOf(previous) }), [
      { resource: 'article', recordId: 5 },
    ]);
    expect(planned.result.patched).toBe(1);
    expect(planned.pushed).toEqual([]);
    expect(planned.warnings.join('\n')).toMatch(/skipped article 5/);
    // The record is in the listing's answer (its dep), not in the pages; its warning is the line's.
    expect(planned.line!.deps).toContain('article:5');
    expect(planned.line!.warnings).toEqual([expect.stringMatching(/skipped article 5/)]);
  });

  it('lists every record again when its previous plan cannot tell', async () => {
    const now = [one!, two!, three!, four!];
    const cases: [string, Parameters<typeof previousPlan>[0], ChangedRecord[], number[]][] = [
      [
        'the previous listing warned',
        { deps: depsOf(previous), pages: lineOf(previous), warnings: ['skipped article 9: a slug'] },
        [{ resource: 'article', recordId: 4 }],
        [],
      ],
      [
        'its pages have no record ids (an older cache)',
        { deps: depsOf(previous), pages: lineOf(previous).map(([p, path, label]) => [p, path, label]) },
        [{ resource: 'article', recordId: 4 }],
        [],
      ],
      [
        'it read something else',
        { deps: [...depsOf(previous), 'sport:3'], pages: lineOf(previous) },
        [{ resource: 'article', recordId: 4 }],
        [],
      ],
      [
        'a change has no record id',
        { deps: depsOf(previous), pages: lineOf(previous) },
        [{ resource: 'article', recordId: null }],
        [],
      ],
      [
        'a record cannot be asked for',
        { deps: depsOf(previous), pages: lineOf(previous) },
        [{ resource: 'article', recordId: 4 }],
        [4],
      ],
      [
        'too many records changed',
        { deps: depsOf(previous), pages: lineOf(previous) },
        Array.from({ length: 65 }, (_, i) => ({ resource: 'article' as const, recordId: 100 + i })),
        [],
      ],
    ];
    for (const [what, line, changed, failing] of cases) {
      const { api, calls } = apiOf(now, failing);
      const planned = await plan(api, previousPlan(line), changed);
      expect(planned.result.patched, what).toBe(0);
      expect(calls, what).toContain('articles page 1');
      expect(new Set(planned.line!.pages.map(([, path]) => path)), what).toEqual(new Set(now.map(pathOf)));
      expect(
        planned.line!.pages.every((page) => page.length === 4),
        what,
      ).toBe(true);
    }
  });
});

describe('the plan of a long listing', () => {
  it('records a route as the line JSON.stringify made of it, in pieces', () => {
    const pages: PlannedRoute['pages'] = [
      [{ slug: 'núñez-"q"' }, '/a/núñez', 'player 1 (slug "núñez")', 1],
      [{}, '/b', 'page \u2028 🏈'],
      [{ year: '2026' }, '/c/\\', 'c', 3],
    ];
    const plan: PlannedRoute = { route: 'r"1', deps: ['q:a', 'b'], pages, warnings: ['skipped "x"'] };
    const texts = pages.map((page, i) => (i ? `,${JSON.stringify(page)}` : JSON.stringify(page)));
    expect(linePieces(plan.route, plan.deps, texts, plan.warnings).join('')).toBe(JSON.stringify(plan));
    // As the planner gives them: the bytes of a spool, cut in chunks.
    const spool = createTextSpool();
    for (const text of texts) spool.append(text);
    const line = linePieces(plan.route, plan.deps, spool.pieces(), plan.warnings);
    expect(Buffer.concat(line.map((piece) => Buffer.from(piece))).toString()).toBe(JSON.stringify(plan));
    expect(linePieces('r', [], [], []).join('')).toBe(
      JSON.stringify({ route: 'r', deps: [], pages: [], warnings: [] }),
    );
  });

  it("places the records of one answer with the main thread's heap keeper looking in between", async () => {
    // 20,000 articles in one answer: their pages are placed in the microtasks that follow it, where no timer runs.
    const articles = Array.from({ length: 20_000 }, (_, i) => summary(i + 1, `story-${i + 1}`, 10));
    const { api } = apiOf(articles);
    const routes = previousPlan({ deps: LISTING_DEPS, pages: [] });
    const keeper = keepHeapNear({ slackMb: 4, everyMs: 1 });
    try {
      const planned = await plan(api, routes);
      expect(planned.pushed).toHaveLength(20_000);
      expect(keeper.collections).toBeGreaterThan(0);
    } finally {
      keeper.stop();
    }
  });
});
