/**
 * An editor's change, end to end, and the incremental build proven against the full build: `site webhook` builds
 * the site in full on its first start; random edits are made to the demo CMS through its write API; the CMS's
 * signed webhooks reach the receiver, which builds incrementally; every file must then be the same, byte for byte
 * (the ids in latest.json included), as a full build of the same content. Content changes leave the build id as it
 * was, so the pages no change touched are the previous output's own files (linked, not written again). The edits are drawn
 * from a seed that changes every run and is printed; FH_INCREMENTAL_SEED=<seed> repeats a run.
 */
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  buildCacheDir,
  cachedPages,
  FAILED_MEDIA_FILE,
  FILES_FILE,
  LINKS_FILE,
  RECHECK_FILE,
  CHROME_FILE,
  MEDIA_FILE,
  SEARCH_FILE,
  SEARCH_FILES_FILE,
  LEDGER_FILE,
  PLAN_FILE,
} from '../../src/build/deps/cache.ts';
import { changedRecords, touchedPages } from '../../src/build/deps/touch.ts';
import { depsFileOf, segmentFiles } from '../../src/build/deps/segments.ts';
import { buildSite } from '../../src/build/index.ts';
import { createWarmWorkers, type WarmWorkers } from '../../src/build/render/pool.ts';
import { validateConfig } from '../../src/config/index.ts';
import { DEMO_EDIT_TOKEN } from '../../src/demo/cms/cms.ts';
import { generateDataset, isPublic } from '../../src/demo/dataset.ts';
import { createRandom, type Random } from '../../src/demo/random.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { startPreview, type Preview } from '../../src/preview/server.ts';
import type { ReceiverStatus } from '../../src/webhooks/receiver.ts';
import { startWebhookService, type WebhookService } from '../../src/webhooks/service.ts';
import { NO_NEWS_SPORT } from '../../src/demo/generate/coverage.ts';
import { SMALL_DEPARTMENT_SEASONS } from '../helpers/demo.ts';
import { linkTree, treeDigest, treeFolders } from '../helpers/tree.ts';
import { CHROMIUM } from '../../scripts/chromium.ts';

const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fieldhouse-incremental-'));
const logger = createLogger({ level: 'silent' });
const EPOCH = '1795305600';
const seed = process.env.FH_INCREMENTAL_SEED ?? String(Date.now());
const SECRET = 'whsec_' + Buffer.from('incremental').toString('base64');
/**
 * Threads kept warm between this file's builds, as `site webhook` keeps them (src/build/render/pool.ts): a full build
 * of the small department takes about a third less time with them (6.3 against 9.4 s). A warm thread keeps nothing of
 * the build before but its code (and the search thread the lines it wrote, used only where the cache holds the same
 * bytes), so the full builds compared with are full builds all the same; cold threads are build.test.ts's and the
 * e2e build's. The year lists' rounds keep threads of their own for their incremental builds (their search thread
 * holds the lines of the output it builds).
 */
const threads = createWarmWorkers();
let demo: DemoServer;
let service: WebhookService | null = null;
let preview: Preview | null = null;
let browser: Browser | null = null;

type Edit = { what: string; method: string; path: string; body?: unknown };

/** One editor's change, drawn at random from what happens on game day. */
function drawEdit(random: Random, demo: DemoServer): Edit {
  const d = demo.dataset;
  const published = d.articles.filter(isPublic);
  const kinds: (() => Edit)[] = [
    () => {
      const a = random.pick(published);
      return {
        what: `retitle article ${a.id}`,
        method: 'PATCH',
        path: `/articles/${a.id}`,
        body: { title: `${a.title} (updated)` },
      };
    },
    () => {
      const a = random.pick(published);
      return {
        what: `rewrite article ${a.id}`,
        method: 'PATCH',
        path: `/articles/${a.id}`,
        body: { body: '<p>Corrected.</p>' },
      };
    },
    () => {
      const a = random.pick(published);
      return { what: `unpublish article ${a.id}`, method: 'POST', path: `/articles/${a.id}/unpublish` };
    },
    () => {
      const draft = d.articles.find((a) => a.status === 'draft' && a.visibility === 'public');
      const a = draft ?? random.pick(published);
      return { what: `publish article ${a.id}`, method: 'POST', path: `/articles/${a.id}/publish` };
    },
    () => {
      const sport = random.pick(d.sports.filter((s) => s.slug !== 'mens-tennis'));
      return {
        what: `create article in ${sport.slug}`,
        method: 'POST',
        path: '/articles',
        body: {
          title: `Breaking ${random.int(1, 1e6)}`,
          summary: 'Late news.',
          body: '<p>Late news.</p>',
          date: '2026-11-14T20:00:00Z',
          sport_id: sport.id,
          status: 'published',
        },
      };
    },
    () => {
      const e = random.pick(d.events.filter((ev) => ev.opponent && ev.date < '2026-11-15'));
      const us = random.int(0, 9);
      const them = random.int(0, 9);
      return {
        what: `result of event ${e.id}`,
        method: 'PATCH',
        path: `/events/${e.id}`,
        body: {
          result: {
            status: 'final',
            team_score: us,
            opponent_score: them,
            outcome: us > them ? 'W' : us < them ? 'L' : 'T',
          },
        },
      };
    },
    () => {
      const p = random.pick(d.players);
      return {
        what: `bio of player ${p.id}`,
        method: 'PATCH',
        path: `/players/${p.id}`,
        body: { bio: '<p>Named captain.</p>' },
      };
    },
    () => {
      const g = random.pick(d.galleries.filter((x) => isPublic(x.summary))).summary;
      return {
        what: `retitle gallery ${g.id}`,
        method: 'PATCH',
        path: `/galleries/${g.id}`,
        body: { title: `${g.title} (more photos)` },
      };
    },
    () => {
      const g = random.pick(d.galleries.filter((x) => isPublic(x.summary))).summary;
      return { what: `unpublish gallery ${g.id}`, method: 'POST', path: `/galleries/${g.id}/unpublish` };
    },
  ];
  return random.pick(kinds)();
}

const EDIT_TIMEOUT_MS = 60_000;

async function apply(edit: Edit, tries = 2): Promise<void> {
  const res = await fetch(`${demo.origin}${demo.apiPrefix}${edit.path}`, {
    method: edit.method,
    headers: { authorization: `Bearer ${DEMO_EDIT_TOKEN}`, 'content-type': 'application/json' },
    body: edit.body === undefined ? undefined : JSON.stringify(edit.body),
    // A request that stalls fails here, named, rather than running out the test's time unexplained.
    signal: AbortSignal.timeout(EDIT_TIMEOUT_MS),
  }).catch((error: unknown) => {
    // A kept-alive connection the server closed as it was reused (after a long build): nothing reached the CMS.
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET' && tries > 1) return null;
    if ((error as Error).name === 'TimeoutError')
      throw new Error(`${edit.what}: the CMS did not answer in ${EDIT_TIMEOUT_MS / 1000} s`, { cause: error });
    throw error;
  });
  if (!res) return apply(edit, tries - 1);
  if (!res.ok) throw new Error(`${edit.what}: the CMS answered ${res.status} ${await res.text()}`);
}

const config = () =>
  validateConfig(
    {
      siteUrl: 'https://www.cedarvalleyhawks.example',
      api: {
        baseUrl: demo.origin,
        dashboardUrl: `${demo.origin}/dashboard`,
        redirectServiceUrl: `${demo.origin}/redirect-service`,
      },
      fetch: { concurrency: 32 },
      // The open tab below asks for new builds every second.
      runtime: { buildPollIntervalMs: 1_000 },
      build: { publicDir: join(root, 'public') },
      // The project's image cache, whatever folder a build runs from (the webhook service's below runs from a
      // temporary one): encoding the demo's photos cold costs minutes of CPU.
      images: { cacheDir: join(root, '.cache/images') },
    },
    'test',
  );

/**
 * An incremental build of the output `site` with these changes (with threads kept warm from the builds before, as
 * `site webhook` keeps them, when given), and what it logged (verbose), line by line.
 */
async function buildLogged(
  site: string,
  changes: NonNullable<Parameters<typeof buildSite>[0]['changes']>,
  warm: WarmWorkers = threads,
) {
  const lines: string[] = [];
  const summary = await buildSite({
    config: config(),
    root,
    outDir: site,
    logger: createLogger({ write: (line) => lines.push(line), color: false }),
    verbose: true,
    changes,
    warm,
  });
  return { summary, lines };
}

/** A fan's tab on the site: client navigations through a link the runtime handles, and what went wrong in it. */
async function openTab(url: string) {
  browser = await chromium.launch(CHROMIUM);
  const page: Page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  let loads = 0;
  page.on('load', () => loads++);
  // The runtime's page-end events, counted from the first byte (a full load starts again from 0).
  // Each document gets a mark of its own, so a navigation that loads its page whole is told from one in the page.
  await page.addInitScript(() => {
    const w = window as unknown as { fhEnds: number; fhDocument: number };
    w.fhEnds = 0;
    w.fhDocument = Math.random();
    document.addEventListener('fieldhouse:page-end', () => w.fhEnds++);
  });
  const state = () =>
    page.evaluate(() => {
      const w = window as unknown as { fhEnds: number; fhDocument: number };
      return { ends: w.fhEnds, document: w.fhDocument };
    });
  // What the tab's build poller read of /_site/builds/latest.json, in order.
  const latest: { id: string; content: string }[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/_site/builds/latest.json'))
      void response.json().then(
        (body: { id: string; content: string }) => latest.push(body),
        () => undefined,
      );
  });
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { fhEnds: number }).fhEnds >= 1);
  return {
    page,
    errors,
    latest,
    loads: () => loads,
    /**
     * Follow a link to `path` as a fan would (the runtime navigates in the page, or loads it whole once a new build is
     * out), and wait for its heading.
     */
    async go(path: string, heading: string) {
      const before = await state();
      await page.evaluate((href) => {
        document.getElementById('test-link')?.remove();
        const a = Object.assign(document.createElement('a'), { href, id: 'test-link', textContent: href });
        document.querySelector('#main')!.prepend(a);
      }, path);
      await page.locator('#test-link').click();
      await page.waitForURL((u) => u.pathname === path);
      await page.waitForFunction(({ ends, document }) => {
        const w = window as unknown as { fhEnds: number; fhDocument: number };
        return w.fhDocument === document ? w.fhEnds > ends : w.fhEnds >= 1;
      }, before);
      await page.locator('#main h1', { hasText: heading }).first().waitFor();
    },
  };
}

describe('the incremental build (issue 19)', () => {
  beforeAll(async () => {
    process.env.SOURCE_DATE_EPOCH = EPOCH;
    demo = await startDemoServer({ dataset: generateDataset({ seasons: SMALL_DEPARTMENT_SEASONS }) });
  });
  afterAll(async () => {
    delete process.env.SOURCE_DATE_EPOCH;
    await browser?.close();
    await preview?.close();
    await service?.close();
    await demo.close();
    await threads.close();
    rmSync(work, { recursive: true, force: true });
    // The work folder holds several builds of the demo and copies of them, about 40,000 files each: removing it
    // took more than the default minute on a slow disk (CI, 2026-11-26).
  }, 300_000);

  it(
    `reaches the site through signed webhooks, and writes what a full build writes (seed ${seed})`,
    { timeout: 600_000 },
    async () => {
      const site = join(work, 'site');
      const lines: string[] = [];
      const status = async () => (await (await fetch(`${service!.receiver.origin}/status`)).json()) as ReceiverStatus;
      service = await startWebhookService({
        config: config(),
        root: work,
        outDir: site,
        secret: SECRET,
        port: 0,
        host: '127.0.0.1',
        debounceMs: 300,
        logger: createLogger({ write: (line) => lines.push(line), color: false }),
      });
      demo.cms.webhooks.add({ url: `${service.receiver.origin}/webhook`, secret: SECRET });
      // The first start: a full build, which leaves the build cache.
      await service.queue.idle();
      expect((await status()).lastBuild, lines.join('\n')).toMatchObject({
        ok: true,
        reason: expect.stringMatching(/first start/),
      });
      const [, firstBuild, firstContent] = (await status()).lastBuild!.summary!.match(
        /build ([0-9a-f]{16}), content ([0-9a-f]{16})/,
      )!;

      // A fan's tab, open on the site `site preview` serves, reads the news before the changes.
      preview = await startPreview({ outDir: site, host: '127.0.0.1', port: 0 });
      const tab = await openTab(`${preview.url}/staff-directory`);
      await tab.go('/news', 'News');
      await tab.go('/staff-directory', 'Staff Directory');

      const random = createRandom(seed);
      const edits = Array.from({ length: 6 }, () => drawEdit(random, demo));
      for (const edit of edits) await apply(edit);
      // Last, the newest article gets a new title: the tab is to see it on the news page.
      const newest = demo.dataset.articles.filter(isPublic).sort((x, y) => (x.date < y.date ? 1 : -1))[0]!;
      const headline = `${newest.title} (updated while a tab was open)`;
      edits.push({
        what: `retitle article ${newest.id}, the newest`,
        method: 'PATCH',
        path: `/articles/${newest.id}`,
        body: { title: headline },
      });
      await apply(edits.at(-1)!);
      await demo.cms.webhooks.idle();
      await new Promise((r) => setTimeout(r, 400));
      await service.queue.idle();
      const story = `seed ${seed}: ${edits.map((e) => e.what).join('; ')}\n${lines.join('\n')}`;
      const after = await status();
      expect(after.webhooks, story).toEqual({ received: edits.length, accepted: edits.length, refused: 0 });
      expect(after.builtSeq, story).toBe(edits.length);
      // The first article of the sport without news gives its menu a News item, in every page's chrome: every
      // page is rendered again, from the data it read before; any other edit keeps the pages it does not touch.
      const chromeChanged = edits.some((e) => e.what === `create article in ${NO_NEWS_SPORT}`);
      expect(after.lastBuild, story).toMatchObject({
        ok: true,
        summary: expect.stringMatching(
          chromeChanged
            ? /incremental: [\d,]+ pages touched, [\d,]+ rendered from their previous data/
            : /incremental: [\d,]+ pages touched, [\d,]+ kept as they were/,
        ),
      });
      expect(
        lines.filter((l) => / webhook chg_/.test(l)),
        story,
      ).toHaveLength(edits.length);

      // The tab learns of the new content and drops what it held: the news page it navigates to shows the new title,
      // with no error. When the build id is the same, with no reload; when the menus changed (a new build id), the
      // tab stops polling once it has seen it and loads its next page whole: the one full reload a new build costs.
      const [, lastBuild, content] = after.lastBuild!.summary!.match(/build ([0-9a-f]{16}), content ([0-9a-f]{16})/)!;
      expect(lastBuild !== firstBuild, story).toBe(chromeChanged);
      const seen = (l: { id: string; content: string }) =>
        chromeChanged ? l.id !== firstBuild : l.id === lastBuild && l.content === content;
      await expect.poll(() => tab.latest.some(seen), { timeout: 15_000 }).toBe(true);
      await tab.page.waitForTimeout(200);
      await tab.go('/news', 'News');
      await tab.page.getByText(headline).first().waitFor({ timeout: 5_000 });
      await tab.go(`/staff-directory`, 'Staff Directory');
      expect(tab.loads(), story).toBe(chromeChanged ? 2 : 1);
      expect(tab.errors, story).toEqual([]);

      const full = await buildSite({ config: config(), root, outDir: join(work, 'full'), logger, warm: threads });
      const a = treeDigest(site);
      const b = treeDigest(join(work, 'full'));
      const differing = [...new Set([...a.keys(), ...b.keys()])].filter((file) => a.get(file) !== b.get(file)).sort();
      expect(differing.slice(0, 20), story).toEqual([]);
      // The output was updated in place: no folder of a removed page is left behind.
      expect([...treeFolders(site)].sort(), story).toEqual([...treeFolders(join(work, 'full'))].sort());
      expect(after.lastBuild!.summary, story).toContain(`build ${full.buildId}, content ${full.contentId}`);
      // Content changed; unless the menus did, the pages' code and chrome did not: an open tab keeps its build.
      expect(full.buildId === firstBuild, story).toBe(!chromeChanged);
      expect(full.contentId).not.toBe(firstContent);
    },
  );

  /**
   * The full build of the first test, with its cache, restored as `name` and damaged, then an article edited; what
   * the build logged, line by line.
   */
  async function restoredAndEdited(name: string, damage: (site: string) => void) {
    const site = join(work, name);
    linkTree(join(work, 'full'), site);
    cpSync(join(work, '.full-cache'), join(work, `.${name}-cache`), { recursive: true });
    damage(site);
    const article = demo.dataset.articles.find(isPublic)!;
    return { site, ...(await buildLogged(site, [{ resource: 'article', recordId: article.id, listed: false }])) };
  }

  it('builds in full when the output lacks files its cache lists (restored in part), and mends it', async () => {
    // Restored without its sports pages.
    const { site, summary } = await restoredAndEdited('damaged', (site) =>
      rmSync(join(site, 'sports'), { recursive: true }),
    );
    expect(summary.ok).toBe(true);
    expect(summary.incremental).toEqual({
      full: expect.stringMatching(/lacks files its build cache lists \(\d+ of \d+ checked, such as sports\//),
    });
    expect(treeDigest(site)).toEqual(treeDigest(join(work, 'full')));
  }, 240_000);

  it('builds in full, and says why, when a file of its cache is garbled past the manifest', async () => {
    const { site, summary } = await restoredAndEdited('garbled', (site) => {
      // The deps file of the middle one of its segments of page lines (what the pass over the cache reads).
      const segments = segmentFiles(buildCacheDir(site))!;
      const pagesFile = depsFileOf(segments[Math.floor(segments.length / 2)]!);
      const lines = readFileSync(pagesFile, 'utf8').split('\n');
      lines[Math.floor(lines.length / 2)] = 'not a line of this cache';
      writeFileSync(pagesFile, lines.join('\n'));
    });
    expect(summary.ok).toBe(true);
    expect(summary.incremental).toEqual({
      full: expect.stringMatching(
        /^its files cannot be read: .*pages\/\d{5}\.deps\.jsonl, line \d+, has no path: "not a line of this cache"$/,
      ),
    });
    expect(treeDigest(site)).toEqual(treeDigest(join(work, 'full')));
  }, 240_000);

  it('builds in full, and says why, when the lines of its pages are out of order (kept pages are found by it)', async () => {
    const { site, summary } = await restoredAndEdited('disordered', (site) => {
      // Two lines of the middle segment's deps file swapped: each line is whole, the file's size and count are right.
      const segments = segmentFiles(buildCacheDir(site))!;
      const pagesFile = depsFileOf(segments[Math.floor(segments.length / 2)]!);
      const lines = readFileSync(pagesFile, 'utf8').split('\n');
      const at = Math.floor(lines.length / 2);
      [lines[at], lines[at + 1]] = [lines[at + 1]!, lines[at]!];
      writeFileSync(pagesFile, lines.join('\n'));
    });
    expect(summary.ok).toBe(true);
    expect(summary.incremental).toEqual({
      full: expect.stringMatching(/^its files cannot be read: pages: the page \/\S* comes after \/\S*, out of order$/),
    });
    expect(treeDigest(site)).toEqual(treeDigest(join(work, 'full')));
  }, 240_000);

  it("lists a route again, and says why, when its plan's line is garbled among its pages", async () => {
    let at = -1;
    const { site, summary, lines } = await restoredAndEdited('garbled-plan', (site) => {
      // The articles' route holds the page the edit touches: its pages are replayed one by one, so its line is read.
      const planFile = join(buildCacheDir(site), PLAN_FILE);
      const plan = readFileSync(planFile, 'utf8').split('\n');
      at = plan.findIndex((line) => line.startsWith('{"route":"news-year-month-day-slug",'));
      expect(at).toBeGreaterThanOrEqual(0);
      const pagesAt = plan[at]!.indexOf(',"pages":');
      plan[at] = `${plan[at]!.slice(0, pagesAt)}${plan[at]!.slice(pagesAt).replace('],[', ']]x[')}`;
      writeFileSync(planFile, plan.join('\n'));
    });
    expect(summary.ok).toBe(true);
    expect(summary.incremental).toMatchObject({ reusedAs: 'in place' });
    expect(lines.join('\n')).toMatch(
      new RegExp(`route news-year-month-day-slug is listed again \\(.*plan\\.jsonl, line ${at + 1} is not JSON`),
    );
    expect(treeDigest(site)).toEqual(treeDigest(join(work, 'full')));
  }, 240_000);

  it('builds in full, and says why, when its list of link targets is garbled', async () => {
    const { site, summary } = await restoredAndEdited('garbled-links', (site) =>
      appendFileSync(join(buildCacheDir(site), LINKS_FILE), '"/cut short\n'),
    );
    expect(summary.ok).toBe(true);
    expect(summary.incremental).toEqual({
      full: expect.stringMatching(
        /^its files cannot be read: .*links\.txt is not the file its manifest has the digest of/,
      ),
    });
    expect(treeDigest(site)).toEqual(treeDigest(join(work, 'full')));
  }, 240_000);

  it("indexes and lists every kept page from its line, and says why, when the cache's search lines and list of pages are garbled", async () => {
    const lines: string[] = [];
    const site = join(work, 'garbled-search');
    linkTree(join(work, 'full'), site);
    cpSync(join(work, '.full-cache'), join(work, '.garbled-search-cache'), { recursive: true });
    const searchFile = join(buildCacheDir(site), SEARCH_FILE);
    // A document's summary edited by hand: the lines still split, but are not those the manifest has the digest of.
    const text = readFileSync(searchFile, 'utf8');
    const at = text.indexOf('\t[', text.length >> 1);
    writeFileSync(
      searchFile,
      `${text.slice(0, at)}\t["page","Edited by hand"${text.slice(text.indexOf(',', at + 10))}`,
    );
    // A page's last change moved by hand in the sorted list of pages.
    const ledgerFile = join(buildCacheDir(site), LEDGER_FILE);
    writeFileSync(ledgerFile, readFileSync(ledgerFile, 'utf8').replace(/\ti\t2/, '\ti\t1'));
    const article = demo.dataset.articles.find(isPublic)!;
    const summary = await buildSite({
      config: config(),
      root,
      outDir: site,
      logger: createLogger({ write: (line) => lines.push(line), color: false }),
      changes: [{ resource: 'article', recordId: article.id, listed: false }],
      warm: threads,
    });
    expect(summary.ok).toBe(true);
    expect(summary.incremental).toMatchObject({ reusedAs: 'in place' });
    expect(lines.join('\n')).toMatch(
      /the search index was made from every page's document \(the build cache's lines cannot be used: .*search\.tsv is not the file its manifest has the digest of\)/,
    );
    expect(lines.join('\n')).toMatch(
      /the list of pages was made from every kept page's line \(the build cache's .*ledger\.tsv is not the file its manifest has the digest of\)/,
    );
    expect(treeDigest(site)).toEqual(treeDigest(join(work, 'full')));
    // The next cache's files are whole again: the same as the full build's.
    for (const name of [SEARCH_FILE, LEDGER_FILE, SEARCH_FILES_FILE])
      expect(readFileSync(join(buildCacheDir(site), name), 'utf8'), name).toBe(
        readFileSync(join(work, '.full-cache', name), 'utf8'),
      );
  }, 240_000);

  it('leaves the media only kept pages name where they are, and does not ask again for those it could not copy', async () => {
    // The full build of the first test, restored elsewhere with its cache: the demo's content is the same.
    const site = join(work, 'kept-media');
    linkTree(join(work, 'full'), site);
    cpSync(join(work, '.full-cache'), join(work, '.kept-media-cache'), { recursive: true });
    const cached = (name: string) =>
      readFileSync(join(buildCacheDir(site), name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .sort();
    // The demo's messy roster: headshots whose files were removed (the API answers 404 for them).
    const failedBefore = cached(FAILED_MEDIA_FILE);
    expect(failedBefore.filter((url) => url.includes('/removed/')).length).toBeGreaterThan(10);
    const othersBefore = cached(FILES_FILE);
    const media = othersBefore.filter((file) => file.startsWith('media/'));
    const inodes = new Map(media.map((file) => [file, statSync(join(site, file)).ino]));
    const article = demo.dataset.articles.filter(isPublic).at(-1)!;
    const { summary, lines } = await buildLogged(site, [{ resource: 'article', recordId: article.id, listed: false }]);
    expect(summary.ok).toBe(true);
    expect(summary.incremental).toMatchObject({ reusedAs: 'in place' });
    // The routes that hold no touched page were replayed without reading their pages (as counts).
    const planned = /(\d+) of (\d+) route lists replayed from the build cache, (\d+) of them as counts/.exec(
      lines.join('\n'),
    );
    expect(planned, lines.join('\n')).toBeTruthy();
    expect(Number(planned![3])).toBeGreaterThan(Number(planned![2]) / 2);
    // Each failed URL is either named by a touched page (asked again, warned about by name) or counted in one line.
    const named = failedBefore.filter((url) => lines.some((line) => line.includes(`media ${url} could not be copied`)));
    const counted = lines
      .map((line) => /(\d+) media that pages kept from the previous build name could not be copied/.exec(line))
      .find(Boolean);
    expect(counted, lines.join('\n')).toBeTruthy();
    expect(named.length + Number(counted![1])).toBe(failedBefore.length);
    expect(named.length).toBeLessThan(failedBefore.length / 2);
    // Nothing was lost: the new cache lists the same files and failures, and every media file is the one it was.
    expect(cached(FAILED_MEDIA_FILE)).toEqual(failedBefore);
    expect(cached(FILES_FILE)).toEqual(othersBefore);
    for (const [file, ino] of inodes) expect(statSync(join(site, file)).ino, file).toBe(ino);
    // What the commit left of the staging folder (files replaced, folders) is removed on the thread pool.
    await expect
      .poll(() => readdirSync(work).filter((name) => name.startsWith('.kept-media-staging-')), { timeout: 10_000 })
      .toEqual([]);
  }, 240_000);

  it('touches only the year lists an article joins or leaves, and every year page when the years change', async () => {
    // The webhook service of the first test is done: these edits are built here, by hand.
    await service?.close();
    service = null;
    const site = join(work, 'years');
    linkTree(join(work, 'full'), site);
    cpSync(join(work, '.full-cache'), join(work, '.years-cache'), { recursive: true });
    const d = demo.dataset;
    // The rounds run in one process, as `site webhook` runs them: their threads are kept warm, and the search index's
    // thread holds the lines it wrote for the next round (src/search/held-lines.ts).
    const warm = createWarmWorkers();
    onTestFinished(() => warm.close());
    /** Edit, build incrementally with the CMS's changes, and compare with a full build of the same content. */
    const round = async (name: string, edits: Edit[]) => {
      const seq = demo.cms.log.latest;
      for (const edit of edits) await apply(edit);
      const changes = changedRecords(demo.cms.log.since(seq, 100));
      const conservative = touchedPages(buildCacheDir(site), changes).pages.length;
      const { summary, lines } = await buildLogged(site, changes, warm);
      const full = join(work, `years-full-${name}`);
      const fullSummary = await buildSite({ config: config(), root, outDir: full, logger, warm: threads });
      const a = treeDigest(site);
      const b = treeDigest(full);
      const differing = [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f) !== b.get(f)).sort();
      expect(differing.slice(0, 20), name).toEqual([]);
      // The same broken links (kept pages' links to stories unpublished) as the full build, though only the targets
      // whose page or file went, or that no file vouched for, were checked again.
      const brokenTargets = (links: typeof summary.links) => links.broken.map((link) => link.target);
      expect(brokenTargets(summary.links), name).toEqual(brokenTargets(fullSummary.links));
      // Each round is built incrementally from the cache the round before left: never a full build instead.
      expect(summary.incremental, name).toMatchObject({ touched: expect.any(Number) });
      const incremental = summary.incremental as { touched: number; reusedAs: string };
      // The routes of one page per record whose changed records were asked for alone (src/build/plan.ts).
      const patched = Number(
        /(\d+) made from the previous list and the changed records/.exec(lines.join('\n'))?.[1] ?? 0,
      );
      return {
        touched: incremental.touched,
        reusedAs: incremental.reusedAs,
        conservative,
        search: summary.search,
        patched,
      };
    };
    const byYear = (year: number) => d.articles.filter((a) => isPublic(a) && a.date.startsWith(`${year}-`));
    const oldest = Math.min(...d.articles.filter(isPublic).map((a) => Number(a.date.slice(0, 4))));
    const moved = byYear(oldest + 1)[0]!;
    const published: Edit = {
      what: 'create an article today',
      method: 'POST',
      path: '/articles',
      body: {
        title: 'Hawks Sign Coach',
        summary: 'News.',
        body: '<p>News.</p>',
        date: `${d.asOf}T12:00:00Z`,
        sport_id: d.sports[0]!.id,
        status: 'published',
      },
    };
    // Into this year, which has articles before and after: the small department's run over three years (2024-26),
    // and the oldest must be left out of both edits for a year's lists to be left alone.
    const thisYear = Number(d.asOf.slice(0, 4));
    const move: Edit = {
      what: `move article ${moved.id} to ${thisYear}`,
      method: 'PATCH',
      path: `/articles/${moved.id}`,
      body: { date: `${thisYear}-03-04T12:00:00Z` },
    };
    // An article today and one moved from an earlier year into this one: the lists of other years stay as they were.
    const first = await round('moved', [published, move]);
    expect(first.touched).toBeLessThan(first.conservative);
    // The article route's plan: the previous one, less the moved article's old page, with the two articles' pages now.
    expect(first.patched).toBe(1);
    // The moved article's document, new in the middle of its year's group and gone from the middle of another's,
    // would move the ids after it: the index is written whole.
    expect(first.search).toMatchObject({
      patched: false,
      patchRefused: expect.stringMatching(/in the middle|from the middle/),
    });
    // An article moved to another sport, and one of a third sport unpublished: the lists of all sports, of the sport
    // it joins, and of the two it leaves (found by the pages that showed them) are built again; another sport's
    // news pages are kept where they are, unread (the same file, not a copy).
    const inSport = (id: number) =>
      d.articles.filter((a) => isPublic(a) && a.sport?.id === id && a.date.slice(0, 4) !== String(oldest));
    const newsSports = d.sports.filter((x) => x.slug !== NO_NEWS_SPORT && inSport(x.id).length > 3);
    const [from, to, third, untouched] = newsSports;
    // Its news page, and every page under it: its year archives, and its numbered pages when it has any.
    const newsDir = join(site, 'sports', untouched!.slug, 'news');
    const keptNews = [
      `sports/${untouched!.slug}/news.html`,
      ...readdirSync(newsDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.html'))
        .map((file) => `sports/${untouched!.slug}/news/${file}`),
    ];
    expect(keptNews.length).toBeGreaterThan(1);
    const inodes = keptNews.map((file) => statSync(join(site, file)).ino);
    const resported = inSport(from!.id).find((a) => a.id !== moved.id)!;
    const unpublished = inSport(third!.id)[0]!;
    const sports = await round('sports', [
      {
        what: `move article ${resported.id} to ${to!.slug}`,
        method: 'PATCH',
        path: `/articles/${resported.id}`,
        body: { sport_id: to!.id },
      },
      { what: `unpublish article ${unpublished.id}`, method: 'POST', path: `/articles/${unpublished.id}/unpublish` },
    ]);
    expect(sports.touched).toBeLessThan(sports.conservative);
    expect(keptNews.map((file) => statSync(join(site, file)).ino)).toEqual(inodes);

    // The first article of the sport without news gives its menu a News item: a new build id, so every page is
    // rendered again from its previous data, and the cache that build leaves serves the next round in place.
    const noNews = d.sports.find((x) => x.slug === NO_NEWS_SPORT)!;
    // The first test's random edits may have given it news already: unpublished here, which takes its News item away.
    const itsNews = d.articles.filter((a) => isPublic(a) && a.sport?.id === noNews.id);
    if (itsNews.length)
      await round(
        'no-news-again',
        itsNews.map((a) => ({
          what: `unpublish article ${a.id}`,
          method: 'POST',
          path: `/articles/${a.id}/unpublish`,
        })),
      );
    const chrome = await round('chrome', [
      {
        ...published,
        what: `create article in ${NO_NEWS_SPORT}`,
        body: { ...(published.body as object), sport_id: noNews.id, title: 'First News' },
      },
    ]);
    expect(chrome.reusedAs).toBe('rendered');

    // The first article of a year the site has none of: every page that lists the site's years is built again
    // (its key of the years' answer is the new one), and the sports' other than the article's are not.
    const yearKeys = () => {
      const keys = new Map<string, Set<string>>();
      for (const { deps } of cachedPages(buildCacheDir(site)))
        for (const dep of deps.filter((d) => d.startsWith('a:articleYears:')))
          keys.set(dep.slice(0, dep.indexOf('=')), (keys.get(dep.slice(0, dep.indexOf('='))) ?? new Set()).add(dep));
      return keys;
    };
    const before = yearKeys();
    const sport = d.sports.find((x) => before.has(`a:articleYears:[${x.id}]`))!;
    await round('new-year', [
      {
        ...published,
        what: 'an article of a year with none',
        body: {
          ...(published.body as object),
          sport_id: sport.id,
          title: 'From the Archives',
          date: `${oldest - 5}-06-01T12:00:00Z`,
        },
      },
    ]);
    const after = yearKeys();
    for (const call of ['a:articleYears:[null]', `a:articleYears:[${sport.id}]`]) {
      expect(after.get(call)!.size, call).toBe(1);
      expect(before.get(call)!.has([...after.get(call)!][0]!), call).toBe(false);
    }
    const other = [...before.keys()].find(
      (call) => call !== 'a:articleYears:[null]' && !call.endsWith(`[${sport.id}]`),
    )!;
    expect(after.get(other)).toEqual(before.get(other));

    // A game played that had no result: the season statistics of its sport and season add it up (the API answers
    // them otherwise now), and no other season's are built again.
    const game = d.events.find((e) => e.opponent && e.date < '2026-11-15' && e.result?.status !== 'final')!;
    const result = await round('result', [
      {
        what: `result of event ${game.id}`,
        method: 'PATCH',
        path: `/events/${game.id}`,
        body: { result: { status: 'final', team_score: 3, opponent_score: 1, outcome: 'W' } },
      },
    ]);
    expect(result.touched).toBeLessThan(result.conservative);
    // The search thread of the round before wrote the lines this one starts from, and held them.
    expect(result.search).toMatchObject({ patched: true, patchRefused: null, linesHeld: true });

    // An article retitled: its document keeps its place, and the index is patched in place (src/search/patch.ts).
    const retitled = await round('retitled', [
      {
        what: `retitle article ${moved.id}`,
        method: 'PATCH',
        path: `/articles/${moved.id}`,
        body: { title: `${moved.title}, updated` },
      },
    ]);
    expect(retitled.search).toMatchObject({ patched: true, patchRefused: null, linesHeld: true });

    // An article published today, the newest of its sport, then unpublished: its document is new at its group's end,
    // then gone from it, and every other document keeps its id: the index is patched in place both times. Unless the
    // first test's random edits left its group with as many documents as its range of ids holds: then the new one
    // makes the range larger, and its going smaller again, which the patch refuses (the index is written whole; the
    // rounds' files are the full build's all the same). Which seeds do so depends on their edits.
    const patchedUnlessResized = (search: unknown) => {
      const { patched, patchRefused } = search as { patched: boolean; patchRefused: string | null };
      if (patched) expect(patchRefused).toBeNull();
      else expect(patchRefused).toMatch(/would take a (larger|smaller) range of ids$/);
    };
    // The site's numbered news pages (numbered from the oldest story: src/pages/news-paging.ts) below the newest
    // few: a story published today, and its withdrawal, leave their files where they are, not written again.
    const numberedDir = join(site, 'news', 'page');
    const numberedFiles = readdirSync(numberedDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(html|json)$/.test(file),
    );
    const newestNumbered = Math.max(...numberedFiles.map((file) => parseInt(file, 10)));
    const below = numberedFiles.filter((file) => parseInt(file, 10) <= newestNumbered - 4);
    expect(below.length).toBeGreaterThan(10);
    const belowInodes = below.map((file) => statSync(join(numberedDir, file)).ino);
    const created = await round('published-today', [
      {
        ...published,
        what: 'create the newest article',
        body: { ...(published.body as object), title: 'Zone Defense Clinic Recap', date: `${d.asOf}T23:00:00Z` },
      },
    ]);
    patchedUnlessResized(created.search);
    expect(created.patched).toBe(1);
    const newest = demo.cms.log.since(demo.cms.log.latest - 1, 1)[0]!.record_id;
    const withdrawn = await round('unpublished-today', [
      { what: 'unpublish the newest article', method: 'POST', path: `/articles/${newest}/unpublish` },
    ]);
    patchedUnlessResized(withdrawn.search);
    expect(withdrawn.patched).toBe(1);
    expect(below.map((file) => statSync(join(numberedDir, file)).ino)).toEqual(belowInodes);
    // An old article's slug changed: its page moves, and the pages that show it change; no list in date order moves
    // (the numbered pages that do not show it stay as they are).
    const renamedArticle = d.articles.filter((a) => isPublic(a) && a.date.startsWith(`${oldest + 1}-`)).at(-1)!;
    const numberedHtml = numberedFiles.filter((file) => file.endsWith('.html'));
    const numberedInodes = numberedHtml.map((file) => statSync(join(numberedDir, file)).ino);
    const reslugged = await round('reslugged', [
      {
        what: `change the slug of article ${renamedArticle.id}`,
        method: 'PATCH',
        path: `/articles/${renamedArticle.id}`,
        body: { slug: `${renamedArticle.slug}-renamed` },
      },
    ]);
    const rewritten = numberedHtml.filter((file, i) => statSync(join(numberedDir, file)).ino !== numberedInodes[i]);
    expect(rewritten.length, rewritten.join(', ')).toBeLessThanOrEqual(1);
    expect(reslugged.touched).toBeLessThan(newestNumbered);
    // What the two touched: the news pages, the newest numbered pages, the article and the lists of the newest
    // stories (the home page's, the sport's), far fewer than the site's numbered pages.
    expect(created.touched).toBeLessThan(newestNumbered);
    expect(withdrawn.touched).toBeLessThan(newestNumbered);
  }, 400_000);

  it("reports a kept page's link to a page that is gone, naming it, as a full build does", async () => {
    // The output of the test before, which built every change made so far.
    const site = join(work, 'links');
    linkTree(join(work, 'years'), site);
    cpSync(join(work, '.years-cache'), join(work, '.links-cache'), { recursive: true });
    // The article pages of the output (the edits above unpublished and moved some of the dataset's).
    const bySlug = new Map(
      [...cachedPages(buildCacheDir(site))]
        .map((page) => page.path)
        .filter((path) => /^\/news\/\d{4}\/\d\d\/\d\d\/[^/]+$/.test(path))
        .map((path) => [path.slice(path.lastIndexOf('/') + 1), path]),
    );
    const pathOf = (a: { slug: string }) => bySlug.get(a.slug)!;
    const articles = demo.dataset.articles.filter((a) => isPublic(a) && bySlug.has(a.slug));
    // An article links, in its body, to an old one of another sport: nothing else of the linking page reads that.
    const linking = articles.at(-1)!;
    const linked = articles.find((a) => a.sport && a.sport.id !== linking.sport?.id)!;
    const [from, to] = [pathOf(linking), pathOf(linked)];
    const build = async (edit: Edit) => {
      const seq = demo.cms.log.latest;
      await apply(edit);
      const changes = changedRecords(demo.cms.log.since(seq, 100));
      return {
        changes,
        summary: await buildSite({ config: config(), root, outDir: site, logger, changes, warm: threads }),
      };
    };
    await build({
      what: `link article ${linking.id} to ${linked.id}`,
      method: 'PATCH',
      path: `/articles/${linking.id}`,
      body: { body: `<p>As <a href="${to}">we reported</a>.</p>` },
    });
    // The linked article is unpublished: the linking page is kept in place, unread, and its link now leads nowhere.
    const { changes, summary } = await build({
      what: `unpublish article ${linked.id}`,
      method: 'POST',
      path: `/articles/${linked.id}/unpublish`,
    });
    expect(touchedPages(buildCacheDir(site), changes).pages).not.toContain(from);
    expect(summary.incremental).toMatchObject({ reusedAs: 'in place' });
    // Named by a page that holds it (the demo's bodies link to other stories too: there may be more than one).
    const holder = summary.links.broken.find((link) => link.target === to)?.page;
    expect(holder).toBeDefined();
    expect(readFileSync(join(site, `${holder!.slice(1)}.html`), 'utf8')).toContain(`href="${to}"`);
    // The same broken links as a full build of the same content finds (the edits above left others).
    const full = await buildSite({ config: config(), root, outDir: join(work, 'links-full'), logger, warm: threads });
    const targets = (broken: typeof summary.links.broken) => broken.map((link) => link.target);
    expect(targets(full.links.broken)).toEqual(targets(summary.links.broken));
    // The next incremental build still knows the link (the cache's list of targets kept it).
    const again = await build({
      what: `retitle article ${linked.id}`,
      method: 'PATCH',
      path: `/articles/${linked.id}`,
      body: { title: 'Still unpublished' },
    });
    expect(targets(again.summary.links.broken)).toEqual(targets(summary.links.broken));

    // A link of a chrome the kept pages name that leads nowhere (a page of the menus gone; here written into the
    // cache's chrome.json and its targets to check again): named by a kept page whose chrome it is, as a full build
    // would.
    const cache = buildCacheDir(site);
    const chromes = JSON.parse(readFileSync(join(cache, CHROME_FILE), 'utf8')) as Record<string, { links: string[] }>;
    const [chrome, entry] = Object.entries(chromes).find(([, c]) => c.links.includes('/news'))!;
    entry.links.push('/no-such-section');
    writeFileSync(join(cache, CHROME_FILE), JSON.stringify(chromes));
    appendFileSync(join(cache, RECHECK_FILE), `${JSON.stringify('/no-such-section')}\n`);
    const menus = await build({
      what: `retitle article ${linked.id} again`,
      method: 'PATCH',
      path: `/articles/${linked.id}`,
      body: { title: 'Still unpublished, again' },
    });
    const named = menus.summary.links.broken.find((link) => link.target === '/no-such-section')?.page;
    expect(named).toBeDefined();
    const line = segmentFiles(cache)!
      .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
      .find((whole) => whole.startsWith(`[${JSON.stringify(named)},`))!;
    expect(line).toContain(`"chrome":${JSON.stringify(chrome)}`);
  }, 300_000);

  it('counts the media of a page kept from the previous build (--keep-going) as a full build does, once it is built again', async () => {
    // A page that fails is built from its previous data (--keep-going): it has no line in the build cache, so the
    // next build treats it as touched and builds it again; its media are counted once, as a full build counts them.
    const site = join(work, 'kept-going');
    await buildSite({ config: config(), root, outDir: site, logger, warm: threads });
    const article = demo.dataset.articles.filter(isPublic).findLast((a) => a.featured_image)!;
    demo.setFaults({ failFirst: 1e9, errorStatus: 500, match: `/articles/by/slug/${article.slug}` });
    let failing;
    try {
      failing = await buildSite({ config: config(), root, outDir: site, logger, keepGoing: true, warm: threads });
    } finally {
      demo.setFaults({});
    }
    expect(failing.kept.map((page) => page.path)).toEqual([expect.stringContaining(article.slug)]);
    const player = demo.dataset.players[0]!;
    const next = await buildSite({
      config: config(),
      root,
      outDir: site,
      logger,
      changes: [{ resource: 'player', recordId: player.id, listed: false }],
      warm: threads,
    });
    expect(next.incremental).toMatchObject({ reusedAs: 'in place' });
    const full = join(work, 'kept-going-full');
    await buildSite({ config: config(), root, outDir: full, logger, warm: threads });
    const media = (out: string) => readFileSync(join(buildCacheDir(out), MEDIA_FILE), 'utf8');
    expect(media(site)).toContain(article.featured_image!.url);
    expect(media(site)).toBe(media(full));
  }, 300_000);
});
