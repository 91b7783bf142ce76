import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { NO_NEWS_SPORT, ROSTER_ONLY_SPORT } from '../../src/demo/generate/coverage.ts';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCacheDir,
  cachedPages,
  BUILD_CACHE_FORMAT,
  configDigest,
  readBuildCache,
} from '../../src/build/deps/cache.ts';
import { changedRecords, touchedPages } from '../../src/build/deps/touch.ts';
import { buildSite, type BuildSummary } from '../../src/build/index.ts';
import { workerCount } from '../../src/build/render/pool.ts';
import { FIELDHOUSE_VERSION } from '../../src/version.ts';
import type { ContentChange } from '../../src/webhooks/change.ts';
import { loadConfig, validateConfig, type SiteConfig } from '../../src/config/index.ts';
import { ACCENTED_SLUG_SPORT, generateDataset, isPublic } from '../../src/demo/dataset.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { pageHtmlFile } from '../../src/output/layout.ts';
import { ROUTES } from '../../src/pages/index.ts';
import { createRouter } from '../../src/routes/index.ts';
import { bootDataOf } from '../../scripts/js-weight.ts';
import { SMALL_DEPARTMENT_SEASONS, smallDepartment } from '../helpers/demo.ts';
import { treeDigest } from '../helpers/tree.ts';

const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fieldhouse-build-test-'));
const logger = createLogger({ level: 'silent' });
/** The first build's warnings, kept to check what it reported. */
const warnings: string[] = [];
const firstLogger = createLogger({ level: 'warn', write: (line) => warnings.push(line) });
const EPOCH = '1795305600'; // 2026-11-22T00:00:00Z: a fixed build clock, so two builds can match byte for byte
let config: SiteConfig;
let first: BuildSummary;
let out: string;

const read = (...parts: string[]) => readFileSync(join(out, ...parts), 'utf8');
const apiConfig = (origin: string, extra: Record<string, unknown> = {}) =>
  validateConfig(
    {
      siteUrl: 'https://www.cedarvalleyhawks.example',
      api: {
        baseUrl: origin,
        prefix: '/api/v1',
        dashboardUrl: `${origin}/dashboard`,
        redirectServiceUrl: `${origin}/redirect-service`,
      },
      fetch: { retries: 1, timeoutMs: 3_000, concurrency: 16 },
      build: { publicDir: join(root, 'public') },
      ...extra,
    },
    'test',
  );

/**
 * The project's site.config.ts, with the small department's CMS for its API (tests/helpers/demo.ts: every shape of
 * season: 5,300 pages, where scale 1 has 12,600). The default demo site, as `npx site build` makes it with the embedded demo
 * CMS, is built whole for the browser tests (tests/e2e/global-setup.ts) and by tests/dev/equivalence.test.ts.
 */
let demo: DemoServer;
beforeAll(async () => {
  process.env.SOURCE_DATE_EPOCH = EPOCH;
  demo = await startDemoServer({ dataset: smallDepartment() });
  const api = {
    baseUrl: demo.origin,
    dashboardUrl: `${demo.origin}/dashboard`,
    redirectServiceUrl: `${demo.origin}/redirect-service`,
  };
  config = (await loadConfig({ cwd: root, overrides: { api } })).config;
  out = join(work, 'first');
  first = await buildSite({ config, root, outDir: out, logger: firstLogger });
}, 180_000);

afterAll(async () => {
  delete process.env.SOURCE_DATE_EPOCH;
  await demo?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('site build of a demo CMS', () => {
  it('succeeds and reports what it did', () => {
    expect(first).toMatchObject({ ok: true, failed: [], skipped: 0 });
    expect(first.routes).toBeGreaterThan(5_000);
    expect(first.pages).toBe(first.routes - first.files);
    expect(first.files).toBe(smallDepartment().documents.filter(isPublic).length);
    expect(first.buildId).toMatch(/^[0-9a-f]{16}$/);
    expect(first.apiRequests).toBeGreaterThan(first.routes / 2);
    // CPU from the OS, with the kernel's part of it (a build makes thousands of files: never none).
    expect(first.systemCpuMs).toBeGreaterThan(0);
    expect(first.systemCpuMs).toBeLessThan(first.cpuMs);
    expect(first.cpuMsPerPage).toBeCloseTo(first.cpuMs / first.pages, 2);
    // The peak by what held it: V8's heap of the main thread and of each render thread started by then, the rest.
    const { peakMemory } = first;
    const renderHeaps = peakMemory.renderHeapsMb.reduce((sum, heap) => sum + heap, 0);
    expect(peakMemory.rssMb).toBe(first.peakRssMb);
    expect(peakMemory.mainHeapMb).toBeGreaterThan(4);
    expect(peakMemory.restMb).toBeGreaterThan(0);
    expect(peakMemory.mainHeapMb + renderHeaps + peakMemory.restMb).toBe(first.peakRssMb);
    expect(peakMemory.renderHeapsMb.length).toBeLessThanOrEqual(workerCount(config.build.concurrency));
  });

  it('builds every route family of behaviour §2 from the demo data', () => {
    const meta = JSON.parse(read('_site/builds/meta', `${first.buildId}.json`));
    const router = createRouter(ROUTES);
    const built = new Set<string>();
    for (const path of meta.prerendered as string[]) {
      const match = router.match(path);
      if (match.type === 'match') built.add(match.route.name);
    }
    const staticRoutes = ROUTES.filter((r) => r.render === 'static').map((r) => r.name);
    expect(staticRoutes.filter((name) => !built.has(name))).toEqual([]);
    for (const shell of [
      '_shells/article-preview-id',
      '_shells/article-revision-id',
      '_shells/page-preview-id',
      '_shells/page-revision-id',
      'search',
    ]) {
      expect(existsSync(join(out, shell + '.html')), shell).toBe(true);
    }
    const doc = smallDepartment().documents[0]!;
    expect(
      readFileSync(join(out, 'documents', `${doc.uuid}.pdf`))
        .subarray(0, 8)
        .toString(),
    ).toBe('%PDF-1.4');
    expect(read('404.html')).toContain('Go To Homepage');
  });

  it('writes every document by the spec’s rules', () => {
    const article = smallDepartment()
      .articles.filter((a) => a.status === 'published')
      .at(-1)!;
    const path = `news/${article.date.slice(0, 10).replace(/-/g, '/')}/${article.slug}`;
    const html = read(path + '.html');
    const site = 'Cedar Valley Hawks';
    expect(
      html.startsWith(
        `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="fh-build" content="${first.buildId}">`,
      ),
    ).toBe(true);
    expect(html).toContain(`<title>${article.title.replace(/&/g, '&amp;')} - ${site}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toContain(`<link rel="canonical" href="https://www.cedarvalleyhawks.example/${path}">`);
    expect(html).toContain('<meta property="og:locale" content="en_US">');
    expect(html).toContain('<meta property="og:type" content="article">');
    // A link preview shows the build's 1280 px JPEG of the photo, with its size, not the camera original.
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/www\.cedarvalleyhawks\.example\/_site\/img\/[0-9a-f]{16}-1280\.jpg">/,
    );
    expect(html).toContain('<meta property="og:image:width" content="1280">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/media/logo/favicon.svg">');
    expect(html).toContain('<noscript><p class="noscript">Javascript is required.</p></noscript>');
    expect(html).toMatch(/<script type="module" src="\/_site\/assets\/hydrate-[A-Z0-9]{8}\.js"><\/script>/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/_site\/assets\/site-[A-Z0-9]{8}\.css">/);
    expect(html).toContain('<script async src="/vendor/ticket-marketing.js" data-account="cvu-hawks"></script>');
    expect(html).toContain('<script async src="/vendor/heatmap.js" data-site-id="3291847"></script>');
    // The settings' analytics code runs from a file of the site's own: no inline script a policy hash allows.
    const analytics =
      /<script src="(\/_site\/assets\/analytics-[0-9a-f]{12}\.js)" data-fieldhouse="analytics"><\/script>/.exec(html);
    expect(analytics).not.toBeNull();
    expect(read(analytics![1]!)).toContain('window.cvuAnalytics.push(["pageview"]);');
    expect(read('_headers')).not.toContain("'sha256-");
    expect(html).toContain('<script type="application/json" id="__FH_PAYLOAD__">');
    const home = read('index.html');
    expect(home).toContain('<title>Cedar Valley Hawks – Official Athletics Website</title>');
  });

  it('writes the build manifests', () => {
    const latest = JSON.parse(read('_site/builds/latest.json'));
    expect(latest).toEqual({ id: first.buildId, content: first.contentId, timestamp: '2026-11-22T00:00:00.000Z' });
    expect(first.contentId).toMatch(/^[0-9a-f]{16}$/);
    const meta = JSON.parse(read('_site/builds/meta', `${first.buildId}.json`));
    expect(meta.id).toBe(first.buildId);
    expect(meta.routeRules['/search']).toEqual({ prerender: false, render: 'client', shell: '/search' });
    expect(meta.routeRules['/article-preview/:id']).toEqual({
      prerender: false,
      render: 'client',
      shell: '/_shells/article-preview-id',
    });
    expect(meta.routeRules['/sports/:sport/roster']).toEqual({ prerender: true, render: 'static' });
    expect(meta.routeRules['/documents/:uuid.pdf']).toEqual({ prerender: true, render: 'file' });
    expect(meta.prerendered).toContain('/sports/football/roster');
    expect(meta.prerendered.length).toBe(first.pages);
  });

  it('writes each payload as exactly the data the page hydrates from, with the build id', () => {
    for (const path of ['', 'sports/football/roster', 'staff-directory', 'about/traditions/fight-song']) {
      const payload = JSON.parse(read(path, '_payload.json'));
      const html = read(pageHtmlFile(path));
      const inline = JSON.parse(/<script type="application\/json" id="__FH_PAYLOAD__">(.*?)<\/script>/.exec(html)![1]!);
      expect(payload.buildId).toBe(first.buildId);
      expect({ ...inline, buildId: payload.buildId }).toEqual(payload);
      expect(payload.path).toBe(`/${path}`);
    }
  });

  it('splices in exactly the header and footer React renders in the tree (rendered once per worker)', async () => {
    const { renderToString } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { App, layoutOf } = await import('../../templates/app.tsx');
    const { EagerComponents } = await import('../../templates/deferred.tsx');
    const { EAGER_COMPONENTS } = await import('../../templates/eager.ts');
    const { LAYOUTS } = await import('../../templates/layouts/index.ts');
    const { templateOf } = await import('../../src/pages/index.ts');
    const site = JSON.parse(read('_site/data', readdirSync(join(out, '_site/data'))[0]!));
    for (const path of ['', 'sports/football/roster', 'contact-us', 'tickets']) {
      const payload = JSON.parse(read(path, '_payload.json'));
      const layout = layoutOf(payload);
      const app = createElement(App, {
        site,
        payload,
        Page: (await templateOf(payload.template).component()).default,
        Layout: layout ? (await LAYOUTS[layout]()).default : null,
        error: null,
      });
      const whole = renderToString(createElement(EagerComponents.Provider, { value: EAGER_COMPONENTS }, app));
      const html = read(pageHtmlFile(path));
      expect(
        html.slice(
          html.indexOf('<div id="app">') + 14,
          html.indexOf('</div><script type="application/json" id="__FH_BOOT__">'),
        ),
        path,
      ).toBe(whole);
    }
  });

  it('writes site-wide data once per build, not in every payload', () => {
    const files = readdirSync(join(out, '_site/data'));
    expect(files).toHaveLength(1);
    expect(read('_site/data', files[0]!)).toContain('website_menu');
    expect(read('sports/football/roster', '_payload.json')).not.toContain('website_menu');
    expect(read('index.html')).toContain(
      `<link rel="preload" href="/_site/data/${files[0]}" as="fetch" crossorigin="anonymous">`,
    );
  });

  it('copies the media the pages use into the site', () => {
    expect(readFileSync(join(out, 'media/logo/hawks.svg'), 'utf8')).toMatch(/^<svg /);
    const player = smallDepartment().rosters[0]!.players.find((p) => p.headshot)!;
    expect(existsSync(join(out, player.headshot!.url))).toBe(true);
  });

  it('splits the browser bundle: a page names one small script, and hydrates with only its own template chunk', () => {
    const roster = read('sports/football/roster.html');
    const named = [...roster.matchAll(/<script type="module" src="([^"]+)">|rel="modulepreload" href="([^"]+)"/g)];
    expect(named.map((m) => m[1] ?? m[2])).toEqual([expect.stringMatching(/^\/_site\/assets\/hydrate-\w+\.js$/)]);
    const { modules } = bootDataOf(roster);
    expect(modules[0]).toMatch(/^\/_site\/assets\/boot-\w+\.js$/);
    expect(modules.some((p) => /page-roster-/.test(p))).toBe(true);
    expect(modules.some((p) => /page-article-/.test(p))).toBe(false);
    for (const module of modules) expect(existsSync(join(out, module))).toBe(true);
  });

  it('rebuilds an unchanged site to identical files', async () => {
    const again = join(work, 'again');
    const second = await buildSite({ config, root, outDir: again, logger });
    expect(second.buildId).toBe(first.buildId);
    expect(second.contentId).toBe(first.contentId);
    const a = treeDigest(out);
    const b = treeDigest(again);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    expect([...a].filter(([file, digest]) => b.get(file) !== digest).map(([file]) => file)).toEqual([]);
    rmSync(again, { recursive: true, force: true });
  }, 180_000);
});

describe('the build cache (issue 19): what each page read, beside the output', () => {
  const expected = () => ({ fieldhouse: FIELDHOUSE_VERSION, config: configDigest(config) });
  const pages = () => new Map([...cachedPages(buildCacheDir(out))].map((p) => [p.path, p.deps]));

  it('describes the output it came with, and is refused for another output, version or config', () => {
    const cache = readBuildCache(out, expected());
    expect(cache.ok).toBe(true);
    expect(cache.ok && cache.manifest).toMatchObject({
      format: BUILD_CACHE_FORMAT,
      buildId: first.buildId,
      contentId: first.contentId,
      pages: first.pages,
    });
    expect(readBuildCache(out, { ...expected(), config: 'another' })).toEqual({
      ok: false,
      reason: 'the build cache was written with another site.config.ts',
    });
    expect(readBuildCache(out, { ...expected(), fieldhouse: '9.9.9' })).toMatchObject({ ok: false });
    expect(readBuildCache(join(work, 'nowhere'), expected())).toMatchObject({ ok: false, reason: /no build cache/ });
  });

  it('lists every page with the API calls it made and the records their answers held', () => {
    const deps = pages();
    expect(deps.size).toBe(first.pages);
    const article = smallDepartment().articles.findLast((a) => isPublic(a) && a.sport)!;
    const [path, read] = [...deps].find(([, d]) =>
      d.some((dep) => dep.startsWith(`q:articleBySlug:["${article.slug}"`)),
    )!;
    expect(path).toMatch(new RegExp(`^/news/\\d{4}/\\d{2}/\\d{2}/${article.slug}$`));
    expect(read).toContain(`article:${article.id}`);
    expect(deps.get('/sports/football/roster')!.filter((d) => d.startsWith('player:')).length).toBeGreaterThan(20);
    expect(deps.get('/news')!.some((d) => d.startsWith('q:articles:'))).toBe(true);
  });

  it('says which pages a change touches: the records’ pages, and the lists when a record may move', () => {
    const dir = buildCacheDir(out);
    const article = smallDepartment().articles.findLast((a) => isPublic(a) && a.sport)!;
    const retitled = touchedPages(dir, changedRecords([change('article', article.id, 'update', ['title'])]));
    expect(retitled.pages.some((p) => p.endsWith(`/${article.slug}`))).toBe(true);
    expect(retitled.pages).not.toContain('/sports/football/roster');
    expect(retitled.pages.length).toBeLessThan(first.pages / 20);
    const published = touchedPages(dir, changedRecords([change('article', 99_999, 'publish', [])]));
    expect(published.pages).toContain('/news');
    expect(touchedPages(dir, changedRecords([change('settings', null, 'update', ['site_title'])])).all).toBe(true);
  });
});

function change(
  resource: ContentChange['resource'],
  id: number | null,
  action: ContentChange['action'],
  fields: string[],
): ContentChange {
  return { seq: 1, id: 'chg_1', at: '2026-11-21T21:00:00Z', resource, record_id: id, action, fields };
}

describe('real departments’ content (issue 16): the demo’s uneven seasons and wire shapes', () => {
  const d = smallDepartment();
  const hrefsOf = (html: string) => [...html.matchAll(/ href="([^"]+)"/g)].map((m) => m[1]!);

  it('links to nothing the build did not write', () => {
    expect(first.links.broken).toEqual([]);
    expect(first.links.checked).toBeGreaterThan(5_000);
  });

  it('reports a headshot the API cannot give once, as media, and keeps the pages that show it', () => {
    const unfetched = warnings.filter((w) => /media \/media\/headshot\/\S+\.jpg could not be copied: .* 404/.test(w));
    expect(unfetched.length).toBeGreaterThan(0);
    const url = /media (\S+) could not be copied/.exec(unfetched[0]!)![1]!;
    expect(existsSync(join(out, url))).toBe(false);
    // The players' pages are built and name it (the browser falls back to the default photo); no broken-link
    // warning repeats it.
    expect(warnings.filter((w) => w.includes(`links to ${url}`))).toEqual([]);
    expect(warnings.filter((w) => w.includes(url))).toHaveLength(1);
  });

  it('builds a sport with rosters and no schedule: its roster and home page, no schedule, statistics or calendar', () => {
    expect(existsSync(join(out, 'sports', ROSTER_ONLY_SPORT + '.html'))).toBe(true);
    expect(existsSync(join(out, 'sports', ROSTER_ONLY_SPORT, 'roster.html'))).toBe(true);
    for (const section of ['schedule', 'stats'])
      expect(existsSync(join(out, 'sports', ROSTER_ONLY_SPORT, section + '.html'))).toBe(false);
    expect(existsSync(join(out, 'sports', ROSTER_ONLY_SPORT, 'schedule.ics'))).toBe(false);
    const home = read('sports', ROSTER_ONLY_SPORT + '.html');
    expect(hrefsOf(home)).not.toContain(`/sports/${ROSTER_ONLY_SPORT}/schedule`);
    expect(hrefsOf(home)).toContain(`/sports/${ROSTER_ONLY_SPORT}/roster`);
  });

  it('lists and links only the seasons that have what a page shows', () => {
    const oldest = d.seasons[0]!.slug;
    const second = d.seasons[1]!.slug;
    expect(existsSync(join(out, 'sports/football/roster/season', oldest + '.html'))).toBe(true);
    expect(existsSync(join(out, 'sports/football/schedule/season', oldest + '.html'))).toBe(false);
    expect(existsSync(join(out, 'sports/football/schedule/season', second + '.html'))).toBe(true);
    expect(existsSync(join(out, 'sports/football/stats/season', second + '.html'))).toBe(false);
    const schedule = read('sports/football/schedule/season', second + '.html');
    expect(hrefsOf(schedule)).not.toContain(`/sports/football/schedule/season/${oldest}`);
    expect(hrefsOf(schedule)).not.toContain(`/sports/football/stats/season/${second}`);
    expect(hrefsOf(read('sports/football/schedule.html'))).toContain(
      `/sports/football/stats/season/${d.seasons.at(-1)!.slug}`,
    );
  });

  it('has no news menu item or page for a sport without news', () => {
    expect(existsSync(join(out, 'sports', NO_NEWS_SPORT, 'news.html'))).toBe(false);
    expect(hrefsOf(read('sports', NO_NEWS_SPORT + '.html'))).not.toContain(`/sports/${NO_NEWS_SPORT}/news`);
    expect(hrefsOf(read('sports/football.html'))).toContain('/sports/football/news');
  });

  it('shows a game without a set time on its written date, as its calendar does, whatever the wire wrote', () => {
    const tba = d.schedules
      .filter((s) => s.season.id === d.seasons.at(-1)!.id)
      .flatMap((s) => s.events.map((e) => ({ e, sport: d.sports.find((x) => x.id === s.sport_id)! })))
      .filter(({ e }) => e.time_tba);
    // The wire writes them as a date alone, midnight UTC and midnight Eastern (src/demo/server/wire.ts).
    expect(new Set(tba.map(({ e }) => e.id % 3))).toEqual(new Set([0, 1, 2]));
    for (const { e, sport } of tba) {
      const day = e.date.slice(0, 10);
      const html = read('sports', sport.slug, 'schedule.html');
      const time = new RegExp(`id="event-${e.id}"[\\s\\S]*?<time dateTime="([^"]+)">([^<]+)</time>`).exec(html);
      expect(time?.[1]?.slice(0, 10), `event ${e.id}`).toBe(day);
      const [y, m, dd] = day.split('-').map(Number);
      const month = new Date(Date.UTC(y!, m! - 1, dd!)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
      expect(time?.[2], `event ${e.id}`).toContain(`${month} ${dd}`);
      const ics = read('sports', sport.slug, 'schedule.ics').replace(/\r\n /g, '');
      expect(ics).toMatch(
        new RegExp(`UID:event-${e.id}@[^\\r]+\\r\\nDTSTAMP:[^\\r]+\\r\\nDTSTART;VALUE=DATE:${day.replace(/-/g, '')}`),
      );
    }
  });

  it('skips the pages of a player whose CMS slug the router refuses, with every link to them', () => {
    const sport = d.sports.find((s) => s.slug === ACCENTED_SLUG_SPORT)!;
    const player = d.players.find((p) => p.sport_id === sport.id && p.slug.startsWith('inés-'))!;
    const allTime = read('sports', sport.slug, 'roster', 'all.html');
    expect(allTime).toContain(player.full_name);
    expect(hrefsOf(allTime).filter((h) => /in(é|%C3%A9)s-/i.test(h))).toEqual([]);
    expect(existsSync(join(out, 'sports', sport.slug, 'roster', 'player', player.slug))).toBe(false);
  });

  it('shows what real rosters print, and leaves out what a record does not have', () => {
    const rosterPage = read('sports/football/roster.html');
    // The wire leaves out a third of the headshots' sizes: every one has the size the build read from its file.
    const headshots = [...rosterPage.matchAll(/<img [^>]*class="headshot"[^>]*>/g)].map((m) => m[0]);
    expect(headshots.length).toBeGreaterThan(20);
    for (const img of headshots) expect(img).toMatch(/ width="\d+" height="\d+"/);
    expect(rosterPage).not.toContain('data-unsized');
    const current = d.rosters.filter((r) => r.season.id === d.seasons.at(-1)!.id);
    const roster = current.find((r) => r.players.some((p) => p.id % 17 === 0))!;
    const player = roster.players.find((p) => p.id % 17 === 0)!;
    const sport = d.sports.find((s) => s.id === roster.sport_id)!;
    const page = read('sports', sport.slug, 'roster', 'player', player.slug + '.html');
    expect(page).toContain('href="https://mastodon.social/@');
  });
});

describe('a build that fails', () => {
  it('leaves the previous output exactly as it was when the API dies mid-build', async () => {
    const before = treeDigest(out);
    const demo = await startDemoServer({ dataset: smallDepartment() });
    const killer = setInterval(() => {
      if (demo.requests > 2_500) {
        clearInterval(killer);
        void demo.close();
      }
    }, 20);
    const summary = await buildSite({ config: apiConfig(demo.origin), root, outDir: out, logger });
    clearInterval(killer);
    await demo.close().catch(() => undefined);
    expect(summary.ok).toBe(false);
    expect(summary.failed.length).toBeGreaterThan(0);
    expect(summary.failed[0]!.message).toMatch(/failed after \d+ attempts?|The build failed/);
    expect(treeDigest(out)).toEqual(before);
    expect(readdirSync(dirname(out)).filter((name) => name.includes('staging'))).toEqual([]);
  }, 120_000);

  it('fails on 403 from the API after retries, naming the URL and the server’s message', async () => {
    const demo = await startDemoServer({
      dataset: smallDepartment(),
      faults: { errorRate: 1, errorStatus: 403, match: '/players/by/slug/' },
    });
    try {
      const target = join(work, 'forbidden');
      const summary = await buildSite({ config: apiConfig(demo.origin), root, outDir: target, logger });
      expect(summary.ok).toBe(false);
      expect(
        summary.failed.some(
          (f) => /\/sports\/[a-z-]+\/roster\/player\//.test(f.path) && /answered 403/.test(f.message),
        ),
      ).toBe(true);
      expect(existsSync(target)).toBe(false);
    } finally {
      await demo.close();
    }
  }, 120_000);

  it('refuses a slug that would resolve outside out/, naming the record, and writes nothing', async () => {
    const dataset = generateDataset({ seasons: SMALL_DEPARTMENT_SEASONS });
    const template = dataset.pages.find((p) => p.slug === 'about')!;
    dataset.pages.push({ ...template, id: 999, slug: '../../escaped' });
    const demo = await startDemoServer({ dataset });
    try {
      const target = join(work, 'hostile', 'out');
      const summary = await buildSite({ config: apiConfig(demo.origin), root, outDir: target, logger });
      expect(summary.ok).toBe(false);
      expect(summary.failed[0]!.message).toBe(
        'Refused page 999 (slug "../../escaped"): its slug ["..","..","escaped"] would resolve outside the output folder.',
      );
      expect(existsSync(target)).toBe(false);
      expect(existsSync(join(work, 'escaped'))).toBe(false);
      // It failed at the plan, before loading the pages it had planned (2026-11-27: 930 requests, where it used to
      // load every page first, 7,400, and take 13 s instead of 2).
      expect(demo.requests).toBeLessThan(first.apiRequests / 4);
    } finally {
      await demo.close();
    }
  }, 120_000);

  it('with --keep-going writes what it can, skips 404s with a warning, and lists the rest', async () => {
    const dataset = generateDataset({ seasons: SMALL_DEPARTMENT_SEASONS });
    const template = dataset.pages.find((p) => p.slug === 'about')!;
    dataset.pages.push({ ...template, id: 999, slug: 'bad/../../escaped' });
    const gone = dataset.articles.filter((a) => a.status === 'published').at(-2)!;
    const demo = await startDemoServer({
      dataset,
      faults: { failFirst: 1e9, errorStatus: 404, match: `/articles/by/slug/${gone.slug}` },
    });
    try {
      const target = join(work, 'partial');
      const summary = await buildSite({
        config: apiConfig(demo.origin),
        root,
        outDir: target,
        logger,
        keepGoing: true,
      });
      expect(summary.ok).toBe(false);
      expect(summary.failed.map((f) => f.label)).toEqual(['page 999 (slug "bad/../../escaped")']);
      expect(summary.skipped).toBe(1);
      expect(summary.warnings).toBeGreaterThanOrEqual(1);
      expect(summary.buildId).not.toBe(first.buildId);
      expect(existsSync(join(target, 'index.html'))).toBe(true);
      expect(existsSync(join(target, `news/${gone.date.slice(0, 10).replace(/-/g, '/')}/${gone.slug}`))).toBe(false);
    } finally {
      await demo.close();
    }
  }, 180_000);
});
