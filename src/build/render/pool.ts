import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ApiStats } from '../../api/client.ts';
import type { AssetManifest, DocumentScripts } from './document.ts';
import type { LoadOutcome, LoadTask, LoaderConfig } from './page-loader.ts';

/** One page for the render workers: its folder (relative to the output) and its spooled payload. */
export interface RenderTask {
  dir: string;
  spool: string;
  /** Another file name than index.html (404.html); no _payload.json is written then. */
  file?: string;
}

export interface RenderPoolOptions {
  workers: number;
  serverBundle: string;
  outDir: string;
  assets: AssetManifest;
  scripts: DocumentScripts;
  siteJson: string;
  /** The workers also load pages through the API (see `load`). */
  loader: LoaderConfig;
  /** Pages loading at once in one worker. */
  loadsPerWorker: number;
  /** Where each worker writes the search documents of its pages (`search-N.jsonl`); null without a static index. */
  searchDir: string | null;
  /** Warnings from the workers (retries, skipped records). */
  onWarn(message: string): void;
}

/** What rendering a page produced. */
export interface Rendered {
  bytes: number;
  /** SHA-1 of the spooled payload: the build id is made from these. */
  digest: string;
  /** Root-relative media URLs in the payload. */
  media: string[];
}

/** A page loaded and rendered by a worker, or skipped (404, the source's own reason), or failed. */
export type LoadedPage =
  | { kind: 'page'; rendered: Rendered; indexable: { lastmod: string | null } | null }
  | Exclude<LoadOutcome, { kind: 'page' }>;

export interface RenderPool {
  /** Load one page through the API, render and write it, in a worker. */
  load(task: LoadTask & { dir: string }): Promise<LoadedPage>;
  /** Render and write one page whose payload is known (the 404 page), in the first worker. */
  render(task: RenderTask): Promise<Rendered>;
  /** The workers' API requests, retries and bytes, summed. */
  apiStats(): ApiStats;
  /**
   * Write the build id into the files of every page the ledger file lists, shared among the workers, and of
   * `others` (folders relative to the output; `file` other than index.html).
   */
  patchBuildId(buildId: string, ledger: string, others: { dir: string; file?: string }[]): Promise<void>;
  /**
   * Every page has been loaded: the workers close their search document files (named in the answer) and let go of
   * their API clients and memos.
   */
  loadingDone(): Promise<string[]>;
  close(): Promise<void>;
}

const WORKER_FILE = fileURLToPath(new URL('./worker.mjs', import.meta.url));
/**
 * Old-generation cap per worker. A worker holds little at once (its memo, the pages in flight: 96 MB was enough at
 * scale 10); without a cap V8 lets the heap grow with the length of the run instead of collecting (peak RSS
 * 833–846 MB at scale 10 without it, 622–655 MB with it, and no slower).
 */
const WORKER_HEAP_MB = 128;

/** How many render threads: the configured number, or one per core. */
export function workerCount(configured: number): number {
  return configured > 0 ? configured : Math.max(1, availableParallelism());
}

interface PendingLoad {
  task: LoadTask & { dir: string; id: number };
  resolve(result: LoadedPage): void;
  reject(error: Error): void;
}

/** Pages of one sport go to one worker while it has room, so its memo (rosters, schedules) serves them all. */
function affinity(task: LoadTask, workers: number): number {
  const key = typeof task.params.sport === 'string' ? task.params.sport : task.route;
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % workers;
}

/** Send a worker one message and wait for its reply of type `reply`. */
function ask<T = unknown>(
  worker: Worker,
  message: { type: string } & Record<string, unknown>,
  reply: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (answer: { type: string } & T) => {
      if (answer.type !== reply) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve(answer);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.postMessage(message);
  });
}

/** A pool of worker threads that load pages through the API and render them (and render known payloads). */
export async function createRenderPool(options: RenderPoolOptions): Promise<RenderPool> {
  const workers = await Promise.all(
    Array.from({ length: options.workers }, (_, index) => {
      const searchFile = options.searchDir ? join(options.searchDir, `search-${index}.jsonl`) : null;
      const worker = new Worker(WORKER_FILE, {
        workerData: {
          bundle: pathToFileURL(options.serverBundle).href,
          outDir: options.outDir,
          assets: options.assets,
          scripts: options.scripts,
          siteJson: options.siteJson,
          loader: options.loader,
          searchFile,
        },
        // A worker's live data is bounded (its memo, the pages in flight), whatever the size of the site; the cap
        // keeps V8 from growing the heap with the length of the run instead of collecting.
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      });
      return new Promise<{ worker: Worker; loading: number; stats: ApiStats }>((resolve, reject) => {
        worker.once('message', () => resolve({ worker, loading: 0, stats: { requests: 0, retries: 0, bytes: 0 } }));
        worker.once('error', (error) =>
          reject(new Error(`A render worker failed to start (${WORKER_FILE}): ${error.message}`, { cause: error })),
        );
      });
    }),
  );
  const loadQueue: PendingLoad[] = [];
  const loadsInFlight = new Map<number, PendingLoad>();
  let loadScheduled = false;
  let nextId = 0;
  let failure: Error | null = null;

  const dispatchLoads = () => {
    const outgoing = new Map<(typeof workers)[number], PendingLoad['task'][]>();
    while (loadQueue.length) {
      const next = loadQueue[0]!;
      const preferred = workers[affinity(next.task, workers.length)]!;
      const slot =
        preferred.loading < options.loadsPerWorker
          ? preferred
          : workers.reduce((a, b) => (b.loading < a.loading ? b : a));
      if (slot.loading >= options.loadsPerWorker) break;
      loadQueue.shift();
      slot.loading++;
      loadsInFlight.set(next.task.id, next);
      const batch = outgoing.get(slot);
      if (batch) batch.push(next.task);
      else outgoing.set(slot, [next.task]);
    }
    for (const [slot, pages] of outgoing) slot.worker.postMessage({ type: 'load', pages });
  };
  const scheduleLoads = () => {
    if (loadScheduled) return;
    // Pages queued in the same turn of the event loop go out together: one message per worker, not one per page.
    loadScheduled = true;
    setImmediate(() => {
      loadScheduled = false;
      dispatchLoads();
    });
  };

  type Message = { type: string; message?: string; stats?: ApiStats; results?: ({ id: number } & LoadedPage)[] };
  for (const slot of workers) {
    slot.worker.on('message', (message: Message) => {
      if (message.type === 'warn') return options.onWarn(message.message!);
      if (message.type === 'loaded') {
        slot.stats = message.stats!;
        for (const { id, ...outcome } of message.results!) {
          const pending = loadsInFlight.get(id)!;
          loadsInFlight.delete(id);
          slot.loading--;
          pending.resolve(outcome);
        }
        dispatchLoads();
      }
    });
    slot.worker.on('error', (thrown) => {
      const error =
        (thrown as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new Error(
              `A render worker ran out of its ${WORKER_HEAP_MB} MB heap (pages or shared API answers larger than expected); raise WORKER_HEAP_MB in src/build/render/pool.ts.`,
              { cause: thrown },
            )
          : thrown;
      failure = error;
      for (const p of [...loadsInFlight.values(), ...loadQueue]) p.reject(error);
    });
  }

  return {
    load(task) {
      if (failure) return Promise.reject(failure);
      return new Promise<LoadedPage>((resolve, reject) => {
        loadQueue.push({ task: { ...task, id: nextId++ }, resolve, reject });
        scheduleLoads();
      });
    },
    apiStats() {
      return workers.reduce(
        (sum, { stats }) => ({
          requests: sum.requests + stats.requests,
          retries: sum.retries + stats.retries,
          bytes: sum.bytes + stats.bytes,
        }),
        { requests: 0, retries: 0, bytes: 0 },
      );
    },
    async render(task) {
      if (failure) throw failure;
      const answer = await ask<{ rendered?: Rendered; error?: string }>(
        workers[0]!.worker,
        { type: 'render', page: task },
        'rendered',
      );
      if (answer.error) throw new Error(answer.error);
      return answer.rendered!;
    },
    async patchBuildId(buildId, ledger, others) {
      await Promise.all(
        workers.map(({ worker }, share) =>
          ask(
            worker,
            { type: 'patch', buildId, ledger, share, of: workers.length, pages: share === 0 ? others : [] },
            'patched',
          ),
        ),
      );
    },
    async loadingDone() {
      const replies = await Promise.all(
        workers.map(({ worker }) => ask<{ file: string | null }>(worker, { type: 'loading-done' }, 'loading-closed')),
      );
      return replies.flatMap(({ file }) => (file ? [file] : []));
    },
    async close() {
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}
