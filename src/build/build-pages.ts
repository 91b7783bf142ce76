import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isFieldhouseError, errorMessage } from '../errors/error.ts';
import { PAYLOAD_FILE, pageDir } from '../output/layout.ts';
import type { OutputWriter } from '../output/writer.ts';
import { derivedOf, type PageContext } from '../pages/index.ts';
import type { SearchDoc } from '../search/writer.ts';
import type { LineWriter } from '../util/line-files.ts';
import { createSetDigest, type SetDigest } from '../util/set-digest.ts';
import type { KeptLines, PageFacts } from './deps/cache.ts';
import type { Ledger } from './ledger.ts';
import type { PageLinks } from './links.ts';
import type { PageTally } from './deps/tally.ts';
import type { PlannedPage } from './plan.ts';
import type { Progress } from './progress.ts';
import type { RenderPool } from './render/pool.ts';
import type { PageTask, Rendered } from './render/protocol.ts';

/** A page that could not be built. */
export interface PageFailure {
  path: string;
  label: string;
  message: string;
}

/** A page that failed this time and was built from the previous build's data instead (--keep-going). */
export interface KeptPage extends PageFailure {
  /** The previous build's data of the page is what the site now shows. */
  kept: true;
}

export interface BuildPagesOptions {
  pages: AsyncIterable<PlannedPage>;
  ctx: PageContext;
  pool: RenderPool;
  writer: OutputWriter;
  /** Where each written page is listed (with its sitemap entry), on disk. */
  ledger: Ledger;
  /** Pages (and their API requests) in flight at once. */
  concurrency: number;
  keepGoing: boolean;
  progress: Progress;
  /**
   * Called with each media URL a page uses (the build copies each once, meanwhile); `kept` when the page is an
   * incremental build's untouched page, kept from the previous output.
   */
  onMedia(url: string, kept: boolean): void;
  /**
   * Called with the site paths a written page links to, for the link check; `chromeOf` names the links of a kept
   * page's chrome (the build cache's).
   */
  onLinks(page: string, links: PageLinks, chromeOf?: (id: string) => readonly string[] | undefined): void;
  /**
   * Every page a worker built (with its line of the build cache) is counted here with its media and its chrome; the
   * pages kept in place are not.
   */
  tally: PageTally;
  /**
   * The previous build's output, when it holds pages this version of Fieldhouse can render again: with
   * --keep-going, a page that fails is built from its previous data rather than lost.
   */
  previous: string | null;
  /**
   * Search documents of pages built here from a previous build's data (--keep-going) rather than in a worker; null
   * without search. A page kept in place has its document in the build cache's lines of the index.
   */
  searchDocs: LineWriter | null;
  /**
   * An incremental build: the pages a change does not touch, built from their data in the previous output (no
   * API call); null for a full build. Their dependencies are carried over to the new build cache.
   */
  reuse: {
    has(path: string): boolean;
    /**
     * The facts of a page it has, from its line of the previous build cache (deps/cache.ts), but its own links (the
     * link check takes the previous output's targets from the cache at once: links.ts, `addUnheld`) and its search
     * document (the search index takes the kept pages' from the cache's `search.tsv`: src/search/worker.ts).
     */
    facts(path: string): Omit<PageFacts, 'search' | 'links'>;
    /** What the page read, from that line. */
    deps(path: string): string[] | undefined;
    /**
     * The lines of these pages as they were, for the next build cache; `notKept`: the cache's pages not among them
     * (Scope's keptView in index.ts).
     */
    keptLines(paths: KeptInPlace, notKept: readonly string[]): KeptLines;
    /** The links of a chrome the previous build cache names. */
    chromeOf(id: string): readonly string[] | undefined;
    /**
     * The previous output carries this build's id: its page files are what this build would write, so they are
     * left where they are, and the new files are moved in among them (overlay.ts). Otherwise every page is
     * rendered again into the staging folder, from its payload there.
     */
    inPlace: boolean;
  } | null;
}

export interface BuildPagesResult {
  /** Bytes of HTML and payloads written. */
  pageBytes: number;
  /** Files copied from the API (documents) and their bytes. */
  fileBytes: number;
  /**
   * Over every page's and file's path and content, in any order: the content id is made from it. Without the pages
   * kept in place (`keptInPlace`): the build cache's digest of them is merged in at the end (index.ts).
   */
  contentDigest: SetDigest;
  skipped: number;
  failures: PageFailure[];
  kept: KeptPage[];
  /** Pages that failed on a flaky API and were built on the second pass. */
  retriedPages: number;
  /** Pages of an incremental build built from their previous data (not touched by the changes). */
  reused: number;
  /** Pages an incremental build left in the output as they were (`reuse.inPlace`). */
  keptInPlace: KeptInPlace;
}

/**
 * The pages an incremental build keeps in place (index.ts, keptView): the build cache's pages less the few it does
 * not keep, which the plan never lists one by one. Empty for any other build.
 */
export interface KeptInPlace extends Iterable<string> {
  has(path: string): boolean;
  readonly size: number;
}

/** Pages whose HTML and payload together pass this are named in a warning: fans on phones download them. */
export const LARGE_PAGE_BYTES = 5 << 20;

/** An empty tally, for buildPages (made before the plan, which counts the kept view's pages into it). */
export function createPagesResult(keptInPlace: KeptInPlace = new Set()): BuildPagesResult {
  return {
    pageBytes: 0,
    fileBytes: 0,
    contentDigest: createSetDigest(),
    skipped: 0,
    failures: [],
    kept: [],
    retriedPages: 0,
    reused: 0,
    keptInPlace,
  };
}

/**
 * An incremental build's page that no change touched, when the output carries this build's id: its files there
 * are what this build would write, so they stay where they are (the output is updated in place: overlay.ts), and
 * everything else the build needs of the page is in its line of the cache. False for any other page (buildPages
 * builds it). Synchronous: the plan calls it as it finds each page, so kept pages never queue.
 */
export function keepInPlace(page: PlannedPage, options: BuildPagesOptions): boolean {
  const reuse = options.reuse;
  // Its part of the content digest, its entry in the list of pages, its search document, and its media and chrome
  // (the build cache's counts of them) come from the build cache with the other kept pages' (index.ts): it is one of
  // the kept view's pages already.
  return !!reuse?.inPlace && page.route.render !== 'file' && reuse.has(page.path);
}

/**
 * Build every planned page: each goes to the worker pool, which loads its data through the API, renders and
 * writes it; files (documents) are copied here. Pages that failed because the API was flaky (a dropped
 * connection, a 503, a body cut short, after the client's own retries) are tried once more at the end. With
 * keep-going, a page that still fails is built from the previous build's data when there is one. At most
 * `concurrency` pages are in flight, so memory does not grow with the site. A 404 skips a page with a warning;
 * anything else fails it, and without keep-going stops new work.
 */
export async function buildPages(
  options: BuildPagesOptions,
  result: BuildPagesResult = createPagesResult(),
): Promise<BuildPagesResult> {
  const transient: PlannedPage[] = [];
  let aborted = false;

  const attempt = async (page: PlannedPage, last: boolean) => {
    const outcome = await buildOne(page, options, result).catch((error: unknown) => ({ error }));
    if (!outcome) return;
    const { error } = outcome;
    if (isFieldhouseError(error) && error.status === 404) {
      result.skipped++;
      options.ctx.warn(`skipped ${page.path} (${page.label}): ${error.message}`);
    } else if (!last && isTransient(error)) {
      transient.push(page);
    } else if (options.keepGoing && options.previous && (await keepPrevious(page, error, options, result))) {
      // Built from the previous data: counted in result.kept.
    } else {
      result.failures.push({ path: page.path, label: page.label, message: errorMessage(error) });
      if (!options.keepGoing) aborted = true;
    }
  };

  const slots = createSemaphore(options.concurrency);
  for await (const page of options.pages) {
    await slots.acquire();
    if (aborted) {
      slots.release();
      break;
    }
    void attempt(page, false).finally(() => {
      options.progress.tick();
      slots.release();
    });
  }
  await slots.drain();

  // The second pass: pages the flaky API cost, once more, after everything else.
  if (aborted) {
    for (const page of transient.splice(0))
      result.failures.push({
        path: page.path,
        label: page.label,
        message: 'not tried again: the build stopped at an error',
      });
  }
  if (transient.length) {
    const retry = transient.splice(0);
    options.ctx.warn(`${retry.length} page(s) failed on a flaky API after their retries: trying them once more`);
    await Promise.all(
      retry.map(async (page) => {
        await slots.acquire();
        const before = result.failures.length + result.kept.length;
        await attempt(page, true).finally(() => slots.release());
        if (result.failures.length + result.kept.length === before) result.retriedPages++;
      }),
    );
  }
  return result;
}

/** Build one planned page; resolves with the error when it failed, nothing when it was written or skipped. */
async function buildOne(
  page: PlannedPage,
  options: BuildPagesOptions,
  result: BuildPagesResult,
): Promise<{ error: unknown } | void> {
  const reuse = options.reuse;
  if (page.route.render !== 'file' && options.previous && reuse?.has(page.path)) {
    // Untouched by the changes: kept from the previous output, with no API call.
    if (keepInPlace(page, options)) return;
    // Rendered again from its payload there (the build id changed), in a worker.
    const built = await options.pool.buildPage({
      ...taskOf(page),
      from: options.previous,
      deps: reuse.deps(page.path),
    });
    if (built.kind === 'error') return { error: built.error };
    if (built.kind === 'page') {
      written(page.path, built.rendered, built.sitemap, options, result, reuse.chromeOf);
      options.tally.add(built.rendered.media, built.rendered.links.chrome);
      result.reused++;
      return;
    }
    // Not in the previous output after all: built from the API like any other page.
  }
  if (page.route.render === 'file') {
    const bytes = await options.ctx.api.documentFile(page.params.uuid as string);
    options.writer.write(page.path, bytes, page.label);
    result.contentDigest.add(page.path, createHash('sha1').update(bytes).digest('hex'));
    result.fileBytes += bytes.byteLength;
    return;
  }
  const built = await options.pool.buildPage(taskOf(page));
  if (built.kind === 'skip') {
    result.skipped++;
    options.ctx.warn(`skipped ${page.path} (${page.label}): ${built.reason}`);
    return;
  }
  if (built.kind === 'error') return { error: built.error };
  if (built.kind === 'absent') throw new Error(`${page.path}: a worker answered "absent" for a page it was to load`);
  written(page.path, built.rendered, built.sitemap, options, result);
  // Counted as the worker wrote its line of the build cache (a page built from its previous data has none: the next
  // build, which treats it as touched, has no line to take its count off by).
  options.tally.add(built.rendered.media, built.rendered.links.chrome);
}

/** A planned page as a render worker's task. */
function taskOf(page: PlannedPage): Omit<PageTask, 'id'> {
  return { route: page.route.name, params: page.params, path: page.path, label: page.label };
}

function written(
  path: string,
  rendered: Rendered,
  sitemap: { lastmod: string | null } | null,
  options: BuildPagesOptions,
  result: BuildPagesResult,
  /** A kept page's: the links of its chrome, from the build cache. */
  chromeOf?: (id: string) => readonly string[] | undefined,
): void {
  result.contentDigest.add(path, rendered.digest);
  for (const url of rendered.media) options.onMedia(url, chromeOf !== undefined);
  options.onLinks(path, rendered.links, chromeOf);
  result.pageBytes += rendered.bytes;
  if (rendered.bytes > LARGE_PAGE_BYTES)
    options.ctx.warn(
      `page ${path} is ${(rendered.bytes / 1048576).toFixed(1)} MB (HTML and payload): look for an oversized record`,
    );
  options.ledger.add({ path, indexable: sitemap !== null, lastmod: sitemap?.lastmod ?? null });
}

/**
 * A failed page, built from its data in the previous build's output (its payload): the site keeps the page as it
 * was instead of losing it. False when there is no previous version of the page.
 */
async function keepPrevious(
  page: PlannedPage,
  error: unknown,
  options: BuildPagesOptions,
  result: BuildPagesResult,
): Promise<boolean> {
  if (!(await fromPrevious(page, options, result))) return false;
  const message = errorMessage(error);
  result.kept.push({ path: page.path, label: page.label, message, kept: true });
  options.ctx.warn(`${page.path} (${page.label}) failed (${message}): the previous build's version is kept`);
  return true;
}

/**
 * Build a page from its data in the previous output (its payload), rendered again with this build's site data and
 * assets: what a page that failed keeps (--keep-going), and what an incremental build does with a page no change
 * touched. False when the previous output has no such page.
 */
async function fromPrevious(page: PlannedPage, options: BuildPagesOptions, result: BuildPagesResult): Promise<boolean> {
  if (!options.previous) return false;
  const file = join(options.previous, pageDir(page.path), PAYLOAD_FILE);
  if (!existsSync(file)) return false;
  let payload: { buildId?: string; template: string; path: string; head: { noindex?: boolean }; data: unknown };
  try {
    payload = JSON.parse(readFileSync(file, 'utf8')) as typeof payload;
  } catch {
    return false;
  }
  const { buildId: _previousBuild, ...rest } = payload;
  const payloadJson = JSON.stringify(rest);
  const rendered = await options.pool.render({ dir: pageDir(page.path), payloadJson });
  const derived = payload.head.noindex
    ? null
    : derivedOf(payload.template, payload.data, payload.path, options.ctx.site, true);
  if (derived?.searchDoc) options.searchDocs?.write(JSON.stringify(derived.searchDoc satisfies SearchDoc));
  written(page.path, rendered, derived && { lastmod: derived.lastmod }, options, result);
  return true;
}

/**
 * Failures a later try may not meet: the network, a "try again later" status, a body cut short. Not when the
 * client's retry budget is spent: then the API is failing as a whole, and the build stops instead.
 */
function isTransient(error: unknown): boolean {
  return (
    isFieldhouseError(error) &&
    (error.code === 'ApiNetworkError' || error.details.transient === true) &&
    error.details.retryBudgetSpent !== true
  );
}

/** At most `size` tasks at once; `drain` waits until none is running. */
function createSemaphore(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  let idle: (() => void) | null = null;
  return {
    acquire(): Promise<void> {
      if (active < size) {
        active++;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release(): void {
      const next = waiting.shift();
      if (next) return next();
      active--;
      if (active === 0) idle?.();
    },
    drain(): Promise<void> {
      return active === 0 ? Promise.resolve() : new Promise((resolve) => (idle = resolve));
    },
  };
}
