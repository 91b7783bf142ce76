/**
 * The static search index (`/_site/search/`, SEARCH_DIR in src/output/layout.ts), written by the build and read
 * by the browser:
 *
 * - `index.json`: the manifest below, fetched once per search session;
 * - `t-{key}.json`: the terms starting with `key` (two letters, or three where two would make a big file), each
 *   with its posting list `[docId, score, docId, score, …]`, best first;
 * - `d-{n}.json`: documents `n·DOC_CHUNK … (n+1)·DOC_CHUNK-1` as {@link StoredDoc} rows (fewer in a group's last);
 * - `v-{c}.json`: the vocabulary, every term starting with the character `c`, sorted (for typo tolerance).
 *
 * A query downloads the manifest, the shards of its words and the document chunks of the results on screen; a word
 * the index does not have also downloads the vocabulary of its first letter, then the shards of the near terms.
 * Every file is fetched with `?{buildId}`, as payloads are, so a new build never mixes with an old one.
 *
 * Documents are in index order (src/search/index-lines.ts: by sport, type and path), and each group of them (a
 * sport's documents of one type) has a range of ids of its own: a power of two of chunks, so that it grows, and the
 * ranges after it move, only when the group doubles. A document added at a group's end (the newest article, whose
 * path has the latest date) then changes one chunk and the shards of its words, not every file whose ids would have
 * shifted; one added in a group's middle moves the ids of that group's documents after it.
 */
export const SEARCH_MANIFEST = 'index.json';
/**
 * Documents per file. A page of 20 results is scattered over the index, so it downloads up to 20 files whatever
 * their size: small files waste less (scale-1 demo, median bytes per query: 16 → 14.5 KB gzipped, 8 → 11.6, 4 → 9.1,
 * 2 → 7.5, for 2–4× the files).
 */
export const DOC_CHUNK = 4;
export const FORMAT_VERSION = 3;

export type DocType =
  'article' | 'player' | 'coach' | 'staff' | 'page' | 'sport' | 'schedule' | 'roster' | 'video' | 'gallery';

/** A search result: what a result card shows. */
export interface SearchHit {
  type: DocType;
  title: string;
  path: string;
  summary: string;
  /** ISO date (articles). */
  date: string | null;
  sport: { slug: string; name: string } | null;
}

export interface SearchManifest {
  version: typeof FORMAT_VERSION;
  docs: number;
  docChunk: number;
  /** Shard keys that exist. */
  shards: string[];
  /** First characters that have a vocabulary file. */
  vocab: string[];
  /** Documents are grouped by sport: each sport's documents are in one id range [start, end). */
  sports: Record<string, { name: string; start: number; end: number }>;
}

/** [type, title, path, summary, date (ISO) or '', sport slug or ''] */
export type StoredDoc = [DocType, string, string, string, string, string];

export type Shard = Record<string, number[]>;

export const shardFile = (key: string) => `t-${key}.json`;
export const docFile = (chunk: number) => `d-${chunk}.json`;
export const vocabFile = (first: string) => `v-${first}.json`;
