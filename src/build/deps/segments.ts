/**
 * The build cache's page lines (one line per page, `[path, deps, facts]`, in path order) kept in segments:
 * `pages/00000.jsonl`, `pages/00001.jsonl`, … each a run of whole lines of about SEGMENT_BYTES, the runs in order.
 * Beside each, its deps file (`pages/00000.deps.jsonl`): the same pages' `[path, deps]`, line for line, which is all
 * an incremental build's pass over the cache reads (a fifth of the bytes); a segment's whole lines are read only for
 * the few pages the build does not keep, or writes again.
 *
 * Why segments: an incremental build keeps nearly every line. As one file, the next cache's copy of it had to be
 * written whole (163 MB at demo scale 10) for a change of a few lines: 0.3–0.4 s of every webhook build, and its
 * whole size in writes. A segment whose lines all stay, with no new line among them, goes into the next cache as a
 * hard link of the previous one's files (the two caches are folders side by side); only the segments that change
 * are written. Nothing ever writes into a segment file once it is closed, so a linked file never changes under the
 * cache that holds it too. The manifest gives each segment's lines and bytes: a reader checks them.
 */
import { closeSync, copyFileSync, linkSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFull } from '../../util/file-bytes.ts';

/** The folder of the segments, in the cache folder. */
export const PAGES_DIR = 'pages';
/** A segment is closed once it holds this many bytes (it ends at a line's end: one line may take it past). */
export const SEGMENT_BYTES = 1 << 18;
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

/** The deps file of a segment's file. */
export const depsFileOf = (file: string) => file.replace(/\.jsonl$/, '.deps.jsonl');

/** A segment as the manifest gives it: its lines, and its file's bytes (of the whole lines). */
export interface SegmentEntry {
  lines: number;
  bytes: number;
}

/** A segment of a cache: its file (its deps file beside it) and what the manifest gives of it. */
export interface SegmentSource extends SegmentEntry {
  file: string;
}

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
  /** A page's whole line and its deps line (`[path, deps]`), without their newlines. */
  line(whole: string, deps: string): void;
  /**
   * Whole lines as bytes and the same pages' deps lines (each ends with its newline), `lines` of them, from a
   * segment of the previous cache.
   */
  bytes(whole: Buffer, deps: Buffer, lines: number): void;
  /**
   * The next segment is `file` (a segment of the previous cache, `entry` as its manifest gives it) with its deps
   * file, as they are: hard links to them, when the open segment is closed or large enough to close (false: the
   * caller writes their bytes instead).
   */
  link(file: string, entry: SegmentEntry): boolean;
  /** Close the last segment; the segments written, in order. */
  close(): SegmentEntry[];
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
  const written: SegmentEntry[] = [];
  // The open segment's two files, what they hold, and the lines buffered for them.
  let open: { whole: number; deps: number } | null = null;
  let size = 0;
  let lines = 0;
  let text: string[] = [];
  let depsText: string[] = [];
  let chars = 0;

  const files = () => {
    if (!open) {
      const file = join(dir, segmentName(written.length));
      open = { whole: openSync(file, 'w'), deps: openSync(depsFileOf(file), 'w') };
      written.push({ lines: 0, bytes: 0 });
    }
    return open;
  };
  const put = (whole: Buffer, deps: Buffer, count: number) => {
    const fds = files();
    writeFull(fds.whole, whole);
    writeFull(fds.deps, deps);
    size += whole.length;
    lines += count;
  };
  const flush = () => {
    if (chars) put(Buffer.from(text.join('')), Buffer.from(depsText.join('')), text.length / 2);
    text = [];
    depsText = [];
    chars = 0;
  };
  const closeOpen = () => {
    flush();
    if (open) {
      closeSync(open.whole);
      closeSync(open.deps);
      written[written.length - 1] = { lines, bytes: size };
    }
    open = null;
    size = 0;
    lines = 0;
  };
  const rollOver = () => {
    if (size >= sizes.segment) closeOpen();
  };
  return {
    line(whole, deps) {
      text.push(whole, '\n');
      depsText.push(deps, '\n');
      chars += whole.length + 1;
      if (chars >= WRITE_CHARS) {
        flush();
        rollOver();
      }
    },
    bytes(whole, deps, count) {
      flush();
      put(whole, deps, count);
      rollOver();
    },
    link(file, entry) {
      flush();
      if (size > 0 && size < sizes.smallest) return false;
      closeOpen();
      const target = join(dir, segmentName(written.length));
      for (const [from, to] of [
        [file, target],
        [depsFileOf(file), depsFileOf(target)],
      ] as const)
        try {
          linkSync(from, to);
        } catch {
          // A file system without hard links (or across devices): the file is copied.
          copyFileSync(from, to);
        }
      written.push({ ...entry });
      return true;
    },
    close() {
      closeOpen();
      return written;
    },
  };
}
