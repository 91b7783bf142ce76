/**
 * A file of lines in the order of a key each line has (JavaScript string order, each key once), read into memory,
 * that a build patches rather than parses: the build cache's list of link targets and its list of pages hold a line
 * for each of 118,000 pages at demo scale 10, of which an incremental build adds and removes a few. A line is found by
 * a binary search over the bytes, decoding only the keys it compares; the next file is the bytes between the changes,
 * copied as they are.
 */
const NEWLINE = 0x0a;

/** Where a line is: its first byte, and the first byte of the next (past its newline). */
export interface LineAt {
  at: number;
  next: number;
}

export interface SortedLines {
  /** Where the line of `key` is, or would go (`at`), and that line when the file has it (null otherwise). */
  locate(key: string): { at: number; line: LineAt | null };
  /**
   * The bytes with `added` (lines without their newline, each with its key and where `locate` puts it, none of them a
   * key the file has) and without the lines at `removed` (`locate`'s).
   */
  patched(added: Iterable<{ at: number; key: string; line: string }>, removed: Iterable<LineAt>): Buffer;
}

/**
 * The lines of `bytes` (whole lines, each ending with a newline), ordered by `keyOf` (the key of the line from byte
 * `start` to its newline at `end`). The caller vouches for the order (a file it wrote, checked by its digest).
 */
export function openSortedLines(bytes: Buffer, keyOf: (start: number, end: number) => string): SortedLines {
  /** The start of the first line whose key is not before `key` (the bytes' length when there is none). */
  const lowerBound = (key: string): number => {
    // `low` is always a line's start; the lines from it up to `high` are those still in question.
    let low = 0;
    let high = bytes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const start = mid === low ? low : Math.max(low, bytes.lastIndexOf(NEWLINE, mid - 1) + 1);
      const end = bytes.indexOf(NEWLINE, start);
      if (keyOf(start, end) < key) low = end + 1;
      else high = start;
    }
    return low;
  };
  return {
    locate(key) {
      const at = lowerBound(key);
      if (at >= bytes.length) return { at, line: null };
      const end = bytes.indexOf(NEWLINE, at);
      return { at, line: keyOf(at, end) === key ? { at, next: end + 1 } : null };
    },
    patched(added, removed) {
      // What changes, by where in the bytes: an added line goes before the line at its place, a removed one is left out.
      const edits: { at: number; key: string; line?: string; next?: number }[] = [];
      for (const { at, key, line } of added) edits.push({ at, key, line });
      for (const { at, next } of removed) edits.push({ at, key: '', next });
      // At one place, the added lines in their keys' order, then the line left out (the added ones come before it).
      const removal = (edit: (typeof edits)[number]) => (edit.next === undefined ? 0 : 1);
      edits.sort((a, b) => a.at - b.at || removal(a) - removal(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const pieces: Buffer[] = [];
      let copied = 0;
      for (const edit of edits) {
        if (edit.at > copied) pieces.push(bytes.subarray(copied, edit.at));
        copied = Math.max(copied, edit.at);
        if (edit.next === undefined) pieces.push(Buffer.from(`${edit.line!}\n`));
        else copied = Math.max(copied, edit.next);
      }
      pieces.push(bytes.subarray(copied));
      return Buffer.concat(pieces);
    },
  };
}
