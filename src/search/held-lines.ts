/**
 * The index's lines a search thread kept warm between builds (`site webhook`) wrote for the next build cache, read
 * ahead: the next build's thread takes them from memory instead of reading and checking the cache's `search.tsv`
 * again (readPreviousLines: 0.1 s of a core at demo scale 10, on the core the render thread and the API share while
 * the build's scope and plan run on the other). They are read once the thread has answered its build, while that
 * build finishes on the main thread (its links and cache, on one core).
 *
 * They stand for the cache's file only while it holds the same bytes: its digest in the cache's manifest is theirs,
 * and its bytes are compared with those held (21 MB at demo scale 10: a read and a compare, 10–20 ms, where reading
 * the lines again hashes and splits them). The build moves the file into its cache, a copy where the cache is on
 * another device; a cache restored, edited or written by another process is read again unless it is the same.
 */
import { closeSync, fstatSync, openSync } from 'node:fs';
import { fileHolds } from '../output/writer.ts';
import { readFull } from '../util/file-bytes.ts';
import { readLinesFrom, type PreviousLines } from './index-lines.ts';

export interface HeldLines {
  digest: string;
  /** The file's bytes. */
  bytes: Buffer;
  lines: PreviousLines;
}

/**
 * Open the lines just written (`file`, whose SHA-256 is `digest`) before the build is told of them, since it then
 * moves the file into its cache; the returned read takes them in (and closes the file), null when they do not read
 * back as lines of the index.
 */
export function holdLines(file: string, digest: string): () => HeldLines | null {
  const fd = openSync(file, 'r');
  return () => {
    try {
      const lines = readLinesFrom(fd, file, digest);
      if ('reason' in lines) return null;
      const bytes = Buffer.allocUnsafe(fstatSync(fd).size);
      if (readFull(fd, bytes, bytes.length, 0) !== bytes.length) return null;
      return { digest, bytes, lines };
    } finally {
      closeSync(fd);
    }
  };
}

/** The held lines, if `file` (whose digest the cache gives as `digest`) holds their bytes, named by its path; else null. */
export function heldLinesOf(held: HeldLines | null, file: string, digest: string): PreviousLines | null {
  if (!held || held.digest !== digest || !fileHolds(file, held.bytes)) return null;
  return { ...held.lines, file };
}
