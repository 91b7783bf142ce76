/**
 * Typo tolerance for search words: how many edits a word may be away from an indexed term, and the edit distance
 * itself (insertions, deletions, substitutions and swaps of two neighbours, the common typing slips).
 */

/** Words of 4–7 letters may be one edit away, longer ones two; shorter words must be typed exactly. */
export function allowedEdits(word: string): number {
  if (word.length < 4) return 0;
  return word.length <= 7 ? 1 : 2;
}

/**
 * The optimal-string-alignment distance between `a` and `b`, or `max + 1` as soon as it must exceed `max` (most
 * terms of a vocabulary are far from the word, and are given up on after a row or two).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** The terms of `vocabulary` within `max` edits of the word, nearest first (then shorter, then alphabetical). */
export function nearTerms(
  word: string,
  vocabulary: readonly string[],
  limit = 3,
  max = allowedEdits(word),
): { term: string; edits: number }[] {
  if (max === 0) return [];
  const found: { term: string; edits: number }[] = [];
  for (const term of vocabulary) {
    if (term === word) continue;
    const edits = editDistance(word, term, max);
    if (edits <= max) found.push({ term, edits });
  }
  found.sort(
    (x, y) => x.edits - y.edits || x.term.length - y.term.length || (x.term < y.term ? -1 : x.term > y.term ? 1 : 0),
  );
  return found.slice(0, limit);
}
