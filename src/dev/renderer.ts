import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { errorToRecord, type ErrorRecord } from '../errors/error.ts';
import { imageAnswers } from '../build/render/page-builder.ts';
import type { ImageMap } from '../images/variants.ts';
import type { DevPage, DevPageRequest, DevWorkerSetup, FromDevWorker, ToDevWorker } from './protocol.ts';
import { WORKER_HOST_SOURCE, type LoadBundle } from './worker-host.ts';

/** How long after a change the next spare worker is started: after the page the change reloads has rendered. */
const SPARE_DELAY_MS = 1_500;

/** The render worker as `site dev` sees it: pages in, their files out; started again with each new server bundle. */
export interface DevRenderer {
  /** Load and render one page (the 404 document with `null`). */
  render(page: DevPageRequest | null): Promise<DevPage>;
  /**
   * Stop the worker and start one on `bundle` (the new code, and the packages it imports); it is sent `setup` when
   * that resolves (null: not at all, the browser bundle failed). Resolves when the templates have loaded, or failed
   * to.
   */
  restart(bundle: { file: string; packages: string[] }, setup: Promise<DevWorkerSetup | null>): Promise<void>;
  /** Why the worker could not load the templates, when it could not. */
  readonly startError: ErrorRecord | null;
  close(): Promise<void>;
}

/**
 * A worker thread per version of the code, not a fresh import in this thread: a worker's modules go away with it
 * (an import per change would keep every old bundle in memory), no template state survives a change, and a
 * render that never ends is stopped with its worker. A spare worker with the packages loaded (worker-host.ts)
 * takes each new version of the code.
 */
export function createDevRenderer(
  cacheDir: string,
  warn: (message: string) => void,
  /** The image pipeline's info on a page's images (the session's; none without the pipeline). */
  imageInfo: (urls: string[]) => Promise<ImageMap>,
): DevRenderer {
  const host = join(cacheDir, 'worker-host.mjs');
  writeFileSync(host, WORKER_HOST_SOURCE);
  let packages: string[] = [];
  let spare: Worker | null = null;
  let spareTimer: NodeJS.Timeout | null = null;
  let closed = false;
  const spawn = () => {
    const started = new Worker(host, { workerData: { packages } });
    // A spare that fails is found out when it is used (its 'failed' message or exit).
    started.on('error', () => undefined);
    return started;
  };
  let worker: Worker | null = null;
  let startError: ErrorRecord | null = null;
  let nextId = 1;
  const waiting = new Map<number, (page: DevPage) => void>();

  const failAll = (error: unknown) => {
    for (const resolve of waiting.values()) resolve({ kind: 'error', error: errorToRecord(error) });
    waiting.clear();
  };

  return {
    get startError() {
      return startError;
    },
    render(page) {
      const current = worker;
      if (!current)
        return Promise.resolve({ kind: 'error', error: errorToRecord(new Error('The renderer is not running.')) });
      const id = nextId++;
      const message: ToDevWorker = page ? { type: 'page', id, page } : { type: 'not-found', id };
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        current.postMessage(message);
      });
    },
    async restart(bundle, setup) {
      const old = worker;
      worker = null;
      if (old) {
        failAll(new Error('The code changed while this page was rendering: reload it.'));
        await old.terminate();
      }
      startError = null;
      if (spareTimer) clearTimeout(spareTimer);
      const warm = bundle.packages.join('\n') === packages.join('\n');
      packages = bundle.packages;
      const started = warm && spare ? spare : spawn();
      if (spare && spare !== started) void spare.terminate();
      spare = null;
      worker = started;
      started.postMessage({ type: 'load', bundle: pathToFileURL(bundle.file).href } satisfies LoadBundle);
      void setup.then(
        (value) => {
          if (value && worker === started) started.postMessage({ type: 'setup', setup: value } satisfies ToDevWorker);
        },
        () => undefined,
      );
      // Answers go to the worker that asked, while it is the current one.
      const answerImages = imageAnswers(imageInfo, (message) => {
        if (worker === started) started.postMessage(message satisfies ToDevWorker);
      });
      await new Promise<void>((ready) => {
        started.on('message', (message: FromDevWorker) => {
          switch (message.type) {
            case 'ready':
              return ready();
            case 'failed':
              startError = message.error;
              return ready();
            case 'warn':
              return warn(message.message);
            case 'rendered':
              waiting.get(message.id)?.(message.page);
              waiting.delete(message.id);
              return;
            case 'image-info':
              return answerImages(message.asks);
          }
        });
        started.once('error', (error) => {
          if (worker !== started) return;
          startError = errorToRecord(error);
          failAll(error);
          ready();
        });
        started.once('exit', (code) => {
          if (worker !== started) return;
          const error = new Error(`The render worker stopped (exit code ${code}).`);
          startError ??= errorToRecord(error);
          failAll(error);
          ready();
        });
      });
      // The next version's worker, started once this one has answered the page the change reloads.
      spareTimer = setTimeout(() => {
        spareTimer = null;
        if (!closed && !spare) spare = spawn();
      }, SPARE_DELAY_MS);
      spareTimer.unref();
    },
    async close() {
      closed = true;
      if (spareTimer) clearTimeout(spareTimer);
      await spare?.terminate();
      const old = worker;
      worker = null;
      failAll(new Error('site dev is stopping.'));
      await old?.terminate();
    },
  };
}
