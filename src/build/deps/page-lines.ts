/**
 * The build cache's page lines (segments.ts) read as bytes, for an incremental build. Of its lines (a page each,
 * `[path, deps, facts]`), most belong to pages no change touches, and of those the build needs little: the path at
 * once, the facts when the plan keeps the page, and the whole line only to carry it into the next cache (where a
 * segment whose lines all stay is linked, not written). Decoding every line into a string up front (163 MB at demo
 * scale 10) and keeping it in the heap cost more than all the rest of reading the cache; here each segment stays in
 * an off-heap block and a line is decoded when, and as far as, it is asked for.
 *
 * A line is decoded whole at once only when it holds one of the scan's needles (touch.ts: a changed record, a call a
 * change touches): the pages whose deps must be parsed to know whether they are touched.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import {
  CHROME_START as CHROME_TEXT,
  depsOf,
  FACTS_START as FACTS_TEXT,
  LINKS_START as LINKS_TEXT,
  SEARCH_START as SEARCH_TEXT,
  type PageFacts,
} from './cache.ts';
import { createSegmentWriter, type SegmentSizes } from './segments.ts';

const NEWLINE = 10;
const BACKSLASH = 0x5c;
const PATH_END = Buffer.from('",[');
const FACTS_START = Buffer.from(FACTS_TEXT);
const SEARCH_START = Buffer.from(SEARCH_TEXT);
const LINKS_START = Buffer.from(LINKS_TEXT);
const CHROME_START = Buffer.from(CHROME_TEXT);
const MEDIA_START = Buffer.from(',"media":');
const SITEMAP_START = Buffer.from(',"sitemap":');
const NO_MEDIA: readonly string[] = Object.freeze([]);

/** One page's line in the store. */
export type LineRef = number;

export interface ScannedPage {
  path: string;
  ref: LineRef;
  /** The whole line, when it holds one of the needles; null when it holds none (it need not be parsed). */
  line: string | null;
}

export interface PageLineStore {
  /** A line, decoded whole. */
  line(ref: LineRef): string;
  /**
   * A line's facts but its links and its search document (the build cache's `search.tsv` has the kept pages'): the
   * rest of the line is not decoded.
   */
  facts(ref: LineRef): Omit<PageFacts, 'search' | 'links'>;
  /**
   * All a page kept in place passes on (its media, and its chrome's id for the link check), found by the facts'
   * field names in the line's bytes: only the media array and the id are decoded.
   */
  keptFacts(ref: LineRef): { media: readonly string[]; chrome: string };
  /** A line's own links (its facts' `links`). */
  links(ref: LineRef): string[];
  /**
   * The lines whose own links hold any of `targets`, in the store's order, each once: the bytes are searched, and
   * each line found is checked by parsing its links.
   */
  linesLinkingTo(targets: readonly string[]): Generator<{ ref: LineRef; targets: string[] }>;
  /** The lines whose facts name this chrome, in the store's order: the bytes are searched for its id. */
  linesWithChrome(chrome: string): Generator<LineRef>;
  /**
   * Write the next cache's segments into `cacheDir` (segments.ts): the lines of `kept` (pages of this store, in its
   * order) merged with `added` (other pages' lines, sorted), in the order sortLines would give them all. A segment of
   * this store whose lines are all kept, with no added line among them, is linked as it is; the kept lines of the
   * others are copied as bytes, in runs, never decoded. The number of segments written.
   */
  mergeInto(
    cacheDir: string,
    kept: Iterable<{ path: string; ref: LineRef }>,
    added: Iterable<string>,
    sizes?: SegmentSizes,
  ): number;
}

/**
 * Read a cache's segments of page lines (in order) into `store`-backed lines, yielding each page's path in order.
 * `needles` are searched in the bytes, a segment at a time: a line holding none is not decoded beyond its path.
 */
export function scanPageLines(
  files: readonly string[],
  needles: readonly string[],
): { pages: Generator<ScannedPage>; store: PageLineStore } {
  // The segments are scanned one at a time in one buffer, used again for each, and not kept: the build needs the
  // bytes of few of them after the scan (those of the lines it does not keep, those it writes again), read again
  // when it asks (163 MB at demo scale 10 kept in memory cost more to allocate than to read).
  let scratch = Buffer.allocUnsafe(0);
  /** The segment in `scratch` while the scan is in it. */
  let current: { index: number; block: Buffer } | null = null;
  const loaded = new Map<number, Buffer>();
  /** Each segment's size, as the scan read it. */
  const segmentBytes: number[] = [];
  /** A segment's bytes, read again (and kept) the first time they are asked for after the scan. */
  const blockAt = (index: number): Buffer => {
    if (current?.index === index) return current.block;
    let block = loaded.get(index);
    if (!block) loaded.set(index, (block = readSegment(files[index]!, segmentBytes[index]!)));
    return block;
  };
  /** A segment's bytes for one search of them (a rare whole-store search keeps none in memory). */
  const peekAt = (index: number): Buffer =>
    current?.index === index ? current.block : (loaded.get(index) ?? readSegment(files[index]!, segmentBytes[index]!));
  // Each line's block, start and end (the newline's offset), by ref.
  const blockOf: number[] = [];
  const startOf: number[] = [];
  const endOf: number[] = [];
  // Each block's first line's ref: a block's lines are the refs from it to the next block's.
  const firstRefOf: number[] = [];
  const patterns = needles.map((needle) => Buffer.from(needle));

  const store: PageLineStore = {
    line: (ref) => blockAt(blockOf[ref]!).toString('utf8', startOf[ref], endOf[ref]),
    facts(ref) {
      const { block, facts, links, chrome, search } = sections(ref);
      // `{"digest":…,"media":[…]` and `,"chrome":…,"sitemap":…`: the links between them are skipped, undecoded.
      return JSON.parse(
        `${block.toString('utf8', facts + 1, links)}${block.toString('utf8', chrome + 1, search)}}`,
      ) as Omit<PageFacts, 'search' | 'links'>;
    },
    keptFacts(ref) {
      const block = blockAt(blockOf[ref]!);
      const facts = block.indexOf(FACTS_START, startOf[ref]);
      const media = facts < 0 ? -1 : block.indexOf(MEDIA_START, facts);
      const links = media < 0 ? -1 : block.indexOf(LINKS_START, media);
      const chrome = links < 0 ? -1 : block.indexOf(CHROME_START, links);
      const sitemap = chrome < 0 ? -1 : block.indexOf(SITEMAP_START, chrome);
      if (facts < 0 || sitemap < 0 || sitemap >= endOf[ref]!) throw lineError(ref, 'has no facts');
      const from = media + MEDIA_START.length;
      return {
        // `[]`, most pages' (a page with no photo): nothing to decode.
        media: links - from === 2 ? NO_MEDIA : (JSON.parse(block.toString('utf8', from, links)) as string[]),
        chrome: JSON.parse(block.toString('utf8', chrome + CHROME_START.length, sitemap)) as string,
      };
    },
    links(ref) {
      const { block, links, chrome } = sections(ref);
      return JSON.parse(block.toString('utf8', links + LINKS_START.length - 1, chrome + 1)) as string[];
    },
    *linesLinkingTo(targets) {
      if (!targets.length) return;
      const wanted = targets.map((target) => Buffer.from(JSON.stringify(target)));
      for (let index = 0; index < segmentBytes.length; index++) {
        // The block's lines end at its last line's newline (what follows is the next block's start, or nothing).
        const lastRef = lastRefOf(index);
        if (lastRef < firstRefOf[index]!) continue;
        let last = -1;
        for (const at of needleOffsets(peekAt(index).subarray(0, endOf[lastRef]), wanted)) {
          const ref = refAt(index, at);
          if (ref === last) continue;
          last = ref;
          const own = new Set(store.links(ref));
          const held = targets.filter((target) => own.has(target));
          if (held.length) yield { ref, targets: held };
        }
      }
    },
    *linesWithChrome(chrome) {
      const wanted = [Buffer.concat([CHROME_START, Buffer.from(JSON.stringify(chrome))])];
      for (let index = 0; index < segmentBytes.length; index++) {
        const lastRef = lastRefOf(index);
        if (lastRef < firstRefOf[index]!) continue;
        // The id is searched with its quotes (a quote inside a JSON string is escaped): only this chrome's field.
        for (const at of needleOffsets(peekAt(index).subarray(0, endOf[lastRef]), wanted)) yield refAt(index, at);
      }
    },
    mergeInto(cacheDir, kept, added, segmentSizes) {
      const writer = createSegmentWriter(cacheDir, segmentSizes);
      // The kept lines' refs, in order, and how many of each segment's lines are kept.
      const refs: LineRef[] = [];
      const keptOf = new Array<number>(segmentBytes.length).fill(0);
      for (const { ref } of kept) {
        refs.push(ref);
        keptOf[blockOf[ref]!]!++;
      }
      const adding = added[Symbol.iterator]();
      let next = adding.next();
      const keyOfNext = () => (next.done ? '' : orderKey(depsOf(next.value).path));
      let nextKey = keyOfNext();
      let at = 0;
      for (let index = 0; index < segmentBytes.length; index++) {
        // The added lines that sort before the next segment's first line go with this one's.
        const bound = firstKeyAfter(index);
        const addsHere = !next.done && (bound === null || nextKey < bound);
        const lines = lastRefOf(index) - firstRefOf[index]! + 1;
        // A segment cut short (its last line without its newline) is not linked: the next cache would carry the cut.
        const whole = lines > 0 && segmentBytes[index] === endOf[lastRefOf(index)]! + 1;
        if (!addsHere && keptOf[index] === lines && whole) {
          at += lines;
          if (writer.link(files[index]!)) continue;
          writer.bytes(blockAt(index).subarray(startOf[firstRefOf[index]!]!, endOf[lastRefOf(index)]! + 1));
          continue;
        }
        // A run of kept lines that follow each other is written with one call; added lines go in between, in order.
        let run: { start: number; end: number } | null = null;
        const flushRun = () => {
          if (run) writer.bytes(blockAt(index).subarray(run.start, run.end + 1));
          run = null;
        };
        const takeAdded = (key: string | null) => {
          while (!next.done && (key === null || nextKey < key)) {
            flushRun();
            writer.line(next.value);
            next = adding.next();
            nextKey = keyOfNext();
          }
        };
        for (; at < refs.length && blockOf[refs[at]!] === index; at++) {
          const ref = refs[at]!;
          takeAdded(orderKey(pathOfRef(ref)));
          if (run && run.end + 1 === startOf[ref]) run.end = endOf[ref]!;
          else {
            flushRun();
            run = { start: startOf[ref]!, end: endOf[ref]! };
          }
        }
        flushRun();
        takeAdded(bound);
      }
      for (; !next.done; next = adding.next()) writer.line(next.value);
      return writer.close();
    },
  };

  // Each line's path, as the scan decoded it (a merge orders the added lines among the kept by them).
  const paths: string[] = [];
  const pathOfRef = (ref: LineRef) => paths[ref]!;

  function* pages(): Generator<ScannedPage> {
    for (const file of files) {
      const index = segmentBytes.length;
      const size = fileSize(file);
      if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, scratch.length * 2));
      const block = readSegment(file, size, scratch);
      current = { index, block };
      segmentBytes.push(block.length);
      firstRefOf.push(blockOf.length);
      // A last line without its newline (a segment cut short) is not read, as readLines does not.
      const last = block.lastIndexOf(NEWLINE);
      if (last < 0) continue;
      const marked = needleOffsets(block.subarray(0, last), patterns);
      let mark = 0;
      for (let start = 0; start < last;) {
        const end = block.indexOf(NEWLINE, start);
        const ref = blockOf.length;
        blockOf.push(index);
        startOf.push(start);
        endOf.push(end);
        while (mark < marked.length && marked[mark]! < start) mark++;
        const holds = mark < marked.length && marked[mark]! < end;
        const path = pathIn(block, start, end, ref);
        paths.push(path);
        yield { path, ref, line: holds ? store.line(ref) : null };
        start = end + 1;
      }
    }
    current = null;
  }

  /** The offsets of a line's facts, links, chrome and search document in its block (FACTS_START…). */
  function sections(ref: LineRef) {
    const block = blockAt(blockOf[ref]!);
    const end = endOf[ref]!;
    const facts = block.indexOf(FACTS_START, startOf[ref]);
    const links = facts < 0 ? -1 : block.indexOf(LINKS_START, facts);
    const chrome = links < 0 ? -1 : block.indexOf(CHROME_START, links);
    const search = block.lastIndexOf(SEARCH_START, end);
    if (facts < 0 || facts >= end || links < 0 || chrome < 0 || search < chrome) throw lineError(ref, 'has no facts');
    return { block, end, facts, links, chrome, search };
  }

  /** The order key of the first line of the segments after `index` (null: none has a line). */
  function firstKeyAfter(index: number): string | null {
    for (let after = index + 1; after < segmentBytes.length; after++)
      if (firstRefOf[after]! <= lastRefOf(after)) return orderKey(pathOfRef(firstRefOf[after]!));
    return null;
  }

  /** The last line of block `index` (below its first when the block has none). */
  function lastRefOf(index: number): LineRef {
    return (index + 1 < firstRefOf.length ? firstRefOf[index + 1]! : blockOf.length) - 1;
  }

  /** The line of block `index` that byte `at` (before its last line's end) lies in. */
  function refAt(index: number, at: number): LineRef {
    let low = firstRefOf[index]!;
    let high = lastRefOf(index);
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (startOf[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** What is wrong with a line, named by its segment's file and its line number there, with its start. */
  function lineError(ref: LineRef, what: string): Error {
    const index = blockOf[ref]!;
    return new Error(
      `${files[index]}, line ${ref - firstRefOf[index]! + 1}, ${what}: ${JSON.stringify(store.line(ref).slice(0, 80))}`,
    );
  }

  /** The path that opens a line (`["<path>",[`): decoded as it is, or parsed when JSON escaped something in it. */
  function pathIn(block: Buffer, start: number, end: number, ref: LineRef): string {
    const close = block.indexOf(PATH_END, start);
    if (close < 0 || close > end) throw lineError(ref, 'has no path');
    const raw = block.subarray(start + 2, close);
    return raw.includes(BACKSLASH) ? depsOf(store.line(ref)).path : raw.toString('utf8');
  }

  return { pages: pages(), store };
}

/**
 * What orders a page's line among others: a line is `[`, the path as JSON, `,`…, and no path's JSON is the start of
 * another's (it ends at its one unescaped quote), so lines compare as their paths' JSON do.
 */
const orderKey = (path: string) => JSON.stringify(path);

function fileSize(file: string): number {
  return statSync(file).size;
}

/**
 * A segment's first `size` bytes (its size when the scan read it: nothing writes into a segment, so it is the same
 * file), into `into` when given.
 */
function readSegment(file: string, size: number, into = Buffer.allocUnsafe(size)): Buffer {
  const fd = openSync(file, 'r');
  try {
    let done = 0;
    while (done < size) {
      const read = readSync(fd, into, done, size - done, done);
      if (read === 0) break;
      done += read;
    }
    return into.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}

/** The offsets, in order, at which any of the patterns occurs in the bytes. */
function needleOffsets(bytes: Buffer, patterns: readonly Buffer[]): number[] {
  const found: number[] = [];
  for (const pattern of patterns)
    for (let at = bytes.indexOf(pattern); at >= 0; at = bytes.indexOf(pattern, at + 1)) found.push(at);
  return patterns.length > 1 ? found.sort((a, b) => a - b) : found;
}
