import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import { BuildFailed } from '../errors/catalogue.ts';
import { createError, formatError } from '../errors/error.ts';
import type { Logger } from '../logger/logger.ts';
import { createRouter } from '../routes/match.ts';
import { bundle, PACKAGE_ROOT } from './bundle.ts';
import { buildClock } from './dates.ts';
import { createChannel } from './channel.ts';
import {
  copyPublic,
  createMediaMirror,
  mediaIn,
  notFoundTask,
  writeManifests,
  writeSiteData,
  type MediaMirror,
} from './finish.ts';
import { hostRules, writeHostFiles } from './hosts/index.ts';
import { loadRedirects } from './redirects.ts';
import { writeFeeds } from './feeds/index.ts';
import { writeSearchIndex, type SearchDoc } from '../search/writer.ts';
import { readLines } from '../util/line-files.ts';
import { createLedger, type LedgerEntry } from './ledger.ts';
import type { SitemapEntry } from './feeds/index.ts';
import { loadPages, type PageFailure } from './load.ts';
import { createMemo } from './memo.ts';
import { createStaging } from './output.ts';
import { FIELDHOUSE_VERSION } from '../version.ts';
import type { PageContext } from './pages/index.ts';
import { planPages, plannedPageCodec, type PlannedPage } from './plan.ts';
import { createProgress } from './progress.ts';
import { BUILD_ID_LENGTH } from './render/document.ts';
import { createRenderPool, workerCount, type RenderPool } from './render/pool.ts';
import { loadSiteData } from './site-data.ts';
import { openContentSource } from './source.ts';

const MAX_WARNINGS_SHOWN = 20;
const MEMO_ENTRIES = 256;
const PLAN_MEMO_ENTRIES = 16;
const MEDIA_CONCURRENCY = 8;
/** Planned pages kept in memory before the rest wait on disk (enough to keep every worker busy). */
const PLANNED_IN_MEMORY = 4096;

export interface BuildOptions {
  config: SiteConfig;
  /** Project root: the config's folder (public/, caches, the default output folder). */
  root: string;
  outDir?: string;
  /** Render workers (overrides the config). */
  concurrency?: number;
  keepGoing?: boolean;
  logger: Logger;
  /** Draw live progress bars. */
  tty?: boolean;
  verbose?: boolean;
}

export interface BuildSummary {
  ok: boolean;
  buildId: string | null;
  outDir: string;
  routes: number;
  pages: number;
  files: number;
  skipped: number;
  warnings: number;
  failed: PageFailure[];
  wallMs: number;
  pagesPerSecond: number;
  /** Peak memory of the build process (main thread and render workers). */
  peakRssMb: number;
  /** Peak memory of the demo CMS's own process, when the build used it (it stands in for a remote API). */
  demoPeakRssMb: number | null;
  apiRequests: number;
  apiRetries: number;
  bytesWritten: number;
  stages: Record<string, number>;
  /** The static search index: documents, distinct terms, files and bytes (null with the API's search). */
  search: { docs: number; terms: number; files: number; bytes: number } | null;
}

/** `site build`: plan → load → render → finish, into a staging folder swapped in only on success. */
export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  const { config, logger } = options;
  const started = performance.now();
  const outDir = resolve(options.root, options.outDir ?? config.build.outDir);
  // First of all: a folder the build may not replace stops it before anything is opened or written.
  const staging = await createStaging(outDir, { root: options.root, version: FIELDHOUSE_VERSION });
  const stages: Record<string, number> = {};
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 200);
  let warnings = 0;
  const warn = (message: string) => {
    warnings++;
    if (options.verbose || warnings <= MAX_WARNINGS_SHOWN) logger.warn('build', message);
    else if (warnings === MAX_WARNINGS_SHOWN + 1)
      logger.warn('build', 'more warnings follow; run with --verbose to see them all');
  };
  const timed = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      stages[stage] = Math.round(performance.now() - t);
    }
  };
  const progress = (label: string, total: number) =>
    createProgress({ label, total, logger, tty: options.tty ?? false });

  // Beside Fieldhouse's own node_modules, so the bundles it writes there resolve react and react-dom.
  const cacheDir = join(PACKAGE_ROOT, 'node_modules/.cache/fieldhouse', `build-${process.pid}-${Date.now()}`);
  const source = await openContentSource(config, logger, cacheDir, warn, options.verbose ?? false);
  const summary: BuildSummary = {
    ok: false,
    buildId: null,
    outDir,
    routes: 0,
    pages: 0,
    files: 0,
    skipped: 0,
    warnings: 0,
    failed: [],
    wallMs: 0,
    pagesPerSecond: 0,
    peakRssMb: 0,
    demoPeakRssMb: null,
    apiRequests: 0,
    apiRetries: 0,
    bytesWritten: 0,
    stages,
    search: null,
  };
  let committed = false;
  let pool: RenderPool | null = null;
  let media: MediaMirror | null = null;
  try {
    const clock = buildClock();
    const loadedSite = await timed('site', () =>
      loadSiteData({ api: source.api, config, root: options.root, endpoints: source.endpoints, clock, logger, warn }),
    );
    const { site } = loadedSite;
    const router = createRouter();
    const ctx: PageContext = { api: source.api, site, router, memo: createMemo(MEMO_ENTRIES), warn };
    const bundling = timed('bundle', () => bundle({ outDir: staging.dir, cacheDir }));
    bundling.catch(() => undefined);
    const redirecting = loadRedirects(source.api, warn);
    redirecting.catch(() => undefined);

    const built = await bundling;
    const siteData = await writeSiteData(loadedSite, staging.dir);
    const workers = workerCount(options.concurrency ?? config.build.concurrency);
    const staticSearch = config.search.provider === 'static';
    pool = await createRenderPool({
      workers,
      serverBundle: built.serverBundle,
      outDir: staging.dir,
      assets: { ...built.assets, siteData: siteData.url },
      scripts: { ticketMarketing: config.scripts.ticketMarketing, heatmap: config.scripts.heatmap },
      siteJson: siteData.json,
      // Each worker loads its pages through a client of its own: loading and rendering use every core.
      loader: {
        ...source.connection,
        connections: Math.max(4, Math.ceil(source.concurrency / workers)),
        memoEntries: MEMO_ENTRIES,
        search: staticSearch,
      },
      loadsPerWorker: Math.ceil(source.concurrency / workers) + 2,
      searchDir: staticSearch ? cacheDir : null,
      onWarn: warn,
    });
    media = createMediaMirror(source.client, source.endpoints.baseUrl, staging.dir, MEDIA_CONCURRENCY, warn);
    for (const url of mediaIn(siteData.json)) media.add(url);

    // The plan feeds the load stage as it finds pages: loading starts at once. Planning runs far ahead of
    // rendering; the pages waiting their turn beyond a few thousand wait on disk, not in the heap.
    const planned = createChannel<PlannedPage>({
      file: join(cacheDir, 'planned.jsonl'),
      highWater: PLANNED_IN_MEMORY,
      ...plannedPageCodec,
    });
    const ledger = createLedger(cacheDir);
    const pagesProgress = progress('pages', 0);
    let plannedFiles = 0;
    const planning = timed('plan', async () => {
      const started = performance.now();
      // Planning has a small memo of its own (the all-time rosters it lists players from: a few sports' at a time).
      const refused = await planPages({ ...ctx, memo: createMemo(PLAN_MEMO_ENTRIES) }, router, {
        push(page) {
          if (page.route.render === 'file') plannedFiles++;
          planned.push(page);
          pagesProgress.setTotal(planned.pushed, false);
        },
      });
      summary.failed.push(...refused);
      pagesProgress.setTotal(planned.pushed, true);
      logger.info(
        'build',
        `${planned.pushed.toLocaleString('en-US')} routes planned in ${Math.round(performance.now() - started)} ms`,
      );
      if (refused.length && !options.keepGoing)
        throw createError(BuildFailed, [refused.length, `${refused[0]!.path}: ${refused[0]!.message}`]);
    }).then(
      () => planned.close(),
      (error: unknown) => planned.close(error),
    );
    const loaded = await timed('pages', () =>
      loadPages(planned, ctx, {
        outDir: staging.dir,
        concurrency: source.concurrency,
        keepGoing: options.keepGoing ?? false,
        progress: pagesProgress,
        pool: pool!,
        onMedia: (url) => media!.add(url),
        ledger,
      }),
    );
    await planning;
    pagesProgress.done();
    summary.routes = planned.pushed;
    summary.failed.push(...loaded.failures);
    summary.skipped = loaded.skipped;
    summary.pages = ledger.count;
    summary.files = plannedFiles - loaded.failures.filter((f) => f.path.startsWith('/documents/')).length;
    if (summary.failed.length && !options.keepGoing)
      throw createError(BuildFailed, [
        summary.failed.length,
        `${summary.failed[0]!.path}: ${summary.failed[0]!.message}`,
      ]);

    const searchFiles = await pool.loadingDone();
    const notFound = notFoundTask();
    const notFoundBytes = (await pool.render(notFound)).bytes;
    const mirrored = await timed('media', () => media!.finish());
    const feeds = await timed('feeds', () =>
      writeFeeds(ctx, staging.dir, { entries: sitemapEntries(ledger.sorted()), count: ledger.indexable }),
    );
    const search = staticSearch
      ? await timed('search', () => writeSearchIndex(readSearchDocs(searchFiles), staging.dir, cacheDir))
      : null;
    if (search) summary.search = { docs: search.docs, terms: search.terms, files: search.files, bytes: search.bytes };
    const rules = hostRules(await redirecting, config, site);
    const buildId = createHash('sha256')
      .update(
        JSON.stringify({
          version: FIELDHOUSE_VERSION,
          config: {
            siteUrl: config.siteUrl,
            theme: config.theme,
            scripts: config.scripts,
            runtime: config.runtime,
            errorReporting: config.errorReporting,
          },
          site: siteData.hash,
          assets: built.files.map((f) => `${f.path}:${f.hash}`),
          media: mirrored.digest,
          hosts: rules,
          feeds: feeds.digest,
          search: search?.digest ?? null,
          content: loaded.contentDigest.hex(),
        }),
      )
      .digest('hex')
      .slice(0, BUILD_ID_LENGTH);
    summary.buildId = buildId;

    await timed('finish', async () => {
      await pool!.patchBuildId(buildId, ledger.finish(), [{ dir: notFound.dir, file: notFound.file }]);
      await writeManifests(
        staging.dir,
        buildId,
        clock.toISOString(),
        prerenderedPaths(ledger.sorted()),
        rules.redirects,
      );
      await writeHostFiles(staging.dir, rules);
      await copyPublic(options.root, config.build.publicDir, staging.dir);
    });
    summary.bytesWritten =
      loaded.pageBytes +
      notFoundBytes +
      loaded.fileBytes +
      mirrored.bytes +
      siteData.json.length +
      feeds.bytes +
      (search?.bytes ?? 0);
    await timed('commit', () => staging.commit());
    committed = true;
    summary.ok = summary.failed.length === 0;
  } catch (error) {
    if (!summary.failed.length) summary.failed.push({ path: '(build)', record: 'build', message: formatError(error) });
    if (!committed) logger.error('build', formatError(error));
  } finally {
    clearInterval(sampler);
    if (!committed) await media?.cancel();
    await pool?.close();
    await rm(cacheDir, { recursive: true, force: true });
    if (!committed) await staging.discard();
    const workerStats = pool?.apiStats() ?? { requests: 0, retries: 0 };
    summary.apiRequests = source.client.stats.requests + workerStats.requests;
    summary.apiRetries = source.client.stats.retries + workerStats.retries;
    summary.demoPeakRssMb = await source.close();
    summary.warnings = warnings;
    summary.wallMs = Math.round(performance.now() - started);
    summary.pagesPerSecond = Math.round((summary.pages / Math.max(1, summary.wallMs)) * 1000);
    summary.peakRssMb = Math.round(Math.max(peakRss, process.memoryUsage.rss()) / 1048576);
  }
  return summary;
}

function* sitemapEntries(entries: Iterable<LedgerEntry>): Generator<SitemapEntry> {
  for (const { path, indexable, lastmod } of entries) if (indexable) yield { path, lastmod };
}

function* prerenderedPaths(entries: Iterable<LedgerEntry>): Generator<string> {
  for (const { path } of entries) yield path;
}

/** The search documents the render workers wrote. */
function* readSearchDocs(files: string[]): Generator<SearchDoc> {
  for (const file of files) for (const line of readLines(file)) yield JSON.parse(line) as SearchDoc;
}
