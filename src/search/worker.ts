/**
 * The search index, written in a thread of its own (started by ./in-worker.ts): the build's main thread copies
 * media and writes feeds and manifests meanwhile. Bundled with everything it needs (src/build/bundle.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { errorToRecord } from '../errors/error.ts';
import { createOutputWriter, createReusingWriter } from '../output/writer.ts';
import type { SearchJob, SearchJobResult } from './in-worker.ts';
import { readSearchDocs, writeSearchIndex } from './writer.ts';

const job = workerData as SearchJob;
const output = createOutputWriter(job.outDir);
let result: SearchJobResult;
try {
  const writer = job.reuseFrom ? createReusingWriter(output, job.reuseFrom) : output;
  result = { ok: true, stats: await writeSearchIndex(readSearchDocs(job.docFiles), writer, job.workDir) };
} catch (error) {
  result = { ok: false, error: errorToRecord(error) };
}
parentPort!.postMessage(result);
