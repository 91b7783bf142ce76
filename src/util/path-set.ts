import { hash } from 'node:crypto';

/**
 * A set of strings kept as 64-bit hashes in typed arrays: 16 bytes a slot instead of a heap string and a hash-table
 * entry, so telling whether a path was already planned costs about 2 MB at 100,000 routes. Two different strings
 * share a hash with probability about n²/2⁶⁵ (one in a billion at 200,000 paths); the build's content digest would
 * then differ from the pages, never the other way round.
 */
export interface PathSet {
  /** Add `value`; false when it was already there. */
  add(value: string): boolean;
  has(value: string): boolean;
  readonly size: number;
}

const INITIAL_SLOTS = 1 << 12;

export function createPathSet(): PathSet {
  let slots = INITIAL_SLOTS;
  let high = new Uint32Array(slots);
  let low = new Uint32Array(slots);
  let size = 0;

  const insert = (h: number, l: number): boolean => {
    let i = (l ^ h) & (slots - 1);
    for (;;) {
      if (high[i] === 0 && low[i] === 0) {
        high[i] = h;
        low[i] = l;
        return true;
      }
      if (high[i] === h && low[i] === l) return false;
      i = (i + 1) & (slots - 1);
    }
  };
  const grow = () => {
    const [oldHigh, oldLow] = [high, low];
    slots *= 2;
    high = new Uint32Array(slots);
    low = new Uint32Array(slots);
    for (let i = 0; i < oldHigh.length; i++) if (oldHigh[i] !== 0 || oldLow[i] !== 0) insert(oldHigh[i]!, oldLow[i]!);
  };

  return {
    add(value) {
      const [h, l] = hash64(value);
      if (!insert(h, l)) return false;
      if (++size * 2 > slots) grow();
      return true;
    },
    has(value) {
      const [h, l] = hash64(value);
      for (let i = (l ^ h) & (slots - 1); high[i] !== 0 || low[i] !== 0; i = (i + 1) & (slots - 1))
        if (high[i] === h && low[i] === l) return true;
      return false;
    },
    get size() {
      return size;
    },
  };
}

/** The first 64 bits of the string's SHA-1 as two 32-bit halves, never both zero (zero marks an empty slot). */
function hash64(value: string): [number, number] {
  const hex = hash('sha1', value);
  const h = Number.parseInt(hex.slice(0, 8), 16);
  const l = Number.parseInt(hex.slice(8, 16), 16);
  return h === 0 && l === 0 ? [0, 1] : [h, l];
}
