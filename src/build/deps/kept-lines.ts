/**
 * The pages of a build cache's lines that an incremental build keeps, by path: every line less those taken out (the
 * pages a change touches). The lines are in their paths' order (page-lines.ts: as the paths' JSON compare), so a
 * path is found in them, and no map of every path is made: at demo scale 10 a map of the 118,800 kept paths took
 * 0.1 s of each incremental build's scope, on its critical path. A build looks up about two paths per page, most in
 * passes that go in the lines' order, so the line after the last one found is looked at first: at demo scale 1
 * (11,350 pages) 23,000-25,000 lookups a build, 90-99% of them ending there. The others search from there, in steps
 * that double (the article route's 25,000 pages at scale 10 come newest first: backwards).
 */
import type { LineRef } from './page-lines.ts';

/** The kept lines, as a read-mostly map of path → line, in the lines' order. */
export interface KeptLines extends Iterable<[string, LineRef]> {
  /**
   * `pass` names a pass over pages in an order of its own (a route's pages, while others are planned): its lookups
   * start from the line after the last one it found, not another pass's.
   */
  get(path: string, pass?: string): LineRef | undefined;
  has(path: string, pass?: string): boolean;
  /** Take a page out (a change touches it); false when it was not kept. */
  delete(path: string): boolean;
  readonly size: number;
  /** The kept paths, in the lines' order. */
  keys(): Iterable<string>;
  /** The kept lines, in their order (without their paths). */
  refs(): Iterable<LineRef>;
}

const QUOTE = 0x22;

/**
 * A UTF-16 code unit whose JSON starts with itself, so compares as it: any but a control character, the quote and a
 * surrogate (JSON.stringify escapes those with a backslash first, or a lone surrogate; a backslash is written twice).
 */
const asItself = (code: number) => code >= 0x20 && code !== QUOTE && (code < 0xd800 || code > 0xdfff);

/**
 * The order of two paths' lines: as `JSON.stringify(a)` and `JSON.stringify(b)` compare (the lines start with the
 * path's JSON), without making those strings. Up to the first code unit where the paths differ, their JSON is the
 * same; there, a path that has ended writes its closing quote. Where either side is a code unit JSON escapes otherwise (or a
 * surrogate, which it escapes when lone), the JSON strings are made and compared.
 */
export function comparePaths(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let at = 0;
  while (at < length && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  if (at === a.length && at === b.length) return 0;
  const left = at < a.length ? a.charCodeAt(at) : -1;
  const right = at < b.length ? b.charCodeAt(at) : -1;
  if ((left < 0 || asItself(left)) && (right < 0 || asItself(right)))
    return (left < 0 ? QUOTE : left) - (right < 0 ? QUOTE : right);
  const [first, second] = [JSON.stringify(a), JSON.stringify(b)];
  return first < second ? -1 : first > second ? 1 : 0;
}

/**
 * The kept lines of `count` lines in their paths' order (`pathOf`), less the lines `out` names (taken out; more can be
 * taken out later).
 */
export function keptLines(count: number, pathOf: (ref: LineRef) => string, out: Set<LineRef>): KeptLines {
  /** For each pass, the line after the last one it found: most lookups come from passes in the lines' order. */
  const cursors = new Map<string, { next: number }>();
  /** The line of a path, kept or not. */
  const lineOf = (path: string, pass: string): LineRef | undefined => {
    let cursor = cursors.get(pass);
    if (!cursor) cursors.set(pass, (cursor = { next: 0 }));
    const { next } = cursor;
    if (next < count && pathOf(next) === path) return cursor.next++;
    if (count === 0) return undefined;
    // From the last line found, in steps that double, towards the path, then a binary search of the last step: a pass
    // in the lines' order backwards (an article route's pages, newest first) finds each in a few comparisons, not 17.
    const from = Math.min(Math.max(next - 1, 0), count - 1);
    const here = comparePaths(pathOf(from), path);
    if (here === 0) {
      cursor.next = from + 1;
      return from;
    }
    let low: number;
    let high: number;
    if (here < 0) {
      low = from + 1;
      high = from + 1;
      for (let step = 1; high < count && comparePaths(pathOf(high), path) < 0; step *= 2) {
        low = high + 1;
        high = from + step * 2;
      }
      high = Math.min(high, count - 1);
    } else {
      high = from - 1;
      low = from - 1;
      for (let step = 1; low >= 0 && comparePaths(pathOf(low), path) > 0; step *= 2) {
        high = low - 1;
        low = from - step * 2;
      }
      low = Math.max(low, 0);
    }
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const order = comparePaths(pathOf(mid), path);
      if (order === 0) {
        cursor.next = mid + 1;
        return mid;
      }
      if (order < 0) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  };
  const get = (path: string, pass = '') => {
    const ref = lineOf(path, pass);
    return ref === undefined || out.has(ref) ? undefined : ref;
  };
  function* entries(): Generator<[string, LineRef]> {
    for (let ref = 0; ref < count; ref++) if (!out.has(ref)) yield [pathOf(ref), ref];
  }
  return {
    get,
    has: (path, pass) => get(path, pass) !== undefined,
    delete(path) {
      const ref = get(path);
      if (ref === undefined) return false;
      out.add(ref);
      return true;
    },
    get size() {
      return count - out.size;
    },
    *keys() {
      for (const [path] of entries()) yield path;
    },
    *refs() {
      for (let ref = 0; ref < count; ref++) if (!out.has(ref)) yield ref;
    },
    [Symbol.iterator]: entries,
  };
}
