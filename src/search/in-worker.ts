/**
 * Write the static search index in a worker thread (./worker.ts, bundled by src/build/bundle.ts), so the rest of
 * the build's finish runs beside it: the index reads every search document and holds the posting lists, about
 * 1.5 s of a thread at demo scale 10, that the main thread no longer waits for before copying media and writing
 * feeds. The result is the one writeSearchIndex gives in this thread, files included.
 */
import { Worker } from 'node:worker_threads';
import { errorFromRecord, type ErrorRecord } from '../errors/error.ts';
import type { SearchIndexStats } from './writer.ts';

export interface SearchJob {
  /** The search documents, JSON lines (the render workers' files, and the main thread's). */
  docFiles: string[];
  /** The output folder the index is written into (the build's staging folder). */
  outDir: string;
  /** A scratch folder for the documents sorted on disk. */
  workDir: string;
  /** An output whose files are linked when they come out the same (an incremental build's), or null. */
  reuseFrom: string | null;
}

export type SearchJobResult = { ok: true; stats: SearchIndexStats } | { ok: false; error: ErrorRecord };

/** Run `job` in a thread of its own from the bundle at `bundle`; rejects with what the index threw. */
export function writeSearchIndexInWorker(bundle: string, job: SearchJob): Promise<SearchIndexStats> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bundle, { workerData: job });
    let answered = false;
    worker.once('message', (result: SearchJobResult) => {
      answered = true;
      if (result.ok) resolve(result.stats);
      else reject(errorFromRecord(result.error));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The search index's thread stopped (exit code ${code}) before it answered.`));
    });
  });
}
