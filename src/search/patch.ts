/**
 * An incremental build's index, patched in place. When every document the build made takes the place of the previous
 * build's document of its page (none of another sport, type or key), or is new at the end of its group (the newest
 * article, published), and every document gone was at the end of its group (that article, unpublished again), every
 * other document keeps its id: the index is the previous one but for the chunks of the documents changed, new or gone,
 * the shards of the terms whose scores changed, the vocabularies of terms new or gone and the manifest when the count
 * of documents changes. Those are written again from the previous files, and every other file is kept where it is,
 * unread. An article edited, published or unpublished, a result entered: a few files of 10,800, where the index written
 * whole reads, scores and sorts 45,000 documents again (0.5–1.0 s of the build at demo scale 10).
 *
 * What the previous files cannot tell exactly, or what would move other documents' ids, it does not do: a document new
 * or gone in the middle of its group, or that would make its group's range of ids grow or shrink (index-rules.ts,
 * rangeOf); a document new or gone that has a key (which of the keyed documents is indexed could change); a group of
 * terms would be split otherwise; a shard or a vocabulary would be new or gone; a previous file does not read back as
 * the index writes it. Then it refuses, with the reason, before writing anything, and the index is written whole
 * (./writer.ts): the same files either way, which the build's incremental-equivalence test and tests/search hold it to.
 * A term whose list was full (MAX_POSTINGS) and that a document leaves (an article unpublished, a word edited out of a
 * title) takes the best of the documents beyond it, found in one pass over the previous lines (documentsBeyond).
 */
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { contentDigest, type KnownFilesWriter } from '../output/known-files.ts';
import { SEARCH_DIR } from '../output/layout.ts';
import { readFull, writeFull } from '../util/file-bytes.ts';
import { readLines } from '../util/line-files.ts';
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
import { errorMessage } from '../errors/error.ts';

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
    return { refused: `a previous file cannot be read: ${errorMessage(error)}` };
  }
  if ('refused' in planned) return planned;
  const { files, inserted, terms, docs } = planned;
  const { index } = input;
  // Every file of the previous index, in its order: written again, kept as it is, or gone; a new file (a group's next
  // chunk) follows the file the index written whole writes before it.
  const digest = createHash('sha256');
  let bytes = index.stats.bytes;
  let count = 0;
  const put = (name: string, json: string, bytesBefore: number) => {
    output.write(SITE_PREFIX + name, json, `search index ${name}`);
    digest.update(digestLine(name, contentDigest(json)));
    bytes += Buffer.byteLength(json) - bytesBefore;
    count++;
  };
  for (const [sitePath, known] of index.known) {
    const name = sitePath.slice(SITE_PREFIX.length);
    const rewritten = files.get(name);
    if (rewritten === undefined) {
      output.keepKnown(sitePath);
      digest.update(digestLine(name, known));
      count++;
    } else if (rewritten.json === null) bytes -= rewritten.bytesBefore;
    else put(name, rewritten.json, rewritten.bytesBefore);
    for (let next = inserted.get(name); next !== undefined; next = inserted.get(next))
      put(next, files.get(next)!.json!, 0);
  }
  const lines = writeLines(input, planned.edits);
  return {
    stats: {
      ...index.stats,
      docs: index.stats.docs + docs,
      terms: index.stats.terms + terms,
      files: count,
      bytes,
      digest: digest.digest('hex'),
    },
    lines,
  };
}

/**
 * A document whose line changed, is new or is gone, and its id in the index (null: a keyed document not chosen, so not
 * indexed). `before` is null for a document new to the index, `after` for one gone from it.
 */
interface Changed {
  path: string;
  before: IndexLine | null;
  after: IndexLine | null;
  id: number | null;
}

/** The next cache's lines as the previous file's: the bytes `[start, end)` replaced by `text` (lines with newlines). */
interface LinesEdit {
  start: number;
  end: number;
  text: string;
}

type Planned =
  | {
      /** The files written again (or gone: null), by name, with their previous size (0 for a new one). */
      files: Map<string, { json: string | null; bytesBefore: number }>;
      /** Files new to the index, each by the name of the file written before it. */
      inserted: Map<string, string>;
      /** Terms new less terms gone. */
      terms: number;
      /** Documents new less documents gone. */
      docs: number;
      /** The next cache's lines, as edits of the previous file, in its order. */
      edits: LinesEdit[];
    }
  | { refused: string };

function planPatch({ previous, index, added, dropped }: PatchInput): Planned {
  const refuse = (refused: string) => ({ refused });
  const addedByPath = new Map<string, string>();
  for (const line of added) addedByPath.set(splitIndexLine(line).path, line);
  const knownCount = index.known.size;
  if (knownCount !== index.stats.files)
    return refuse(`the previous index lists ${knownCount} files, its figures ${index.stats.files}`);

  const ids = idsOf(previous);
  if (ids.docs !== index.stats.docs)
    return refuse(`the previous lines number ${ids.docs} documents, the previous index ${index.stats.docs}`);
  const groupIndex = new Map(previous.groups.map((group, g) => [group.key, g]));
  const changed: Changed[] = [];
  const edits: LinesEdit[] = [];
  /** Per group (by its number), the lines of documents new to the index, and the places of documents gone from it. */
  const fresh = new Map<number, string[]>();
  const gone = new Map<number, LinePlace[]>();
  const fd = openSync(previous.file, 'r');
  try {
    for (const [path, line] of addedByPath) {
      const place = previous.places.get(path);
      if (!place) {
        const g = groupIndex.get(groupKeyOf(line));
        if (g === undefined) return refuse(`${path} has a document new to the index, the first of its group`);
        if (splitIndexLine(line).keyed) return refuse(`${path} has a document new to the index, with a key`);
        entryOf(fresh, g, () => []).push(line);
        continue;
      }
      const before = readLine(fd, place);
      if (before === line) continue;
      const [was, is] = [splitIndexLine(before), splitIndexLine(line)];
      if (was.sport !== is.sport || groupKeyOf(before) !== groupKeyOf(line) || was.sportName !== is.sportName)
        return refuse(`the document of ${path} changed its sport or type`);
      if (was.keyed !== is.keyed) return refuse(`the document of ${path} changed its key or version`);
      changed.push({ path, before: was, after: is, id: ids.of(place.line, path) });
      edits.push({ start: place.start, end: place.start + place.bytes + 1, text: `${line}\n` });
    }
    for (const path of dropped) {
      const place = previous.places.get(path);
      if (!place || addedByPath.has(path)) continue;
      if (previous.keyed.has(path)) return refuse(`the document of ${path} is gone, and it has a key`);
      entryOf(gone, ids.groupOf(place.line), () => []).push(place);
    }
    // Documents gone: the last of their group's lines, all of them.
    for (const [g, places] of gone) {
      const { end, count } = ids.groups[g]!;
      places.sort((a, b) => a.line - b.line);
      const path = () => splitIndexLine(readLine(fd, places[0]!)).path;
      if (places.some((place, n) => place.line !== end - places.length + n))
        return refuse(`the document of ${path()} is gone from the middle of its group`);
      if (fresh.has(g)) return refuse(`the group of ${path()} has documents both gone and new`);
      if (rangeOf(count - places.length) !== rangeOf(count))
        return refuse(`the group of ${path()} would take a smaller range of ids`);
      for (const place of places) {
        const before = splitIndexLine(readLine(fd, place));
        changed.push({ path: before.path, before, after: null, id: ids.of(place.line, before.path) });
        edits.push({ start: place.start, end: place.start + place.bytes + 1, text: '' });
      }
    }
    // Documents new: after their group's last line, in the order the lines sort in.
    for (const [g, lines] of fresh) {
      const { end, count } = ids.groups[g]!;
      lines.sort();
      const last = placeOfLine(previous, end - 1);
      const lastLine = readLine(fd, last);
      const path = splitIndexLine(lines[0]!).path;
      if (lines[0]! <= lastLine) return refuse(`${path} has a document new to the index, in the middle of its group`);
      if (rangeOf(count + lines.length) !== rangeOf(count))
        return refuse(`${path} has a document new to the index, whose group would take a larger range of ids`);
      lines.forEach((line, n) => {
        const after = splitIndexLine(line);
        changed.push({ path: after.path, before: null, after, id: ids.groups[g]!.base + count + n });
      });
      const at = last.start + last.bytes + 1;
      edits.push({ start: at, end: at, text: lines.map((line) => `${line}\n`).join('') });
    }
  } finally {
    closeSync(fd);
  }
  // In the file's order; a line new after a group comes before a line changed at the next group's start.
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  const docs = changed.reduce((sum, doc) => sum + (doc.before ? 0 : 1) - (doc.after ? 0 : 1), 0);
  if (!changed.length) return { files: new Map(), inserted: new Map(), terms: 0, docs: 0, edits };

  const files = new Map<string, { json: string | null; bytesBefore: number }>();
  const inserted = new Map<string, string>();
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
  if (docs) {
    // Its groups' ranges stay (checked above): of the manifest, only the count of documents changes.
    if (JSON.stringify(manifest) !== manifestText)
      return refuse(`the previous ${SEARCH_MANIFEST} does not read back as the index writes it`);
    files.set(SEARCH_MANIFEST, {
      json: JSON.stringify({ ...manifest, docs: manifest.docs + docs }),
      bytesBefore: Buffer.byteLength(manifestText),
    });
  }

  // The chunks of the documents, each row in its place: changed, then those gone from a chunk's end (the last first),
  // then those new (the first first), so that each row goes where its id says.
  const kind = (doc: Changed) => (doc.before && doc.after ? 0 : doc.after ? 2 : 1);
  const inChunkOrder = (a: Changed, b: Changed) => kind(a) - kind(b) || (kind(a) === 1 ? b.id! - a.id! : a.id! - b.id!);
  const chunks = new Map<string, { rows: string[]; before: string | null }>();
  for (const doc of changed.filter((d) => d.id !== null).sort(inChunkOrder)) {
    const id = doc.id!;
    const number = Math.floor(id / DOC_CHUNK);
    const name = docFile(number);
    let chunk = chunks.get(name);
    if (!chunk) {
      const text = read(name);
      if (text === null && !doc.before && id % DOC_CHUNK === 0 && number > 0) {
        // A new document that starts a chunk: a new file, after the chunk before it (the last of its group).
        chunks.set(name, (chunk = { rows: [], before: null }));
        inserted.set(docFile(number - 1), name);
      } else {
        const rows = text === null ? null : (JSON.parse(text) as unknown[]).map((row) => JSON.stringify(row));
        if (text === null || rows === null || `[${rows.join(',')}]` !== text)
          return refuse(`the previous ${name} does not read back as the index writes it`);
        chunks.set(name, (chunk = { rows, before: text }));
      }
    }
    const at = id % DOC_CHUNK;
    if (doc.before && chunk.rows[at] !== doc.before.stored)
      return refuse(`the previous ${name} does not hold ${doc.path} where its lines place it`);
    if (doc.before && doc.after) chunk.rows[at] = doc.after.stored;
    else if (doc.after && chunk.rows.length === at) chunk.rows.push(doc.after.stored);
    else if (!doc.after && chunk.rows.length === at + 1) chunk.rows.pop();
    else return refuse(`the previous ${name} does not end where the lines of ${doc.path}'s group do`);
  }
  for (const [name, { rows, before }] of chunks) {
    const bytesBefore = before === null ? 0 : Buffer.byteLength(before);
    files.set(name, { json: rows.length ? `[${rows.join(',')}]` : null, bytesBefore });
  }
  for (const [before, name] of inserted)
    if (!index.known.has(SITE_PREFIX + before) && !chunks.has(before))
      return refuse(`the new ${name} has no chunk before it`);

  // Each term whose postings change: the documents whose score for it changed, and their score now (null: none).
  const termChanges = new Map<string, Map<number, number | null>>();
  for (const doc of changed) {
    if (doc.id === null) continue;
    const was = scoresOf(doc.before?.scores ?? '');
    const is = scoresOf(doc.after?.scores ?? '');
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
  // Each term's list now. A full list that a document leaves with no known document to take its place is made
  // again with the documents beyond it, found in the previous lines (one pass for every such term).
  const lists = new Map<string, number[] | null>();
  for (const [term, updates] of termChanges) {
    const group = groupOf(shardKeyOf(term, SHARD_PREFIX));
    if (!group)
      return refuse(`a previous shard of ${shardKeyOf(term, SHARD_PREFIX)} does not read back as the index writes it`);
    lists.set(term, updatedPostings(group.lists.get(term) ?? [], updates));
  }
  const short = [...lists.keys()].filter((term) => lists.get(term) === null);
  if (short.length) {
    const beyond = documentsBeyond(previous, ids, short, (term) => {
      const held = new Set<number>();
      const list = groupOf(shardKeyOf(term, SHARD_PREFIX))!.lists.get(term) ?? [];
      for (let at = 0; at < list.length; at += 2) held.add(list[at]!);
      for (const id of termChanges.get(term)!.keys()) held.add(id);
      return held;
    });
    for (const term of short) {
      const group = groupOf(shardKeyOf(term, SHARD_PREFIX))!;
      lists.set(term, updatedPostings(group.lists.get(term) ?? [], termChanges.get(term)!, beyond.get(term) ?? []));
    }
  }
  let termsNew = 0;
  const vocabChanges = new Map<string, { add: string[]; remove: Set<string> }>();
  const touchedShards = new Map<string, string>();
  for (const term of termChanges.keys()) {
    const prefix = shardKeyOf(term, SHARD_PREFIX);
    const group = groupOf(prefix)!;
    const key = group.split && term.length > SHARD_PREFIX ? shardKeyOf(term, SHARD_PREFIX + 1) : prefix;
    if (!shards.has(key)) return refuse(`the term ${term} would make a new shard, ${key}`);
    const before = group.lists.get(term) ?? [];
    const list = lists.get(term)!;
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
  return { files, inserted, terms: termsNew, docs, edits };
}

/**
 * A term's list `[id, score, …]` (best first) with the documents of `updates` at their new score (null: gone), or
 * null when it cannot be known from the list: it was full, and a document leaves a place that one of the documents
 * beyond the list, which it does not hold, may take. With `beyond` (every document that has the term and is neither
 * in the list nor in `updates`, as `[id, score]`), it is always known.
 */
export function updatedPostings(
  list: readonly number[],
  updates: ReadonlyMap<number, number | null>,
  beyond?: readonly (readonly [number, number])[],
): number[] | null {
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
  // kept one, so the list is known only when enough rank above it, or when those documents are given.
  if (beyond) for (const [id, score] of beyond) entries.push([id, score]);
  else if (list.length / 2 === MAX_POSTINGS && left && above < MAX_POSTINGS) return null;
  entries.sort(([aId, aScore], [bId, bScore]) => (ranksAfter(aId, aScore, bId, bScore) ? -1 : 1));
  return entries.slice(0, MAX_POSTINGS).flat();
}

/**
 * The documents of the previous lines that have one of `terms`, with their scores, less those `held` names for the
 * term (its list, and the documents whose scores changed): one pass over the lines, decoding each and reading its
 * scores' terms. A document not indexed (a keyed one not chosen) has no id and is left out.
 */
function documentsBeyond(
  previous: PreviousLines,
  ids: ReturnType<typeof idsOf>,
  terms: readonly string[],
  heldOf: (term: string) => ReadonlySet<number>,
): Map<string, [number, number][]> {
  const held = new Map(terms.map((term) => [term, heldOf(term)]));
  const found = new Map<string, [number, number][]>(terms.map((term) => [term, []]));
  let number = 0;
  for (const line of readLines(previous.file)) {
    const at = number++;
    const { path, scores } = splitIndexLine(line);
    let id: number | null | undefined;
    for (let start = 0; start < scores.length;) {
      const space = scores.indexOf(' ', start);
      const end = scores.indexOf(' ', space + 1);
      const term = scores.slice(start, space);
      const heldNow = held.get(term);
      if (heldNow) {
        id ??= ids.of(at, path);
        if (id !== null && !heldNow.has(id))
          found.get(term)!.push([id, Number(scores.slice(space + 1, end < 0 ? scores.length : end))]);
      }
      start = end < 0 ? scores.length : end + 1;
    }
  }
  return found;
}

/**
 * The ids the previous index gave its documents, from its lines: each group's documents in order, less the keyed
 * ones not chosen, from the group's first id (index-rules.ts, rangeOf).
 */
function idsOf(previous: PreviousLines): {
  docs: number;
  /** Each group's first id, how many of its documents are indexed, and the number of the line after its last. */
  groups: { base: number; count: number; end: number }[];
  /** The group of a line, by its number. */
  groupOf(line: number): number;
  of(line: number, path: string): number | null;
} {
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
  const ranges: { base: number; count: number; end: number }[] = [];
  let docs = 0;
  let base = 0;
  for (let g = 0; g < groups.length; g++) {
    const first = groups[g]!.first;
    const end = g + 1 < groups.length ? groups[g + 1]!.first : previous.count;
    const count = end - first - (unchosenBefore(end) - unchosenBefore(first));
    ranges.push({ base, count, end });
    base += rangeOf(count);
    docs += count;
  }
  const groupOf = (line: number) => {
    let low = 0;
    let high = groups.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (groups[mid]!.first <= line) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  return {
    docs,
    groups: ranges,
    groupOf,
    of(line, path) {
      const keyed = previous.keyed.get(path) ?? null;
      if (!choice.chosen(path, keyed)) return null;
      const g = groupOf(line);
      const first = groups[g]!.first;
      return ranges[g]!.base + (line - first) - (unchosenBefore(line) - unchosenBefore(first));
    },
  };
}

/**
 * The next cache's lines: the previous file with its edits (lines changed in their places, new after their group's
 * last, gone), copied a block at a time, and its SHA-256.
 */
function writeLines({ previous, linesFile }: PatchInput, edits: readonly LinesEdit[]): SearchIndexWritten['lines'] {
  if (!edits.length) {
    copyFileSync(previous.file, linesFile);
    return { file: linesFile, digest: previous.digest };
  }
  const hash = createHash('sha256');
  const from = openSync(previous.file, 'r');
  const to = openSync(linesFile, 'w');
  const block = Buffer.allocUnsafe(1 << 20);
  const put = (bytes: Buffer) => {
    hash.update(bytes);
    writeFull(to, bytes);
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
    for (const { start, end, text } of edits) {
      copy(at, start);
      put(Buffer.from(text));
      at = end;
    }
    copy(at, previous.bytes);
  } finally {
    closeSync(from);
    closeSync(to);
  }
  return { file: linesFile, digest: hash.digest('hex') };
}

/** The place of the previous file's line of this number. */
function placeOfLine(previous: PreviousLines, line: number): LinePlace {
  for (const place of previous.places.values()) if (place.line === line) return place;
  throw new Error(`${previous.file} has no line ${line + 1}`);
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
