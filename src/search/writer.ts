import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEARCH_DIR } from '../output/layout.ts';
import { contentDigest, type KnownFilesWriter } from '../output/known-files.ts';
import type { OutputWriter } from '../output/writer.ts';
import { createLineSorter, createLineWriter, hashFile, mergeSorted, readLines } from '../util/line-files.ts';
import {
  DOC_CHUNK,
  docFile,
  FORMAT_VERSION,
  SEARCH_MANIFEST,
  shardFile,
  vocabFile,
  type SearchHit,
  type SearchManifest,
} from './format.ts';
import {
  digestLine,
  MAX_POSTINGS,
  rangeOf,
  ranksAfter,
  SHARD_SPLIT_BYTES,
  shardGroupBytes,
  shardJson,
} from './index-rules.ts';
import {
  createKeyedChoice,
  groupKeyOf,
  indexLine,
  keyedOf,
  splitIndexLine,
  type Keyed,
  type PreviousLines,
} from './index-lines.ts';
import { patchIndex, type PreviousIndex } from './patch.ts';
import { SHARD_PREFIX, shardKeyOf } from './tokens.ts';

/** One searchable page, as the build finds it. */
export interface SearchDoc extends SearchHit {
  /** Words that find the page without being shown (a player's position, a sport's name). */
  keywords: string;
  /** 0…1, added to the page's weight: newer articles, sports, people. */
  boost: number;
  /** Pages that are one thing in several places (a coach in each season) keep the highest `version`. */
  key?: string;
  version?: string;
}

export { MAX_POSTINGS } from './index-rules.ts';

export interface SearchIndexStats {
  docs: number;
  terms: number;
  files: number;
  bytes: number;
  /** Digest of every file, for the build's content id (`name TAB sha256` lines: index-rules.ts, digestLine). */
  digest: string;
}

/** The index's figures, and its documents' lines as the build cache keeps them (./index-lines.ts). */
export interface SearchIndexWritten {
  stats: SearchIndexStats;
  /** The lines of the documents of pages the build cache lists, in index order, and the SHA-256 of the file. */
  lines: { file: string; digest: string };
}

/**
 * Write the index from every searchable page, read once. The documents pass through a file sorted on disk in
 * `workDir`: only the posting lists are held, so memory does not grow with the pages' text. Order-independent:
 * the same pages always make the same files.
 */
export async function writeSearchIndex(
  docs: Iterable<SearchDoc>,
  output: OutputWriter,
  workDir?: string,
): Promise<SearchIndexStats> {
  const work = workDir ?? (await mkdtemp(join(tmpdir(), 'fieldhouse-search-')));
  const indexer = createSearchIndexer(work);
  try {
    for (const doc of docs) indexer.add(doc);
    return (await indexer.write(output)).stats;
  } finally {
    indexer.discard();
    if (!workDir) await rm(work, { recursive: true, force: true });
  }
}

/** The search documents of JSON-lines files (the render workers', the build's main thread's), in file order. */
export function* readSearchDocs(files: readonly string[]): Generator<SearchDoc> {
  for (const file of files) for (const line of readLines(file)) yield JSON.parse(line) as SearchDoc;
}

/**
 * What an incremental build's index starts from: the previous build's lines, but those of the pages that are gone
 * or changed (a changed page's document, if it still has one, is among those added).
 */
export interface IndexBase {
  previous: PreviousLines;
  dropped(path: string): boolean;
}

/**
 * Takes the search documents as the build finds them, in any order, and writes the index from them at the end:
 * what can be done per document (scoring it, ordering it on disk in sorted runs) is done as it comes, so a build
 * that feeds it while it plans (./worker.ts) leaves little to do once the last page is written.
 */
export interface SearchIndexer {
  /**
   * `listed` false: the document of a page the build cache does not list (built from a previous build's data with
   * --keep-going): it is indexed, but not kept in the cache's lines, since the next build builds that page again.
   */
  add(doc: SearchDoc, listed?: boolean): void;
  /** Write the index of every document added, and of the base's (once). */
  write(output: OutputWriter, base?: IndexBase | null): Promise<SearchIndexWritten>;
  /**
   * Patch the previous index in place with the documents added (./patch.ts), `dropped` being the previous build's
   * pages not kept; or say why it cannot be, having written nothing (then `write`).
   */
  patch(
    output: KnownFilesWriter,
    previous: PreviousLines,
    dropped: Iterable<string>,
    index: PreviousIndex,
  ): SearchIndexWritten | { refused: string };
  /** Remove the scratch files (the lines `write` returned are left). */
  discard(): void;
}

/** Each document becomes its line (./index-lines.ts) as it comes; the lines are sorted on disk in `workDir`. */
export function createSearchIndexer(workDir: string): SearchIndexer {
  const files = [join(workDir, 'search-added.tsv'), join(workDir, 'search-unlisted.tsv'), join(workDir, 'search.tsv')];
  const added = createLineSorter(files[0]!);
  const unlisted = createLineSorter(files[1]!);
  let unlistedDocs = 0;
  const addedPaths = new Set<string>();
  const addedKeyed: [string, Keyed][] = [];
  let linesFile: string | null = null;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    added.finish();
    unlisted.finish();
  };
  return {
    add(doc, listed = true) {
      const line = indexLine(doc);
      addedPaths.add(doc.path);
      if (doc.key !== undefined) addedKeyed.push([doc.path, { key: doc.key, version: doc.version ?? '' }]);
      if (listed) added.add(line);
      else {
        unlisted.add(line);
        unlistedDocs++;
      }
    },
    patch(output, previous, dropped, index) {
      finish();
      // A page built from a previous build's data (--keep-going) has a document but no line: the ids move.
      if (unlistedDocs) return { refused: `${unlistedDocs} pages built from a previous build's data have documents` };
      const written = patchIndex(
        { previous, index, added: readLines(files[0]!), dropped, linesFile: files[2]! },
        output,
      );
      if (!('refused' in written)) linesFile = written.lines.file;
      return written;
    },
    async write(output, base) {
      finish();
      const choice = createKeyedChoice();
      for (const [path, keyed] of addedKeyed) choice.offer(path, keyed);
      // Sources in index order: the lines added (listed), those of unlisted pages, the previous build's that stay.
      const sources: Iterable<string>[] = [readLines(files[0]!), unlistedDocs ? readLines(files[1]!) : []];
      if (base) {
        const stays = (path: string) => !addedPaths.has(path) && !base.dropped(path);
        for (const [path, keyed] of base.previous.keyed) if (stays(path)) choice.offer(path, keyed);
        sources.push(filterLines(readLines(base.previous.file), stays));
      }
      // A full build without unlisted pages has its lines already: the sorted file of those added.
      const digest = createHash('sha256');
      const copy = base || unlistedDocs ? createLineWriter(files[2]!, digest) : null;
      linesFile = copy?.file ?? files[0]!;
      const lines = function* () {
        for (const [line, source] of mergeSorted(sources)) {
          if (source !== 1) copy?.write(line);
          yield line;
        }
        copy?.close();
      };
      const stats = await writeIndex(lines(), output, choice.chosen);
      if (!copy) hashFile(linesFile, digest);
      return { stats, lines: { file: linesFile, digest: digest.digest('hex') } };
    },
    discard() {
      added.discard();
      unlisted.discard();
      for (const file of files) if (file !== linesFile) rmSync(file, { force: true });
    },
  };
}

/** The lines whose path (their third column) passes. */
function* filterLines(lines: Iterable<string>, keep: (path: string) => boolean): Generator<string> {
  for (const line of lines) {
    const start = line.indexOf('\t', line.indexOf('\t') + 1) + 1;
    if (keep(line.slice(start, line.indexOf('\t', start)))) yield line;
  }
}

/** Documents' lines in index order → doc chunks (written as they fill), posting lists, then shards and the manifest. */
async function writeIndex(
  lines: Iterable<string>,
  output: OutputWriter,
  chosen: (path: string, keyed: Keyed | null) => boolean,
): Promise<SearchIndexStats> {
  const digest = createHash('sha256');
  let bytes = 0;
  let files = 0;
  const putJson = (name: string, json: string) => {
    digest.update(digestLine(name, contentDigest(json)));
    bytes += Buffer.byteLength(json);
    files++;
    output.write(`/${SEARCH_DIR}/${name}`, json, `search index ${name}`);
  };
  const put = (name: string, value: unknown) => putJson(name, JSON.stringify(value));

  const sports: SearchManifest['sports'] = {};
  // term → its best documents so far: bounded by the vocabulary, not by the number of pages.
  const postings = new Map<string, TopPostings>();
  let docs = 0;
  // The group being read (a sport's documents of one type: lines come in index order, so one group after the
  // other), the first id of its range, how many of its documents came, and the rows of its chunk being filled.
  let groupKey: string | null = null;
  let base = 0;
  let count = 0;
  let chunk: string[] = [];
  const putChunk = () => {
    if (chunk.length) putJson(docFile((base + count - chunk.length) / DOC_CHUNK), `[${chunk.join(',')}]`);
    chunk = [];
  };
  const endGroup = () => {
    putChunk();
    base += rangeOf(count);
    docs += count;
    count = 0;
  };
  for (const line of lines) {
    const doc = splitIndexLine(line);
    if (!chosen(doc.path, keyedOf(doc))) continue;
    const key = groupKeyOf(line);
    if (key !== groupKey) {
      endGroup();
      groupKey = key;
    }
    const id = base + count++;
    const scored = doc.scores;
    // `term score term score …`: terms have no spaces.
    for (let at = 0; at < scored.length;) {
      const space = scored.indexOf(' ', at);
      const end = scored.indexOf(' ', space + 1);
      const term = scored.slice(at, space);
      let top = postings.get(term);
      if (!top) postings.set(term, (top = createTopPostings()));
      top.offer(id, Number(scored.slice(space + 1, end < 0 ? scored.length : end)));
      at = end < 0 ? scored.length : end + 1;
    }
    chunk.push(doc.stored);
    if (chunk.length === DOC_CHUNK) putChunk();
    if (doc.sportName) {
      const range = (sports[doc.sport] ??= { name: JSON.parse(doc.sportName) as string, start: base, end: base });
      range.end = base + rangeOf(count);
    }
  }
  endGroup();

  const shards = splitShards(postings);
  for (const [key, json] of shards) putJson(shardFile(key), json);
  const vocabulary = new Map<string, string[]>();
  for (const term of [...postings.keys()].sort()) {
    const list = vocabulary.get(term[0]!);
    if (list) list.push(term);
    else vocabulary.set(term[0]!, [term]);
  }
  for (const [first, list] of vocabulary) put(vocabFile(first), list);
  const manifest: SearchManifest = {
    version: FORMAT_VERSION,
    docs,
    docChunk: DOC_CHUNK,
    shards: [...shards.keys()],
    vocab: [...vocabulary.keys()],
    sports,
  };
  put(SEARCH_MANIFEST, manifest);
  return { docs, terms: postings.size, files, bytes, digest: digest.digest('hex') };
}

/** Scores and ids below these make a posting one exact number below 2^53 (a term's score is at most 2 × 40). */
const SCORE_LIMIT = 2 ** 20;
const ID_LIMIT = 2 ** 30;

interface TopPostings {
  /** Offer a document; ids must come in ascending order (a tie on score keeps the lower id). */
  offer(id: number, score: number): void;
  /** [docId, score, docId, score, …], best first. */
  list(): number[];
}

/**
 * A term's best MAX_POSTINGS documents: a min-heap on score in typed arrays, the weakest document at the root.
 * Ids arrive in ascending order, so a newcomer that only ties the weakest is weaker (higher id) and stays out.
 */
function createTopPostings(): TopPostings {
  let ids = new Int32Array(8);
  let scores = new Int32Array(8);
  let size = 0;
  const weaker = (i: number, j: number) => ranksAfter(ids[j]!, scores[j]!, ids[i]!, scores[i]!);
  const swap = (i: number, j: number) => {
    const id = ids[i]!;
    const score = scores[i]!;
    ids[i] = ids[j]!;
    scores[i] = scores[j]!;
    ids[j] = id;
    scores[j] = score;
  };
  const siftDown = (start: number) => {
    for (let i = start; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && weaker(l, m)) m = l;
      if (r < size && weaker(r, m)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  return {
    offer(id, score) {
      if (size === MAX_POSTINGS) {
        if (score <= scores[0]!) return;
        ids[0] = id;
        scores[0] = score;
        siftDown(0);
        return;
      }
      if (size === ids.length) {
        const capacity = Math.min(MAX_POSTINGS, size * 2);
        const [oldIds, oldScores] = [ids, scores];
        ids = new Int32Array(capacity);
        scores = new Int32Array(capacity);
        ids.set(oldIds);
        scores.set(oldScores);
      }
      ids[size] = id;
      scores[size] = score;
      for (let i = size++; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!weaker(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    },
    list() {
      // Each posting as one number that sorts as the list does (higher score, then lower id), sorted natively.
      const keys = new Float64Array(size);
      for (let i = 0; i < size; i++) {
        if (scores[i]! < 0 || scores[i]! >= SCORE_LIMIT || ids[i]! >= ID_LIMIT)
          throw new Error(`A search posting out of range: document ${ids[i]}, score ${scores[i]}`);
        keys[i] = (SCORE_LIMIT - scores[i]!) * ID_LIMIT + ids[i]!;
      }
      keys.sort();
      const list = new Array<number>(size * 2);
      for (let i = 0; i < size; i++) {
        const id = keys[i]! % ID_LIMIT;
        list[2 * i] = id;
        list[2 * i + 1] = SCORE_LIMIT - (keys[i]! - id) / ID_LIMIT;
      }
      return list;
    },
  };
}

/**
 * Group terms by their first two letters, splitting big groups by the first three (terms of two letters stay): each
 * shard's file, by key.
 */
function splitShards(postings: Map<string, TopPostings>): Map<string, string> {
  const lists = new Map<string, number[]>();
  for (const [term, top] of postings) lists.set(term, top.list());
  const groups = new Map<string, string[]>();
  for (const term of [...lists.keys()].sort()) {
    const key = shardKeyOf(term, SHARD_PREFIX);
    const group = groups.get(key);
    if (group) group.push(term);
    else groups.set(key, [term]);
  }
  const out = new Map<string, string>();
  const listOf = (term: string) => lists.get(term)!;
  const shardOf = (terms: string[]) => shardJson(terms, listOf);
  for (const [key, list] of groups) {
    if (shardGroupBytes(list, listOf) <= SHARD_SPLIT_BYTES) {
      out.set(key, shardOf(list));
      continue;
    }
    const deeper = new Map<string, string[]>();
    for (const term of list) {
      const k = term.length > SHARD_PREFIX ? shardKeyOf(term, SHARD_PREFIX + 1) : key;
      const group = deeper.get(k);
      if (group) group.push(term);
      else deeper.set(k, [term]);
    }
    for (const [k, terms] of deeper) out.set(k, shardOf(terms));
  }
  return out;
}
