import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isFieldhouseError } from '../errors/error.ts';
import { createSetDigest, type SetDigest } from '../util/set-digest.ts';
import { pageDir, type Ledger } from './ledger.ts';
import { outputPath } from './output.ts';
import type { PageContext } from './pages/index.ts';
import type { PlannedPage } from './plan.ts';
import type { Progress } from './progress.ts';
import type { RenderPool } from './render/pool.ts';

export interface PageFailure {
  path: string;
  record: string;
  message: string;
}

export interface LoadResult {
  /** Bytes of HTML and payloads written. */
  pageBytes: number;
  /** Over every page's and file's path and content, in any order: the build id is made from it. */
  contentDigest: SetDigest;
  skipped: number;
  failures: PageFailure[];
  /** Files written directly (documents) and their bytes. */
  fileBytes: number;
}

export interface LoadOptions {
  /** Called with each media URL a page uses (the build copies each once, meanwhile). */
  onMedia(url: string): void;
  /** Where each written page is listed (with its sitemap entry), on disk. */
  ledger: Ledger;
  outDir: string;
  concurrency: number;
  keepGoing: boolean;
  progress: Progress;
  /** Loads each page through the API and renders it, in a worker thread. */
  pool: RenderPool;
}

/**
 * Send each planned page to the worker pool, which loads its data through the API and renders it there (each
 * worker has its own client and memo, so loading and rendering use every core), and keep the tally: counts,
 * the content digest, media, and the ledger of pages (on disk). At most `concurrency` pages are in flight, so
 * memory does not grow with the site. A 404 skips the page with a warning; anything else fails it, and without keep-going stops new work.
 */
export async function loadPages(
  pages: AsyncIterable<PlannedPage>,
  ctx: PageContext,
  options: LoadOptions,
): Promise<LoadResult> {
  const result: LoadResult = { pageBytes: 0, contentDigest: createSetDigest(), skipped: 0, failures: [], fileBytes: 0 };
  // Pages in flight (loading in a worker, then rendering there): planned pages wait in the channel, not here.
  const slots = createSemaphore(options.concurrency);
  let aborted = false;
  const run = async (page: PlannedPage) => {
    try {
      await loadOne(page, ctx, options, result);
    } catch (error) {
      if (isFieldhouseError(error) && error.status === 404) {
        result.skipped++;
        ctx.warn(`skipped ${page.path} (${page.record}): ${error.message}`);
      } else {
        result.failures.push({
          path: page.path,
          record: page.record,
          message: error instanceof Error ? error.message : String(error),
        });
        if (!options.keepGoing) aborted = true;
      }
    } finally {
      options.progress.tick();
      slots.release();
    }
  };
  for await (const page of pages) {
    await slots.acquire();
    if (aborted) {
      slots.release();
      break;
    }
    void run(page);
  }
  await slots.drain();
  return result;
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

async function loadOne(page: PlannedPage, ctx: PageContext, options: LoadOptions, result: LoadResult): Promise<void> {
  if (page.route.render === 'file') {
    const uuid = page.params.uuid as string;
    const bytes = await ctx.api.documentFile(uuid);
    const file = outputPath(options.outDir, page.path, page.record);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
    result.contentDigest.add(page.path, createHash('sha1').update(bytes).digest('hex'));
    result.fileBytes += bytes.byteLength;
    return;
  }
  // Loaded and rendered in a worker (the main thread plans, dispatches and keeps the tally).
  outputPath(options.outDir, page.path, page.record);
  const loaded = await options.pool.load({
    route: page.route.name,
    params: page.params,
    path: page.path,
    record: page.record,
    dir: pageDir(page.path),
  });
  if (loaded.kind === 'skip') {
    result.skipped++;
    ctx.warn(`skipped ${page.path} (${page.record}): ${loaded.reason}`);
    return;
  }
  if (loaded.kind === 'error') throw Object.assign(new Error(loaded.message), { status: loaded.status });
  const { rendered, indexable } = loaded;
  result.contentDigest.add(page.path, rendered.digest);
  for (const url of rendered.media) options.onMedia(url);
  result.pageBytes += rendered.bytes;
  options.ledger.add({ path: page.path, indexable: indexable !== null, lastmod: indexable?.lastmod ?? null });
}
