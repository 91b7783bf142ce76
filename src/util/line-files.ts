/**
 * Line files: how the build keeps per-route bookkeeping (pages written, sitemap entries, search documents, planned
 * pages waiting their turn) on disk instead of in the heap, so memory stays flat however many routes a site has.
 * Synchronous on purpose: the writes are buffered into large blocks, and the callers (the main thread's tally, the
 * render workers) would only wait for them anyway.
 */
import type { Hash } from 'node:crypto';
import { appendFileSync, closeSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';

/** Appends lines to a file, in blocks. */
export interface LineWriter {
  readonly file: string;
  /** Lines written so far. */
  readonly lines: number;
  /**
   * One line (without its newline; it must not contain one): as text, as its UTF-8 bytes (a line read as such), or as
   * pieces of either that joined are the line (a long line is never made whole in memory: createTextSpool).
   */
  write(line: string | Buffer | readonly (string | Buffer)[]): void;
  /** Write out what is buffered (the file is then complete for readers). */
  flush(): void;
  close(): void;
}

const BLOCK_CHARS = 1 << 16;
const NEWLINE = 10;
const READ_BYTES = 1 << 20;

/**
 * Each block is appended with its own open and close (a few per megabyte): no descriptor stays open, so a writer
 * dropped on a failed build, or in a worker that is terminated, leaks nothing. `hash` is given every block as it is
 * written (the file's digest, without a line-by-line update or a second read).
 */
export function createLineWriter(file: string, hash?: Hash): LineWriter {
  writeFileSync(file, '');
  let buffer: string[] = [];
  let buffered = 0;
  let lines = 0;
  let closed = false;
  const flush = () => {
    if (!buffer.length) return;
    const text = buffer.join('');
    hash?.update(text);
    appendFileSync(file, text);
    buffer = [];
    buffered = 0;
  };
  return {
    file,
    get lines() {
      return lines;
    },
    write(line) {
      if (closed) throw new Error(`${file} is closed: no more lines can be written to it`);
      const pieces = typeof line === 'string' || Buffer.isBuffer(line) ? [line] : line;
      for (const piece of pieces)
        if (typeof piece === 'string' ? piece.includes('\n') : piece.includes(NEWLINE))
          throw new Error(
            `A line for ${file} contains a newline: ${JSON.stringify(typeof piece === 'string' ? piece.slice(0, 200) : piece.toString('utf8', 0, 200))}`,
          );
      for (let i = 0; i < pieces.length; i++) {
        const piece = pieces[i]!;
        if (typeof piece !== 'string') {
          // Bytes go out as they are, after the text buffered before them.
          flush();
          hash?.update(piece);
          appendFileSync(file, piece);
          continue;
        }
        buffer.push(piece);
        buffered += piece.length;
        // A long line goes out a block at a time (its last piece with its newline, as a line of one piece does).
        if (buffered >= BLOCK_CHARS && i < pieces.length - 1) flush();
      }
      buffer.push('\n');
      lines++;
      buffered++;
      if (buffered >= BLOCK_CHARS) flush();
    },
    flush,
    close() {
      if (closed) return;
      flush();
      closed = true;
    },
  };
}

/** A text spool's chunks (createTextSpool). */
const SPOOL_CHUNK_BYTES = 1 << 18;

/**
 * Text kept as its UTF-8 bytes, in chunks of 256 KiB filled one after the other, for a long line built a piece at a
 * time (a route's pages in its plan line): as strings, each piece would be a heap string of its own, or a string
 * made by a template a rope of several (at demo scale 20, a route's 85,600 pages were 37 MB of the main thread's
 * heap as the strings of their JSON, 20 MB as its bytes).
 */
export function createTextSpool() {
  const chunks: Buffer[] = [];
  let current = Buffer.alloc(0);
  let used = 0;
  return {
    append(text: string) {
      // UTF-8 takes at most three bytes for each UTF-16 unit.
      if (used + text.length * 3 > current.length) {
        if (current.length) chunks.push(current.subarray(0, used));
        current = Buffer.allocUnsafe(Math.max(SPOOL_CHUNK_BYTES, text.length * 3));
        used = 0;
      }
      used += current.write(text, used);
    },
    /** The bytes appended so far, as pieces of a line (LineWriter.write). */
    pieces(): Buffer[] {
      return used ? [...chunks, current.subarray(0, used)] : [...chunks];
    },
  };
}

/** Reads the complete lines of a file, block by block, as they are written (the file may still be growing). */
export interface LineReader {
  /** The next complete lines (a block's worth); none when every complete line has been read. */
  read(): string[];
  close(): void;
}

/**
 * UTF-8 never has a newline byte inside a character, so a block is cut at its last newline and decoded whole;
 * the rest waits for the next read. `holdOpen: false` opens the file for each read instead of once: for a reader
 * in a thread that may be terminated (whose `close` would never run) while it waits for the file to grow.
 */
export function createLineReader(file: string, blockBytes = READ_BYTES, holdOpen = true): LineReader {
  let fd = holdOpen ? openSync(file, 'r') : null;
  let block: Buffer | null = takeBlock(blockBytes);
  // The start of a line longer than a block, in the blocks read so far: joined once its newline comes (joining at
  // each block would copy a 10 MB line, a plan's, ten times over).
  let carry: Buffer[] = [];
  let position = 0;
  const readBlock = (into: Buffer) => {
    if (fd !== null) return readSync(fd, into, 0, blockBytes, position);
    const once = openSync(file, 'r');
    try {
      return readSync(once, into, 0, blockBytes, position);
    } finally {
      closeSync(once);
    }
  };
  return {
    read() {
      if (!block) throw new Error(`The reader of ${file} is closed`);
      for (;;) {
        const read = readBlock(block);
        if (read === 0) return [];
        position += read;
        const fresh = block.subarray(0, read);
        const end = fresh.lastIndexOf(NEWLINE);
        if (end < 0) {
          carry.push(Buffer.from(fresh));
          continue;
        }
        const lines: string[] = [];
        let start = 0;
        if (carry.length) {
          // The line begun in the blocks before is joined to its end alone, not to the whole block.
          const first = fresh.indexOf(NEWLINE);
          lines.push(Buffer.concat([...carry, fresh.subarray(0, first)]).toString('utf8'));
          start = first + 1;
        }
        if (start <= end) decodeLines(fresh.subarray(start, end), lines);
        carry = end + 1 < read ? [Buffer.from(fresh.subarray(end + 1))] : [];
        return lines;
      }
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
      if (block) giveBlock(block);
      block = null;
    },
  };
}

/**
 * Bytes decoded into one string at most: a string this small is made in V8's young generation, whose memory is used
 * again from one collection to the next; a larger one gets pages of its own, new to the process, which the kernel
 * must map and zero first (on the 2-core VM, about 3 ms a megabyte: more than the decoding).
 */
const DECODE_BYTES = 1 << 16;

/**
 * Whole lines' bytes (no newline at the end) → their lines, pushed onto `lines`: decoded a piece at a time, each piece
 * cut at a newline.
 */
function decodeLines(data: Buffer, lines: string[]): void {
  for (let start = 0; start <= data.length;) {
    let end = data.length;
    if (start + DECODE_BYTES < data.length) {
      // The last newline within the piece, or the first after it (a line longer than a piece is decoded whole).
      end = data.lastIndexOf(NEWLINE, start + DECODE_BYTES);
      if (end < start) end = data.indexOf(NEWLINE, start + DECODE_BYTES);
      if (end < 0) end = data.length;
    }
    for (const line of data.toString('utf8', start, end).split('\n')) lines.push(line);
    start = end + 1;
  }
}

/**
 * Read blocks of the default size that readers closed, for the next reader of this thread (a build opens dozens, a
 * few at once): a block used again is memory already mapped.
 */
const idleBlocks: Buffer[] = [];
const IDLE_BLOCKS = 4;
const takeBlock = (bytes: number) => (bytes === READ_BYTES && idleBlocks.pop()) || Buffer.allocUnsafe(bytes);
const giveBlock = (block: Buffer) => {
  if (block.length === READ_BYTES && idleBlocks.length < IDLE_BLOCKS) idleBlocks.push(block);
};

/** Every line of a finished file, in order. */
export function* readLines(file: string, blockBytes = READ_BYTES): Generator<string> {
  const reader = createLineReader(file, blockBytes);
  try {
    for (let lines = reader.read(); lines.length; lines = reader.read()) yield* lines;
  } finally {
    reader.close();
  }
}

/** Characters per sorted run: a run is held in memory while it is sorted (a few MB, whatever the line length). */
export const SORT_RUN_CHARS = 1 << 20;

/**
 * Sort a file's lines (JavaScript string order, as `Array.prototype.sort` without a comparator) into `output`,
 * holding about `runChars` of text at once: sorted runs are written beside the output and merged.
 */
export function sortLines(input: string, output: string, runChars = SORT_RUN_CHARS): void {
  const sorter = createLineSorter(output, runChars);
  try {
    for (const line of readLines(input)) sorter.add(line);
    sorter.finish();
  } finally {
    sorter.discard();
  }
}

/**
 * What lines are sorted by, when it is not the line itself: a line that encodes a value (JSON) sorted by the value
 * (lines with equal keys are taken to be equal).
 */
export type SortKey = (line: string) => string;

/**
 * Lines sorted (as {@link sortLines} sorts them, or by `key`), as they come out of the merge: for a caller that
 * writes them its own way. Every line of `lines` is taken before the first comes out. The runs are written beside
 * `scratch` and removed when the lines are all read (or the caller stops).
 */
export function* sortedLinesOf(
  lines: Iterable<string>,
  scratch: string,
  runChars = SORT_RUN_CHARS,
  key?: SortKey,
): Generator<string> {
  const sorter = createLineSorter(scratch, runChars, key);
  try {
    for (const line of lines) sorter.add(line);
    yield* sorter.lines();
  } finally {
    sorter.discard();
  }
}

/** Takes lines in any order and writes them sorted (as {@link sortLines} does) to its output file. */
export interface LineSorter {
  add(line: string): void;
  /** Write the output: every line added, sorted. */
  finish(): void;
  /** Every line added, sorted, instead of the output (once). */
  lines(): Generator<string>;
  /** Remove the runs written so far (after finish, or when the lines are abandoned). */
  discard(): void;
}

/**
 * Sorting as lines arrive: each run is sorted and written out as soon as it holds `runChars`, so a caller that
 * produces lines over time (the search index, fed while the build plans) does most of the sorting meanwhile, and
 * `finish` only merges. By the lines themselves, or by `key`.
 */
export function createLineSorter(output: string, runChars = SORT_RUN_CHARS, key?: SortKey): LineSorter {
  const runs: string[] = [];
  let run: string[] = [];
  let chars = 0;
  const writeRun = (file: string) => {
    const writer = createLineWriter(file);
    for (const line of sortRun(run, key)) writer.write(line);
    writer.close();
    run = [];
    chars = 0;
  };
  return {
    add(line) {
      run.push(line);
      chars += line.length;
      if (chars >= runChars) {
        runs.push(`${output}.run-${runs.length}`);
        writeRun(runs.at(-1)!);
      }
    },
    finish() {
      if (!runs.length) return writeRun(output);
      mergeSortedLines([this.lines()], output);
    },
    *lines() {
      if (!runs.length) {
        const sorted = sortRun(run, key);
        run = [];
        chars = 0;
        return yield* sorted;
      }
      if (run.length) {
        runs.push(`${output}.run-${runs.length}`);
        writeRun(runs.at(-1)!);
      }
      const block = mergeBlock(runs.length);
      for (const [line] of mergeSorted(
        runs.map((file) => readLines(file, block)),
        key,
      ))
        yield line;
    },
    discard() {
      for (const file of runs) rmSync(file, { force: true });
      runs.length = 0;
      run = [];
    },
  };
}

/** A run's lines sorted: in place by the lines themselves, or by their keys, each made once. */
function sortRun(lines: string[], key: SortKey | undefined): string[] {
  if (!key) return lines.sort();
  const keyed = lines.map((line) => ({ key: key(line), line }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ line }) => line);
}

/** Bytes read from each run at a time while merging, at most: many runs stay cheap to merge. */
const MERGE_BLOCK = 1 << 16;
/**
 * What a merge reads ahead of its runs, in all: each run's block is its share, between 4 KB and MERGE_BLOCK. A
 * merge's memory is then the same at any size of site: a build cache's page lines at scale 10 are about 240 runs,
 * whose 64 KB blocks and the lines decoded from them held 12.5 MB of the heap at once; their shares hold 4.8 MB, and
 * 64 KB blocks would hold ten times more at scale 100.
 */
const MERGE_BYTES = 4 << 20;
export const mergeBlock = (runs: number) => Math.max(4 << 10, Math.min(MERGE_BLOCK, Math.floor(MERGE_BYTES / runs)));

/**
 * k-way merge of sorted sources of lines (files' runs, or lines in memory) into `output`: the smallest head line
 * goes out next (k is small).
 */
export function mergeSortedLines(sources: Iterable<string>[], output: string): void {
  const writer = createLineWriter(output);
  try {
    for (const [line] of mergeSorted(sources)) writer.write(line);
  } finally {
    writer.close();
  }
}

/**
 * The lines of sorted sources in one sorted sequence, each with the index of the source it came from; on a tie, the
 * first source's. The sources wait in a binary heap ordered by their head lines (or the heads' keys, sorted by
 * `key`): a line costs about log2(k) string comparisons. (A scan of every head, as here before, cost k a line: a
 * build cache's page lines at scale 10 are 235 runs, 28 million comparisons, growing as the square of the site.)
 */
export function* mergeSorted(sources: Iterable<string>[], key?: SortKey): Generator<[line: string, source: number]> {
  const readers = sources.map((source) => source[Symbol.iterator]());
  const heads: string[] = [];
  /** What the heads are sorted by: the heads themselves, or their keys. */
  const keys = key ? ([] as string[]) : heads;
  /** The sources with a line left, as a binary heap: `heap[0]` holds the smallest head. */
  const heap: number[] = [];
  /** Does source `a` go before source `b`? */
  const before = (a: number, b: number) => keys[a]! < keys[b]! || (keys[a] === keys[b] && a < b);
  const siftDown = (from: number) => {
    const source = heap[from]!;
    let at = from;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= heap.length) break;
      if (child + 1 < heap.length && before(heap[child + 1]!, heap[child]!)) child++;
      if (!before(heap[child]!, source)) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = source;
  };
  try {
    readers.forEach((reader, source) => {
      const next = reader.next();
      if (next.done) return;
      heads[source] = next.value;
      if (key) keys[source] = key(next.value);
      heap.push(source);
    });
    for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(i);
    while (heap.length) {
      const source = heap[0]!;
      yield [heads[source]!, source];
      const next = readers[source]!.next();
      if (next.done) {
        const last = heap.pop()!;
        if (!heap.length) break;
        heap[0] = last;
      } else {
        heads[source] = next.value;
        if (key) keys[source] = key(next.value);
      }
      siftDown(0);
    }
  } finally {
    for (const reader of readers) reader.return?.(undefined);
  }
}

/** Feed a file's bytes to `hash`, a block at a time. */
export function hashFile(file: string, hash: Hash, blockBytes = READ_BYTES): Hash {
  const fd = openSync(file, 'r');
  try {
    const block = Buffer.allocUnsafe(blockBytes);
    for (let read = readSync(fd, block); read > 0; read = readSync(fd, block)) hash.update(block.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash;
}
