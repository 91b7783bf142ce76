/**
 * The search index, written in a thread of its own (started by ./in-worker.ts): it reads the main thread's file of
 * documents as it grows, then, once told the documents are all written, the render workers' files, and writes the
 * index. An incremental build's kept pages send no document: their lines are the previous build cache's
 * (./index-lines.ts), checked while the build plans. A thread kept warm between builds takes one job after another,
 * and holds the lines each wrote for the next (./held-lines.ts). Bundled with everything it needs
 * (src/build/bundle.ts).
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import { errorToRecord } from '../errors/error.ts';
import { createKnownFilesWriter, readKnownFiles } from '../output/known-files.ts';
import { createOutputWriter } from '../output/writer.ts';
import { createLineReader } from '../util/line-files.ts';
import type {
  SearchIndexDone,
  SearchJob,
  SearchJobBase,
  SearchJobResult,
  SearchJobRest,
  SearchThreadMessage,
} from './in-worker.ts';
import { heldLinesOf, holdLines, type HeldLines } from './held-lines.ts';
import { cachedSearchDocs } from '../build/deps/cache.ts';
import { readPreviousLines } from './index-lines.ts';
import {
  createSearchIndexer,
  readSearchDocs,
  type IndexBase,
  type SearchDoc,
  type SearchIndexer,
  type SearchIndexWritten,
} from './writer.ts';

/** How long the thread waits for the live file to grow before it looks again. */
const POLL_MS = 25;

/** Where the job at work is told to begin and to finish (its messages: they come after its `job`). */
let current: { begin(base: SearchJobBase): void; finish(rest: SearchJobRest): void } | null = null;
/** The lines the last job wrote, read ahead for the next (a thread kept warm: ./held-lines.ts). */
let held: HeldLines | null = null;
/** The job before: the next starts once it has answered and read its lines. */
let before: Promise<void> = Promise.resolve();

parentPort!.on('message', (message: SearchThreadMessage) => {
  if (message.kind === 'job') {
    const { kind: _, ...job } = message;
    let complete = false;
    let begin!: (base: SearchJobBase) => void;
    const begun = new Promise<SearchJobBase>((resolve) => (begin = resolve));
    let finish!: (rest: SearchJobRest) => void;
    const told = new Promise<SearchJobRest>((resolve) => (finish = resolve));
    current = {
      begin,
      finish(rest) {
        complete = true;
        finish(rest);
      },
    };
    before = before.then(() => runJob(job, begun, told, () => complete));
    return;
  }
  if (!current) throw new Error(`The search index's thread was sent "${message.kind}" before its job`);
  if (message.kind === 'begin') current.begin(message);
  else current.finish(message);
});

/** One build's index, answered with its figures (or its error); a thread kept warm then reads the lines it wrote. */
async function runJob(
  job: SearchJob & { keep: boolean },
  begun: Promise<SearchJobBase>,
  told: Promise<SearchJobRest>,
  complete: () => boolean,
): Promise<void> {
  const heldBefore = held;
  held = null;
  let result: SearchJobResult;
  let keep: (() => HeldLines | null) | null = null;
  try {
    const done = await writeIndex(job, begun, told, complete, heldBefore);
    // Opened before the build is told of them: it moves the file into its cache.
    if (job.keep) keep = openToHold(done.lines.file, done.lines.digest);
    result = { ok: true, ...done };
  } catch (error) {
    result = { ok: false, error: errorToRecord(error) };
  }
  parentPort!.postMessage(result);
  try {
    held = keep?.() ?? null;
  } catch {
    // The next job reads them from the cache.
  }
}

/** holdLines, or null when the file cannot be opened (the next job reads the cache's). */
function openToHold(file: string, digest: string): (() => HeldLines | null) | null {
  try {
    return holdLines(file, digest);
  } catch {
    return null;
  }
}

/**
 * Every line of the live file: read as it grows until the main thread says it is complete (it closes the file
 * before it says so, so the read after that finds its end).
 */
async function readLive(
  file: string,
  indexer: SearchIndexer,
  told: Promise<unknown>,
  complete: () => boolean,
): Promise<void> {
  // Opened for each read: a thread stopped while it waits (a build that failed) leaves no file open.
  const reader = createLineReader(file, undefined, false);
  try {
    for (;;) {
      const lines = reader.read();
      // Pages the main thread built from a previous build's data (--keep-going): the build cache does not list them.
      for (const line of lines) indexer.add(JSON.parse(line) as SearchDoc, false);
      if (lines.length) continue;
      if (complete()) return;
      await Promise.race([told, sleep(POLL_MS)]);
    }
  } finally {
    reader.close();
  }
}

async function writeIndex(
  job: SearchJob,
  begun: Promise<SearchJobBase>,
  told: Promise<SearchJobRest>,
  complete: () => boolean,
  heldBefore: HeldLines | null,
): Promise<SearchIndexDone> {
  const indexer = createSearchIndexer(job.workDir);
  try {
    // The thread loads while the build reads its cache; then the previous build's lines are checked (and their places
    // and keyed documents read) while the build plans, unless this thread wrote them and holds them.
    const { base: jobBase, reuseFrom } = await begun;
    const fromHeld = jobBase ? heldLinesOf(heldBefore, jobBase.lines, jobBase.digest) : null;
    const previous = jobBase ? (fromHeld ?? readPreviousLines(jobBase.lines, jobBase.digest)) : null;
    const known = reuseFrom ? readKnownFiles(jobBase?.files ?? null) : null;
    if (job.live) await readLive(job.live, indexer, told, complete);
    const { files, dropped } = await told;
    for (const doc of readSearchDocs(files)) indexer.add(doc);
    let base: IndexBase | null = null;
    let baseRefused: string | null = null;
    if (jobBase && previous) {
      const gone = new Set(dropped);
      if ('reason' in previous) {
        // The kept pages' documents are read from their lines of the cache instead, as a full build would index them.
        baseRefused = previous.reason;
        for (const { path, json } of cachedSearchDocs(jobBase.pages))
          if (!gone.has(path)) indexer.add(JSON.parse(json) as SearchDoc);
      } else base = { previous, dropped: (path) => gone.has(path) };
    }
    const kept: string[] = [];
    // Every index file is listed with its digest for the next build cache; an output updated in place keeps those
    // that come out the same, told by the previous cache's list without reading them.
    const writer = createKnownFilesWriter(createOutputWriter(job.outDir), {
      list: join(job.workDir, 'search-files.tsv'),
      previous: reuseFrom && known ? { dir: reuseFrom, known, keep: (path) => kept.push(path) } : null,
    });
    // An output updated in place whose documents keep their places: the previous index, patched (./patch.ts).
    let patchRefused: string | null = null;
    let patched: SearchIndexWritten | null = null;
    if (base && reuseFrom && known?.size && jobBase?.stats) {
      const tried = indexer.patch(writer, base.previous, dropped, { dir: reuseFrom, known, stats: jobBase.stats });
      if ('refused' in tried) patchRefused = tried.refused;
      else patched = tried;
    }
    const written = patched ?? (await indexer.write(writer, base));
    return {
      ...written,
      files: writer.close(),
      kept,
      baseRefused,
      patched: patched !== null,
      patchRefused,
      linesHeld: fromHeld !== null,
    };
  } finally {
    indexer.discard();
  }
}
