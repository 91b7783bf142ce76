/**
 * Write the static search index in a worker thread (./worker.ts, bundled by src/build/bundle.ts), so the rest of
 * the build runs beside it. The thread starts before the plan: it checks the previous build cache's lines of the
 * index (an incremental build's kept pages, nearly all of them: ./index-lines.ts) and reads the search documents of
 * the main thread's file as they are written; then it reads the render workers' files and writes the index from
 * all of them, while the main thread copies media and writes feeds. The result is the one writeSearchIndex gives in
 * this thread from the same documents, files included.
 */
import { Worker } from 'node:worker_threads';
import { errorFromRecord, type ErrorRecord } from '../errors/error.ts';
import type { WarmWorkers } from '../build/render/pool.ts';
import type { SearchIndexStats, SearchIndexWritten } from './writer.ts';

export interface SearchJob {
  /**
   * A JSON-lines file of search documents still being written (the build's main thread's), read as it grows until
   * `finish`; null when there is none.
   */
  live: string | null;
  /** The output folder the index is written into (the build's staging folder). */
  outDir: string;
  /** A scratch folder for the documents sorted on disk. */
  workDir: string;
}

/**
 * What the thread starts from, once the build knows it (the build cache read: `begin`). The thread is started before,
 * so that loading its code does not wait for the build's scope.
 */
export interface SearchJobBase {
  /**
   * The output of an incremental build updated in place, whose index files are kept where they are when they come
   * out the same (listed in the result's `kept`), or null.
   */
  reuseFrom: string | null;
  /**
   * An incremental build that keeps pages in place: the previous build cache's lines of the index
   * (`search.tsv`, ./index-lines.ts) and their digest (its manifest's), which stand for the kept pages' documents,
   * and its segments of page lines, whose documents are read instead when those lines cannot be used; and its list of the
   * index's files with their digests (`search-files.tsv`, src/output/known-files.ts), null when it has none; and the
   * previous index's figures (null in a cache that has none), with which an index whose documents keep their places
   * is patched in place (./patch.ts). Null otherwise.
   */
  base: {
    lines: string;
    digest: string;
    pages: readonly string[];
    files: string | null;
    stats: SearchIndexStats | null;
  } | null;
}

/**
 * The main thread's messages: a build's job (`keep`: the thread is kept warm for the next build, and reads ahead the
 * lines it wrote: ./held-lines.ts), where it starts from, then that every document is written.
 */
export type SearchThreadMessage =
  | ({ kind: 'job'; keep: boolean } & SearchJob)
  | ({ kind: 'begin' } & SearchJobBase)
  | ({ kind: 'finish' } & SearchJobRest);

/** The main thread's one message: the live file is complete, and these files (complete) hold the other documents. */
export interface SearchJobRest {
  files: string[];
  /** With a `base`: the pages of the previous build cache the build did not keep in place (changed or gone). */
  dropped: string[];
}

/**
 * The index's figures, its documents' lines for the next build cache, the site paths of the previous output's files
 * it kept (see `reuseFrom`), and why the base's lines could not be used (null when they were, or there was none).
 */
export interface SearchIndexDone extends SearchIndexWritten {
  /** The list of the index's files with their digests, for the next build cache. */
  files: string;
  kept: string[];
  baseRefused: string | null;
  /** Whether the previous index was patched in place (./patch.ts), and why not when the build tried (else null). */
  patched: boolean;
  patchRefused: string | null;
  /** Whether the previous lines were those this thread wrote and held (./held-lines.ts), not read from the cache. */
  linesHeld: boolean;
}

export type SearchJobResult = ({ ok: true } & SearchIndexDone) | { ok: false; error: ErrorRecord };

export interface SearchIndexThread {
  /** Where the index starts from (the build cache read): before `finish`, once. */
  begin(base: SearchJobBase): void;
  /**
   * Every document is written: the live file is complete (closed), and `files` hold the rest. Resolves with the
   * index's figures once it is written; rejects with what the index threw.
   */
  finish(rest: SearchJobRest): Promise<SearchIndexDone>;
  /** Stop the thread, whatever it is doing (a build that failed). */
  stop(): Promise<void>;
}

/**
 * Start the index's thread from the bundle at `bundle` (or take one `warm` keeps from a build before): it loads, then
 * waits for `begin`. With `warm`, a thread that answered is kept there for the next build.
 */
export function startSearchIndex(bundle: string, job: SearchJob, warm?: WarmWorkers): SearchIndexThread {
  const worker = warm?.take(bundle) ?? new Worker(bundle);
  let parked = false;
  const result = new Promise<SearchIndexDone>((resolve, reject) => {
    let answered = false;
    const onMessage = (answer: SearchJobResult) => {
      answered = true;
      detach();
      if (answer.ok) {
        const { ok: _, ...done } = answer;
        resolve(done);
        if (warm) {
          warm.park(bundle, worker);
          parked = true;
          return;
        }
      } else reject(errorFromRecord(answer.error));
      void worker.terminate();
    };
    const onError = (error: Error) => {
      answered = true;
      detach();
      reject(error);
    };
    const onExit = (code: number) => {
      detach();
      if (!answered) reject(new Error(`The search index's thread stopped (exit code ${code}) before it answered.`));
    };
    const detach = () => worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
  // Until `finish`, a failure waits to be reported there.
  result.catch(() => undefined);
  const post = (message: SearchThreadMessage) => worker.postMessage(message);
  post({ kind: 'job', keep: warm !== undefined, ...job });
  return {
    begin: (base) => post({ kind: 'begin', ...base }),
    finish(rest) {
      post({ kind: 'finish', ...rest });
      return result;
    },
    async stop() {
      // A thread kept warm is the next build's; any other is ended, whatever it is doing.
      if (!parked) await worker.terminate();
    },
  };
}

/** Write the index of the documents in `docFiles` (complete JSON-lines files) in a thread of its own. */
export function writeSearchIndexInWorker(
  bundle: string,
  job: Omit<SearchJob, 'live'> & Pick<SearchJobBase, 'reuseFrom'> & { docFiles: string[] },
): Promise<SearchIndexStats> {
  const { docFiles, reuseFrom, ...rest } = job;
  const thread = startSearchIndex(bundle, { ...rest, live: null });
  thread.begin({ reuseFrom, base: null });
  return thread.finish({ files: docFiles, dropped: [] }).then((done) => done.stats);
}
