/**
 * The build cache's page lines (segments.ts) read as bytes, for an incremental build. Of its lines (a page each,
 * `[path, deps, facts]`), most belong to pages no change touches, and of those the build needs little: the path and
 * whether its deps name a change at once, the facts of the few pages it does not keep, and the whole line only to
 * carry it into a segment the next cache writes again (a segment whose lines all stay is linked, not read). So the
 * scan reads the segments' deps files alone (`[path, deps]`, a fifth of the bytes), each into one buffer used again
 * for the next, and a segment's whole lines are read (and kept, off the JavaScript heap) only when the build asks for
 * one of them. A line is decoded when, and as far as, it is asked for.
 *
 * A deps line is decoded whole only when it holds one of the scan's needles (touch.ts: a changed record, a call a
 * change touches): the pages whose deps must be parsed to know whether they are touched.
 */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  CHROME_START as CHROME_TEXT,
  depsLineOf,
  depsOf,
  FACTS_START as FACTS_TEXT,
  LINKS_START as LINKS_TEXT,
  SEARCH_START as SEARCH_TEXT,
  type PageFacts,
} from './cache.ts';
import {
  createSegmentWriter,
  depsFileOf,
  type SegmentEntry,
  type SegmentSizes,
  type SegmentSource,
} from './segments.ts';
import { readFileBytes } from '../../util/file-bytes.ts';

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

/** A segment's lines as the scan read them: refs `first` to `first + paths.length - 1`, in order. */
export interface ScannedSegment {
  first: LineRef;
  /** Each line's path. */
  paths: readonly string[];
  /** The deps lines (`[path, deps]`) that hold one of the needles, by ref; the others are not decoded. */
  marked: ReadonlyMap<LineRef, string>;
}

export interface PageLineStore {
  /** A line's path, as the scan read it (a line the scan has passed). */
  path(ref: LineRef): string;
  /** A line, decoded whole. */
  line(ref: LineRef): string;
  /** What a page read (its deps line's deps). */
  deps(ref: LineRef): string[];
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
   * Write the next cache's segments into `cacheDir` (segments.ts): the lines `kept` (lines of this store, in its
   * order) merged with `added` (other pages' whole lines, sorted), in the order sortLines would give them all. A
   * segment of this store whose lines are all kept, with no added line among them, is linked as it is; the kept
   * lines of the others are copied as bytes, in runs, never decoded. The segments written, in order.
   */
  mergeInto(cacheDir: string, kept: Iterable<LineRef>, added: Iterable<string>, sizes?: SegmentSizes): SegmentEntry[];
}

/**
 * Read a cache's segments (in order) into `store`-backed lines, yielding each segment's paths in order. `needles` are
 * searched in the deps files' bytes, a segment at a time: a line holding none is not decoded beyond its path. A
 * segment whose deps file does not hold the lines the manifest gives, or whose file is not of its bytes, throws
 * (naming the file): a cache restored in part or edited.
 */
export function scanPageLines(
  segments: readonly SegmentSource[],
  needles: readonly string[],
): { segments: Generator<ScannedSegment>; store: PageLineStore } {
  const files = segments.map((segment) => segment.file);
  // The deps files are scanned one at a time in one buffer, used again for each, and not kept; a segment's bytes are
  // read again (and kept) when the build asks for a line of it after the scan: few of them.
  let scratch = Buffer.allocUnsafe(0);
  /** The deps file in `scratch` while the scan is in it. */
  let current: { index: number; block: Buffer } | null = null;
  const depsLoaded = new Map<number, Buffer>();
  /** Each segment's whole lines' bytes, and where each of its lines starts (and, last, where the last one ends). */
  const wholeLoaded = new Map<number, { block: Buffer; starts: number[] }>();
  const offsetsOf = new Map<number, number[]>();
  /** Each deps file's size, as the scan read it. */
  const depsBytes: number[] = [];
  const depsAt = (index: number): Buffer => {
    if (current?.index === index) return current.block;
    let block = depsLoaded.get(index);
    if (!block) depsLoaded.set(index, (block = readFileBytes(depsFileOf(files[index]!), depsBytes[index]!)));
    return block;
  };
  /** A segment's whole lines, read the first time they are asked for (`keep` false: for one search of them). */
  const wholeAt = (index: number, keep = true): { block: Buffer; starts: number[] } => {
    const known = wholeLoaded.get(index);
    if (known) return known;
    const block = readFileBytes(files[index]!, segments[index]!.bytes);
    let starts = offsetsOf.get(index);
    if (!starts) {
      starts = [0];
      for (let at = block.indexOf(NEWLINE); at >= 0; at = block.indexOf(NEWLINE, at + 1)) starts.push(at + 1);
      const lines = lastRefOf(index) - firstRefOf[index]! + 1;
      if (starts.length - 1 !== lines || block.length !== segments[index]!.bytes)
        throw new Error(
          `${files[index]} holds ${starts.length - 1} lines where its deps file holds ${lines}: the build cache is damaged (delete ${dirname(dirname(files[index]!))}: the next build is then a full one)`,
        );
      offsetsOf.set(index, starts);
    }
    const whole = { block, starts };
    if (keep) wholeLoaded.set(index, whole);
    return whole;
  };
  /** A line's whole bytes: its segment's block, and its start and end (the newline's offset). */
  const wholeLine = (ref: LineRef) => {
    const index = blockOf[ref]!;
    const { block, starts } = wholeAt(index);
    const at = ref - firstRefOf[index]!;
    return { block, start: starts[at]!, end: starts[at + 1]! - 1 };
  };
  // Each line's segment, and its start and end (the newline's offset) in the deps file, by ref: as many as the
  // segments' lines (a segment holding more throws before its lines past them are used).
  const total = segments.reduce((sum, segment) => sum + segment.lines, 0);
  const blockOf = new Int32Array(total);
  const startOf = new Int32Array(total);
  const endOf = new Int32Array(total);
  /** Refs scanned so far: the next line's. */
  let scannedLines = 0;
  // Each segment's first line's ref: a segment's lines are the refs from it to the next segment's.
  const firstRefOf: number[] = [];
  const patterns = needles.map((needle) => Buffer.from(needle));

  const store: PageLineStore = {
    path: (ref) => pathOfRef(ref),
    line(ref) {
      const { block, start, end } = wholeLine(ref);
      return block.toString('utf8', start, end);
    },
    deps: (ref) => depsOf(depsAt(blockOf[ref]!).toString('utf8', startOf[ref], endOf[ref])).deps,
    facts(ref) {
      const { block, facts, links, chrome, search } = sections(ref);
      // `{"digest":…,"media":[…]` and `,"chrome":…,"sitemap":…`: the links between them are skipped, undecoded.
      return JSON.parse(
        `${block.toString('utf8', facts + 1, links)}${block.toString('utf8', chrome + 1, search)}}`,
      ) as Omit<PageFacts, 'search' | 'links'>;
    },
    keptFacts(ref) {
      const { block, start, end } = wholeLine(ref);
      const facts = block.indexOf(FACTS_START, start);
      const media = facts < 0 ? -1 : block.indexOf(MEDIA_START, facts);
      const links = media < 0 ? -1 : block.indexOf(LINKS_START, media);
      const chrome = links < 0 ? -1 : block.indexOf(CHROME_START, links);
      const sitemap = chrome < 0 ? -1 : block.indexOf(SITEMAP_START, chrome);
      if (facts < 0 || sitemap < 0 || sitemap >= end) throw lineError(ref, 'has no facts');
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
      for (let index = 0; index < files.length; index++) {
        const lastRef = lastRefOf(index);
        if (lastRef < firstRefOf[index]!) continue;
        const { block, starts } = wholeAt(index, false);
        let last = -1;
        for (const at of needleOffsets(block, wanted)) {
          const ref = refAt(index, starts, at);
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
      for (let index = 0; index < files.length; index++) {
        const lastRef = lastRefOf(index);
        if (lastRef < firstRefOf[index]!) continue;
        const { block, starts } = wholeAt(index, false);
        // The id is searched with its quotes (a quote inside a JSON string is escaped): only this chrome's field.
        for (const at of needleOffsets(block, wanted)) yield refAt(index, starts, at);
      }
    },
    mergeInto(cacheDir, kept, added, segmentSizes) {
      const writer = createSegmentWriter(cacheDir, segmentSizes);
      // The kept lines' refs, in order, and how many of each segment's lines are kept.
      const refs: LineRef[] = [];
      const keptOf = new Array<number>(files.length).fill(0);
      for (const ref of kept) {
        refs.push(ref);
        keptOf[blockOf[ref]!]!++;
      }
      const adding = added[Symbol.iterator]();
      let next = adding.next();
      const keyOfNext = () => (next.done ? '' : orderKey(depsOf(next.value).path));
      let nextKey = keyOfNext();
      let at = 0;
      for (let index = 0; index < files.length; index++) {
        // The added lines that sort before the next segment's first line go with this one's.
        const bound = firstKeyAfter(index);
        const addsHere = !next.done && (bound === null || nextKey < bound);
        const lines = lastRefOf(index) - firstRefOf[index]! + 1;
        if (!addsHere && keptOf[index] === lines && lines > 0) {
          at += lines;
          if (writer.link(files[index]!, segments[index]!)) continue;
          const { block, starts } = wholeAt(index);
          const deps = depsAt(index);
          writer.bytes(
            block.subarray(0, starts[lines]),
            deps.subarray(startOf[firstRefOf[index]!]!, endOf[lastRefOf(index)]! + 1),
            lines,
          );
          continue;
        }
        // A run of kept lines that follow each other is written with one call; added lines go in between, in order.
        let run: { first: LineRef; last: LineRef } | null = null;
        const flushRun = () => {
          if (run) {
            const first = wholeLine(run.first);
            const last = wholeLine(run.last);
            writer.bytes(
              first.block.subarray(first.start, last.end + 1),
              depsAt(index).subarray(startOf[run.first]!, endOf[run.last]! + 1),
              run.last - run.first + 1,
            );
          }
          run = null;
        };
        const takeAdded = (key: string | null) => {
          while (!next.done && (key === null || nextKey < key)) {
            flushRun();
            writer.line(next.value, depsLineOf(next.value));
            next = adding.next();
            nextKey = keyOfNext();
          }
        };
        for (; at < refs.length && blockOf[refs[at]!] === index; at++) {
          const ref = refs[at]!;
          takeAdded(orderKey(pathOfRef(ref)));
          if (run && run.last + 1 === ref) run.last = ref;
          else {
            flushRun();
            run = { first: ref, last: ref };
          }
        }
        flushRun();
        takeAdded(bound);
      }
      for (; !next.done; next = adding.next()) writer.line(next.value, depsLineOf(next.value));
      return writer.close();
    },
  };

  // Each segment's lines' paths, as the scan decoded them (a merge orders the added lines among the kept by them).
  const pathsOf: string[][] = [];
  const pathOfRef = (ref: LineRef) => pathsOf[blockOf[ref]!]![ref - firstRefOf[blockOf[ref]!]!]!;

  function* scanSegments(): Generator<ScannedSegment> {
    for (const [index, segment] of segments.entries()) {
      const file = depsFileOf(segment.file);
      const size = fileSize(file);
      if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, scratch.length * 2));
      const block = readFileBytes(file, size, () => scratch);
      current = { index, block };
      depsBytes.push(block.length);
      const first = scannedLines;
      firstRefOf.push(first);
      // A last line without its newline (a file cut short) is not read, as readLines does not.
      const last = block.lastIndexOf(NEWLINE);
      const needled = last < 0 ? [] : needleOffsets(block.subarray(0, last), patterns);
      const paths: string[] = [];
      const marked = new Map<LineRef, string>();
      let mark = 0;
      // Where the next backslash is (a path holding one was escaped by JSON), found once for the lines before it: -1
      // when there is none, -2 before the first search.
      let backslash = -2;
      for (let start = 0; start < last;) {
        const end = block.indexOf(NEWLINE, start);
        const ref = first + paths.length;
        if (ref >= total) throw linesError(file, segment, block);
        blockOf[ref] = index;
        startOf[ref] = start;
        endOf[ref] = end;
        while (mark < needled.length && needled[mark]! < start) mark++;
        if (mark < needled.length && needled[mark]! < end) marked.set(ref, block.toString('utf8', start, end));
        const close = block.indexOf(PATH_END, start);
        if (close < 0 || close > end) throw depsLineError(block, start, end, ref, 'has no path');
        if (backslash !== -1 && backslash < start) backslash = block.indexOf(BACKSLASH, start);
        paths.push(
          backslash >= 0 && backslash < close
            ? depsOf(block.toString('utf8', start, end)).path
            : block.toString('utf8', start + 2, close),
        );
        start = end + 1;
      }
      pathsOf.push(paths);
      scannedLines += paths.length;
      if (paths.length !== segment.lines || block.length !== wholeLinesEnd(block))
        throw linesError(file, segment, block);
      yield { first, paths, marked };
      if (fileSize(segment.file) !== segment.bytes)
        throw new Error(
          `${segment.file} is of ${fileSize(segment.file)} bytes, its cache's manifest ${segment.bytes}: a cache restored in part, or edited`,
        );
    }
    current = null;
  }

  /** The offsets of a line's facts, links, chrome and search document in its segment's block (FACTS_START…). */
  function sections(ref: LineRef) {
    const { block, start, end } = wholeLine(ref);
    const facts = block.indexOf(FACTS_START, start);
    const links = facts < 0 ? -1 : block.indexOf(LINKS_START, facts);
    const chrome = links < 0 ? -1 : block.indexOf(CHROME_START, links);
    const search = block.lastIndexOf(SEARCH_START, end);
    if (facts < 0 || facts >= end || links < 0 || chrome < 0 || search < chrome) throw lineError(ref, 'has no facts');
    return { block, end, facts, links, chrome, search };
  }

  /** The order key of the first line of the segments after `index` (null: none has a line). */
  function firstKeyAfter(index: number): string | null {
    for (let after = index + 1; after < files.length; after++)
      if (firstRefOf[after]! <= lastRefOf(after)) return orderKey(pathOfRef(firstRefOf[after]!));
    return null;
  }

  /** The last line of segment `index` (below its first when the segment has none). */
  function lastRefOf(index: number): LineRef {
    return (index + 1 < firstRefOf.length ? firstRefOf[index + 1]! : scannedLines) - 1;
  }

  /** The line of segment `index` that byte `at` of its whole lines lies in (`starts`: its lines' starts). */
  function refAt(index: number, starts: readonly number[], at: number): LineRef {
    let low = 0;
    let high = starts.length - 2;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    return firstRefOf[index]! + low;
  }

  /** What is wrong with a line, named by its segment's file and its line number there, with its start. */
  function lineError(ref: LineRef, what: string): Error {
    const index = blockOf[ref]!;
    return new Error(
      `${files[index]}, line ${ref - firstRefOf[index]! + 1}, ${what}: ${JSON.stringify(store.line(ref).slice(0, 80))}`,
    );
  }

  /** A segment whose deps file does not hold the lines its manifest gives (whole lines, and as many). */
  function linesError(file: string, segment: SegmentSource, block: Buffer): Error {
    const lines = block
      .subarray(0, wholeLinesEnd(block))
      .reduce((count, byte) => count + (byte === NEWLINE ? 1 : 0), 0);
    const cut = block.length !== wholeLinesEnd(block);
    return new Error(
      `${file} holds ${lines} whole lines${cut ? ' and one cut short' : ''}, its cache's manifest ${segment.lines}: a cache restored in part, or edited`,
    );
  }

  /** What is wrong with a deps line, named by its file and its line number there. */
  function depsLineError(block: Buffer, start: number, end: number, ref: LineRef, what: string): Error {
    const index = blockOf[ref]!;
    return new Error(
      `${depsFileOf(files[index]!)}, line ${ref - firstRefOf[index]! + 1}, ${what}: ${JSON.stringify(block.toString('utf8', start, end).slice(0, 80))}`,
    );
  }

  return { segments: scanSegments(), store };
}

/** The bytes of a block up to its last newline, included (all of it when it ends with one). */
const wholeLinesEnd = (block: Buffer) => block.lastIndexOf(NEWLINE) + 1;

/**
 * What orders a page's line among others: a line is `[`, the path as JSON, `,`…, and no path's JSON is the start of
 * another's (it ends at its one unescaped quote), so lines compare as their paths' JSON do.
 */
const orderKey = (path: string) => JSON.stringify(path);

function fileSize(file: string): number {
  return statSync(file).size;
}

/** The offsets, in order, at which any of the patterns occurs in the bytes. */
function needleOffsets(bytes: Buffer, patterns: readonly Buffer[]): number[] {
  const found: number[] = [];
  for (const pattern of patterns)
    for (let at = bytes.indexOf(pattern); at >= 0; at = bytes.indexOf(pattern, at + 1)) found.push(at);
  return patterns.length > 1 ? found.sort((a, b) => a - b) : found;
}
