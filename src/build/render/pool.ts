import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AssetManifest, DocumentScripts } from './document.ts';

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
}

/** What rendering a page produced. */
export interface Rendered {
  bytes: number;
  /** SHA-1 of the spooled payload: the build id is made from these. */
  digest: string;
  /** Root-relative media URLs in the payload. */
  media: string[];
}

export interface RenderPool {
  /** Render and write one page. */
  render(task: RenderTask): Promise<Rendered>;
  /** Write the build id into the files of these pages (folders relative to the output; `file` other than index.html). */
  patchBuildId(buildId: string, pages: { dir: string; file?: string }[]): Promise<void>;
  close(): Promise<void>;
}

const encoder = new TextEncoder();
const WORKER_FILE = fileURLToPath(new URL('./worker.mjs', import.meta.url));
/** Pages per message: amortises the messaging cost without holding pages back. */
const BATCH = 8;

/** How many render threads: the configured number, or one per core. */
export function workerCount(configured: number): number {
  return configured > 0 ? configured : Math.max(1, availableParallelism());
}

interface Pending {
  task: RenderTask & { id: number };
  resolve(result: Rendered): void;
  reject(error: Error): void;
}

/** A pool of render threads fed while pages load, so loading and rendering overlap. */
export async function createRenderPool(options: RenderPoolOptions): Promise<RenderPool> {
  const workers = await Promise.all(
    Array.from({ length: options.workers }, () => {
      const worker = new Worker(WORKER_FILE, {
        workerData: { bundle: pathToFileURL(options.serverBundle).href, outDir: options.outDir, assets: options.assets, scripts: options.scripts, siteJson: options.siteJson },
      });
      return new Promise<{ worker: Worker; busy: number }>((resolve, reject) => {
        worker.once('message', () => resolve({ worker, busy: 0 }));
        worker.once('error', (error) => reject(new Error(`A render worker failed to start (${WORKER_FILE}): ${error.message}`, { cause: error })));
      });
    }),
  );
  const queue: Pending[] = [];
  const inFlight = new Map<number, Pending>();
  let nextId = 0;
  let failure: Error | null = null;
  let scheduled = false;

  const dispatch = () => {
    for (const slot of workers) {
      while (slot.busy < 2 && queue.length) {
        const batch = queue.splice(0, BATCH);
        for (const p of batch) inFlight.set(p.task.id, p);
        slot.busy++;
        // Payloads travel as transferred bytes: no copy, and far cheaper than cloning strings.
        const pages = batch.map(({ task }) => ({ id: task.id, dir: task.dir, file: task.file, bytes: encoder.encode(task.spool) }));
        slot.worker.postMessage({ type: 'render', pages }, pages.map((p) => p.bytes.buffer));
      }
    }
  };
  for (const slot of workers) {
    slot.worker.on('message', (message: { type: string; results?: ({ id: number; error?: string } & Partial<Rendered>)[] }) => {
      if (message.type !== 'rendered') return;
      slot.busy--;
      for (const r of message.results!) {
        const pending = inFlight.get(r.id)!;
        inFlight.delete(r.id);
        if (r.error) pending.reject(new Error(r.error));
        else {
          pending.resolve({ bytes: r.bytes!, digest: r.digest!, media: r.media! });
        }
      }
      dispatch();
    });
    slot.worker.on('error', (error) => {
      failure = error;
      for (const p of [...inFlight.values(), ...queue]) p.reject(error);
    });
  }

  return {
    render(task) {
      if (failure) return Promise.reject(failure);
      return new Promise<Rendered>((resolve, reject) => {
        queue.push({ task: { ...task, id: nextId++ }, resolve, reject });
        if (queue.length >= BATCH) dispatch();
        else if (!scheduled) {
          // Pages queued in the same turn of the event loop go out together: one message, not many.
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            dispatch();
          });
        }
      });
    },
    async patchBuildId(buildId, all) {
      const share = Math.ceil(all.length / workers.length);
      await Promise.all(
        workers.map(({ worker }, i) => {
          const pages = all.slice(i * share, (i + 1) * share);
          return new Promise<void>((resolve, reject) => {
            const onMessage = (message: { type: string }) => {
              if (message.type !== 'patched') return;
              worker.off('message', onMessage);
              resolve();
            };
            worker.on('message', onMessage);
            worker.once('error', reject);
            worker.postMessage({ type: 'patch', buildId, pages });
          });
        }),
      );
    },
    async close() {
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}
