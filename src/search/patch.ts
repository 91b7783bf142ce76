/**
 * An incremental build's index, patched in place. When every document the build made takes the place of the previous
 * build's document of its page (none new, none gone, none of another sport, type or key), every document keeps its
 * id, and the index is the previous one but for the changed documents' chunks, the shards of the terms whose scores
 * changed and the vocabularies of terms new or gone: those are written again from the previous files, and every other
 * file is kept where it is, unread. An article edited, a result entered: a few files of 10,800, where the index
 * written whole reads, scores and sorts 45,000 documents again (0.8–1.0 s of an article edit at demo scale 10).
 *
 * What the previous files cannot tell exactly, it does not guess: a term whose list was full (MAX_POSTINGS) loses a
 * document it cannot replace from the list; a group of terms would be split otherwise; a file would be new or gone;
 * a previous file does not read back as the index writes it. Then it refuses, with the reason, before writing
 * anything, and the index is written whole (./writer.ts): the same files either way, which the build's
 * incremental-equivalence test and tests/search hold it to.
 */
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { contentDigest, type KnownFilesWriter } from '../output/known-files.ts';
import { SEARCH_DIR } from '../output/layout.ts';
import { readFull } from '../util/file-bytes.ts';
import { DOC_CHUNK, docFile, SEARCH_MANIFEST, shardFile, vocabFile, type SearchManifest } from './format.ts';
import {
  createKeyedChoice,
  groupKeyOf,
  splitIndexLine,
  type IndexLine,
  type LinePlace,
  type PreviousLines,
} from './index-lines.ts';
import {
  digestLine,
  MAX_POSTINGS,
  rangeOf,
  ranksAfter,
  SHARD_SPLIT_BYTES,
  shardGroupBytes,
  shardJson,
} from './index-rules.ts';
import { SHARD_PREFIX, shardKeyOf } from './tokens.ts';
import type { SearchIndexStats, SearchIndexWritten } from './writer.ts';

/** The previous build's index: its output folder, its files' list (in the order they were written), its figures. */
export interface PreviousIndex {
  /** The output folder that holds the previous index (an output updated in place). */
  dir: string;
  /** Every file of the index by site path, with its digest, in the order the index wrote them (known-files.ts). */
  known: ReadonlyMap<string, string>;
  stats: SearchIndexStats;
}

export interface PatchInput {
  previous: PreviousLines;
  index: PreviousIndex;
  /** The lines of the documents the build made (listed pages), any order. */
  added: Iterable<string>;
  /** The previous build's pages the build did not keep (changed or gone). */
  dropped: Iterable<string>;
  /** Where the next build cache's lines go (the previous file with the changed lines replaced). */
  linesFile: string;
}

const SITE_PREFIX = `/${SEARCH_DIR}/`;

/**
 * Patch the index into `output` (a writer listing every file, keeping the previous output's), or say why it cannot
 * be patched: nothing is written then.
 */
export function patchIndex(input: PatchInput, output: KnownFilesWriter): SearchIndexWritten | { refused: string } {
  let planned: Planned;
  try {
    planned = planPatch(input);
  } catch (error) {
    // A previous file that is not JSON (cut short, edited): the plan writes nothing, so the index is written whole.
    return { refused: `a previous file cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  if ('refused' in planned) return planned;
  const { files, terms } = planned;
  const { index } = input;
  // Every file of the previous index, in its order: written again, or kept as it is.
  const digest = createHash('sha256');
  let bytes = index.stats.bytes;
  for (const [sitePath, known] of index.known) {
    const name = sitePath.slice(SITE_PREFIX.length);
    const rewritten = files.get(name);
    if (rewritten === undefined) {
      output.keepKnown(sitePath);
      digest.update(digestLine(name, known));
      continue;
    }
    output.write(sitePath, rewritten.json, `search index ${name}`);
    digest.update(digestLine(name, contentDigest(rewritten.json)));
    bytes += Buffer.byteLength(rewritten.json) - rewritten.bytesBefore;
  }
  const lines = writeLines(input, planned.replaced);
  return {
    stats: { ...index.stats, terms: index.stats.terms + terms, bytes, digest: digest.digest('hex') },
    lines,
  };
}

/** A document whose line changed, and its id in the index (null: a keyed document not chosen, so not indexed). */
interface Changed {
  place: LinePlace;
  before: IndexLine;
  after: IndexLine;
  line: string;
  id: number | null;
}

type Planned =
  | {
      /** The files written again, by name, with their previous size. */
      files: Map<string, { json: string; bytesBefore: number }>;
      /** Terms new less terms gone. */
      terms: number;
      /** The changed lines, by their place in the previous file. */
      replaced: Changed[];
    }
  | { refused: string };

function planPatch({ previous, index, added, dropped }: PatchInput): Planned {
  const refuse = (refused: string) => ({ refused });
  const addedByPath = new Map<string, string>();
  for (const line of added) addedByPath.set(splitIndexLine(line).path, line);
  for (const path of dropped)
    if (previous.places.has(path) && !addedByPath.has(path)) return refuse(`the document of ${path} is gone`);
  const knownCount = index.known.size;
  if (knownCount !== index.stats.files)
    return refuse(`the previous index lists ${knownCount} files, its figures ${index.stats.files}`);

  // The changed documents: each in its previous place, of the same group, sport name and key.
  const changed: Changed[] = [];
  const fd = openSync(previous.file, 'r');
  try {
    for (const [path, line] of addedByPath) {
      const place = previous.places.get(path);
      if (!place) return refuse(`${path} has a document new to the index`);
      const before = readLine(fd, place);
      if (before === line) continue;
      const [was, is] = [splitIndexLine(before), splitIndexLine(line)];
      if (was.sport !== is.sport || groupKeyOf(before) !== groupKeyOf(line) || was.sportName !== is.sportName)
        return refuse(`the document of ${path} changed its sport or type`);
      if (was.keyed !== is.keyed) return refuse(`the document of ${path} changed its key or version`);
      changed.push({ place, before: was, after: is, line, id: null });
    }
  } finally {
    closeSync(fd);
  }
  changed.sort((a, b) => a.place.line - b.place.line);
  if (!changed.length) return { files: new Map(), terms: 0, replaced: [] };

  const ids = idsOf(previous);
  if (ids.docs !== index.stats.docs)
    return refuse(`the previous lines number ${ids.docs} documents, the previous index ${index.stats.docs}`);
  for (const doc of changed) doc.id = ids.of(doc.place.line, doc.before.path);

  const files = new Map<string, { json: string; bytesBefore: number }>();
  const read = (name: string): string | null => {
    if (!index.known.has(SITE_PREFIX + name)) return null;
    try {
      return readFileSync(join(index.dir, SEARCH_DIR, name), 'utf8');
    } catch {
      return null;
    }
  };
  const manifestText = read(SEARCH_MANIFEST);
  if (manifestText === null) return refuse(`the previous index has no ${SEARCH_MANIFEST}`);
  const manifest = JSON.parse(manifestText) as SearchManifest;
  if (manifest.docs !== index.stats.docs || manifest.docChunk !== DOC_CHUNK)
    return refuse(`the previous ${SEARCH_MANIFEST} is not of these documents`);

  // The chunks of the changed documents, each row in its place.
  const chunks = new Map<string, { rows: string[]; before: string }>();
  for (const doc of changed) {
    if (doc.id === null) continue;
    const name = docFile(Math.floor(doc.id / DOC_CHUNK));
    let chunk = chunks.get(name);
    if (!chunk) {
      const text = read(name);
      const rows = text === null ? null : (JSON.parse(text) as unknown[]).map((row) => JSON.stringify(row));
      if (text === null || rows === null || `[${rows.join(',')}]` !== text)
        return refuse(`the previous ${name} does not read back as the index writes it`);
      chunks.set(name, (chunk = { rows, before: text }));
    }
    if (chunk.rows[doc.id % DOC_CHUNK] !== doc.before.stored)
      return refuse(`the previous ${name} does not hold ${doc.before.path} where its lines place it`);
    chunk.rows[doc.id % DOC_CHUNK] = doc.after.stored;
  }
  for (const [name, { rows, before }] of chunks)
    files.set(name, { json: `[${rows.join(',')}]`, bytesBefore: Buffer.byteLength(before) });

  // Each term whose postings change: the documents whose score for it changed, and their score now (null: none).
  const termChanges = new Map<string, Map<number, number | null>>();
  for (const doc of changed) {
    if (doc.id === null) continue;
    const was = scoresOf(doc.before.scores);
    const is = scoresOf(doc.after.scores);
    for (const [term, score] of is)
      if (was.get(term) !== score) entryOf(termChanges, term, () => new Map()).set(doc.id, score);
    for (const term of was.keys()) if (!is.has(term)) entryOf(termChanges, term, () => new Map()).set(doc.id, null);
  }

  // The shards of those terms, read by their two-letter group (a group's split is checked again below).
  const shards = new Set(manifest.shards);
  const groups = new Map<string, ShardGroup | null>();
  const groupOf = (prefix: string) => {
    if (!groups.has(prefix)) groups.set(prefix, readShardGroup(manifest.shards, prefix, read));
    return groups.get(prefix)!;
  };
  let termsNew = 0;
  const vocabChanges = new Map<string, { add: string[]; remove: Set<string> }>();
  const touchedShards = new Map<string, string>();
  for (const [term, updates] of termChanges) {
    const prefix = shardKeyOf(term, SHARD_PREFIX);
    const group = groupOf(prefix);
    if (!group) return refuse(`a previous shard of ${prefix} does not read back as the index writes it`);
    const key = group.split && term.length > SHARD_PREFIX ? shardKeyOf(term, SHARD_PREFIX + 1) : prefix;
    if (!shards.has(key)) return refuse(`the term ${term} would make a new shard, ${key}`);
    const before = group.lists.get(term) ?? [];
    const list = updatedPostings(before, updates);
    if (!list) return refuse(`the term ${term}'s list was full and loses a document it cannot replace`);
    const vocab = () => entryOf(vocabChanges, vocabFile(term[0]!), () => ({ add: [], remove: new Set<string>() }));
    if (!before.length && list.length) {
      termsNew++;
      vocab().add.push(term);
      group.termsOf.get(key)!.push(term);
    } else if (before.length && !list.length) {
      termsNew--;
      vocab().remove.add(term);
      const terms = group.termsOf.get(key)!;
      if (!terms.includes(term)) return refuse(`the previous shard ${key} does not hold ${term}`);
      terms.splice(terms.indexOf(term), 1);
    }
    if (list.length) group.lists.set(term, list);
    else group.lists.delete(term);
    touchedShards.set(key, prefix);
  }
  for (const [key, prefix] of touchedShards) {
    // Read for a term above, so not null.
    const group = groups.get(prefix)!;
    const split = shardGroupBytes(group.lists.keys(), (term) => group.lists.get(term)!) > SHARD_SPLIT_BYTES;
    if (split !== group.split) return refuse(`the terms of ${prefix} would be ${split ? '' : 'no longer '}split`);
    const terms = group.termsOf.get(key)!.sort();
    if (!terms.length) return refuse(`the shard ${key} would be empty`);
    files.set(shardFile(key), {
      json: shardJson(terms, (term) => group.lists.get(term)!),
      bytesBefore: group.bytes.get(key)!,
    });
  }
  for (const [name, { add, remove }] of vocabChanges) {
    const text = read(name);
    if (text === null) return refuse(`the term ${add[0] ?? [...remove][0]} would make a new vocabulary, ${name}`);
    const terms = (JSON.parse(text) as string[]).filter((term) => !remove.has(term));
    terms.push(...add);
    terms.sort();
    if (!terms.length) return refuse(`the vocabulary ${name} would be empty`);
    files.set(name, { json: JSON.stringify(terms), bytesBefore: Buffer.byteLength(text) });
  }
  return { files, terms: termsNew, replaced: changed };
}

/**
 * A term's list `[id, score, …]` (best first) with the documents of `updates` at their new score (null: gone), or
 * null when it cannot be known from the list: it was full, and a document leaves a place that one of the documents
 * beyond the list, which it does not hold, may take.
 */
export function updatedPostings(list: readonly number[], updates: ReadonlyMap<number, number | null>): number[] | null {
  const kept: number[] = [];
  let left = false;
  for (let at = 0; at < list.length; at += 2)
    if (updates.has(list[at]!)) left = true;
    else kept.push(list[at]!, list[at + 1]!);
  const entries: [number, number][] = [];
  for (let at = 0; at < kept.length; at += 2) entries.push([kept[at]!, kept[at + 1]!]);
  const weakest = entries.at(-1);
  let above = entries.length;
  for (const [id, score] of updates) {
    if (score === null) continue;
    entries.push([id, score]);
    if (weakest && ranksAfter(id, score, weakest[0], weakest[1])) above++;
  }
  // A full list that a document left: the documents beyond it (not held) come before any that rank after its weakest
  // kept one, so the list is known only when enough rank above it.
  if (list.length / 2 === MAX_POSTINGS && left && above < MAX_POSTINGS) return null;
  entries.sort(([aId, aScore], [bId, bScore]) => (ranksAfter(aId, aScore, bId, bScore) ? -1 : 1));
  return entries.slice(0, MAX_POSTINGS).flat();
}

/**
 * The ids the previous index gave its documents, from its lines: each group's documents in order, less the keyed
 * ones not chosen, from the group's first id (index-rules.ts, rangeOf).
 */
function idsOf(previous: PreviousLines): { docs: number; of(line: number, path: string): number | null } {
  const choice = createKeyedChoice();
  for (const [path, keyed] of previous.keyed) choice.offer(path, keyed);
  const unchosen: number[] = [];
  for (const [path, keyed] of previous.keyed)
    if (!choice.chosen(path, keyed)) unchosen.push(previous.places.get(path)!.line);
  unchosen.sort((a, b) => a - b);
  /** How many unchosen lines come before `line`. */
  const unchosenBefore = (line: number) => {
    let low = 0;
    let high = unchosen.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (unchosen[mid]! < line) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  const { groups } = previous;
  const bases: number[] = [];
  let docs = 0;
  let base = 0;
  for (let g = 0; g < groups.length; g++) {
    const first = groups[g]!.first;
    const end = g + 1 < groups.length ? groups[g + 1]!.first : previous.count;
    const count = end - first - (unchosenBefore(end) - unchosenBefore(first));
    bases.push(base);
    base += rangeOf(count);
    docs += count;
  }
  return {
    docs,
    of(line, path) {
      const keyed = previous.keyed.get(path) ?? null;
      if (!choice.chosen(path, keyed)) return null;
      let low = 0;
      let high = groups.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (groups[mid]!.first <= line) low = mid;
        else high = mid - 1;
      }
      const first = groups[low]!.first;
      return bases[low]! + (line - first) - (unchosenBefore(line) - unchosenBefore(first));
    },
  };
}

/**
 * The next cache's lines: the previous file with the changed lines replaced (they keep their places: the same group
 * and path), copied a block at a time, and its SHA-256.
 */
function writeLines({ previous, linesFile }: PatchInput, replaced: readonly Changed[]): SearchIndexWritten['lines'] {
  if (!replaced.length) {
    copyFileSync(previous.file, linesFile);
    return { file: linesFile, digest: previous.digest };
  }
  const hash = createHash('sha256');
  const from = openSync(previous.file, 'r');
  const to = openSync(linesFile, 'w');
  const block = Buffer.allocUnsafe(1 << 20);
  const put = (bytes: Buffer) => {
    hash.update(bytes);
    for (let done = 0; done < bytes.length;) done += writeSync(to, bytes, done, bytes.length - done);
  };
  const copy = (start: number, end: number) => {
    for (let at = start; at < end;) {
      const read = readSync(from, block, 0, Math.min(block.length, end - at), at);
      if (read === 0) throw new Error(`${previous.file} ended at byte ${at}, before ${end}`);
      put(block.subarray(0, read));
      at += read;
    }
  };
  try {
    let at = 0;
    for (const { place, line } of replaced) {
      copy(at, place.start);
      put(Buffer.from(`${line}\n`));
      at = place.start + place.bytes + 1;
    }
    copy(at, previous.bytes);
  } finally {
    closeSync(from);
    closeSync(to);
  }
  return { file: linesFile, digest: hash.digest('hex') };
}

function readLine(fd: number, place: LinePlace): string {
  const bytes = Buffer.allocUnsafe(place.bytes);
  return bytes.toString('utf8', 0, readFull(fd, bytes, place.bytes, place.start));
}

/** `term score term score …` → each term's score. */
function scoresOf(scores: string): Map<string, number> {
  const out = new Map<string, number>();
  const parts = scores ? scores.split(' ') : [];
  for (let at = 0; at + 1 < parts.length; at += 2) out.set(parts[at]!, Number(parts[at + 1]));
  return out;
}

/** A map's entry for `key`, made (and kept) the first time it is asked for. */
function entryOf<K, V>(all: Map<K, V>, key: K, make: () => V): V {
  let entry = all.get(key);
  if (entry === undefined) all.set(key, (entry = make()));
  return entry;
}

/** A two-letter group of terms as the previous index wrote it: every term's list, and each shard's terms and size. */
interface ShardGroup {
  /** Whether its terms were split by three letters (SHARD_SPLIT_BYTES). */
  split: boolean;
  lists: Map<string, number[]>;
  termsOf: Map<string, string[]>;
  bytes: Map<string, number>;
}

/** The previous shards of the terms that start with `prefix`, or null when one does not read back as written. */
function readShardGroup(
  shardKeys: readonly string[],
  prefix: string,
  read: (name: string) => string | null,
): ShardGroup | null {
  const keys = shardKeys.filter((key) => key === prefix || (key.length === SHARD_PREFIX + 1 && key.startsWith(prefix)));
  const group: ShardGroup = {
    split: keys.some((key) => key.length > SHARD_PREFIX),
    lists: new Map(),
    termsOf: new Map(),
    bytes: new Map(),
  };
  for (const key of keys) {
    const text = read(shardFile(key));
    if (text === null) return null;
    const shard = JSON.parse(text) as Record<string, number[]>;
    const terms = Object.keys(shard).sort();
    if (shardJson(terms, (term) => shard[term]!) !== text) return null;
    for (const term of terms) group.lists.set(term, shard[term]!);
    group.termsOf.set(key, terms);
    group.bytes.set(key, Buffer.byteLength(text));
  }
  return group;
}
