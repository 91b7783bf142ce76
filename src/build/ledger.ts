/**
 * The pages the build wrote, one line each in a file beside the build's cache: the manifest's `prerendered` list,
 * the sitemap and the build-id patch read them back from disk, so the tally's memory does not grow with the site.
 */
import { join } from 'node:path';
import { createLineWriter, readLines, sortLines } from '../util/line-files.ts';

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
  /** The finished list's file (for the render workers, which patch the build id into the pages it names). */
  finish(): string;
  /** Every entry in path order (JavaScript string order); the list is sorted on disk once, on the first call. */
  sorted(): Generator<LedgerEntry>;
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

/** The entries of a finished ledger file, in the order they were added. */
export function* readLedger(file: string): Generator<LedgerEntry> {
  for (const line of readLines(file)) yield decodeEntry(line);
}

export function createLedger(dir: string): Ledger {
  const writer = createLineWriter(join(dir, 'pages.tsv'));
  let sortedFile: string | null = null;
  let indexable = 0;
  return {
    add(entry) {
      writer.write(encodeEntry(entry));
      if (entry.indexable) indexable++;
    },
    get count() {
      return writer.lines;
    },
    get indexable() {
      return indexable;
    },
    finish() {
      writer.close();
      return writer.file;
    },
    *sorted() {
      if (!sortedFile) {
        writer.close();
        sortedFile = join(dir, 'pages-sorted.tsv');
        sortLines(writer.file, sortedFile);
      }
      for (const line of readLines(sortedFile)) yield decodeEntry(line);
    },
  };
}
