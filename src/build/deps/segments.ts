/**
 * The build cache's page lines (one line per page, `[path, deps, facts]`, in path order) kept in segments:
 * `pages/00000.jsonl`, `pages/00001.jsonl`, … each a run of whole lines of about SEGMENT_BYTES, the runs in order.
 *
 * Why segments: an incremental build keeps nearly every line. As one file, the next cache's copy of it had to be
 * written whole (163 MB at demo scale 10) for a change of a few lines: 0.3–0.4 s of every webhook build, and its
 * whole size in writes. A segment whose lines all stay, with no new line among them, goes into the next cache as a
 * hard link of the previous one's file (the two caches are folders side by side); only the segments that change
 * are written. Nothing ever writes into a segment file once it is closed, so a linked file never changes under the
 * cache that holds it too.
 */
import { closeSync, copyFileSync, linkSync, mkdirSync, openSync, readdirSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of the segments, in the cache folder. */
export const PAGES_DIR = 'pages';
/** A segment is closed once it holds this many bytes (it ends at a line's end: one line may take it past). */
export const SEGMENT_BYTES = 2 << 20;
/**
 * An open segment smaller than this takes the next unchanged segment's lines as a copy rather than closing small
 * before that segment is linked: segments stay between a quarter of SEGMENT_BYTES and about twice it (all but the
 * last), however many incremental builds rewrite their neighbours.
 */
const SMALLEST_CLOSED = SEGMENT_BYTES >> 2;
/** Characters of lines buffered before they are written. */
const WRITE_CHARS = 1 << 16;
const NAME = /^\d{5}\.jsonl$/;

/** A segment's file name: its index, zero-padded, so the folder's names sort in the segments' order. */
export const segmentName = (index: number) => `${String(index).padStart(5, '0')}.jsonl`;

/**
 * The segment files of a cache folder, in order (the names its `pages` folder holds; null when it has none). A cache
 * checks their count against its manifest (cache.ts, readBuildCache): a folder missing one is not read.
 */
export function segmentFiles(cacheDir: string): string[] | null {
  let names: string[];
  try {
    names = readdirSync(join(cacheDir, PAGES_DIR));
  } catch {
    return null;
  }
  return names
    .filter((name) => NAME.test(name))
    .sort()
    .map((name) => join(cacheDir, PAGES_DIR, name));
}

export interface SegmentWriter {
  /** A line (without its newline). */
  line(text: string): void;
  /** Whole lines as bytes (each ends with its newline), from a segment of the previous cache. */
  bytes(bytes: Buffer): void;
  /**
   * The next segment is `file` (a segment of the previous cache) as it is: a hard link to it, when the open segment
   * is closed or large enough to close (false: the caller writes its bytes instead).
   */
  link(file: string): boolean;
  /** Close the last segment; the number of segments written. */
  close(): number;
}

/** When a segment is closed (SEGMENT_BYTES), and below what size an open one takes a copy (SMALLEST_CLOSED). */
export interface SegmentSizes {
  segment: number;
  smallest: number;
}

const SIZES: SegmentSizes = { segment: SEGMENT_BYTES, smallest: SMALLEST_CLOSED };

/** Write segments into `cacheDir`'s `pages` folder (made here), from index 0. */
export function createSegmentWriter(cacheDir: string, sizes: SegmentSizes = SIZES): SegmentWriter {
  const dir = join(cacheDir, PAGES_DIR);
  mkdirSync(dir, { recursive: true });
  let count = 0;
  let fd: number | null = null;
  // Bytes written to the open segment, and lines buffered for it.
  let size = 0;
  let text: string[] = [];
  let chars = 0;

  const open = () => {
    if (fd === null) fd = openSync(join(dir, segmentName(count++)), 'w');
    return fd;
  };
  const put = (bytes: Buffer) => {
    const at = open();
    for (let done = 0; done < bytes.length;) done += writeSync(at, bytes, done);
    size += bytes.length;
  };
  const flush = () => {
    if (chars) put(Buffer.from(text.join('')));
    text = [];
    chars = 0;
  };
  const closeOpen = () => {
    flush();
    if (fd !== null) closeSync(fd);
    fd = null;
    size = 0;
  };
  const rollOver = () => {
    if (size >= sizes.segment) closeOpen();
  };
  return {
    line(line) {
      text.push(line, '\n');
      chars += line.length + 1;
      if (chars >= WRITE_CHARS) {
        flush();
        rollOver();
      }
    },
    bytes(bytes) {
      flush();
      put(bytes);
      rollOver();
    },
    link(file) {
      flush();
      if (size > 0 && size < sizes.smallest) return false;
      closeOpen();
      const target = join(dir, segmentName(count));
      try {
        linkSync(file, target);
      } catch {
        // A file system without hard links (or across devices): the file is copied.
        copyFileSync(file, target);
      }
      count++;
      return true;
    },
    close() {
      closeOpen();
      return count;
    },
  };
}
