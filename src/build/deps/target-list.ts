/**
 * The build cache's list of link targets (LINKS_FILE): every site path the output's pages link to, one JSON string a
 * line, in JavaScript's string order (what `Array.prototype.sort` gives). A full build writes it whole. An incremental
 * build never parses it whole (117,000 targets at demo scale 10): it asks whether a path is in it, and writes the next
 * list as this one with a few targets added and removed, each found by a binary search over the lines' bytes
 * (util/sorted-lines.ts).
 */
import { writeFileSync } from 'node:fs';
import { openSortedLines } from '../../util/sorted-lines.ts';

const BACKSLASH = 0x5c;

/** A list of targets as a cache holds it, read into memory. */
export interface TargetList {
  has(target: string): boolean;
  /**
   * Write to `file` this list with `added` and without `removed` (targets it does not hold are ignored in either): the
   * bytes between them are copied as they are. The bytes written.
   */
  writeWith(file: string, added: Iterable<string>, removed: Iterable<string>): Buffer;
}

/** The line of each target, in the order the list keeps (`targets` sorted, each once). */
export function targetListText(targets: readonly string[]): string {
  let text = '';
  for (const target of targets) text += `${JSON.stringify(target)}\n`;
  return text;
}

/**
 * The list whose bytes these are (checked by the caller against its manifest's digest: the lines are taken to be
 * the list's own, sorted and whole).
 */
export function openTargetList(bytes: Buffer): TargetList {
  // Most paths need no escape: their JSON is the path between quotes.
  const lines = openSortedLines(bytes, (start, end) =>
    bytes.subarray(start, end).includes(BACKSLASH)
      ? (JSON.parse(bytes.toString('utf8', start, end)) as string)
      : bytes.toString('utf8', start + 1, end - 1),
  );
  return {
    has: (target) => lines.locate(target).line !== null,
    writeWith(file, added, removed) {
      // One search a target: where it goes, and whether the list has it already.
      const adding = [...new Set(added)].flatMap((target) => {
        const { at, line } = lines.locate(target);
        return line ? [] : [{ at, key: target, line: JSON.stringify(target) }];
      });
      const leaving = [...new Set(removed)].flatMap((target) => lines.locate(target).line ?? []);
      const written = lines.patched(adding, leaving);
      writeFileSync(file, written);
      return written;
    },
  };
}
