import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOC_CHUNK, docFile, FORMAT_VERSION, SEARCH_DIR, SEARCH_MANIFEST, shardFile, type DocType, type SearchHit, type SearchManifest, type Shard, type StoredDoc } from './format.ts';
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
const MAX_POSTINGS = 2000;
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

/** Collects the site's searchable pages as they are built, then writes the chunked index. */
export function createSearchIndex() {
  const docs = new Map<string, SearchDoc>();
  return {
    add(doc: SearchDoc): void {
      const key = doc.key ?? doc.path;
      const seen = docs.get(key);
      if (!seen || (doc.version ?? '') > (seen.version ?? '')) docs.set(key, doc);
    },
    get size() {
      return docs.size;
    },
    write: (outDir: string) => writeSearchIndex([...docs.values()], outDir),
  };
}

/** Order-independent: the same pages always make the same files. */
export async function writeSearchIndex(input: SearchDoc[], outDir: string): Promise<SearchIndexStats> {
  const sorted = [...input].sort(
    (a, b) =>
      (a.sport?.slug ?? '').localeCompare(b.sport?.slug ?? '') || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || a.path.localeCompare(b.path),
  );
  const sports: SearchManifest['sports'] = {};
  sorted.forEach((doc, id) => {
    if (!doc.sport) return;
    const range = (sports[doc.sport.slug] ??= { name: doc.sport.name, start: id, end: id });
    range.end = id + 1;
  });

  // term → (doc → score)
  const postings = new Map<string, Map<number, number>>();
  sorted.forEach((doc, id) => {
    const scale = 1 + Math.max(0, Math.min(1, doc.boost));
    const add = (text: string, weight: number) => {
      for (const term of terms(text)) {
        let list = postings.get(term);
        if (!list) postings.set(term, (list = new Map()));
        list.set(id, (list.get(id) ?? 0) + Math.round(weight * scale));
      }
    };
    add(doc.title, TITLE_WEIGHT);
    add(`${doc.summary} ${doc.keywords}`, TEXT_WEIGHT);
  });

  const shards = splitShards(postings);
  const dir = join(outDir, SEARCH_DIR);
  await mkdir(dir, { recursive: true });
  const digest = createHash('sha256');
  let bytes = 0;
  let files = 0;
  const put = async (name: string, value: unknown) => {
    const json = JSON.stringify(value);
    digest.update(name).update('\0').update(json);
    bytes += Buffer.byteLength(json);
    files++;
    await writeFile(join(dir, name), json);
  };
  for (const [key, shard] of shards) await put(shardFile(key), shard);
  for (let start = 0, chunk = 0; start < sorted.length; start += DOC_CHUNK, chunk++) {
    await put(docFile(chunk), sorted.slice(start, start + DOC_CHUNK).map(stored));
  }
  const manifest: SearchManifest = { version: FORMAT_VERSION, docs: sorted.length, docChunk: DOC_CHUNK, shards: [...shards.keys()], sports };
  await put(SEARCH_MANIFEST, manifest);
  return { docs: sorted.length, terms: postings.size, files, bytes, digest: digest.digest('hex') };
}

function stored(doc: SearchDoc): StoredDoc {
  const summary = doc.summary.length > SUMMARY_CHARS ? `${doc.summary.slice(0, SUMMARY_CHARS - 1).replace(/\s+\S*$/, '')}…` : doc.summary;
  return [doc.type, doc.title, doc.path, summary, doc.date ?? '', doc.sport?.slug ?? ''];
}

/** Group terms by their first two letters, splitting big groups by the first three (terms of two letters stay). */
function splitShards(postings: Map<string, Map<number, number>>): Map<string, Shard> {
  const lists = new Map<string, number[]>();
  for (const [term, docs] of postings) {
    const best = [...docs].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, MAX_POSTINGS);
    lists.set(term, best.flat());
  }
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
