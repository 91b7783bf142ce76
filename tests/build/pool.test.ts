import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, PACKAGE_ROOT } from '../../src/build/bundle.ts';
import { notFoundTask } from '../../src/build/finish.ts';
import {
  AFFINITY_WINDOW,
  affinity,
  createRenderPool,
  createWarmWorkers,
  nextPageFor,
  PAGES_PER_START,
  type RenderPool,
  type RenderPoolOptions,
  type WarmWorkers,
  WORKER_HEAP_MB,
} from '../../src/build/render/pool.ts';
import type { PageFacts } from '../../src/build/deps/cache.ts';
import type { PageTask } from '../../src/build/render/protocol.ts';
import type { DemoServer } from '../../src/demo/server/server.ts';
import { isFieldhouseError } from '../../src/errors/error.ts';
import { startDemo } from '../helpers/demo.ts';
import { demoConnection, demoSite } from '../helpers/site.ts';

/** The render pool with two workers against the demo CMS: the typed protocol both ways, in seconds. */
const out = mkdtempSync(join(tmpdir(), 'fieldhouse-pool-out-'));
// Beside Fieldhouse's node_modules, so the worker bundle resolves react (as the build's own cache folder does).
const cache = mkdtempSync(join(PACKAGE_ROOT, 'node_modules/.cache/fieldhouse-pool-'));
const warnings: string[] = [];
let demo: DemoServer;
let pool: RenderPool;
let options: RenderPoolOptions;

beforeAll(async () => {
  demo = await startDemo();
  const built = await bundle({ outDir: out, cacheDir: cache });
  const { site, close } = await demoSite(demo);
  await close();
  options = {
    workers: 2,
    workerBundle: built.workerBundle,
    outDir: out,
    buildId: '0123456789abcdef',
    assets: { ...built.assets, siteData: '/_site/data/site-test.json' },
    scripts: { ticketMarketing: null, heatmap: null },
    siteJson: JSON.stringify(site),
    builder: { ...demoConnection(demo), retries: 0, memoEntries: 16, search: true },
    loadsPerWorker: 4,
    searchDir: cache,
    depsDir: cache,
    onWarn: (message) => warnings.push(message),
  };
  pool = await createRenderPool(options);
}, 60_000);

afterAll(async () => {
  await pool?.close();
  await demo?.close();
  rmSync(out, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

describe('the render pool, two workers', () => {
  it('builds pages in its workers: loaded, rendered and written, with what the sitemap needs', async () => {
    const pages: Omit<PageTask, 'id'>[] = [
      {
        route: 'sports-sport-roster',
        params: { sport: 'football' },
        path: '/sports/football/roster',
        label: 'football roster',
      },
      {
        route: 'sports-sport-roster',
        params: { sport: 'volleyball' },
        path: '/sports/volleyball/roster',
        label: 'volleyball roster',
      },
      { route: 'staff-directory', params: {}, path: '/staff-directory', label: 'staff directory' },
    ];
    const built = await Promise.all(pages.map((page) => pool.buildPage(page)));
    for (const [i, result] of built.entries()) {
      expect(result.kind, pages[i]!.path).toBe('page');
      if (result.kind !== 'page') continue;
      expect(result.rendered.bytes).toBeGreaterThan(10_000);
      expect(result.rendered.digest).toMatch(/^[0-9a-f]{40}$/);
      expect(existsSync(join(out, pages[i]!.path + '.html'))).toBe(true);
      expect(existsSync(join(out, pages[i]!.path, '_payload.json'))).toBe(true);
    }
    expect(built[0]!.kind === 'page' && built[0]!.rendered.media.length).toBeGreaterThan(0);
    // Each worker says how much heap it holds with its pages (the build's peak by thread): a V8 heap under its cap.
    const heaps = pool.threadHeaps();
    expect(heaps).toHaveLength(2);
    expect(heaps.filter((heap) => heap > 0).length).toBeGreaterThan(0);
    for (const heap of heaps.filter((heap) => heap > 0)) {
      expect(heap).toBeGreaterThan(4 << 20);
      expect(heap).toBeLessThan((WORKER_HEAP_MB + 64) << 20);
    }
  });

  it('says why it skips a page the API does not have, naming the call', async () => {
    const result = await pool.buildPage({
      route: 'photo-galleries-slug',
      params: { slug: 'no-such-gallery' },
      path: '/photo-galleries/no-such-gallery',
      label: 'gallery nobody made',
    });
    expect(result).toMatchObject({ kind: 'skip' });
    expect(result.kind === 'skip' && result.reason).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/galleries\/by\/slug\/no-such-gallery answered 404/,
    );
  });

  it('hands back an error as the catalogue’s, with its code, status and hint', async () => {
    demo.setFaults({ errorRate: 1, errorStatus: 403, match: '/staff/by/slug/' });
    try {
      const result = await pool.buildPage({
        route: 'staff-slug',
        params: { slug: 'someone' },
        path: '/staff/someone',
        label: 'someone',
      });
      expect(result.kind).toBe('error');
      const error = result.kind === 'error' ? result.error : null;
      expect(isFieldhouseError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'ApiHttpError', status: 403, fatal: true });
      expect(error!.hint).toMatch(/403 means the API refused access/);
    } finally {
      demo.setFaults({});
    }
  });

  it('renders a known payload (the 404 document); every page carries the build id it was given', async () => {
    const notFound = notFoundTask();
    const rendered = await pool.render(notFound);
    expect(rendered.bytes).toBeGreaterThan(1_000);
    for (const path of ['sports/football/roster', 'sports/volleyball/roster', 'staff-directory']) {
      expect(readFileSync(join(out, path + '.html'), 'utf8')).toContain(
        '<meta name="fh-build" content="0123456789abcdef">',
      );
      expect(readFileSync(join(out, path, '_payload.json'), 'utf8')).toMatch(/^\{"buildId":"0123456789abcdef"/);
    }
    expect(readFileSync(join(out, '404.html'), 'utf8')).toContain('content="0123456789abcdef"');
  });

  it("renders an untouched page again from a previous output's payload, with no API call, carrying what it read", async () => {
    // The staff directory as a previous output holds it; the new output does not have it yet.
    const previous = mkdtempSync(join(tmpdir(), 'fieldhouse-pool-previous-'));
    try {
      mkdirSync(join(previous, 'staff-directory'), { recursive: true });
      renameSync(join(out, 'staff-directory.html'), join(previous, 'staff-directory.html'));
      renameSync(join(out, 'staff-directory/_payload.json'), join(previous, 'staff-directory/_payload.json'));
      const requests = demo.requests;
      const task = { route: 'staff-directory', params: {}, path: '/staff-directory', label: 'staff directory' };
      const result = await pool.buildPage({ ...task, from: previous, deps: ['q:staff:[]', 'staff:7'] });
      expect(result.kind).toBe('page');
      if (result.kind !== 'page') return;
      expect(demo.requests).toBe(requests);
      expect(readFileSync(join(out, 'staff-directory.html'), 'utf8')).toBe(
        readFileSync(join(previous, 'staff-directory.html'), 'utf8'),
      );
      // What the build keeps of it is what rendering it gave: the digest of its payload, its links.
      const { buildId: _id, ...payload } = JSON.parse(
        readFileSync(join(previous, 'staff-directory/_payload.json'), 'utf8'),
      );
      expect(result.rendered.digest).toBe(createHash('sha1').update(JSON.stringify(payload)).digest('hex'));
      expect(result.rendered.links.own.length).toBeGreaterThan(0);
      expect(result.sitemap).not.toBeNull();
    } finally {
      rmSync(previous, { recursive: true, force: true });
    }
  });

  it('closes the search and deps files of its workers when loading is done', async () => {
    const { searchFiles: files, depsFiles } = await pool.loadingDone();
    expect(files).toHaveLength(2);
    // What each page read: its API calls, and the records their answers held (the roster's players).
    const deps = new Map(
      depsFiles.flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as [string, string[]]),
      ),
    );
    const football = deps.get('/sports/football/roster')!;
    expect(football.some((d) => d.startsWith('q:roster:[1,'))).toBe(true);
    expect(football.filter((d) => d.startsWith('player:')).length).toBeGreaterThan(20);
    // And what the build derived from it: an incremental build keeps the page without reading it again.
    const lines = depsFiles.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as [string, string[], PageFacts]),
    );
    const facts = lines.find(([path]) => path === '/sports/football/roster')![2];
    expect(facts.digest).toMatch(/^[0-9a-f]{40}$/);
    expect(facts.links.some((link) => link.startsWith('/sports/football/roster/'))).toBe(true);
    expect(facts.search?.path).toBe('/sports/football/roster');
    // The staff directory, rendered from a previous payload, carries the deps it was given.
    const staff = lines.filter(([path]) => path === '/staff-directory').map(([, deps]) => deps);
    expect(staff).toContainEqual(['q:staff:[]', 'staff:7']);
    const docs = files.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean));
    // Each sport's roster is a search result of its own ("football roster"); the staff directory is not.
    expect(docs).toHaveLength(2);
    for (const sport of ['football', 'volleyball']) expect(docs.join('\n')).toContain(`"/sports/${sport}/roster"`);
  });
});

/** A sport's roster page, as the plan gives it. */
const roster = (sport: string): Omit<PageTask, 'id'> => ({
  route: 'sports-sport-roster',
  params: { sport },
  path: `/sports/${sport}/roster`,
  label: `${sport} roster`,
});

describe('the render pool, starting with one of its workers', () => {
  const lazy = (dir: string) =>
    createRenderPool({ ...options, startWith: 1, loadsPerWorker: 1, searchDir: dir, depsDir: dir });

  it('builds a few pages in the one thread it started with', async () => {
    const dir = mkdtempSync(join(cache, 'few-'));
    const few = await lazy(dir);
    try {
      expect((await few.buildPage(roster('football'))).kind).toBe('page');
      const { depsFiles } = await few.loadingDone();
      expect(depsFiles).toHaveLength(1);
      expect(few.threadHeaps()).toHaveLength(1);
    } finally {
      await few.close();
    }
    // Ended threads hold no heap: the build's peak in its last stages is not given theirs.
    expect(few.threadHeaps()).toEqual([]);
  });

  it('starts the other when told of enough pages to build, and every page is built', async () => {
    const dir = mkdtempSync(join(cache, 'many-'));
    const many = await lazy(dir);
    try {
      many.expect(PAGES_PER_START);
      many.expect(PAGES_PER_START + 1);
      const sports = ['football', 'volleyball', 'baseball', 'softball'];
      const built = await Promise.all(sports.map((sport) => many.buildPage(roster(sport))));
      expect(built.map((result) => result.kind)).toEqual(sports.map(() => 'page'));
      const { depsFiles } = await many.loadingDone();
      expect(depsFiles).toHaveLength(2);
      const paths = depsFiles.flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => (JSON.parse(line) as [string])[0]),
      );
      expect(paths.sort()).toEqual(sports.map((sport) => `/sports/${sport}/roster`).sort());
    } finally {
      await many.close();
    }
  });
});

describe('render threads kept warm between builds (site webhook)', () => {
  /** A build's pool: its own output, files and build id, the warm threads given. */
  const buildPool = (name: string, warm: WarmWorkers, overrides: Partial<RenderPoolOptions> = {}) => {
    const dir = mkdtempSync(join(cache, `${name}-`));
    return {
      dir,
      pool: createRenderPool({ ...options, outDir: dir, searchDir: dir, depsDir: dir, warm, ...overrides }),
    };
  };

  it('gives the next build the same threads, set up afresh: its build id, output and files, nothing of the last', async () => {
    const warm = createWarmWorkers();
    try {
      const first = buildPool('warm-first', warm);
      const one = await first.pool;
      const threads = new Set(one.threadIds());
      expect(threads.size).toBe(2);
      expect((await one.buildPage(roster('football'))).kind).toBe('page');
      await one.loadingDone();
      await one.close();
      expect(warm.count(options.workerBundle)).toBe(2);
      // A build closes its pool once the threads' work is done, and again as it ends: nothing is parked twice.
      await one.close();
      expect(warm.count(options.workerBundle)).toBe(2);

      // The next build starts every warm thread at once (no start: a message), whatever startWith says.
      const second = buildPool('warm-second', warm, { buildId: 'fedcba9876543210', startWith: 1 });
      const two = await second.pool;
      expect(new Set(two.threadIds())).toEqual(threads);
      expect(warm.count(options.workerBundle)).toBe(0);
      const requests = demo.requests;
      expect((await two.buildPage(roster('football'))).kind).toBe('page');
      // The roster came from the API again: the last build's memo went with it.
      expect(demo.requests).toBeGreaterThan(requests);
      const html = readFileSync(join(second.dir, 'sports/football/roster.html'), 'utf8');
      expect(html).toContain('<meta name="fh-build" content="fedcba9876543210">');
      const { depsFiles } = await two.loadingDone();
      expect(depsFiles.every((file) => file.startsWith(second.dir))).toBe(true);
      expect(depsFiles.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean))).toHaveLength(1);
      await two.close();
    } finally {
      await warm.close();
    }
    expect(warm.count(options.workerBundle)).toBe(0);
  });

  it('ends the threads of a build that stopped with pages still loading, instead of keeping them', async () => {
    const warm = createWarmWorkers();
    demo.setFaults({ latencyMs: 2_000, match: '/rosters/' });
    try {
      const stopped = await buildPool('warm-stopped', warm).pool;
      // A page loading when the build stops (a failed plan stops a build at once): its thread could still write it.
      void stopped.buildPage(roster('football')).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await stopped.close();
      expect(warm.count(options.workerBundle)).toBe(0);
    } finally {
      demo.setFaults({});
      await warm.close();
    }
  });

  it('ends parked threads when threads of another server bundle (changed code) are parked', async () => {
    const warm = createWarmWorkers();
    try {
      const built = await buildPool('warm-bundle', warm).pool;
      await built.loadingDone();
      await built.close();
      expect(warm.count(options.workerBundle)).toBe(2);
      // A thread of another kind of bundle (the search index's) is kept beside them.
      const search = new Worker('setInterval(() => {}, 1000)', { eval: true });
      const searchBundle = join(dirname(options.workerBundle), 'search-worker.mjs');
      warm.park(searchBundle, search);
      expect(warm.count(options.workerBundle)).toBe(2);
      expect(warm.count(searchBundle)).toBe(1);
      // The same bundle in another folder: the code changed, and the threads of the old one are ended.
      const other = new Worker('setInterval(() => {}, 1000)', { eval: true });
      const changed = join(dirname(options.workerBundle), 'changed', basename(options.workerBundle));
      warm.park(changed, other);
      expect(warm.count(options.workerBundle)).toBe(0);
      expect(warm.count(changed)).toBe(1);
      expect(warm.take(options.workerBundle)).toBeUndefined();
      expect(warm.take(changed)).toBe(other);
      expect(warm.take(searchBundle)).toBe(search);
      await Promise.all([other.terminate(), search.terminate()]);
    } finally {
      await warm.close();
    }
  });
});

describe('which render thread a page goes to first', () => {
  const player = (sport: string, slug: string, season?: string): Omit<PageTask, 'id'> => ({
    route: season ? 'sports-sport-roster-season-season-player-slug' : 'sports-sport-roster-player-slug',
    params: season ? { sport, season, slug } : { sport, slug },
    path: season ? `/sports/${sport}/roster/season/${season}/player/${slug}` : `/sports/${sport}/roster/player/${slug}`,
    label: `player ${slug}`,
  });

  it('is one for every page of a sport, so its memo (rosters, schedules) serves them all', () => {
    const seasons = ['2021-22', '2022-23', '2023-24'].map((season) => ({
      ...roster('football'),
      route: 'sports-sport-roster-season-season',
      params: { sport: 'football', season },
    }));
    for (const task of seasons) expect(affinity(task, 2)).toBe(affinity(roster('football'), 2));
  });

  it('is one for a player’s own page and each season’s, and a sport’s players spread over the threads', () => {
    const slugs = Array.from({ length: 40 }, (_, i) => `player-${i}`);
    for (const slug of slugs) {
      const own = affinity(player('football', slug), 2);
      for (const season of ['2022-23', '2023-24']) expect(affinity(player('football', slug, season), 2)).toBe(own);
    }
    const threads = slugs.map((slug) => affinity(player('football', slug), 2));
    expect(threads.filter((thread) => thread === 0).length).toBeGreaterThan(10);
    expect(threads.filter((thread) => thread === 1).length).toBeGreaterThan(10);
  });

  it('is taken from near the queue’s head: a worker with room takes its own first page there, or else the head', () => {
    const queue = [1, 3, 5, 2, 7, 4].map((hash) => ({ hash }));
    expect(nextPageFor(queue, 0, 2)).toBe(3);
    expect(nextPageFor(queue, 1, 2)).toBe(0);
    // Three workers: the first page of the third (hash 5 % 3 = 2).
    expect(nextPageFor(queue, 2, 3)).toBe(2);
    // None of its own within the window: the head, so that no worker waits while there is work.
    const others = Array.from({ length: AFFINITY_WINDOW }, () => ({ hash: 1 }));
    expect(nextPageFor([...others, { hash: 0 }], 0, 2)).toBe(0);
    expect(nextPageFor([], 0, 2)).toBe(0);
  });
});
