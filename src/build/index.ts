import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ContentApi } from '../api/endpoints.ts';
import type { SiteConfig } from '../config/schema.ts';
import { ApiUnreachable, BuildBrokenLinks, BuildFailed, BuildLostPages } from '../errors/catalogue.ts';
import { createError, formatError, isFieldhouseError, errorMessage } from '../errors/error.ts';
import type { Logger } from '../logger/logger.ts';
import type { PageContext } from '../pages/index.ts';
import { ROUTES } from '../pages/index.ts';
import { createRouter, type Router } from '../routes/match.ts';
import { urlRedirect } from '../routes/url-rules.ts';
import { createSpareBuffer } from '../util/file-bytes.ts';
import { createLineWriter } from '../util/line-files.ts';
import { FIELDHOUSE_VERSION } from '../version.ts';
import { buildIdOf, contentIdOf, pageConfigOf } from './build-id.ts';
import {
  buildPages,
  createPagesResult,
  keepInPlace,
  type BuildPagesOptions,
  type BuildPagesResult,
  type KeptPage,
  type PageFailure,
  type KeptInPlace,
} from './build-pages.ts';
import { bundle } from './bundle.ts';
import { createChannel } from './channel.ts';
import { buildClock } from './dates.ts';
import { writeFeeds } from './feeds/index.ts';
import {
  buildMetaHead,
  copyPublic,
  createMediaMirror,
  notFoundTask,
  writeLatest,
  writeSiteData,
  type PreviousMedia,
} from './finish.ts';
import { hostRules, writeHostFiles, type HostRules } from './hosts/index.ts';
import {
  brokenLinks,
  createLinkLedger,
  targetsServedBy,
  type BrokenLink,
  type LinkCheck,
  type LinkLedger,
  type LinkTargets,
} from './links.ts';
import { createLedger, type Ledger, pathsOf, type PreviousList } from './ledger.ts';
import { askAfterChanges, createAnswerCheck, createTouchSorter, touchTest, type Verdict } from './deps/touch.ts';
import {
  depsOf,
  SEARCH_FILE,
  SEARCH_FILES_FILE,
  LEDGER_FILE,
  configDigest,
  prepareBuildCache,
  readBuildCache,
  cachedChromes,
  type CachedChrome,
  cachedPlan,
  cachedFailedMedia,
  cachedMedia,
  cachedLinks,
  cachedOthers,
  JOURNAL_FILE,
  buildCacheDir,
  type PendingCache,
} from './deps/cache.ts';
import { outputVersion } from './staging.ts';
import type { ChangedRecord } from '../webhooks/change.ts';
import { createMemo, withMemo } from './memo.ts';
import { createPageTally, type PageTally } from './deps/tally.ts';
import { comparePaths, keptLines } from './deps/kept-lines.ts';
import { scanPageLines, type LineRef } from './deps/page-lines.ts';
import { sortedTargetLines, type TargetList } from './deps/target-list.ts';
import {
  createKeptFiles,
  filesUnder,
  otherFiles,
  pageFiles,
  planOverlay,
  type KeptFiles,
  type OverlayPlan,
  type PageSet,
} from './overlay.ts';
import { planPages, plannedPageCodec, type CachedRoute, type PlannedPage } from './plan.ts';
import { PAGES_DIR } from './deps/segments.ts';
import { SHELLS_DIR } from '../output/layout.ts';
import { previousBuild } from './previous.ts';
import { loadRedirects } from './redirects.ts';
import { AFFINITY_WINDOW, createRenderPool, workerCount, type WarmWorkers } from './render/pool.ts';
import { openBuild, type BuildResources } from './resources.ts';
import { createSession, type PeakMemory, type Session } from './session.ts';
import { loadSiteData } from './site-data.ts';
import { mediaIn } from '../output/media.ts';
import { createImageService, imageMap, type ImageStats } from '../images/service.ts';
import { createReusingWriter } from '../output/writer.ts';
import { createSetDigest } from '../util/set-digest.ts';
import { keepHeapNear } from '../util/heap-keeper.ts';
import { startSearchIndex, type SearchJobBase } from '../search/in-worker.ts';

export type { KeptPage, PageFailure };

const MEMO_ENTRIES = 256;
const PLAN_MEMO_ENTRIES = 16;
/** Pages loading at once in one render worker: its share of the requests in flight, and two more. */
const loadsPerWorker = (concurrency: number, workers: number) => Math.ceil(concurrency / workers) + 2;
const MEDIA_CONCURRENCY = 8;
/** Planned pages kept in memory before the rest wait on disk (enough to keep every worker busy). */
const PLANNED_IN_MEMORY = 4096;
/** Broken links listed one by one in the warnings; the summary counts the rest. */
const BROKEN_LINKS_SHOWN = 50;
/**
 * The main thread's heap is collected once it holds 32 MB (or half its live data, when that is more) past what was left
 * after its last collection (util/heap-keeper.ts): at scale 10 its live data is 50–80 MB, and V8 alone let the heap
 * reach 240 MB.
 */
const MAIN_HEAP = { slackMb: 32, everyMs: 250 };

export interface BuildOptions {
  config: SiteConfig;
  /** Project root: the config's folder (public/, caches, the default output folder). */
  root: string;
  outDir?: string;
  /** Render workers (overrides the config). */
  concurrency?: number;
  keepGoing?: boolean;
  /** Fail the build (the output folder is not replaced) when a page links to a page the site does not have. */
  strict?: boolean;
  logger: Logger;
  /** Draw live progress bars. */
  tty?: boolean;
  verbose?: boolean;
  /**
   * An incremental build: the records that changed since the output's build. Pages the build cache says they
   * touch are loaded from the API; the others are built from their data in the output. Without a usable cache, or
   * with a settings change, the build is a full one (the summary says why).
   */
  changes?: readonly (ChangedRecord & { listed?: boolean })[];
  /**
   * Threads kept warm between the builds of a process that builds again and again (`site webhook`), render threads
   * and the search index's: taken from there, and left there when the build is over (render/pool.ts,
   * createWarmWorkers). The caller closes it.
   */
  warm?: WarmWorkers;
}

export interface BuildSummary {
  ok: boolean;
  /** What every page carries: changes with the code, config, site data or assets, not with content (build-id.ts). */
  buildId: string | null;
  /** Changes with any change of the output's content (latest.json carries it beside the build id). */
  contentId: string | null;
  outDir: string;
  routes: number;
  pages: number;
  files: number;
  skipped: number;
  warnings: number;
  failed: PageFailure[];
  /** Pages that failed and were built from the previous build's data instead (--keep-going). */
  kept: KeptPage[];
  /** Pages that failed on a flaky API and were built when tried once more at the end. */
  retriedPages: number;
  wallMs: number;
  pagesPerSecond: number;
  /** Peak memory of the build process (main thread and render workers). */
  peakRssMb: number;
  /** The same peak, by what held it: V8's heap of each thread, and the rest (session.ts). */
  peakMemory: PeakMemory;
  /**
   * CPU time of the build process, every thread (main, render workers, V8's compiler and GC threads), from the OS;
   * the demo CMS's own process is not in it (it stands in for a remote API).
   */
  cpuMs: number;
  /**
   * Of cpuMs, the kernel's part (system calls; making folders and files above all). It varies with the file system
   * far more than the rest: on this project's ext4 build machine a new file cost 35 to 600 µs of it from one hour to
   * the next, and a build at demo scale 1 spent 12 to 16 s of it there against 2.4 to 2.6 s on tmpfs, with the same
   * 22 s of user time (README, Benchmarks).
   */
  systemCpuMs: number;
  /** cpuMs per page written. */
  cpuMsPerPage: number;
  /** Peak memory of the demo CMS's own process, when the build used it (it stands in for a remote API). */
  demoPeakRssMb: number | null;
  apiRequests: number;
  apiRetries: number;
  bytesWritten: number;
  stages: Record<string, number>;
  /** Internal links to pages the site does not have (the first page found holding each), and how many targets were checked. */
  links: { checked: number; broken: BrokenLink[] };
  /**
   * The static search index: documents, distinct terms, files and bytes (null with the API's search); whether an
   * incremental build patched the previous index in place (src/search/patch.ts), and why not when it tried; whether
   * its thread, kept warm, had the previous build's lines of the index in memory (src/search/held-lines.ts).
   */
  search: {
    docs: number;
    terms: number;
    files: number;
    bytes: number;
    patched: boolean;
    patchRefused: string | null;
    linesHeld: boolean;
  } | null;
  /**
   * With `changes`: how many pages the changes touched (loaded from the API) and how many were built from their
   * previous data (left in place in the output when the build id did not change, else rendered again), or why the build was
   * a full one.
   */
  incremental: { touched: number; reused: number; reusedAs: 'in place' | 'rendered' } | { full: string } | null;
  /** The image pipeline's work: fetches, variants encoded and taken from its cache (null with a resizing CDN). */
  images: ImageStats | null;
}

/** What the stages produced, for the summary (computed once, at the end). */
interface Outcome {
  buildId: string | null;
  contentId: string | null;
  routes: number;
  plannedFiles: number;
  pages: number;
  refused: PageFailure[];
  built: BuildPagesResult | null;
  bytes: number;
  search: BuildSummary['search'];
  links: BuildSummary['links'];
  /** The build cache of this output, put in place right after the output is (deps/cache.ts). */
  cache: PendingCache | null;
  /** An incremental build that updates the output in place: what its commit moves and removes (overlay.ts). */
  overlay: OverlayPlan | null;
  incremental: BuildSummary['incremental'];
  images: ImageStats | null;
}

/** `site build`: plan → pages (load, render, write) → finish, into a staging folder swapped in only on success. */
export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  const session = createSession(options);
  const outDir = resolve(options.root, options.outDir ?? options.config.build.outDir);
  const previous = options.keepGoing ? previousBuild(outDir) : null;
  let resources: BuildResources;
  try {
    // First of all: a folder the build may not replace stops it before anything is opened or written.
    resources = await openBuild({ ...options, outDir, warn: session.warn, verbose: options.verbose ?? false });
  } catch (error) {
    session.end();
    throw error;
  }
  const outcome: Outcome = {
    buildId: null,
    contentId: null,
    routes: 0,
    plannedFiles: 0,
    pages: 0,
    refused: [],
    built: null,
    bytes: 0,
    search: null,
    links: { checked: 0, broken: [] },
    cache: null,
    overlay: null,
    incremental: null,
    images: null,
  };
  let committed = false;
  let failure: unknown = null;
  const heap = keepHeapNear(MAIN_HEAP);
  try {
    await runStages(resources, options, session, outcome, previous, outDir);
    const overlay = outcome.overlay;
    await session.stage('commit', () =>
      overlay
        ? resources.staging.commitOver(overlay, join(buildCacheDir(outDir), JOURNAL_FILE))
        : resources.staging.commit(),
    );
    committed = true;
    const notCached = outcome.cache?.commit();
    if (notCached) session.warn(notCached);
  } catch (error) {
    failure = error;
  }
  heap.stop();
  if (!committed) outcome.cache?.discard();
  const demoPeakRssMb = await resources.close(committed);
  // The API could not be reached at all: a configuration problem, reported as one (exit 2), once.
  if (isFieldhouseError(failure, ApiUnreachable)) {
    session.end();
    throw failure;
  }
  return summarize(outcome, { failure, committed, demoPeakRssMb, resources, session, outDir });
}

async function runStages(
  resources: BuildResources,
  options: BuildOptions,
  session: Session,
  outcome: Outcome,
  previous: ReturnType<typeof previousBuild>,
  outDir: string,
): Promise<void> {
  const { config } = options;
  const { source, writer, cacheDir } = resources;
  const clock = buildClock();
  // The site data, the bundle and the build id. An incremental build reads its build cache meanwhile: the scope needs
  // the id only at its end (the output is updated in place when the id is the one it carries).
  const identifying = identify(resources, options, session, clock);
  const identified = identifying.then(({ buildId }) => buildId);
  identified.catch(() => undefined);
  const changes = options.changes;
  const scope = changes
    ? session
        .stage('scope', () =>
          incrementalScope(changes, { outDir, config, buildId: identified, api: source.api }, session, outcome),
        )
        .then(
          (reuse) => ({ reuse }),
          (error: unknown) => ({ error }),
        )
    : Promise.resolve({ reuse: null });
  // A build that fails here lets the scope end first (it fails too, at the id), so nothing of it runs after the build.
  const { site, router, ctx, redirecting, images, built, siteData, buildId } = await identifying.catch(
    async (error: unknown) => {
      await scope;
      throw error;
    },
  );
  outcome.buildId = buildId;
  const workers = workerCount(options.concurrency ?? config.build.concurrency);
  const staticSearch = config.search.provider === 'static';
  // The workers start (their threads load the server bundle) while this thread reads the build cache. An
  // incremental build starts one: most render a few pages, and each start takes a core from reading the cache for
  // half a second; the others start once the scope and the plan say how many pages there are to build.
  const starting = session.stage('workers', () =>
    createRenderPool({
      workers,
      startWith: options.changes ? 1 : workers,
      workerBundle: built.workerBundle,
      outDir: resources.staging.dir,
      buildId,
      assets: { ...built.assets, siteData: siteData.url },
      scripts: { ticketMarketing: config.scripts.ticketMarketing, heatmap: config.scripts.heatmap },
      siteJson: siteData.json,
      // Each worker loads its pages through a client of its own: loading and rendering use every core.
      builder: {
        ...source.connection,
        connections: Math.max(4, Math.ceil(source.concurrency / workers)),
        memoEntries: MEMO_ENTRIES,
        search: staticSearch,
      },
      loadsPerWorker: loadsPerWorker(source.concurrency, workers),
      searchDir: staticSearch ? cacheDir : null,
      depsDir: cacheDir,
      onWarn: session.warn,
      imageInfo: images ? (urls) => imageMap(images, urls) : undefined,
      warm: options.warm,
    }),
  );
  // Search documents of pages built here from a previous build's data (--keep-going), beside the workers' own.
  const mainSearchDocs = staticSearch ? createLineWriter(join(cacheDir, 'search-main.jsonl')) : null;
  // The search index's thread reads them as they are written. It starts now, to load while this thread reads the
  // build cache, and waits to be told where the index starts from (`begin`, below).
  const searchIndex = mainSearchDocs
    ? startSearchIndex(
        built.searchBundle,
        { live: mainSearchDocs.file, outDir: resources.staging.dir, workDir: cacheDir },
        options.warm,
      )
    : null;
  resources.search = searchIndex;
  // The feeds made from the API (RSS, calendars) are made by the first render thread as soon as it is ready, while
  // this one reads the build cache and plans; the feeds stage at the end writes them beside the sitemap.
  const feedsMade = starting.then((pool) => pool.feeds());
  feedsMade.catch(() => undefined);
  const pool = await starting;
  resources.pool = pool;
  session.watchThreads(() => pool.threadHeaps());
  const scoped = await scope;
  if ('error' in scoped) throw scoped.error;
  const reuse = scoped.reuse;
  // An incremental build's pages to build: those its changes touch (the plan adds the pages new in their lists).
  pool.expect(reuse ? reuse.touched : Number.POSITIVE_INFINITY);
  // An output updated in place keeps the files that stay the same where they are: the media only kept pages use,
  // and the feed and search files that come out the same.
  const keptFiles = createKeptFiles();
  const media = createMediaMirror(
    source.client,
    source.endpoints.baseUrl,
    writer,
    MEDIA_CONCURRENCY,
    session.warn,
    reuse?.inPlace ? previousMedia(outDir, reuse, keptFiles) : null,
    images,
  );
  resources.media = media;
  for (const url of mediaIn(siteData.json)) media.add(url);

  // The plan feeds the pages stage as it finds pages: loading starts at once. Planning runs far ahead of rendering;
  // the pages waiting their turn beyond a few thousand wait on disk, not in the heap.
  const planned = createChannel<PlannedPage>({
    file: join(cacheDir, 'planned.jsonl'),
    highWater: PLANNED_IN_MEMORY,
    ...plannedPageCodec,
  });
  const ledger = createLedger(cacheDir);
  const links = createLinkLedger(join(cacheDir, 'link-targets.jsonl'));
  const progress = session.progress('pages', 0);
  // The search index's thread starts from the build cache, now read. It keeps the previous output's index files that
  // come out the same when the output is updated in place.
  searchIndex?.begin({
    reuseFrom: reuse?.inPlace ? outDir : null,
    // The kept pages send no document: the index takes their lines from the build cache.
    base: reuse?.inPlace ? reuse.searchBase : null,
  });
  // The media and chrome of every page written (the pages kept in place are counted from the build cache).
  const tally = createPageTally();
  const pageOptions: BuildPagesOptions = {
    tally,
    pages: planned,
    ctx,
    pool,
    writer,
    ledger,
    // What the workers load at once, and a queue the pool gives each worker its own pages from (pool.ts, affinity).
    concurrency: loadsPerWorker(source.concurrency, workers) * workers + AFFINITY_WINDOW,
    keepGoing: options.keepGoing ?? false,
    progress,
    onMedia: (url, kept) => media.add(url, kept),
    onLinks: (page, found, chromeOf) => links.addPage(page, found, chromeOf),
    previous: previous?.dir ?? (reuse ? outDir : null),
    searchDocs: mainSearchDocs,
    reuse,
  };
  // The pages kept in place: the build cache's, less those the changes touch and those the plan finds gone or builds.
  // The plan does not list the pages of a route that holds none of those (a route replayed as a count).
  const keptView = reuse?.inPlace ? reuse.keptView() : null;
  const pagesDone = createPagesResult(keptView ?? undefined);
  // The routes of the pages a change touches: their plans are replayed page by page, so those pages are built ('all'
  // when a page of the previous output has no line: it is built again too, wherever it is listed).
  const touchedRoutes = keptView ? (reuse!.everyPageLined ? routesOf(reuse!.touchedPaths, router) : 'all') : null;
  // Each route's plan, for the build cache: an incremental build replays the routes no change touches.
  const planLines = createLineWriter(join(cacheDir, 'plan.jsonl'));
  const planning = session
    .stage('plan', async () => {
      const started = performance.now();
      // Planning has a small memo of its own (the all-time rosters it lists players from: a few sports' at a time).
      const { refused, replayed, counted, patched } = await planPages({
        ctx,
        memo: createMemo(PLAN_MEMO_ENTRIES),
        router,
        // A route's listing may read the site data (a sport's news pages exist once it has news), which its recorded
        // deps do not name: when the build id changed, the site data may have, and every route is listed again.
        previous: keptView
          ? {
              routes: reuse!.plan,
              touches: reuse!.planTouches,
              whole: (route) => route.render === 'static' && touchedRoutes !== 'all' && !touchedRoutes!.has(route.name),
              // A page kept where it is need not be listed: it is one of keptView's already.
              // Each route's pages are looked up from where its last one was found (they come in its own order).
              keeps: (route, path) => route.render !== 'file' && keptView.has(path, route.name),
              pagesOf: (name) => reuse!.pages().filter((path) => routeOf(path, router) === name),
              changed: reuse!.planChanges,
            }
          : null,
        record: (line) => planLines.write(line),
        into: {
          push(page) {
            if (keepInPlace(page, pageOptions)) return;
            // A page of the previous output built again (a file route's): not kept.
            keptView?.exclude(page.path);
            if (page.route.render === 'file') outcome.plannedFiles++;
            planned.push(page);
            pool.expect(planned.pushed);
            progress.setTotal(planned.pushed, false);
          },
          gone: (path) => keptView?.exclude(path),
        },
      });
      outcome.refused = refused;
      // The pages kept in place, counted once the plan has found those gone.
      if (keptView) pagesDone.reused = keptView.size;
      progress.setTotal(planned.pushed, true);
      options.logger.info(
        'build',
        `${(planned.pushed + pagesDone.keptInPlace.size).toLocaleString('en-US')} routes planned in ${Math.round(performance.now() - started)} ms` +
          (reuse
            ? ` (${replayed} of ${ROUTES.length} route lists replayed from the build cache, ${counted} of them as counts` +
              `${patched ? `; ${patched} made from the previous list and the changed records` : ''})`
            : ''),
      );
      if (refused.length && !options.keepGoing) throw failedBuild(refused);
    })
    .then(
      () => planned.close(),
      (error: unknown) => planned.close(error),
    );
  const pages = await session.stage('pages', () => buildPages(pageOptions, pagesDone));
  await planning;
  progress.done();
  outcome.routes = planned.pushed + pages.keptInPlace.size;
  outcome.built = pages;
  // The pages written (the kept ones are counted once they are listed, below).
  outcome.pages = ledger.count;
  const failures = [...outcome.refused, ...pages.failures];
  if (failures.length && !options.keepGoing) throw failedBuild(failures);
  // --keep-going: a site that lost more than its share of the previous build's pages is not swapped in.
  const lost = pages.failures.length;
  if (previous && lost > config.build.maxLostShare * previous.pages)
    throw createError(BuildLostPages, [lost, previous.pages, config.build.maxLostShare]);

  // The media and chromes the pages kept in place name: the previous output's counts less those of its pages this
  // build does not keep (touched, or gone). They are kept too, and counted for the next build cache.
  const notKept = keptView?.notKept() ?? [];
  const keptTally = keptView ? reuse!.keptTally(notKept) : null;
  if (keptTally) {
    for (const url of keptTally.media().keys()) media.add(url, true);
    for (const id of keptTally.chromes().keys()) links.keepChrome(id, reuse!.chromeOf(id) ?? unnamedChrome(id));
    tally.merge(keptTally);
  }
  mainSearchDocs?.close();
  planLines.close();
  reuse?.planDone();
  const loadedFiles = await pool.loadingDone();
  if (reuse)
    outcome.incremental = {
      touched: reuse.touched,
      reused: pages.reused,
      reusedAs: reuse.inPlace ? 'in place' : 'rendered',
    };
  // The pages kept in place are listed from the previous build's list, not added and sorted one by one.
  if (reuse?.inPlace && pages.keptInPlace.size && !ledger.addKept(reuse.ledgerBase, keptView!.previousKept())) {
    session.warn(
      `incremental build: the list of pages was made from every kept page's line (the build cache's ${reuse.ledgerBase.file} is not the file its manifest has the digest of)`,
    );
    for (const path of pages.keptInPlace) {
      const { sitemap } = reuse.facts(path);
      ledger.add({ path, indexable: sitemap !== null, lastmod: sitemap?.lastmod ?? null });
    }
  }
  outcome.pages = ledger.count;
  // The 404 document, then the sitemap and the build's manifest, on render threads (the 404 first: a build that
  // starts one thread has one).
  const notFoundRendering = pool.render(notFoundTask());
  notFoundRendering.catch(() => undefined);
  const rules = hostRules(await redirecting, config, site);
  const listing = pool.pageList({
    list: ledger.sortedFile(),
    indexable: ledger.indexable,
    siteUrl: site.siteUrl,
    buildId,
    metaHead: buildMetaHead(buildId, clock.toISOString(), rules.redirects),
  });
  resources.background.add(listing);
  listing.catch(() => undefined);
  const notFoundBytes = (await notFoundRendering).bytes;
  await listing;
  // The render threads' work is done: they end (or are parked) now, before the search index's thread does its most
  // (a scale-10 build's peak of memory was the two at once) and before the link check and the build cache.
  await pool.close();
  // The search index is finished in its thread while this one copies media and writes the feeds.
  const searching = searchIndex
    ? session.stage('search', () =>
        searchIndex.finish({
          files: loadedFiles.searchFiles,
          dropped: notKept,
        }),
      )
    : Promise.resolve(null);
  resources.background.add(searching);
  searching.catch(() => undefined);
  const mirrored = await session.stage('media', () => media.finish());
  outcome.images = mirrored.images;
  const derived = reuse?.inPlace ? createReusingWriter(writer, outDir, keptFiles.keep) : writer;
  const feeds = await session.stage('feeds', () => writeFeeds(derived, listing, feedsMade));
  const searched = await searching;
  if (searched?.baseRefused)
    session.warn(
      `incremental build: the search index was made from every page's document (the build cache's lines cannot be used: ${searched.baseRefused})`,
    );
  for (const path of searched?.kept ?? []) keptFiles.keep(path);
  const search = searched?.stats ?? null;
  if (search)
    outcome.search = {
      docs: search.docs,
      terms: search.terms,
      files: search.files,
      bytes: search.bytes,
      patched: searched!.patched,
      patchRefused: searched!.patchRefused,
      linesHeld: searched!.linesHeld,
    };
  // The pages kept in place are in the content digest by the build cache's digest of them.
  const keptLines = reuse ? reuse.keptLines(pages.keptInPlace, notKept) : null;
  if (keptLines) pages.contentDigest.merge(keptLines.digest);
  const contentId = contentIdOf(buildId, {
    media: mirrored.digest,
    hosts: rules,
    feeds: feeds.digest,
    search: search?.digest ?? null,
    content: pages.contentDigest.hex(),
  });
  outcome.contentId = contentId;
  await session.stage('finish', async () => {
    const ids = { buildId, contentId };
    writeLatest(writer, ids, clock.toISOString());
    writeHostFiles(writer, rules, built.edgeWorker);
    copyPublic(options.root, config.build.publicDir, writer);
  });
  // The pages the cache lists (every page a worker built, and the kept ones), and every other file of the output.
  // A full build's pages, as its list has them: the build cache's pages and the link check's, read once.
  const listed = reuse?.inPlace ? null : pathsOf(ledger.sortedFile());
  const cachedPaths = outputPages(ledger, keptView, pages.kept, listed);
  // An in-place build's staging folder holds the few files it wrote, each of which the overlay plans for. A full
  // build's holds every page's two files: only the others are listed (their names were 35 MB of heap at scale 10).
  const staged = reuse?.inPlace ? filesUnder(resources.staging.dir) : filesUnder(resources.staging.dir, cachedPaths);
  const kept = keptFiles.files();
  if (reuse?.inPlace)
    outcome.overlay = planOverlay({
      staged,
      kept,
      pages: cachedPaths,
      // The previous output's pages not kept in place: the others are in the output still.
      previous: { pages: keptView ? notKept : reuse.pages(), others: reuse.others },
    });
  // The pages kept in place were not read for their links. Their targets were good in the previous build: those of
  // them whose page or file this build removes are checked again, and those no file vouched for.
  if (reuse?.inPlace && outcome.overlay) {
    const { targets, recheck } = reuse.previousLinks;
    links.addUnheld(outcome.overlay.removed.flatMap(targetsServedBy).filter((target) => targets.has(target)));
    links.addUnheld(recheck);
  }
  const checked = await session.stage('links', () =>
    checkLinks(
      links,
      resources.staging.dir,
      // Pages and files left in place are not in the staging folder: each is there all the same.
      { page: (path) => pages.keptInPlace.has(path), file: (path) => keptFiles.has(path) },
      // A full build's pages are found in its list, not on the disk; an in-place build checks a few pages' links.
      listed,
      router,
      rules,
      reuse?.inPlace && keptTally
        ? (targets) => reuse.holdersOf(targets, pages.keptInPlace, keptTally.chromes())
        : undefined,
      mirrored.failed,
      session,
      options.strict ?? false,
    ),
  );
  outcome.links = { checked: links.size, broken: checked.broken };
  outcome.cache = await session.stage('cache', () =>
    prepareBuildCache({
      outDir,
      manifest: {
        fieldhouse: FIELDHOUSE_VERSION,
        config: configDigest(config),
        buildId,
        contentId,
        pages: ledger.count,
        indexable: ledger.indexable,
      },
      depsFiles: loadedFiles.depsFiles,
      keptLines,
      chromes: links.chromes(),
      tally,
      links: reuse?.inPlace
        ? {
            previous: reuse.previousLinks.targets,
            targets: [...links.targets()],
            forgotten: links.forgotten(),
            recheck: checked.recheck,
          }
        : {
            previous: null,
            lines: sortedTargetLines(links.targets(), join(cacheDir, 'link-targets-sorted.jsonl')),
            recheck: checked.recheck,
          },
      planFile: planLines.file,
      ledgerFile: ledger.sortedFile(),
      search: searched ? { ...searched.lines, files: searched.files, stats: searched.stats } : null,
      others: otherFiles([...staged, ...kept], cachedPaths),
      failedMedia: mirrored.failed,
      media: mirrored.hashes,
      scratchDir: cacheDir,
      now: clock,
    }),
  );
  outcome.bytes =
    pages.pageBytes +
    notFoundBytes +
    pages.fileBytes +
    mirrored.bytes +
    siteData.json.length +
    feeds.bytes +
    (search?.bytes ?? 0);
}

/** What every page of a build shares, and the build's id made from it: the site data, the bundle and the config. */
async function identify(resources: BuildResources, options: BuildOptions, session: Session, clock: Date) {
  const { config } = options;
  const { source, writer, cacheDir } = resources;
  const loaded = await session.stage('site', () =>
    loadSiteData({
      api: source.api,
      config,
      root: options.root,
      endpoints: source.endpoints,
      clock,
      logger: options.logger,
      warn: session.warn,
    }).catch((error: unknown) => {
      throw unreachable(error, config);
    }),
  );
  const { site } = loaded;
  const router = createRouter(ROUTES);
  const ctx: PageContext = withMemo({ api: source.api, site, router, warn: session.warn }, createMemo(MEMO_ENTRIES));
  const bundling = session.stage('bundle', () => bundle({ outDir: resources.staging.dir, cacheDir }));
  bundling.catch(() => undefined);
  const redirecting = loadRedirects(source.api, session.warn);
  redirecting.catch(() => undefined);

  // The image pipeline (none when a CDN resizes): the site-wide images first, since the site data names them.
  const images =
    config.images.cdn || !config.images.enabled
      ? null
      : createImageService(
          {
            client: source.client,
            apiOrigin: source.endpoints.baseUrl,
            cacheDir: resolve(options.root, config.images.cacheDir),
            settings: config.images,
            warn: session.warn,
          },
          writer,
        );
  resources.images = images;
  if (images) site.images.known = await imageMap(images, mediaIn(JSON.stringify(site)));
  const built = await bundling;
  const siteData = writeSiteData(loaded, writer);
  // Made before the first page, from what every page shares: a content change leaves it as it was (build-id.ts).
  const buildId = buildIdOf({
    version: FIELDHOUSE_VERSION,
    config: pageConfigOf(config),
    site: siteData.hash,
    assets: [...built.files.map((f) => `${f.path}:${f.hash}`), `_worker.js:${built.edgeWorker}`],
  });
  return { site, router, ctx, redirecting, images, built, siteData, buildId };
}

/** What an incremental build takes from the build cache (incrementalScope). */
type Scope = NonNullable<BuildPagesOptions['reuse']> & {
  touched: number;
  plan: Map<string, CachedRoute>;
  /** The plan has been replayed: its lines are not read again, and their bytes may be read into for the next build. */
  planDone(): void;
  planTouches: (deps: readonly string[]) => boolean;
  /** The changes that can move a record in or out of a list (those planTouches judges by). */
  planChanges: readonly ChangedRecord[];
  /** Every page of the previous output (made when first asked for), and its other files (the build cache's). */
  pages(): readonly string[];
  others: string[];
  /** The media URLs the previous build could not copy. */
  failedMedia: Set<string>;
  /** Each medium the previous output's pages name, by URL: how many do, and its content's hash (null: not copied). */
  media: Map<string, { pages: number; hash: string | null }>;
  /** The pages of the cache a change touches. */
  touchedPaths: readonly string[];
  /**
   * Every page of the previous output has a line in the cache. When one has none (built from older data with
   * --keep-going), it is built again like a touched page: every route is then replayed page by page, to find it.
   */
  everyPageLined: boolean;
  /**
   * The pages kept in place, as the build cache's pages less those the build does not keep: a change touched them
   * (`touchedPaths`), or the plan `exclude`s them (gone from their lists, or built: a file route's). `notKept`: the
   * cache's pages not kept, few, so that what is made from the kept ones is the cache's whole less them.
   */
  keptView: () => KeptInPlace & {
    /** `has`, for a pass over pages in an order of its own (kept-lines.ts: a route's pages). */
    has(path: string, pass?: string): boolean;
    exclude(path: string): void;
    notKept(): string[];
    /**
     * The pages of the previous output (its list's) kept, once the plan is done. When each of them has its line in
     * the cache, they are its list's less the few `notKept`: named by those (ledger.ts, `addKept`), not asked of the
     * map of every kept page, whose lookups by a path just read cost several times more.
     */
    previousKept(): { notKept: readonly string[] } | { has(path: string): boolean };
  };
  /**
   * How many of the pages kept in place name each medium and each chrome: the previous output's counts, less those of
   * its pages not kept (`notKept`: their lines' facts).
   */
  keptTally: (notKept: Iterable<string>) => PageTally;
  /**
   * Every site path the previous output's pages link to (the cache's list), and those its build could not vouch for
   * by a file of its output (LinkCheck, `recheck`).
   */
  previousLinks: { targets: TargetList; recheck: readonly string[] };
  /** The cache's sorted list of pages, its digest and counts: the kept pages' entries (ledger.ts, `addKept`). */
  ledgerBase: PreviousList;
  /** The cache's lines of the search index, for an index that takes the kept pages' from there (search/worker.ts). */
  searchBase: NonNullable<SearchJobBase['base']>;
  /**
   * The first page of `keptInPlace` whose own links hold each target (links.ts, LinkTargets.holdersOf), or that names
   * one of `keptChromes` that holds it.
   */
  holdersOf: (
    targets: readonly string[],
    keptInPlace: Pick<KeptInPlace, 'has'>,
    keptChromes: ReadonlyMap<string, number>,
  ) => Map<string, string>;
};

/**
 * What an incremental build may reuse: the pages of the build cache that the changes do not touch, built from the
 * output's data. Null (a full build, the reason in the summary and a warning) when the cache cannot be used or a
 * change touches every page.
 */
async function incrementalScope(
  changes: NonNullable<BuildOptions['changes']>,
  build: { outDir: string; config: SiteConfig; buildId: Promise<string>; api: ContentApi },
  session: Session,
  outcome: Outcome,
): Promise<Scope | null> {
  const { outDir, config } = build;
  const full = (reason: string) => {
    outcome.incremental = { full: reason };
    session.warn(`incremental build: a full build instead (${reason})`);
    return null;
  };
  if (outputVersion(outDir) !== FIELDHOUSE_VERSION) return full(`${outDir} is not an output of this Fieldhouse`);
  const cache = readBuildCache(outDir, { fieldhouse: FIELDHOUSE_VERSION, config: configDigest(config) });
  if (!cache.ok) return full(cache.reason);
  if (!touchTest(changes)) return full('the site settings changed: every page shows them');
  const planChanges = changes.filter((change) => change.listed !== false);
  // Where the moved records are now, then one pass over the cache: the pages a change touches are counted; the
  // others' lines are kept, as written, those pending on what the pass finds (touch.ts) settled after it.
  // The answers pending pages read (a season's statistics) are asked for again as the pass finds them.
  const answers = createAnswerCheck(build.api, changes);
  const sorter = createTouchSorter(changes, await askAfterChanges(build.api, changes), answers.ask);
  // Each kept page's line, in the cache's bytes: decoded when the build asks for it, and only as far as it asks.
  // A line that names nothing a change touches is not parsed at all (most of them).
  const { segments: scanned, store } = scanPageLines(cache.pageFiles, sorter.needles);
  // The pages a change touches, with their lines; every other line is kept (`kept`, once the pass is over).
  const touchedRefs = new Map<string, LineRef>();
  const touchedLines = new Set<LineRef>();
  const pending: [string, string[]][] = [];
  /** Pages scanned, and the last one's path. */
  let pageCount = 0;
  let lastPath: string | undefined;
  let allPages: string[] | undefined;
  /** The buffer the previous plan is read into (its routes' lines are views of it). */
  let planBytes: Buffer | undefined;
  let cached: Pick<Scope, 'plan' | 'others' | 'failedMedia' | 'media'> & {
    chromes: Map<string, CachedChrome>;
    links: Scope['previousLinks'];
  };
  try {
    for (const { first, paths, marked } of scanned) {
      // The event loop gets a turn between segments: the answers asked for above travel meanwhile, and the render
      // workers, starting, are answered.
      await new Promise(setImmediate);
      for (let i = 0; i < paths.length; i++) {
        const path = paths[i]!;
        const ref = first + i;
        // The lines are in path order, each page once (kept pages are found by it): otherwise a garbled cache.
        if (lastPath !== undefined && comparePaths(lastPath, path) >= 0)
          throw new Error(
            path === lastPath
              ? `${PAGES_DIR}: the page ${path} has two lines`
              : `${PAGES_DIR}: the page ${path} comes after ${lastPath}, out of order`,
          );
        lastPath = path;
        const line = marked.get(ref);
        let verdict: Verdict = false;
        if (line !== undefined) {
          const { deps } = depsOf(line);
          answers.see(deps);
          verdict = sorter.verdict(deps);
        }
        if (verdict === true) {
          touchedRefs.set(path, ref);
          touchedLines.add(ref);
        } else if (Array.isArray(verdict)) pending.push([path, verdict]);
      }
      pageCount += paths.length;
    }
    cached = {
      plan: cachedPlan(cache.dir, (size) => (planBytes = planSpare.take(size))),
      others: cachedOthers(cache.dir),
      failedMedia: cachedFailedMedia(cache.dir),
      media: cachedMedia(cache.dir),
      chromes: cachedChromes(cache.dir),
      // Read now, with the rest: a garbled file makes this build a full one, not a failed one at its link check.
      links: cachedLinks(cache.dir, cache.manifest.linksDigest),
    };
  } catch (error) {
    // A file of the cache cut or garbled past its manifest (restored in part, edited by hand).
    return full(`its files cannot be read: ${errorMessage(error)}`);
  }
  const { plan, others, failedMedia, media, chromes, links } = cached;
  const kept = keptLines(pageCount, store.path, touchedLines);
  /** A page's line in the cache (a page kept or touched). */
  const refOf = (path: string): LineRef => {
    const ref = kept.get(path) ?? touchedRefs.get(path);
    if (ref === undefined) throw new Error(`The build cache has no line of ${path}`);
    return ref;
  };
  /** Is this line the one of a page the build kept (of `paths`: the pages kept in place)? */
  const keptIn = (paths: Pick<KeptInPlace, 'has'>, path: string, ref: LineRef) =>
    kept.get(path) === ref && paths.has(path);
  const changedAnswers = await answers.changed();
  for (const [path, keys] of pending)
    if (sorter.settle(keys, changedAnswers)) {
      touchedRefs.set(path, kept.get(path)!);
      kept.delete(path);
    }
  const touched = touchedRefs.size;
  // The pages of the output carry this build's id: what it holds of a page is what this build would write.
  const inPlace = cache.manifest.buildId === (await build.buildId);
  // Kept pages are left where they are, unread: an output restored in part (or changed by hand) under a cache
  // whose ids match would keep the pages it lacks missing. A sample of what the cache lists must be there.
  const lacking = inPlace ? lackingFiles(outDir, { length: pageCount, at: store.path }, others) : null;
  if (lacking) return full(lacking);
  // Every page of the previous output has its line (a page built from older data, --keep-going, has none).
  const everyPageLined = cache.manifest.pages === pageCount;
  return {
    plan,
    planDone() {
      if (planBytes) planSpare.give(planBytes);
      planBytes = undefined;
    },
    // Which pages there are changes only with records that moved (placing fields: deps/cache.ts).
    planTouches: touchTest(planChanges)!,
    planChanges,
    has: (path) => kept.has(path),
    facts: (path) => store.facts(kept.get(path)!),
    touchedPaths: [...touchedRefs.keys()],
    everyPageLined,
    keptView() {
      // The pages kept, less those the plan found gone or builds (a file route's); what the cache holds besides them.
      const excluded = new Set<string>();
      const has = (path: string, pass?: string) => kept.has(path, pass) && !excluded.has(path);
      const notKept = () => [...touchedRefs.keys(), ...excluded];
      return {
        has,
        get size() {
          return kept.size - excluded.size;
        },
        *[Symbol.iterator]() {
          for (const path of kept.keys()) if (!excluded.has(path)) yield path;
        },
        exclude(path) {
          if (kept.has(path)) excluded.add(path);
        },
        notKept,
        previousKept: () => (everyPageLined ? { notKept: notKept() } : { has }),
      };
    },
    keptTally(notKept) {
      const tally = createPageTally({
        media: [...media].map(([url, { pages: count }]) => [url, count] as const),
        chromes: [...chromes].map(([id, { pages: count }]) => [id, count] as const),
      });
      for (const path of notKept) {
        const facts = store.keptFacts(refOf(path));
        tally.remove(facts.media, facts.chrome);
      }
      return tally;
    },
    keptLines(paths, notKept) {
      // The carried lines' digest: the previous cache's, less the lines not carried (touched, or gone).
      const digest = createSetDigest();
      if (paths.size) {
        digest.merge(cache.manifest.pagesDigest);
        for (const path of notKept) digest.add(path, store.facts(refOf(path)).digest);
      }
      return {
        digest: digest.hex(),
        mergeInto(cacheDir, added) {
          // The kept map is in the cache's order: the pages pending on what the pass found were only taken out.
          // (When the build id changed, `paths` is empty and notKept names none: every page was rendered again.)
          // The lines of `paths` are the kept ones less those of `notKept` (keptView's), found by their lines: a
          // path looked up for each of 118,000 lines cost 27 ms at demo scale 10.
          const lines = function* () {
            if (!paths.size) return;
            const left = new Set<LineRef>();
            for (const path of notKept) {
              const ref = kept.get(path);
              if (ref !== undefined) left.add(ref);
            }
            for (const ref of kept.refs()) if (!left.has(ref)) yield ref;
          };
          return store.mergeInto(cacheDir, lines(), added);
        },
      };
    },
    deps: (path) => {
      const ref = kept.get(path);
      return ref === undefined ? undefined : store.deps(ref);
    },
    chromeOf: (id) => chromes.get(id)?.links,
    previousLinks: links,
    holdersOf(targets, keptInPlace, keptChromes) {
      const holders = new Map<string, string>();
      const hold = (path: string, held: readonly string[]) => {
        for (const target of held) if (!holders.has(target)) holders.set(target, path);
      };
      // A few targets are searched for in the cache's bytes; past that, reading every kept page's links costs less.
      if (targets.length <= HOLDER_SEARCH_MAX) {
        for (const { ref, targets: held } of store.linesLinkingTo(targets))
          if (keptIn(keptInPlace, store.path(ref), ref)) hold(store.path(ref), held);
      } else {
        const wanted = new Set(targets);
        for (const [path, ref] of kept)
          if (keptIn(keptInPlace, path, ref))
            hold(
              path,
              store.links(ref).filter((target) => wanted.has(target)),
            );
      }
      // A target in a chrome kept pages name: held by the first kept page that names it (found in the cache's bytes).
      for (const id of keptChromes.keys()) {
        const links = chromes.get(id)?.links ?? [];
        const held = targets.filter((target) => !holders.has(target) && links.includes(target));
        if (!held.length) continue;
        for (const ref of store.linesWithChrome(id))
          if (keptIn(keptInPlace, store.path(ref), ref)) {
            hold(store.path(ref), held);
            break;
          }
      }
      return holders;
    },
    inPlace,
    ledgerBase: {
      file: join(cache.dir, LEDGER_FILE),
      digest: cache.manifest.ledgerDigest,
      counts: Number.isInteger(cache.manifest.indexable)
        ? { entries: cache.manifest.pages, indexable: cache.manifest.indexable }
        : null,
    },
    searchBase: {
      lines: join(cache.dir, SEARCH_FILE),
      digest: cache.manifest.searchDigest ?? '',
      pages: cache.pageFiles.map((segment) => segment.file),
      files: existsSync(join(cache.dir, SEARCH_FILES_FILE)) ? join(cache.dir, SEARCH_FILES_FILE) : null,
      stats: cache.manifest.searchStats ?? null,
    },
    pages: () => (allPages ??= Array.from({ length: pageCount }, (_, ref) => store.path(ref))),
    others,
    failedMedia,
    media,
    touched,
  };
}

/**
 * The pages of the output that the build cache lists: every page in the list of pages (the ledger) but those built
 * from a previous build's data (--keep-going: no line). An incremental build's are its kept pages (`keptView`) and
 * the few it wrote; a full build's are listed whole.
 */
function outputPages(
  ledger: Ledger,
  keptView: KeptInPlace | null,
  keptGoing: readonly KeptPage[],
  listed: PageSet | null,
): PageSet {
  if (keptView && ledger.added) {
    const written = new Set(ledger.added);
    for (const page of keptGoing) written.delete(page.path);
    return { has: (path) => written.has(path) || keptView.has(path) };
  }
  const paths = listed ?? pathsOf(ledger.sortedFile());
  if (!keptGoing.length) return paths;
  const fromPrevious = new Set(keptGoing.map((page) => page.path));
  return { has: (path) => paths.has(path) && !fromPrevious.has(path) };
}

/** The route a page's path belongs to (null: none the router finds). */
function routeOf(path: string, router: Router): string | null {
  const match = router.match(path);
  return match.type === 'match' ? match.route.name : null;
}

/**
 * The routes the pages belong to; 'all' when one of them belongs to none the router finds (every route is then
 * replayed page by page, so that page is found wherever it is listed).
 */
function routesOf(paths: readonly string[], router: Router): Set<string> | 'all' {
  const names = new Set<string>();
  for (const path of paths) {
    // A client route's shell: those routes are replayed page by page anyway.
    if (path.startsWith(`/${SHELLS_DIR}/`)) continue;
    const name = routeOf(path, router);
    if (name === null) return 'all';
    names.add(name);
  }
  return names;
}

/** The previous output's media, for the media mirror of a build that updates it in place. */
function previousMedia(
  outDir: string,
  reuse: Pick<Scope, 'others' | 'failedMedia' | 'media'>,
  kept: KeptFiles,
): PreviousMedia {
  const files = new Set(reuse.others);
  return {
    dir: outDir,
    // A media URL is a root-relative path with no query (output/media.ts): its file is the path without the slash.
    has: (url) => files.has(url.slice(1)),
    failed: (url) => reuse.failedMedia.has(url),
    hash: (url) => reuse.media.get(url)?.hash ?? undefined,
    keep: kept.keep,
  };
}

/** Broken targets of kept pages searched for in the build cache's bytes, each a pass over them (holdersOf). */
const HOLDER_SEARCH_MAX = 8;

/** Pages and other files an output is checked for before it is updated in place, evenly spread over its lists. */
const SAMPLED_PAGES = 256;
const SAMPLED_FILES = 64;

/**
 * The buffer the build cache's plan was read into, given back once its build has replayed it: in a long-running
 * process, the next incremental build reads its plan into pages the process has (util/file-bytes.ts).
 */
const planSpare = createSpareBuffer();

/** A list to sample, by index. */
type Sample = { length: number; at(index: number): string };

/**
 * Why the output cannot be updated in place (null: it can): files the build cache lists that are not there, from a
 * sample (a page's HTML and payload; the other files), so the check costs a few hundred stats at any size.
 */
function lackingFiles(outDir: string, pages: Sample, others: readonly string[]): string | null {
  /** Every so many of a list's items, from its first: about `size` of them. */
  const sample = (list: Sample, size: number) => {
    const step = Math.max(1, Math.floor(list.length / size));
    const items: string[] = [];
    for (let i = 0; i < list.length; i += step) items.push(list.at(i));
    return items;
  };
  const files = [
    ...sample(pages, SAMPLED_PAGES).flatMap(pageFiles),
    ...sample({ length: others.length, at: (i) => others[i]! }, SAMPLED_FILES),
  ];
  const missing = files.filter((file) => !existsSync(join(outDir, file)));
  if (!missing.length) return null;
  return `${outDir} lacks files its build cache lists (${missing.length} of ${files.length} checked, such as ${missing[0]}): restored in part, or changed by hand`;
}

/**
 * Every internal link leads to a page, a file, a shell route or a redirect; broken ones warn, or fail with --strict.
 * Media the API could not give (`unfetched`) were reported by the media stage already and are not counted again.
 */
function checkLinks(
  links: LinkLedger,
  outDir: string,
  kept: LinkTargets['kept'],
  listed: PageSet | null,
  router: Router,
  rules: HostRules,
  holdersOf: LinkTargets['holdersOf'],
  unfetched: ReadonlySet<string>,
  session: Session,
  strict: boolean,
): LinkCheck {
  const redirected = new Set(rules.redirects.map((r) => r.source));
  const checked = brokenLinks(links, outDir, {
    answered(path) {
      if (redirected.has(path) || urlRedirect(path) || unfetched.has(path)) return true;
      const match = router.match(path);
      return match.type === 'match' && match.route.render === 'client';
    },
    kept,
    ...(listed && { listed: (path: string) => listed.has(path) }),
    holdersOf,
  });
  const { broken } = checked;
  const shown = broken.slice(0, BROKEN_LINKS_SHOWN);
  for (const { target, page } of shown)
    session.warn(`broken link: ${page} links to ${target}, which the site does not have`);
  if (broken.length > shown.length) session.warn(`… and ${broken.length - shown.length} more broken links`);
  if (strict && broken.length) throw createError(BuildBrokenLinks, [broken.length]);
  return checked;
}

/** The summary of a build, once, from what its stages produced. */
function summarize(
  outcome: Outcome,
  end: {
    failure: unknown;
    committed: boolean;
    demoPeakRssMb: number | null;
    resources: BuildResources;
    session: Session;
    outDir: string;
  },
): BuildSummary {
  const { resources, session } = end;
  const built = outcome.built;
  const failed: PageFailure[] = [...outcome.refused, ...(built?.failures ?? [])];
  if (end.failure && !isFieldhouseError(end.failure, BuildFailed))
    failed.push({ path: '(build)', label: 'build', message: formatError(end.failure) });
  if (end.failure && failed.length === 0)
    failed.push({ path: '(build)', label: 'build', message: formatError(end.failure) });
  const workerStats = resources.pool?.apiStats() ?? { requests: 0, retries: 0 };
  const { wallMs, peakRssMb, peakMemory, cpuMs, systemCpuMs } = session.end();
  return {
    // Pages kept from the previous build are stale: the build says so (exit code 1), though the site was replaced.
    ok: end.committed && failed.length === 0 && (built?.kept.length ?? 0) === 0,
    buildId: end.committed ? outcome.buildId : null,
    contentId: end.committed ? outcome.contentId : null,
    outDir: end.outDir,
    routes: outcome.routes,
    pages: outcome.pages,
    files: outcome.plannedFiles - (built?.failures.filter((f) => f.path.startsWith('/documents/')).length ?? 0),
    skipped: built?.skipped ?? 0,
    warnings: session.warnings,
    failed,
    kept: built?.kept ?? [],
    retriedPages: built?.retriedPages ?? 0,
    wallMs,
    pagesPerSecond: Math.round((outcome.pages / Math.max(1, wallMs)) * 1000),
    peakRssMb,
    peakMemory,
    cpuMs,
    systemCpuMs,
    cpuMsPerPage: outcome.pages ? Math.round((cpuMs / outcome.pages) * 1000) / 1000 : 0,
    demoPeakRssMb: end.demoPeakRssMb,
    apiRequests: resources.source.client.stats.requests + workerStats.requests,
    apiRetries: resources.source.client.stats.retries + workerStats.retries,
    bytesWritten: outcome.bytes,
    stages: session.stages,
    links: outcome.links,
    search: outcome.search,
    incremental: outcome.incremental,
    images: outcome.images,
  };
}

function failedBuild(failures: PageFailure[]) {
  return createError(BuildFailed, [failures.length, `${failures[0]!.path}: ${failures[0]!.message}`]);
}

/** A chrome the build cache's pages name but its chrome.json does not have: a cache its writer got wrong. */
function unnamedChrome(id: string): never {
  throw new Error(`The build cache's pages name chrome ${id}, which its chrome.json does not have`);
}

/** A first call that cannot reach the API at all says which setting names it. */
function unreachable(error: unknown, config: SiteConfig): unknown {
  if (!isFieldhouseError(error) || error.code !== 'ApiNetworkError') return error;
  const where = config.api ? `api.baseUrl (${config.api.baseUrl})` : 'the demo CMS this build started';
  return createError(ApiUnreachable, [where, error.message], { cause: error });
}
