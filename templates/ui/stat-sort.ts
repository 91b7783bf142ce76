/**
 * How a stats column sorts: by what its values mean, not by their text. Stat services print numbers (`12`, `1,234`,
 * `27.5`), "made-attempted" (`150-405`: by made, then attempts), percentages (`.370`, `37.0%`), times on a clock
 * (`12:34`, `1:02:03`) and blanks (`–`, empty, missing). Names sort by family name.
 */

type Cell = number | string | null | undefined;

/** A value as numbers to compare in order, or text, or null for a blank (always sorted last). */
export type SortValue = { numbers: number[] } | { text: string } | null;

const BLANK = /^(?:|-|–|—|n\/a|dnp)$/i;
const MADE_ATTEMPTED = /^(\d+)\s*-\s*(\d+)$/;
const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?$/;
const PERCENT = /^([+-]?\d*\.?\d+)\s*%$/;
const CLOCK = /^(\d+):([0-5]\d)(?::([0-5]\d))?(?:\.(\d+))?$/;

export function sortValue(cell: Cell): SortValue {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? { numbers: [cell] } : null;
  const text = cell.trim();
  if (BLANK.test(text)) return null;
  const ma = MADE_ATTEMPTED.exec(text);
  if (ma) return { numbers: [Number(ma[1]), Number(ma[2])] };
  if (NUMBER.test(text) && /\d/.test(text)) return { numbers: [Number(text.replaceAll(',', ''))] };
  const pct = PERCENT.exec(text);
  if (pct) return { numbers: [Number(pct[1]) / 100] };
  const clock = CLOCK.exec(text);
  if (clock) {
    const [a, b, c] = [Number(clock[1]), Number(clock[2]), clock[3] === undefined ? null : Number(clock[3])];
    const fraction = clock[4] ? Number(`0.${clock[4]}`) : 0;
    return { numbers: [(c === null ? a * 60 + b : a * 3600 + b * 60 + c) + fraction] };
  }
  return { text };
}

const SUFFIXES = /^(?:jr\.?|sr\.?|ii|iii|iv|v)$/i;

/**
 * A person's name as it sorts: family name first. "12 Maya Okafor" and "Okafor, Maya" both sort as "Okafor Maya";
 * "Smith Jr., John" and "John Smith Jr." as "Smith John". A team line ("Cedar Valley", "Opponents") sorts as written.
 */
export function nameSortKey(label: string): string {
  const name = label.replace(/^#?\d+\s+/, '').trim();
  const comma = name.indexOf(',');
  if (comma > 0) {
    const family = name.slice(0, comma).trim();
    const given = name.slice(comma + 1).trim();
    // "John Smith, Jr.": the part after the comma is a suffix, not the given name.
    if (SUFFIXES.test(given)) return nameSortKey(family);
    return `${family.replace(/\s+(?:jr\.?|sr\.?|ii|iii|iv|v)$/i, '')} ${given}`;
  }
  const words = name.split(/\s+/).filter((w) => !SUFFIXES.test(w));
  if (words.length < 2) return name;
  return `${words.at(-1)} ${words.slice(0, -1).join(' ')}`;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Compare two cells in the direction asked (1 ascending, -1 descending); blanks go last either way, and numbers
 * before text when a column mixes them.
 */
export function compareCells(x: Cell, y: Cell, dir: 1 | -1): number {
  const a = sortValue(x);
  const b = sortValue(y);
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if ('numbers' in a && 'numbers' in b) {
    for (let i = 0; i < Math.max(a.numbers.length, b.numbers.length); i++) {
      const d = (a.numbers[i] ?? 0) - (b.numbers[i] ?? 0);
      if (d !== 0) return d * dir;
    }
    return 0;
  }
  if ('numbers' in a) return -1;
  if ('numbers' in b) return 1;
  return collator.compare(a.text, b.text) * dir;
}

/** Compare two row labels: people by family name, in the direction asked. */
export function compareNames(x: string, y: string, dir: 1 | -1): number {
  return collator.compare(nameSortKey(x), nameSortKey(y)) * dir || collator.compare(x, y) * dir;
}
