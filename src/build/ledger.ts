/**
 * The pages the build wrote, one line each in a file beside the build's cache: the manifest's `prerendered` list,
 * the sitemap and the build-id patch read them back from disk, so the tally's memory does not grow with the site.
 * The sorted list is kept in the build cache (`ledger.tsv`): an incremental build takes its kept pages' entries
 * from there.
 */
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLineWriter, hashFile, mergeSorted, readLines, sortLines } from '../util/line-files.ts';

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
   * merged with the others' here, not added and sorted one by one. False when the file is not the one the digest
   * names (nothing is added then: the caller adds the kept pages itself).
   */
  addKept(previous: { file: string; digest: string }, kept: (path: string) => boolean): boolean;
  /**
   * The paths of the entries added one by one (`add`), once `addKept` has added the kept pages (null before, or when
   * it could not): an incremental build's few pages written, in path order.
   */
  readonly added: readonly string[] | null;
  /** Every entry in path order (JavaScript string order); the list is sorted on disk once, on the first call. */
  sorted(): Generator<LedgerEntry>;
  /** The file of the sorted list (for the next build cache). */
  sortedFile(): string;
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
      if (hashFile(previous.file, createHash('sha256')).digest('hex') !== previous.digest) return false;
      writer.close();
      const addedFile = join(dir, 'pages-added.tsv');
      sortLines(writer.file, addedFile);
      let keptHere = 0;
      let indexableHere = 0;
      const keptLines = function* () {
        for (const line of readLines(previous.file)) {
          const path = line.slice(0, line.indexOf('\t'));
          if (!kept(path)) continue;
          keptHere++;
          if (line.charCodeAt(path.length + 1) === I) indexableHere++;
          yield line;
        }
      };
      const out = createLineWriter(sortedFile);
      const addedPaths: string[] = [];
      for (const [line, source] of mergeSorted([readLines(addedFile), keptLines()])) {
        out.write(line);
        if (source === 0) addedPaths.push(line.slice(0, line.indexOf('\t')));
      }
      out.close();
      rmSync(addedFile, { force: true });
      added = addedPaths;
      keptCount = keptHere;
      indexable += indexableHere;
      sorted = true;
      return true;
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
