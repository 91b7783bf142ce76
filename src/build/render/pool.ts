import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ApiStats } from '../../api/client.ts';
import { WorkerOutOfMemory } from '../../errors/catalogue.ts';
import { createError, errorFromRecord, type FieldhouseError } from '../../errors/error.ts';
import type { ImageMap } from '../../images/variants.ts';
import { imageAnswers, type PageBuilderConfig } from './page-builder.ts';
import type {
  FromWorker,
  PageOutcome,
  PageTask,
  Rendered,
  RenderTask,
  Reply,
  ToWorker,
  WorkerSetup,
} from './protocol.ts';
import type { AssetManifest, DocumentScripts } from './document.ts';
import type { SitemapsWritten } from '../feeds/index.ts';
import type { PageListJob } from '../page-list.ts';

export interface RenderPoolOptions {
  /** The most worker threads it runs. */
  workers: number;
  /** How many start at once (default: all); the others start when `expect` says enough pages come. */
  startWith?: number;
  /** The server bundle (src/build/render/worker.ts bundled): each worker runs it. */
  workerBundle: string;
  outDir: string;
  /** The build id every page carries. */
  buildId: string;
  assets: AssetManifest;
  scripts: DocumentScripts;
  siteJson: string;
  builder: PageBuilderConfig;
  /** Pages loading at once in one worker. */
  loadsPerWorker: number;
  /** Where each worker writes the search documents of its pages (`search-N.jsonl`); null without a static index. */
  searchDir: string | null;
  /** Where each worker writes what its pages read from the API (`deps-N.jsonl`). */
  depsDir: string;
  /** Warnings from the workers (retries, skipped records). */
  onWarn(message: string): void;
  /** The image pipeline: what the build knows of these image URLs (absent: no pipeline, pages name images as they are). */
  imageInfo?: (urls: string[]) => Promise<ImageMap>;
  /** Threads kept from the builds before, to take first, and to leave there when this build is over. */
  warm?: WarmWorkers;
}

/** A page built by a worker: written (with its sitemap entry), skipped (with why), or failed (the catalogue's error). */
export type BuiltPage =
  Extract<PageOutcome, { kind: 'page' | 'skip' | 'absent' }> | { kind: 'error'; error: FieldhouseError };

export interface RenderPool {
  /** This many pages in all are coming (a count that grows as they are found): start the threads they are worth. */
  expect(pages: number): void;
  /** Build one page (load its data through the API, render it, write it) in a worker. */
  buildPage(task: Omit<PageTask, 'id'>): Promise<BuiltPage>;
  /** Render and write one page whose payload is known (the 404 document), in the first worker. */
  render(task: RenderTask): Promise<Rendered>;
  /** Make the feeds that come from the API (feeds/index.ts, apiFeeds) in the first worker: by path, their text. */
  feeds(): Promise<Map<string, string>>;
  /**
   * Write the sitemap and the build's manifest from the complete list of pages (../page-list.ts) in the last worker,
   * once loading is done, while the main thread goes on: the sitemap files, with their digests.
   */
  pageList(job: PageListJob): Promise<SitemapsWritten>;
  /** The workers' API requests, retries and bytes, summed. */
  apiStats(): ApiStats;
  /**
   * Each worker's V8 heap (committed bytes), as of its last batch of pages: the build's peak memory by thread. None
   * once the threads are ended (a parked thread's heap is still the process's, and still counted).
   */
  threadHeaps(): number[];
  /** The thread ids of the workers started so far (a warm thread keeps its id from build to build). */
  threadIds(): number[];
  /** Every page is built: the workers close their search and deps files (named in the answer) and let go of their clients. */
  loadingDone(): Promise<{ searchFiles: string[]; depsFiles: string[] }>;
  /** End the threads (or park them, `warm`); a second call waits for the first. */
  close(): Promise<void>;
}

/**
 * Old-generation cap per worker. A worker holds little at once (its memo, the pages in flight: 96 MB was enough at
 * scale 10); without a cap V8 lets the heap grow with the length of the run instead of collecting (peak RSS
 * 833–846 MB at scale 10 without it, 622–655 MB with it, and no slower).
 */
export const WORKER_HEAP_MB = 128;

/** How many render threads: the configured number, or one per core. */
export function workerCount(configured: number): number {
  return configured > 0 ? configured : Math.max(1, availableParallelism());
}

/**
 * Pages of one sport go to one worker, so its memo (rosters, schedules) serves them all. A sport's player or coach
 * (a sport and a slug: their own page and each season's, listed one after another) goes to one worker, whose memo
 * serves their record to all of them: a sport's hundreds of players spread over the workers.
 */
export function affinity(task: Omit<PageTask, 'id'>, workers: number): number {
  return affinityHash(task) % workers;
}

function affinityHash(task: Omit<PageTask, 'id'>): number {
  const { sport, slug } = task.params;
  const key = typeof sport !== 'string' ? task.route : typeof slug === 'string' ? `${sport}/${slug}` : sport;
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash);
}

/**
 * How far into the queue a worker with room looks for a page of its own (by affinity) before it takes the first;
 * the build hands the pool this many pages more than its workers load at once, so that there is a queue to look
 * in. Without one, a page went to whichever worker had room when it came: a player's own page and their season
 * pages went to both threads as often as not (a run of one worker's pages, such as the box scores, which go by
 * their route, filled it), and each thread's memo asked the API for the same player.
 */
export const AFFINITY_WINDOW = 64;

/**
 * Where in the queue the worker at `index` of `workers` takes its next page: its own first page within
 * AFFINITY_WINDOW of the head, or else the head (no worker waits while there is work).
 */
export function nextPageFor(queue: readonly { hash: number }[], index: number, workers: number): number {
  const window = Math.min(queue.length, AFFINITY_WINDOW);
  for (let at = 0; at < window; at++) if (queue[at]!.hash % workers === index) return at;
  return 0;
}

interface Slot {
  worker: Worker;
  /** Pages sent to it and not answered yet. */
  loading: number;
  stats: ApiStats;
  /** Its V8 heap (committed bytes) as of its last batch of pages; 0 before the first. */
  heapBytes: number;
  /** Replies awaited, by request id. */
  replies: Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>;
}

interface Pending {
  task: PageTask;
  /** The task's affinity, before it is taken modulo the workers running when it is sent (they may grow). */
  hash: number;
  resolve(result: BuiltPage): void;
  reject(error: Error): void;
}

/**
 * A worker's start is about half a second of a core's time (it loads the server bundle), and a page a few
 * hundredths of one: the pool starts another thread for every this many pages it is told of (`expect`).
 */
export const PAGES_PER_START = 100;

/**
 * A pool of worker threads that build pages (load, render, write) and render known payloads. It starts with
 * `startWith` of its `workers`, and the others as `expect` says enough pages come: an incremental build that renders
 * a handful of pages loads the server bundle in one thread, not in one per core, and the thread that reads the
 * build cache meanwhile keeps a core of its own.
 */
export async function createRenderPool(options: RenderPoolOptions): Promise<RenderPool> {
  let nextId = 0;
  const slots: Slot[] = [];
  /** Workers started and not ready yet. */
  const starting = new Set<Promise<void>>();
  const queue: Pending[] = [];
  const inFlight = new Map<number, Pending>();
  let scheduled = false;
  let failure: Error | null = null;
  /** Every thread closed its loading (loadingDone): none has a page in flight. */
  let loadingClosed = false;

  const fail = (error: Error) => {
    failure = error;
    for (const pending of [...inFlight.values(), ...queue]) pending.reject(error);
    queue.length = 0;
    for (const { replies } of slots) for (const waiting of replies.values()) waiting.reject(error);
  };

  let spawned = 0;
  /** Start the next worker (a warm one if there is one); it joins the slots once it is set up for this build. */
  const start = (): Promise<void> => {
    const index = spawned++;
    const setup: WorkerSetup = {
      outDir: options.outDir,
      buildId: options.buildId,
      assets: options.assets,
      scripts: options.scripts,
      siteJson: options.siteJson,
      builder: options.builder,
      searchFile: options.searchDir ? join(options.searchDir, `search-${index}.jsonl`) : null,
      depsFile: join(options.depsDir, `deps-${index}.jsonl`),
      images: Boolean(options.imageInfo),
    };
    const warm = options.warm?.take(options.workerBundle);
    const worker = warm ?? spawnWorker(options.workerBundle);
    const ready = new Promise<void>((resolve, reject) => {
      const onError = (error: Error) =>
        reject(
          new Error(`A render worker failed to start (${options.workerBundle}): ${error.message}`, { cause: error }),
        );
      const onMessage = (message: FromWorker) => {
        if (message.type === 'loaded') return void worker.postMessage({ type: 'setup', setup } satisfies ToWorker);
        if (message.type !== 'ready') return;
        worker.off('message', onMessage);
        worker.off('error', onError);
        const slot: Slot = {
          worker,
          loading: 0,
          stats: { requests: 0, retries: 0, bytes: 0 },
          heapBytes: 0,
          replies: new Map(),
        };
        attach(slot);
        slots.push(slot);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      if (warm) worker.postMessage({ type: 'setup', setup } satisfies ToWorker);
    });
    const started = ready.finally(() => starting.delete(started));
    starting.add(started);
    return started;
  };
  /** Start workers for this many pages to build, up to the pool's size (see PAGES_PER_START). */
  const expect = (pages: number) => {
    const wanted = Math.min(options.workers, Math.max(1, Math.ceil(pages / PAGES_PER_START)));
    while (!failure && spawned < wanted) start().then(dispatch, (error: Error) => fail(error));
  };

  const dispatch = () => {
    const outgoing = new Map<Slot, PageTask[]>();
    while (queue.length) {
      // The least loaded worker takes the first page near the queue's head that is its own, or else the head.
      let index = 0;
      for (let i = 1; i < slots.length; i++) if (slots[i]!.loading < slots[index]!.loading) index = i;
      const slot = slots[index];
      if (!slot || slot.loading >= options.loadsPerWorker) break;
      const at = nextPageFor(queue, index, slots.length);
      const next = at === 0 ? queue.shift()! : queue.splice(at, 1)[0]!;
      slot.loading++;
      inFlight.set(next.task.id, next);
      const batch = outgoing.get(slot);
      if (batch) batch.push(next.task);
      else outgoing.set(slot, [next.task]);
    }
    for (const [slot, pages] of outgoing) post(slot, { type: 'build', pages });
  };
  const schedule = () => {
    if (scheduled) return;
    // Pages queued in the same turn of the event loop go out together: one message per worker, not one per page.
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      dispatch();
    });
  };
  const post = (slot: Slot, message: ToWorker) => slot.worker.postMessage(message);

  /** Send one request and wait for the reply with its id. */
  const ask = <T extends Reply['type']>(
    slot: Slot,
    message: ToWorker & { id: number },
  ): Promise<Extract<Reply, { type: T }>> => {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      slot.replies.set(message.id, { resolve: (reply) => resolve(reply as Extract<Reply, { type: T }>), reject });
      post(slot, message);
    });
  };

  function attach(slot: Slot): void {
    const answerImages = imageAnswers(options.imageInfo ?? (() => Promise.resolve({})), (message) =>
      post(slot, message),
    );
    slot.worker.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'warn':
          return options.onWarn(message.message);
        case 'built':
          slot.stats = message.stats;
          slot.heapBytes = message.heapBytes;
          for (const { id, ...outcome } of message.results) {
            const pending = inFlight.get(id)!;
            inFlight.delete(id);
            slot.loading--;
            pending.resolve(
              outcome.kind === 'error' ? { kind: 'error', error: errorFromRecord(outcome.error) } : outcome,
            );
          }
          return dispatch();
        case 'ready':
        case 'loaded':
          return;
        case 'image-info':
          return answerImages(message.asks);
        default: {
          const waiting = slot.replies.get(message.id);
          slot.replies.delete(message.id);
          waiting?.resolve(message);
        }
      }
    });
    slot.worker.on('error', (thrown) => {
      const error =
        (thrown as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? createError(WorkerOutOfMemory, [WORKER_HEAP_MB], { cause: thrown })
          : thrown;
      fail(error);
    });
  }

  // Warm threads are set up at once (a message, no start): all of them, whatever `startWith` says.
  const first = Math.min(
    Math.max(1, options.startWith ?? options.workers, options.warm?.count(options.workerBundle) ?? 0),
    options.workers,
  );
  const started = await Promise.allSettled(Array.from({ length: first }, () => start()));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(slots.map(({ worker }) => worker.terminate()));
    throw failed.reason;
  }
  /** Every worker, once those starting are ready. */
  const settled = async () => {
    while (starting.size) await Promise.allSettled(starting);
    return slots;
  };

  /** Ends the threads, or parks them for the next build: once, however often the pool is closed. */
  let closing: Promise<void> | null = null;
  let ended = false;
  const closeWorkers = async () => {
    const workers = (await settled()).map(({ worker }) => worker);
    // Threads are kept only when every page was built and their loading closed: a build that stopped early (a
    // failed plan, a thread that failed) may have left pages loading and writing, and its threads end with it.
    if (!options.warm || failure || !loadingClosed) {
      await Promise.all(workers.map((worker) => worker.terminate()));
      ended = true;
      return;
    }
    for (const worker of workers) {
      // The park listens for its errors from here (in the same turn: a thread never goes unheard).
      worker.removeAllListeners('message').removeAllListeners('error');
      worker.postMessage({ type: 'end' } satisfies ToWorker);
      options.warm.park(options.workerBundle, worker);
    }
  };
  return {
    expect,
    buildPage(task) {
      if (failure) return Promise.reject(failure);
      return new Promise<BuiltPage>((resolve, reject) => {
        queue.push({ task: { ...task, id: nextId++ }, hash: affinityHash(task), resolve, reject });
        schedule();
      });
    },
    threadIds: () => slots.map(({ worker }) => worker.threadId),
    threadHeaps: () => (ended ? [] : slots.map(({ heapBytes }) => heapBytes)),
    apiStats() {
      return slots.reduce(
        (sum, { stats }) => ({
          requests: sum.requests + stats.requests,
          retries: sum.retries + stats.retries,
          bytes: sum.bytes + stats.bytes,
        }),
        { requests: 0, retries: 0, bytes: 0 },
      );
    },
    async render(task) {
      const reply = await ask<'rendered'>(slots[0]!, { type: 'render', id: nextId++, task });
      if (!reply.result.ok) throw errorFromRecord(reply.result.error);
      return reply.result.rendered;
    },
    async feeds() {
      const reply = await ask<'feeds'>(slots[0]!, { type: 'feeds', id: nextId++ });
      if (!reply.result.ok) throw errorFromRecord(reply.result.error);
      return new Map(reply.result.files);
    },
    async pageList(job) {
      if (!loadingClosed) throw new Error('The list of pages was asked for before loading was done');
      const reply = await ask<'page-list'>(slots.at(-1)!, { type: 'page-list', id: nextId++, job });
      if (!reply.result.ok) throw errorFromRecord(reply.result.error);
      const { ok: _, ...written } = reply.result;
      return written;
    },
    async loadingDone() {
      const replies = await Promise.all(
        (await settled()).map((slot) => ask<'loading-closed'>(slot, { type: 'loading-done', id: nextId++ })),
      );
      loadingClosed = true;
      return {
        searchFiles: replies.flatMap(({ searchFile }) => (searchFile ? [searchFile] : [])),
        depsFiles: replies.map(({ depsFile }) => depsFile),
      };
    },
    close() {
      return (closing ??= closeWorkers());
    },
  };
}

/** A render thread running the server bundle, with React's production build and the heap cap. */
function spawnWorker(workerBundle: string): Worker {
  return new Worker(workerBundle, {
    // React picks its production or development build when it is first imported, before any line of the
    // worker runs: the environment is the only place to choose it (development React renders several times
    // slower, with the same HTML).
    env: { ...process.env, NODE_ENV: 'production' },
    // A worker's live data is bounded (its memo, the pages in flight), whatever the size of the site; the cap
    // keeps V8 from growing the heap with the length of the run instead of collecting.
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
}

/**
 * Threads kept between builds, for a process that builds again and again (`site webhook`, and bench:incremental,
 * which measures it): render threads, and the search index's. A fresh render thread loads the server bundle (about
 * half a second of a core) and then runs its code cold, interpreted until V8 has optimised it: about a tenth of the
 * time of an incremental build that renders a few thousand pages (an article published at scale 10). A warm thread
 * is set up for each build by message (protocol.ts; the search thread's: src/search/in-worker.ts) and keeps nothing
 * of the build before but its code (and the search thread, the index's lines it wrote: src/search/held-lines.ts).
 * Threads are kept by bundle: a thread of a bundle of the same name in another folder (the code changed) ends those
 * of the older one, and idle ones end after `idleMs`; a parked thread does not keep the process alive. Meant for one
 * build at a time (the receiver's queue never runs two at once): two builds at once would share out the parked
 * threads and start more.
 */
export interface WarmWorkers {
  /** A parked thread of this bundle, if any (taken from the park). */
  take(workerBundle: string): Worker | undefined;
  /** How many threads of this bundle are parked. */
  count(workerBundle: string): number;
  /** Keep a thread whose build is over. */
  park(workerBundle: string, worker: Worker): void;
  /** End every parked thread. */
  close(): Promise<void>;
}

export function createWarmWorkers({ idleMs = 15 * 60_000 }: { idleMs?: number } = {}): WarmWorkers {
  /** The parked threads of each kind of bundle (its file's name), all of one bundle. */
  const kinds = new Map<string, { bundle: string; parked: Worker[] }>();
  const parkedOf = (workerBundle: string) => {
    const kind = kinds.get(basename(workerBundle));
    return kind?.bundle === workerBundle ? kind.parked : [];
  };
  /** What lets each parked thread go if it fails or exits while parked. */
  const drops = new Map<Worker, () => void>();
  let idle: NodeJS.Timeout | null = null;
  const end = (workers: Worker[]) => Promise.all(workers.map((worker) => worker.terminate())).then(() => undefined);
  const endAll = () => end([...kinds.values()].flatMap(({ parked }) => parked.splice(0)));
  return {
    take(workerBundle) {
      const worker = parkedOf(workerBundle).pop();
      if (!worker) return undefined;
      const drop = drops.get(worker)!;
      drops.delete(worker);
      worker.off('error', drop).off('exit', drop).ref();
      return worker;
    },
    count: (workerBundle) => parkedOf(workerBundle).length,
    park(workerBundle, worker) {
      let kind = kinds.get(basename(workerBundle));
      if (kind?.bundle !== workerBundle) {
        if (kind) void end(kind.parked.splice(0));
        kind = { bundle: workerBundle, parked: [] };
        kinds.set(basename(workerBundle), kind);
      }
      const { parked } = kind;
      // A parked thread that fails or exits is let go; it never holds the process open.
      const drop = () => {
        const at = parked.indexOf(worker);
        if (at >= 0) parked.splice(at, 1);
        drops.delete(worker);
      };
      drops.set(worker, drop);
      worker.on('error', drop).on('exit', drop);
      worker.unref();
      parked.push(worker);
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => void endAll(), idleMs);
      idle.unref();
    },
    close() {
      if (idle) clearTimeout(idle);
      return endAll();
    },
  };
}
