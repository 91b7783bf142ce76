/**
 * The build cache's list of link targets (LINKS_FILE): every site path the output's pages link to, one JSON string a
 * line, in JavaScript's string order (what `Array.prototype.sort` gives). A full build writes it whole. An incremental
 * build never parses it whole (117,000 targets at demo scale 10): it asks whether a path is in it, and writes the next
 * list as this one with a few targets added and removed, each found by a binary search over the lines' bytes
 * (util/sorted-lines.ts).
 */
import { writeFileSync } from 'node:fs';
import { SORT_RUN_CHARS, sortedLinesOf } from '../../util/line-files.ts';
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

/** A target's line in the list (without its newline): its JSON. */
export const targetLine = (target: string): string => JSON.stringify(target);

/** The target a line of the list holds. Most need no escape: their line is the target between quotes. */
export const targetOfLine = (line: string): string =>
  line.includes('\\') ? (JSON.parse(line) as string) : line.slice(1, -1);

/** The line of each target, in the order the list keeps (`targets` sorted, each once). */
export function targetListText(targets: readonly string[]): string {
  let text = '';
  for (const target of targets) text += `${targetLine(target)}\n`;
  return text;
}

/**
 * The lines of a full build's list: `targets` (each once, in any order) sorted by target, as the list keeps them.
 * The targets are never all in memory: runs of about `runChars` are sorted on disk beside `scratch`, then merged (at
 * demo scale 40 the list is 468,000 targets, and sorted in memory with its text it held 100 MB of the main thread's
 * heap at the build's end). A line's JSON does not sort as its target does (`"/a!"` goes before `"/a"`), so the lines
 * are sorted by the target each holds.
 */
export function* sortedTargetLines(
  targets: Iterable<string>,
  scratch: string,
  runChars = SORT_RUN_CHARS,
): Generator<string> {
  function* lines() {
    for (const target of targets) yield targetLine(target);
  }
  yield* sortedLinesOf(lines(), scratch, runChars, targetOfLine);
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
