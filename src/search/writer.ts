import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEARCH_DIR } from '../output/layout.ts';
import type { OutputWriter } from '../output/writer.ts';
import { createLineSorter, readLines } from '../util/line-files.ts';
import {
  DOC_CHUNK,
  docFile,
  FORMAT_VERSION,
  SEARCH_MANIFEST,
  shardFile,
  vocabFile,
  type DocType,
  type SearchHit,
  type SearchManifest,
  type Shard,
  type StoredDoc,
} from './format.ts';
import { SHARD_PREFIX, shardKeyOf, terms } from './tokens.ts';

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

/** Weights of a term found in the title and in the other text (scores are integers). */
const TITLE_WEIGHT = 30;
const TEXT_WEIGHT = 10;
/** A term's posting list keeps its best documents only; beyond this the word says little about a page. */
export const MAX_POSTINGS = 2000;
/** A two-letter shard larger than this is split into three-letter ones. */
const SHARD_SPLIT_BYTES = 24_000;
const SUMMARY_CHARS = 180;
const TYPE_ORDER: DocType[] = ['sport', 'page', 'article', 'player', 'coach', 'staff', 'video', 'gallery'];

export interface SearchIndexStats {
  docs: number;
  terms: number;
  files: number;
  bytes: number;
  /** Digest of every file, for the build id. */
  digest: string;
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
    return await indexer.write(output);
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
 * Takes the search documents as the build finds them, in any order, and writes the index from them at the end:
 * what can be done per document (reading it, ordering it on disk in sorted runs) is done as it comes, so a build
 * that feeds it while it plans (./worker.ts) leaves little to do once the last page is written.
 */
export interface SearchIndexer {
  add(doc: SearchDoc): void;
  /** Write the index of every document added (once). */
  write(output: OutputWriter): Promise<SearchIndexStats>;
  /** Remove the scratch files. */
  discard(): void;
}

/**
 * One line per document: `sport TAB type TAB path TAB json TAB scores`, so sorting the lines orders documents by
 * sport (each sport's documents become an id range for the sport filter), then type, then path (JSON has no raw
 * tab). The scores of its terms are worked out here, as it comes, not when the index is written. Also finds the
 * version of each keyed document to keep.
 */
export function createSearchIndexer(workDir: string): SearchIndexer {
  const best = new Map<string, { version: string; path: string }>();
  const sorted = join(workDir, 'search-sorted.tsv');
  const sorter = createLineSorter(sorted);
  return {
    add(doc) {
      if (doc.key !== undefined) {
        const seen = best.get(doc.key);
        const version = doc.version ?? '';
        if (!seen || version > seen.version || (version === seen.version && doc.path < seen.path))
          best.set(doc.key, { version, path: doc.path });
      }
      const sport = doc.sport?.slug ?? '';
      if (/\t/.test(sport + doc.path))
        throw new Error(`Search document ${JSON.stringify(doc.path)} has a tab in its path or sport`);
      sorter.add(`${sport}\t${TYPE_ORDER.indexOf(doc.type)}\t${doc.path}\t${JSON.stringify(doc)}\t${scoresOf(doc)}`);
    },
    async write(output) {
      sorter.finish();
      // A keyed document (a coach listed in every season) is indexed once: its highest version, the first path on a tie.
      return await writeSorted(sorted, output, (doc) => doc.key === undefined || best.get(doc.key)!.path === doc.path);
    },
    discard() {
      sorter.discard();
      rmSync(sorted, { force: true });
    },
  };
}

/** A document's terms with their scores, `term score term score …`: from its title, and its other text. */
function scoresOf(doc: SearchDoc): string {
  const scale = 1 + Math.max(0, Math.min(1, doc.boost));
  const scores = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const term of terms(text)) scores.set(term, (scores.get(term) ?? 0) + Math.round(weight * scale));
  };
  add(doc.title, TITLE_WEIGHT);
  add(`${doc.summary} ${doc.keywords}`, TEXT_WEIGHT);
  let text = '';
  for (const [term, score] of scores) text += text ? ` ${term} ${score}` : `${term} ${score}`;
  return text;
}

/** Documents in index order → doc chunks (written as they fill), posting lists, then shards and the manifest. */
async function writeSorted(
  sortedFile: string,
  output: OutputWriter,
  keep: (doc: SearchDoc) => boolean,
): Promise<SearchIndexStats> {
  const digest = createHash('sha256');
  let bytes = 0;
  let files = 0;
  const put = async (name: string, value: unknown) => {
    const json = JSON.stringify(value);
    digest.update(name).update('\0').update(json);
    bytes += Buffer.byteLength(json);
    files++;
    output.write(`/${SEARCH_DIR}/${name}`, json, `search index ${name}`);
  };

  const sports: SearchManifest['sports'] = {};
  // term → its best documents so far: bounded by the vocabulary, not by the number of pages.
  const postings = new Map<string, TopPostings>();
  let chunk: StoredDoc[] = [];
  let chunks = 0;
  let id = 0;
  for (const line of readLines(sortedFile)) {
    const scoresAt = line.lastIndexOf('\t');
    const doc = JSON.parse(line.slice(nthTab(line, 3) + 1, scoresAt)) as SearchDoc;
    if (!keep(doc)) continue;
    if (doc.sport) {
      const range = (sports[doc.sport.slug] ??= { name: doc.sport.name, start: id, end: id });
      range.end = id + 1;
    }
    const scored = line.slice(scoresAt + 1);
    // `term score term score …` (scoresOf): terms have no spaces.
    for (let at = 0; at < scored.length;) {
      const space = scored.indexOf(' ', at);
      const end = scored.indexOf(' ', space + 1);
      const term = scored.slice(at, space);
      let top = postings.get(term);
      if (!top) postings.set(term, (top = createTopPostings()));
      top.offer(id, Number(scored.slice(space + 1, end < 0 ? scored.length : end)));
      at = end < 0 ? scored.length : end + 1;
    }
    chunk.push(stored(doc));
    if (chunk.length === DOC_CHUNK) {
      await put(docFile(chunks++), chunk);
      chunk = [];
    }
    id++;
  }
  if (chunk.length) await put(docFile(chunks), chunk);

  const shards = splitShards(postings);
  for (const [key, shard] of shards) await put(shardFile(key), shard);
  const vocabulary = new Map<string, string[]>();
  for (const term of [...postings.keys()].sort()) {
    const list = vocabulary.get(term[0]!);
    if (list) list.push(term);
    else vocabulary.set(term[0]!, [term]);
  }
  for (const [first, list] of vocabulary) await put(vocabFile(first), list);
  const manifest: SearchManifest = {
    version: FORMAT_VERSION,
    docs: id,
    docChunk: DOC_CHUNK,
    shards: [...shards.keys()],
    vocab: [...vocabulary.keys()],
    sports,
  };
  await put(SEARCH_MANIFEST, manifest);
  return { docs: id, terms: postings.size, files, bytes, digest: digest.digest('hex') };
}

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
  const weaker = (i: number, j: number) => scores[i]! < scores[j]! || (scores[i] === scores[j] && ids[i]! > ids[j]!);
  const swap = (i: number, j: number) => {
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    [scores[i], scores[j]] = [scores[j]!, scores[i]!];
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
      const order = Array.from({ length: size }, (_, i) => i).sort(
        (a, b) => scores[b]! - scores[a]! || ids[a]! - ids[b]!,
      );
      return order.flatMap((i) => [ids[i]!, scores[i]!]);
    },
  };
}

function nthTab(line: string, n: number): number {
  let at = -1;
  for (let i = 0; i < n; i++) at = line.indexOf('\t', at + 1);
  return at;
}

function stored(doc: SearchDoc): StoredDoc {
  const summary =
    doc.summary.length > SUMMARY_CHARS
      ? `${doc.summary.slice(0, SUMMARY_CHARS - 1).replace(/\s+\S*$/, '')}…`
      : doc.summary;
  return [doc.type, doc.title, doc.path, summary, doc.date ?? '', doc.sport?.slug ?? ''];
}

/** Group terms by their first two letters, splitting big groups by the first three (terms of two letters stay). */
function splitShards(postings: Map<string, TopPostings>): Map<string, Shard> {
  const lists = new Map<string, number[]>();
  for (const [term, top] of postings) lists.set(term, top.list());
  const groups = new Map<string, string[]>();
  for (const term of [...lists.keys()].sort()) {
    const key = shardKeyOf(term, SHARD_PREFIX);
    const group = groups.get(key);
    if (group) group.push(term);
    else groups.set(key, [term]);
  }
  const out = new Map<string, Shard>();
  const shardOf = (list: string[]) => Object.fromEntries(list.map((t) => [t, lists.get(t)!]));
  for (const [key, list] of groups) {
    const size = list.reduce((n, t) => n + t.length + 4 + lists.get(t)!.length * 5, 0);
    if (size <= SHARD_SPLIT_BYTES) {
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
