/**
 * The pages the build wrote, one line each in a file beside the build's cache: the manifest's `prerendered` list,
 * the sitemap and the build-id patch read them back from disk, so the tally's memory does not grow with the site.
 * The sorted list is kept in the build cache (`ledger.tsv`): an incremental build takes its kept pages' entries
 * from there.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSpareBuffer, readFileBytes, writeFull } from '../util/file-bytes.ts';
import { createLineWriter, readLines, sortLines } from '../util/line-files.ts';
import { openSortedLines } from '../util/sorted-lines.ts';
import { createPathSet, type PathSet } from '../util/path-set.ts';

export interface LedgerEntry {
  path: string;
  /** Search engines may index the page (it goes in the sitemap). */
  indexable: boolean;
  /** ISO date-time of the content's last change, when known. */
  lastmod: string | null;
}

export interface Ledger {
  add(entry: LedgerEntry): void;
  readonly count: number;
  /** Entries search engines may index (the sitemap's). */
  readonly indexable: number;
  /**
   * An incremental build's pages kept in place, added after every other page: their entries are the previous
   * build's sorted list (`file`, the build cache's, whose SHA-256 is `digest`) but those of the pages not kept,
   * merged with the others' here, not added and sorted one by one. The kept pages are the list's but a few
   * (`notKept`), found by a binary search and the bytes between them copied, when the list's `counts` are known; or
   * those `has` answers for, each line read. False when the file is not the one the digest names (nothing is added
   * then: the caller adds the kept pages itself).
   */
  addKept(previous: PreviousList, kept: { notKept: readonly string[] } | { has(path: string): boolean }): boolean;
  /**
   * The paths of the entries added one by one (`add`), once `addKept` has added the kept pages (null before, or when
   * it could not): an incremental build's few pages written, in path order.
   */
  readonly added: readonly string[] | null;
  /** Every entry in path order (JavaScript string order); the list is sorted on disk once, on the first call. */
  sorted(): Generator<LedgerEntry>;
  /** The file of the sorted list (for the next build cache, and scanLedgerFile: the sitemap's pass). */
  sortedFile(): string;
}

/** A previous build's sorted list (the build cache's), and how many entries it has, and of them indexable. */
export interface PreviousList {
  file: string;
  /** Its SHA-256. */
  digest: string;
  counts: { entries: number; indexable: number } | null;
}

/** An entry of the sorted list as bytes: its path is `block[start, pathEnd)`, its lastmod (empty: none) the other. */
export interface LedgerLine {
  block: Buffer;
  start: number;
  pathEnd: number;
  indexable: boolean;
  lastmodStart: number;
  lastmodEnd: number;
}

// path TAB i|n TAB lastmod: a tab sorts before any character a path may hold, so sorting lines sorts by path.
export const encodeEntry = (entry: LedgerEntry): string => {
  if (/[\t\n]/.test(entry.path))
    throw new Error(`The page path ${JSON.stringify(entry.path)} contains a tab or a newline`);
  return `${entry.path}\t${entry.indexable ? 'i' : 'n'}\t${entry.lastmod ?? ''}`;
};

export const decodeEntry = (line: string): LedgerEntry => {
  const [path, flag, lastmod] = line.split('\t');
  return { path: path!, indexable: flag === 'i', lastmod: lastmod || null };
};

/** The folder of a page's files, relative to the output folder. */
export const pageDir = (path: string) => (path === '/' ? '' : path.slice(1));

export function createLedger(dir: string): Ledger {
  const writer = createLineWriter(join(dir, 'pages.tsv'));
  const sortedFile = join(dir, 'pages-sorted.tsv');
  let sorted = false;
  let indexable = 0;
  let keptCount = 0;
  let added: string[] | null = null;
  const sort = () => {
    if (sorted) return;
    writer.close();
    sortLines(writer.file, sortedFile);
    sorted = true;
  };
  return {
    add(entry) {
      writer.write(encodeEntry(entry));
      if (entry.indexable) indexable++;
    },
    get count() {
      return writer.lines + keptCount;
    },
    get indexable() {
      return indexable;
    },
    get added() {
      return added;
    },
    addKept(previous, kept) {
      if (sorted) throw new Error('The kept pages are added to the list of pages before it is read');
      if (!existsSync(previous.file)) return false;
      let taken: Buffer | undefined;
      const bytes = readFileBytes(previous.file, undefined, (size) => (taken = previousSpare.take(size)));
      try {
        if (createHash('sha256').update(bytes).digest('hex') !== previous.digest) return false;
        writer.close();
        const addedFile = join(dir, 'pages-added.tsv');
        sortLines(writer.file, addedFile);
        const merged =
          'notKept' in kept && previous.counts
            ? patchKept(bytes, previous.counts, [...readLines(addedFile)], kept.notKept, sortedFile)
            : mergeKept(bytes, readLines(addedFile), 'has' in kept ? kept.has : notIn(kept.notKept), sortedFile);
        rmSync(addedFile, { force: true });
        added = merged.added;
        keptCount = merged.kept;
        indexable += merged.indexable;
        sorted = true;
        return true;
      } finally {
        previousSpare.give(taken!);
      }
    },
    *sorted() {
      sort();
      for (const line of readLines(sortedFile)) yield decodeEntry(line);
    },
    sortedFile() {
      sort();
      return sortedFile;
    },
  };
}

const I = 'i'.charCodeAt(0);
const TAB = 9;
const NEWLINE = 10;

/** The buffer the previous list is read into, kept for the next build of a long-running process (file-bytes.ts). */
const previousSpare = createSpareBuffer();
/** The buffer this build's sorted list is read into (scanLedgerFile), kept likewise. */
const sortedSpare = createSpareBuffer();

/**
 * The paths of a sorted list's entries (a ledger's `sortedFile`), as a set of their hashes (util/path-set.ts: 16
 * bytes a slot, off the heap; two paths share a hash with a chance of about one in a billion at 200,000 pages). A
 * `Set` of the paths held 25 MB of the main thread's heap at demo scale 20 through a build's last stages, and twice
 * that at scale 40.
 */
export function pathsOf(file: string): PathSet {
  const paths = createPathSet();
  scanLedgerFile(file, (line) => paths.add(line.block.toString('utf8', line.start, line.pathEnd)));
  return paths;
}

/**
 * Every entry of a sorted list's file (a ledger's `sortedFile`) in path order, as bytes: the file is read whole into a
 * buffer the next build of a long-running process takes again, and no string is made per entry. `line` is one
 * object, its fields set anew for each entry; its block (the whole list) is valid until this returns. The fields
 * decode as Ledger's `sorted()` gives them.
 */
export function scanLedgerFile(file: string, visit: (line: LedgerLine) => void): void {
  let taken: Buffer | undefined;
  const bytes = readFileBytes(file, undefined, (size) => (taken = sortedSpare.take(size)));
  try {
    scanEntries(bytes, visit);
  } finally {
    sortedSpare.give(taken!);
  }
}

/**
 * Visit each line of a sorted list's bytes, split at its tabs as decodeEntry splits it: the path up to the first tab
 * (the whole line without one), indexable when the second field is `i` alone, the lastmod the third field. A last
 * line without its newline is not read, as readLines does not. The bytes are walked one by one (a call to Buffer's
 * indexOf for each tab costs more than the bytes of a line).
 */
function scanEntries(bytes: Buffer, visit: (line: LedgerLine) => void): void {
  const line: LedgerLine = { block: bytes, start: 0, pathEnd: 0, indexable: false, lastmodStart: 0, lastmodEnd: 0 };
  const last = bytes.lastIndexOf(NEWLINE);
  // Each loop stops at a tab or at the line's newline: there is one at `last`, after every line visited.
  for (let start = 0; start <= last;) {
    let at = start;
    while (bytes[at] !== TAB && bytes[at] !== NEWLINE) at++;
    line.start = start;
    line.pathEnd = at;
    line.indexable = false;
    line.lastmodStart = line.lastmodEnd = at;
    if (bytes[at] === TAB) {
      const flag = ++at;
      while (bytes[at] !== TAB && bytes[at] !== NEWLINE) at++;
      line.indexable = at === flag + 1 && bytes[flag] === I;
      line.lastmodStart = line.lastmodEnd = at;
      if (bytes[at] === TAB) {
        line.lastmodStart = ++at;
        while (bytes[at] !== TAB && bytes[at] !== NEWLINE) at++;
        line.lastmodEnd = at;
        while (bytes[at] !== NEWLINE) at++;
      }
    }
    visit(line);
    start = at + 1;
  }
}

/** Is a path not one of these? */
function notIn(paths: readonly string[]): (path: string) => boolean {
  const set = new Set(paths);
  return (path) => !set.has(path);
}

/**
 * Write into `file` the previous list's lines (its `bytes`, of `counts` entries) but those of `notKept`, with the
 * `added` lines (sorted): each line found by a binary search over the bytes (util/sorted-lines.ts), the bytes between
 * them copied. A line's key is its path and the tab after it: keys compare as the whole lines do (no path holds a
 * tab), so the lines are in their keys' order.
 */
function patchKept(
  bytes: Buffer,
  counts: { entries: number; indexable: number },
  added: readonly string[],
  notKept: readonly string[],
  file: string,
): { added: string[]; kept: number; indexable: number } {
  const lines = openSortedLines(bytes, (start, end) => {
    let tab = start;
    while (tab < end && bytes[tab] !== TAB) tab++;
    return bytes.toString('utf8', start, Math.min(tab + 1, end));
  });
  const left = [...new Set(notKept)].flatMap((path) => lines.locate(`${path}\t`).line ?? []);
  const placed = added.map((line) => {
    const key = line.slice(0, line.indexOf('\t') + 1);
    return { at: lines.locate(key).at, key, line };
  });
  writeFileSync(file, lines.patched(placed, left));
  // Counted as mergeKept counts a kept line.
  const indexableLeft = left.filter(({ at }) => bytes[bytes.indexOf(TAB, at) + 1] === I).length;
  return {
    added: added.map((line) => line.slice(0, line.indexOf('\t'))),
    kept: counts.entries - left.length,
    indexable: counts.indexable - indexableLeft,
  };
}

/**
 * Write into `file` the previous list's lines (its `bytes`) whose pages are `kept`, merged with the `added` lines
 * (sorted), in the order of their lines (on a tie, the added line first): the kept lines go out as runs of the
 * previous bytes, and a line is decoded only as far as its path, or whole when an added line's path starts with its
 * path (or its with the added's) and the paths alone cannot order them. A last line without its newline is not
 * read, as readLines does not.
 */
function mergeKept(
  bytes: Buffer,
  addedLines: Iterable<string>,
  kept: (path: string) => boolean,
  file: string,
): { added: string[]; kept: number; indexable: number } {
  const out = openSync(file, 'w');
  const added: string[] = [];
  let keptLines = 0;
  let indexable = 0;
  try {
    const adding = addedLines[Symbol.iterator]();
    let next = adding.next();
    let nextPath = next.done ? '' : next.value.slice(0, next.value.indexOf('\t'));
    const writeAdded = () => {
      writeFull(out, Buffer.from(`${next.value as string}\n`));
      added.push(nextPath);
      next = adding.next();
      nextPath = next.done ? '' : next.value.slice(0, next.value.indexOf('\t'));
    };
    /** Start of the run of kept lines not written yet (-1: none). */
    let run = -1;
    const flush = (end: number) => {
      if (run >= 0) writeFull(out, bytes.subarray(run, end));
      run = -1;
    };
    const last = bytes.lastIndexOf(NEWLINE);
    for (let start = 0; start <= last;) {
      const end = bytes.indexOf(NEWLINE, start);
      let tab = bytes.indexOf(TAB, start);
      if (tab < 0 || tab > end) tab = end;
      const path = bytes.toString('utf8', start, tab);
      // The added lines that sort before this one go first.
      while (!next.done) {
        const before =
          nextPath.startsWith(path) || path.startsWith(nextPath)
            ? next.value <= bytes.toString('utf8', start, end)
            : nextPath < path;
        if (!before) break;
        flush(start);
        writeAdded();
      }
      if (kept(path)) {
        if (run < 0) run = start;
        keptLines++;
        if (bytes[tab + 1] === I) indexable++;
      } else flush(start);
      start = end + 1;
    }
    flush(last + 1);
    while (!next.done) writeAdded();
  } finally {
    closeSync(out);
  }
  return { added, kept: keptLines, indexable };
}
