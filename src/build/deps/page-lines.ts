/**
 * pages.jsonl read as bytes, for an incremental build. Of its lines (a page each, `[path, deps, facts]`), most
 * belong to pages no change touches, and of those the build needs little: the path at once, the facts when the plan
 * keeps the page, the whole line only to carry it into the next cache. Decoding every line into a string up front
 * (163 MB at demo scale 10) and keeping it in the heap cost more than all the rest of reading the cache; here the
 * file stays in a few large off-heap blocks and a line is decoded when, and as far as, it is asked for.
 *
 * A line is decoded whole at once only when it holds one of the scan's needles (touch.ts: a changed record, a call a
 * change touches): the pages whose deps must be parsed to know whether they are touched.
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import {
  CHROME_START as CHROME_TEXT,
  depsOf,
  FACTS_START as FACTS_TEXT,
  LINKS_START as LINKS_TEXT,
  SEARCH_START as SEARCH_TEXT,
  type PageFacts,
} from './cache.ts';

/** Bytes read at a time; a block is kept (up to its last newline) for the lines in it. */
const BLOCK_BYTES = 4 << 20;
const NEWLINE = 10;
/** Characters of added lines buffered before they are written. */
const WRITE_CHARS = 1 << 16;
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
   * Write a next pages.jsonl: the lines of `kept` (pages of this store, in its order) merged with `added` (other
   * pages' lines, sorted), in the order sortLines would give them all. The kept lines' bytes are copied as they
   * are, in runs, never decoded.
   */
  mergeInto(output: string, kept: Iterable<{ path: string; ref: LineRef }>, added: Iterable<string>): void;
}

/**
 * Read a cache's pages.jsonl into `store`-backed lines, yielding each page's path in file order. `needles` are
 * searched in the bytes, a block at a time: a line holding none is not decoded beyond its path.
 */
export function scanPageLines(
  file: string,
  needles: readonly string[],
  blockBytes = BLOCK_BYTES,
): { pages: Generator<ScannedPage>; store: PageLineStore } {
  const blocks: Buffer[] = [];
  // Each line's block, start and end (the newline's offset), by ref.
  const blockOf: number[] = [];
  const startOf: number[] = [];
  const endOf: number[] = [];
  // Each block's first line's ref: a block's lines are the refs from it to the next block's.
  const firstRefOf: number[] = [];
  const patterns = needles.map((needle) => Buffer.from(needle));

  const store: PageLineStore = {
    line: (ref) => blocks[blockOf[ref]!]!.toString('utf8', startOf[ref], endOf[ref]),
    facts(ref) {
      const { block, facts, links, chrome, search } = sections(ref);
      // `{"digest":…,"media":[…]` and `,"chrome":…,"sitemap":…`: the links between them are skipped, undecoded.
      return JSON.parse(
        `${block.toString('utf8', facts + 1, links)}${block.toString('utf8', chrome + 1, search)}}`,
      ) as Omit<PageFacts, 'search' | 'links'>;
    },
    keptFacts(ref) {
      const block = blocks[blockOf[ref]!]!;
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
      for (let index = 0; index < blocks.length; index++) {
        // The block's lines end at its last line's newline (what follows is the next block's start, or nothing).
        const lastRef = lastRefOf(index);
        if (lastRef < firstRefOf[index]!) continue;
        let last = -1;
        for (const at of needleOffsets(blocks[index]!.subarray(0, endOf[lastRef]), wanted)) {
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
      for (let index = 0; index < blocks.length; index++) {
        const lastRef = lastRefOf(index);
        if (lastRef < firstRefOf[index]!) continue;
        // The id is searched with its quotes (a quote inside a JSON string is escaped): only this chrome's field.
        for (const at of needleOffsets(blocks[index]!.subarray(0, endOf[lastRef]), wanted)) yield refAt(index, at);
      }
    },
    mergeInto(output, kept, added) {
      const fd = openSync(output, 'w');
      try {
        // Added lines are buffered into blocks; a run of kept lines that follow each other in a block of the store
        // is written with one call. Each is written out before the other starts, so the order holds.
        let text: string[] = [];
        let chars = 0;
        let run = { block: -1, start: 0, end: -1 };
        const flushText = () => {
          if (chars) writeAll(fd, Buffer.from(text.join('')));
          text = [];
          chars = 0;
        };
        const flushRun = () => {
          if (run.block >= 0) writeAll(fd, blocks[run.block]!.subarray(run.start, run.end + 1));
          run = { block: -1, start: 0, end: -1 };
        };
        const writeAdded = (line: string) => {
          flushRun();
          text.push(line, '\n');
          chars += line.length + 1;
          if (chars >= WRITE_CHARS) flushText();
        };
        const writeKept = (ref: LineRef) => {
          flushText();
          if (run.block === blockOf[ref] && run.end + 1 === startOf[ref]) run.end = endOf[ref]!;
          else {
            flushRun();
            run = { block: blockOf[ref]!, start: startOf[ref]!, end: endOf[ref]! };
          }
        };
        const adding = added[Symbol.iterator]();
        let next = adding.next();
        const keyOfNext = () => (next.done ? '' : orderKey(depsOf(next.value).path));
        let nextKey = keyOfNext();
        for (const { path, ref } of kept) {
          if (!next.done) {
            const key = orderKey(path);
            while (!next.done && nextKey < key) {
              writeAdded(next.value);
              next = adding.next();
              nextKey = keyOfNext();
            }
          }
          writeKept(ref);
        }
        for (; !next.done; next = adding.next()) writeAdded(next.value);
        flushRun();
        flushText();
      } finally {
        closeSync(fd);
      }
    },
  };

  function* pages(): Generator<ScannedPage> {
    const fd = openSync(file, 'r');
    try {
      let carry = Buffer.alloc(0);
      for (;;) {
        const block = Buffer.allocUnsafe(carry.length + blockBytes);
        carry.copy(block);
        const read = readSync(fd, block, carry.length, blockBytes, null);
        // A last line without its newline (a file cut short) is not read, as readLines does not.
        if (read === 0) return;
        const size = carry.length + read;
        const last = block.lastIndexOf(NEWLINE, size - 1);
        if (last < 0) {
          carry = block.subarray(0, size);
          continue;
        }
        const index = blocks.length;
        blocks.push(block);
        firstRefOf.push(blockOf.length);
        carry = Buffer.from(block.subarray(last + 1, size));
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
          yield { path: pathIn(block, start, end, ref), ref, line: holds ? store.line(ref) : null };
          start = end + 1;
        }
      }
    } finally {
      closeSync(fd);
    }
  }

  /** The offsets of a line's facts, links, chrome and search document in its block (FACTS_START…). */
  function sections(ref: LineRef) {
    const block = blocks[blockOf[ref]!]!;
    const end = endOf[ref]!;
    const facts = block.indexOf(FACTS_START, startOf[ref]);
    const links = facts < 0 ? -1 : block.indexOf(LINKS_START, facts);
    const chrome = links < 0 ? -1 : block.indexOf(CHROME_START, links);
    const search = block.lastIndexOf(SEARCH_START, end);
    if (facts < 0 || facts >= end || links < 0 || chrome < 0 || search < chrome) throw lineError(ref, 'has no facts');
    return { block, end, facts, links, chrome, search };
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

  /** What is wrong with a line, named by file and line number, with its start. */
  function lineError(ref: LineRef, what: string): Error {
    return new Error(`${file}, line ${ref + 1}, ${what}: ${JSON.stringify(store.line(ref).slice(0, 80))}`);
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

function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
}

/** The offsets, in order, at which any of the patterns occurs in the bytes. */
function needleOffsets(bytes: Buffer, patterns: readonly Buffer[]): number[] {
  const found: number[] = [];
  for (const pattern of patterns)
    for (let at = bytes.indexOf(pattern); at >= 0; at = bytes.indexOf(pattern, at + 1)) found.push(at);
  return patterns.length > 1 ? found.sort((a, b) => a - b) : found;
}
