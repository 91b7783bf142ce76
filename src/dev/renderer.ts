import { Worker } from 'node:worker_threads';
import { errorToRecord, type ErrorRecord } from '../errors/error.ts';
import type { DevPage, DevPageRequest, DevWorkerSetup, FromDevWorker, ToDevWorker } from './protocol.ts';

/** The render worker as `site dev` sees it: pages in, their files out; started again with each new server bundle. */
export interface DevRenderer {
  /** Load and render one page (the 404 document with `null`). */
  render(page: DevPageRequest | null): Promise<DevPage>;
  /** Stop the worker and start one on `bundle` (the new code) and `setup`; resolves when it is ready or failed. */
  restart(bundle: string, setup: DevWorkerSetup): Promise<void>;
  /** Why the worker could not load the templates, when it could not. */
  readonly startError: ErrorRecord | null;
  close(): Promise<void>;
}

/**
 * A worker thread per version of the code, not a fresh import in this thread: a worker's modules go away with it
 * (an import per change would keep every old bundle in memory), no template state survives a change, and a
 * render that never ends is stopped with its worker.
 */
export function createDevRenderer(warn: (message: string) => void): DevRenderer {
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
      const started = new Worker(bundle, { workerData: setup });
      worker = started;
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
    },
    async close() {
      const old = worker;
      worker = null;
      failAll(new Error('site dev is stopping.'));
      await old?.terminate();
    },
  };
}
