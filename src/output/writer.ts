import { closeSync, copyFileSync, linkSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UnsafeOutputPath } from '../errors/catalogue.ts';
import { createError } from '../errors/error.ts';
import { readFull, writeFull } from '../util/file-bytes.ts';
import { createRecentMap } from '../util/recent-map.ts';

const UNSAFE_SEGMENT = /^\.{1,2}$|[\\/\0]|%2e|%2f|%5c/i;
/** A path with a segment UNSAFE_SEGMENT refuses: `.` or `..` between slashes or ends, or any of the rest anywhere. */
const UNSAFE_PATH = /(?:^|\/)\.{1,2}(?:\/|$)|[\\\0]|%2e|%2f|%5c/i;

/** A params value that would make an unsafe path segment (the planner refuses such records before they load). */
export function unsafeParam(value: string | string[]): boolean {
  return (Array.isArray(value) ? value : [value]).some((v) => v === '' || UNSAFE_SEGMENT.test(v) || v.includes('/'));
}

/** Join a site path under the output folder, refusing anything that would land outside it. */
export function outputPath(root: string, sitePath: string, label: string): string {
  return pathsUnder(root)(sitePath, label);
}

/**
 * {@link outputPath} for one output folder, resolved once: the writer asks for two paths a page, and `resolve` (a
 * pass that normalises the whole path) and a test of each segment were 19 µs of a page at demo scale 10 by its
 * profile, 4.7 µs this way. A site path is checked first (no `.` or `..` segment, no separator or NUL, nor an
 * encoded one), so on POSIX its segments are joined as they are: `resolve` would give the same. Elsewhere (a drive
 * letter is a segment on Windows) `resolve` does the join.
 */
function pathsUnder(root: string): (sitePath: string, label: string) => string {
  const base = resolve(root);
  const inside = base.endsWith(sep) ? base : base + sep;
  const join = sep === '/' ? (relative: string) => inside + relative : (relative: string) => resolve(base, relative);
  return (sitePath, label) => {
    const relative = safeRelative(sitePath, label);
    if (relative === '') return base;
    const full = join(relative);
    if (!full.startsWith(inside)) throw unsafePath(sitePath, label);
    return full;
  };
}

/**
 * A site path's file relative to the output folder, with `/` between folders (as outputPath would place it, without
 * asking the file system's path rules: a segment that passes the check cannot climb out or name another folder).
 */
export function outputName(sitePath: string, label: string): string {
  return safeRelative(sitePath, label);
}

/**
 * A site path's segments, with `/` between them, refusing one that is `.` or `..`, holds a separator or a NUL, or
 * encodes one: UNSAFE_SEGMENT's test of each segment, made once over the whole path (UNSAFE_PATH).
 */
function safeRelative(sitePath: string, label: string): string {
  if (UNSAFE_PATH.test(sitePath)) throw unsafePath(sitePath, label);
  // Most paths are `/a/b.html`, whose segments are all that follows the first slash.
  if (sitePath.startsWith('/') && !sitePath.endsWith('/') && !sitePath.includes('//')) return sitePath.slice(1);
  return sitePath.split('/').filter(Boolean).join('/');
}

const unsafePath = (sitePath: string, label: string) =>
  createError(UnsafeOutputPath, [sitePath, label], { details: { record: label } });

/** A file written a piece at a time (manifests, sitemaps): pieces go straight to disk. */
export interface OutputStream {
  write(content: string | Uint8Array): void;
  close(): void;
}

/**
 * The one way a file reaches the output: every write names a site path (`/news/index.html`), which is checked to
 * stay inside the output folder, and gets its folder made. Synchronous on purpose: in a render worker a blocking
 * write is several times faster than fs/promises, and on the main thread the files are few.
 */
export interface OutputWriter {
  /** The output folder. */
  readonly root: string;
  /**
   * Write a whole file: bytes, a text, or a text's pieces in order (a page's document: see util/piece-text.ts);
   * returns its size in bytes. `label` names what it is for messages.
   */
  write(sitePath: string, content: string | readonly string[] | Uint8Array, label?: string): number;
  /** Open a file to write in pieces. */
  stream(sitePath: string, label?: string): OutputStream;
  /** Copy a folder's files into the output, as they are (public/). */
  copyFolder(from: string, label?: string): void;
  /**
   * Put a file of a previous output (an absolute path) at a site path as it is: a hard link (no bytes written), or
   * a copy where the file system has no links. A file that cannot be linked (another device) is copied once and each
   * later path links that copy. The output is never written in place, so a file shared by the previous output and this
   * one cannot change under either; a build never writes a site path twice.
   */
  link(from: string, sitePath: string, label?: string): void;
  /** The absolute path of a site path (checked). */
  pathOf(sitePath: string, label?: string): string;
}

/** UTF-8 is at most this many bytes a character: a buffer with this much room left took the whole string. */
const LONGEST_CHARACTER = 4;
/** The most the writer's buffer holds: a text that may need more is encoded into a buffer of its own. */
const ENCODE_KEPT_BYTES = 4 << 20;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * UTF-8 into one buffer the writer keeps: a page's HTML (70 KB of a news list) was measured for its size
 * (`Buffer.byteLength`, a pass over the text) and then encoded again by the write, into memory new to it each time.
 * The bytes given are the buffer's until the next `encode`: written at once, never held.
 */
function createTextEncoder(): {
  encode(text: string): Uint8Array;
  encodePieces(pieces: readonly string[]): Uint8Array;
} {
  let buffer: Buffer | null = null;
  return {
    /**
     * A text's pieces one after the other, each encoded as it is (never joined to the others), but where a piece
     * ends in the first half of a surrogate pair and the next that is not empty begins with its second: encoded
     * apart, each half would be a U+FFFD, so such a text is joined first.
     */
    encodePieces(pieces) {
      let units = 0;
      let endsInHalf = false;
      for (const piece of pieces) {
        if (piece.length === 0) continue;
        if (endsInHalf && isLowSurrogate(piece.charCodeAt(0))) return this.encode(pieces.join(''));
        endsInHalf = isHighSurrogate(piece.charCodeAt(piece.length - 1));
        units += piece.length;
      }
      if (units * 3 > ENCODE_KEPT_BYTES) return Buffer.concat(pieces.map((piece) => Buffer.from(piece, 'utf8')));
      // Every UTF-16 unit is 1 to 3 bytes: units * 3 always fits.
      if (buffer === null || buffer.byteLength < units * 3)
        buffer = Buffer.allocUnsafeSlow(
          Math.min(ENCODE_KEPT_BYTES, Math.max(64 << 10, (buffer?.byteLength ?? 0) * 2, units * 3)),
        );
      let length = 0;
      for (const piece of pieces) length += buffer.write(piece, length, 'utf8');
      return buffer.subarray(0, length);
    },
    encode(text) {
      // Every UTF-16 unit is 1 to 3 bytes (a pair, 4 for two): text.length * 3 always fits.
      if (text.length * 3 > ENCODE_KEPT_BYTES) return Buffer.from(text, 'utf8');
      buffer ??= Buffer.allocUnsafeSlow(64 << 10);
      let length = buffer.write(text, 'utf8');
      if (length > buffer.byteLength - LONGEST_CHARACTER) {
        // Never past ENCODE_KEPT_BYTES: text.length * 3 is at most that here, and always fits.
        buffer = Buffer.allocUnsafeSlow(Math.min(ENCODE_KEPT_BYTES, Math.max(buffer.byteLength * 2, text.length * 3)));
        length = buffer.write(text, 'utf8');
      }
      return buffer.subarray(0, length);
    },
  };
}

/**
 * The folders a writer remembers having made, the latest first to stay: a page's files share their folders with the
 * pages of its route written around it. Every page has a folder of its own (its payload's), so remembering them all
 * grew a render thread's heap with the site: at scale 10, 68,000 folders (and the paths they were cut from) held about
 * 15 MB of each thread's live heap to the end.
 */
export const FOLDERS_KEPT = 4096;

export function createOutputWriter(root: string): OutputWriter {
  const under = pathsUnder(root);
  const pathOf = (sitePath: string, label = `file ${sitePath}`) => under(sitePath, label);
  // Folders this writer made or found lately: a recursive mkdir of one that exists costs tens of µs, per file.
  const folders = createRecentMap<string, true>(FOLDERS_KEPT);
  // Files this writer could not link (an image cache on another device, a file at its file system's link limit), by
  // path, and their latest copy in this output, which later paths link. The demo's 2,202 media URLs are 32 photos:
  // copied each time, an output on tmpfs took 4.9 GB of memory, not 98 MB.
  const copiedHere = new Map<string, string>();
  const encoder = createTextEncoder();
  const prepare = (sitePath: string, label?: string) => {
    const file = pathOf(sitePath, label);
    const folder = dirname(file);
    if (!folders.get(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.set(folder, true);
    }
    return file;
  };
  return {
    root,
    pathOf,
    write(sitePath, content, label) {
      const file = prepare(sitePath, label);
      const bytes =
        typeof content === 'string'
          ? encoder.encode(content)
          : content instanceof Uint8Array
            ? content
            : encoder.encodePieces(content);
      const fd = openSync(file, 'w');
      try {
        writeFull(fd, bytes);
      } finally {
        closeSync(fd);
      }
      return bytes.byteLength;
    },
    stream(sitePath, label) {
      const fd = openSync(prepare(sitePath, label), 'w');
      return {
        write(content) {
          writeFull(fd, typeof content === 'string' ? encoder.encode(content) : content);
        },
        close: () => closeSync(fd),
      };
    },
    link(from, sitePath, label) {
      const file = prepare(sitePath, label);
      try {
        linkSync(copiedHere.get(from) ?? from, file);
      } catch (error) {
        // Another device, or a file system without hard links: a copy does the same job.
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
        copyFileSync(from, file);
        copiedHere.set(from, file);
      }
    },
    copyFolder(from, label = `copy of ${from}`) {
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const source = join(dir, entry.name);
          if (entry.isDirectory()) walk(source);
          else if (entry.isFile())
            copyFileSync(source, prepare(`/${relative(from, source).split(sep).join('/')}`, label));
        }
      };
      walk(from);
    },
  };
}

/** What a write's content is as bytes (text as UTF-8, a text's pieces joined first). */
export function contentBytes(content: string | readonly string[] | Uint8Array): Uint8Array {
  if (typeof content === 'string') return Buffer.from(content);
  return content instanceof Uint8Array ? content : Buffer.from(content.join(''));
}

/**
 * A writer for an output updated in place (build/overlay.ts) that leaves a previous output's file where it is when
 * the new one is byte for byte the same: neither written nor linked, only reported to `keep` (a site path), for the
 * commit to leave alone and the build cache to list (an incremental build's search index and feeds, of which a
 * change alters a few files). Files that are kept keep their time, so a host that uploads what changed uploads only
 * those.
 */
export function createReusingWriter(
  writer: OutputWriter,
  previous: string,
  keep: (sitePath: string) => void,
): OutputWriter {
  return {
    ...writer,
    write(sitePath, content, label) {
      const before = outputPath(previous, sitePath, label ?? `file ${sitePath}`);
      const bytes = contentBytes(content);
      if (!fileHolds(before, bytes)) return writer.write(sitePath, bytes, label);
      keep(sitePath);
      return bytes.byteLength;
    },
  };
}

/**
 * Does `file` hold exactly these bytes? Its size is checked first, its content only when the size matches, block by
 * block, up to the first difference; false when it cannot be read. The one comparison behind the reusing writer and
 * the in-place commit (build/overlay.ts, {@link sameFiles}).
 */
export function fileHolds(file: string, bytes: Uint8Array): boolean {
  try {
    if (statSync(file).size !== bytes.byteLength) return false;
    return compareBlocks(file, (block, at) =>
      Buffer.from(bytes.buffer, bytes.byteOffset + at, block.length).equals(block),
    );
  } catch {
    return false;
  }
}

/**
 * Do two files hold the same bytes? The same file (a hard link: nothing read), else the same size and content,
 * compared block by block up to the first difference (a build's manifest differs in its first line); false when
 * either cannot be read.
 */
export function sameFiles(a: string, b: string): boolean {
  return createFileComparer()(a, b);
}

/**
 * {@link sameFiles} for many pairs, of which many are links of the same two files: each pair of files (by device
 * and inode) is read and compared once. An output and its staging folder on another device than the image cache
 * hold copies, not links, of its files, each copied once and linked from the page paths that name it (the demo's
 * 2,202 media paths are 32 photos); compared path by path, an article published at demo scale 1 read 1.9 GB to
 * find 999 media unchanged.
 */
export function createFileComparer(): (a: string, b: string) => boolean {
  const compared = new Map<string, boolean>();
  return (a, b) => {
    try {
      const [first, second] = [statSync(a, { bigint: true }), statSync(b, { bigint: true })];
      if (first.ino === second.ino && first.dev === second.dev) return true;
      if (first.size !== second.size) return false;
      const pair = `${first.dev}:${first.ino} ${second.dev}:${second.ino}`;
      let same = compared.get(pair);
      if (same === undefined) {
        same = sameContent(a, b);
        compared.set(pair, same);
      }
      return same;
    } catch {
      return false;
    }
  };
}

/** Two files of the same size: the same bytes? */
function sameContent(a: string, b: string): boolean {
  const fd = openSync(b, 'r');
  try {
    const other = scratch(1);
    return compareBlocks(a, (block, at) => {
      const read = readFull(fd, other, block.length, at);
      return read === block.length && other.subarray(0, read).equals(block);
    });
  } finally {
    closeSync(fd);
  }
}

/** Bytes compared at a time. */
const COMPARE_BLOCK = 1 << 20;
/**
 * Two blocks of this thread's, used again for every comparison: the files compared are read into memory already
 * mapped, not into a new buffer each (a new 6 MB buffer is 6 MB of pages the kernel must map and zero first).
 */
const scratches: Buffer[] = [];
const scratch = (index: number) => (scratches[index] ??= Buffer.allocUnsafe(COMPARE_BLOCK));

/** `same(block, at)` for each block of `file` in order, until one is not the same; true when all are. */
function compareBlocks(file: string, same: (block: Buffer, at: number) => boolean): boolean {
  const fd = openSync(file, 'r');
  try {
    const block = scratch(0);
    for (let at = 0; ;) {
      const read = readFull(fd, block, COMPARE_BLOCK, at);
      if (read === 0) return true;
      if (!same(block.subarray(0, read), at)) return false;
      at += read;
    }
  } finally {
    closeSync(fd);
  }
}
