/**
 * The search index's documents as lines, in index order: what the index is written from (./writer.ts), and what the
 * build cache keeps of it (`search.tsv`), so that an incremental build indexes only the documents that changed and
 * takes the others' lines as they were, not reading, scoring and sorting every document again.
 *
 * A line is `sport TAB type TAB path TAB sportName TAB keyed TAB stored TAB scores`:
 *
 * - `sport`, `type` (its place in TYPE_ORDER) and `path`: sorting the lines orders documents by sport (each sport's
 *   documents become an id range for the sport filter), then type, then path;
 * - `sportName`: the sport's name as JSON, or empty;
 * - `keyed`: `[key, version]` as JSON for a page that is one thing in several places (a coach in each season: the
 *   index keeps the highest version), or empty;
 * - `stored`: the result row the index stores (format.ts, StoredDoc), as JSON;
 * - `scores`: the document's terms and their scores, `term score term score …`.
 *
 * JSON escapes tabs and newlines, and `sport` and `path` may not hold one, so the columns are found by their tabs.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import type { DocType, StoredDoc } from './format.ts';
import { terms } from './tokens.ts';
import type { SearchDoc } from './writer.ts';
import { errorMessage } from '../errors/error.ts';

/** Weights of a term found in the title and in the other text (scores are integers). */
const TITLE_WEIGHT = 30;
const TEXT_WEIGHT = 10;
const SUMMARY_CHARS = 180;
const TYPE_ORDER: DocType[] = ['sport', 'page', 'article', 'player', 'coach', 'staff', 'video', 'gallery'];

const COLUMN = { path: 2, sportName: 3, keyed: 4, stored: 5, scores: 6 } as const;

/** A document's line (see above). */
export function indexLine(doc: SearchDoc): string {
  const sport = doc.sport?.slug ?? '';
  if (/[\t\n\r]/.test(sport + doc.path))
    throw new Error(`Search document ${JSON.stringify(doc.path)} has a tab or a line break in its path or sport`);
  const sportName = doc.sport ? JSON.stringify(doc.sport.name) : '';
  const keyed = doc.key === undefined ? '' : JSON.stringify([doc.key, doc.version ?? '']);
  return `${sport}\t${TYPE_ORDER.indexOf(doc.type)}\t${doc.path}\t${sportName}\t${keyed}\t${JSON.stringify(stored(doc))}\t${scoresOf(doc)}`;
}

/** A line's columns, found by their tabs; the JSON ones are left as text (each is parsed only when needed). */
export interface IndexLine {
  sport: string;
  path: string;
  /** JSON, or '' when the document has no sport. */
  sportName: string;
  /** JSON `[key, version]`, or ''. */
  keyed: string;
  /** JSON of the StoredDoc. */
  stored: string;
  /** `term score term score …` */
  scores: string;
}

export function splitIndexLine(line: string): IndexLine {
  const tabs: number[] = [];
  for (let at = line.indexOf('\t'); at >= 0 && tabs.length < COLUMN.scores; at = line.indexOf('\t', at + 1))
    tabs.push(at);
  if (tabs.length < COLUMN.scores)
    throw new Error(`Not a line of the search index: ${JSON.stringify(line.slice(0, 80))}`);
  const column = (n: number) => line.slice(tabs[n - 1]! + 1, tabs[n]);
  return {
    sport: line.slice(0, tabs[0]),
    path: column(COLUMN.path),
    sportName: column(COLUMN.sportName),
    keyed: column(COLUMN.keyed),
    stored: column(COLUMN.stored),
    scores: line.slice(tabs[COLUMN.scores - 1]! + 1),
  };
}

/** Of a document that is one thing in several places, which one it is and its version. */
export interface Keyed {
  key: string;
  version: string;
}

export function keyedOf(line: IndexLine): Keyed | null {
  if (!line.keyed) return null;
  const [key, version] = JSON.parse(line.keyed) as [string, string];
  return { key, version };
}

/**
 * Which of the keyed documents is indexed: a coach listed in every season is indexed once, at its highest
 * version, the first path on a tie. Order-independent.
 */
export function createKeyedChoice(): {
  offer(path: string, keyed: Keyed): void;
  chosen(path: string, keyed: Keyed | null): boolean;
} {
  const best = new Map<string, { version: string; path: string }>();
  return {
    offer(path, { key, version }) {
      const seen = best.get(key);
      if (!seen || version > seen.version || (version === seen.version && path < seen.path))
        best.set(key, { version, path });
    },
    chosen: (path, keyed) => keyed === null || best.get(keyed.key)?.path === path,
  };
}

/** Where a previous build's line is in its file: its number (from 0), its first byte and its length in bytes. */
export interface LinePlace {
  line: number;
  start: number;
  bytes: number;
}

/** A previous build's lines (the build cache's `search.tsv`), checked and read ahead of the index. */
export interface PreviousLines {
  file: string;
  /** Its SHA-256 (the cache manifest's, checked) and its size in bytes. */
  digest: string;
  bytes: number;
  /** How many lines it has. */
  count: number;
  /** The keyed documents among them, by path. */
  keyed: Map<string, Keyed>;
  /** Each line's place, by its document's path (an index patched in place reads a changed document's line again). */
  places: Map<string, LinePlace>;
  /** Each group of documents (a sport's of one type: `sport TAB type`) and its first line, in order. */
  groups: { key: string; first: number }[];
}

/**
 * Read a previous build's lines once, ahead of the index (while the build plans): they must be the bytes the cache's
 * manifest has the digest of, and every line must split into its columns. The reason they cannot be used otherwise
 * (the index is then made from every page's document).
 *
 * The file is read as bytes, a block at a time: of each line only its path is decoded (and its key, for the few
 * documents that have one). Decoding every line whole (21 MB at demo scale 10) took 0.47 s of the index's thread,
 * beside the build's scope and plan on the other core.
 */
export function readPreviousLines(file: string, digest: string): PreviousLines | { reason: string } {
  if (!existsSync(file)) return { reason: `the build cache has no ${file}` };
  const fd = openSync(file, 'r');
  try {
    return readLinesFrom(fd, file, digest);
  } finally {
    closeSync(fd);
  }
}

/** readPreviousLines of a file already open (`fd`, left open), named `file`. */
export function readLinesFrom(fd: number, file: string, digest: string): PreviousLines | { reason: string } {
  const hash = createHash('sha256');
  const keyed = new Map<string, Keyed>();
  const places = new Map<string, LinePlace>();
  const groups: PreviousLines['groups'] = [];
  let number = 0;
  /** The file's bytes before the block's first. */
  let offset = 0;
  let group = Buffer.alloc(0);
  try {
    let block = Buffer.allocUnsafe(PREVIOUS_BLOCK);
    /** Bytes of the block that hold data (a line cut at the block's end, carried to its start, then those read). */
    let filled = 0;
    for (;;) {
      if (filled === block.length) {
        // A line longer than the block: a block twice as large.
        const larger = Buffer.allocUnsafe(block.length * 2);
        block.copy(larger, 0, 0, filled);
        block = larger;
      }
      const read = readSync(fd, block, filled, block.length - filled, null);
      if (read === 0) break;
      hash.update(block.subarray(filled, filled + read));
      filled += read;
      let start = 0;
      for (let end = block.indexOf(NEWLINE, start); end >= 0 && end < filled; end = block.indexOf(NEWLINE, start)) {
        const tabs = tabsOf(block, start, end);
        if (tabs === null)
          throw new Error(
            `Not a line of the search index: ${JSON.stringify(block.toString('utf8', start, Math.min(end, start + 80)))}`,
          );
        const path = block.toString('utf8', tabs[COLUMN.path - 1]! + 1, tabs[COLUMN.path]);
        const keyStart = tabs[COLUMN.keyed - 1]! + 1;
        if (keyStart < tabs[COLUMN.keyed]!) {
          const [key, version] = JSON.parse(block.toString('utf8', keyStart, tabs[COLUMN.keyed])) as [string, string];
          keyed.set(path, { key, version });
        }
        places.set(path, { line: number, start: offset + start, bytes: end - start });
        // `sport TAB type`: decoded when a group starts (about a hundred times).
        const groupEnd = tabs[COLUMN.path - 1]!;
        if (block.compare(group, 0, group.length, start, groupEnd) !== 0) {
          group = Buffer.from(block.subarray(start, groupEnd));
          groups.push({ key: group.toString('utf8'), first: number });
        }
        number++;
        start = end + 1;
      }
      // The line cut at the block's end goes to its start.
      block.copy(block, 0, start, filled);
      offset += start;
      filled -= start;
    }
  } catch (error) {
    return { reason: `${file}, line ${number + 1}: ${errorMessage(error)}` };
  }
  if (hash.digest('hex') !== digest) return { reason: `${file} is not the file its manifest has the digest of` };
  return { file, digest, bytes: offset, count: number, keyed, places, groups };
}

/** Bytes of the previous lines read at a time. */
const PREVIOUS_BLOCK = 1 << 20;
const NEWLINE = 10;
const TAB = 9;

/** The offsets of a line's first tabs, one per column but the last (null: too few). */
function tabsOf(block: Buffer, start: number, end: number): number[] | null {
  const tabs: number[] = [];
  for (let at = block.indexOf(TAB, start); tabs.length < COLUMN.scores; at = block.indexOf(TAB, at + 1)) {
    if (at < 0 || at >= end) return null;
    tabs.push(at);
  }
  return tabs;
}

/** A line's group: its sport and type columns (`sport TAB type`), whose documents take a range of ids of their own. */
export const groupKeyOf = (line: string) => line.slice(0, line.indexOf('\t', line.indexOf('\t') + 1));

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

function stored(doc: SearchDoc): StoredDoc {
  const summary =
    doc.summary.length > SUMMARY_CHARS
      ? `${doc.summary.slice(0, SUMMARY_CHARS - 1).replace(/\s+\S*$/, '')}…`
      : doc.summary;
  return [doc.type, doc.title, doc.path, summary, doc.date ?? '', doc.sport?.slug ?? ''];
}
