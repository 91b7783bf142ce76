/**
 * A map that keeps only what was set or found lately: at most `kept` entries, the older half forgotten at once when
 * the newer is full. For the render threads' bounded memos (image answers, folders made).
 *
 * Why not one Map that deletes its oldest key as each new one comes (`map.delete(map.keys().next().value)`)? V8
 * leaves a deleted entry's slot in place until the table is next rebuilt, and every `keys().next()` walks past all
 * of them from the start: at 20,000 entries each such eviction took 18 µs (3 µs at 4,096) in a scratch benchmark. A
 * writer's folders evict once a page from a thread's 4,097th (every page has a folder of its own), the image answers
 * about 10,000 times a thread at demo scale 10, more as the site grows (issue 21). Dropping a whole generation costs
 * nothing per entry.
 */
export interface RecentMap<K, V> {
  /** The value, when set or found lately; a value found in the older half moves to the newer. */
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  readonly size: number;
}

export function createRecentMap<K, V>(kept: number): RecentMap<K, V> {
  if (!Number.isInteger(kept) || kept < 2) throw new Error(`A recent map keeps at least 2 entries, not ${kept}`);
  const half = Math.floor(kept / 2);
  let newer = new Map<K, V>();
  let older = new Map<K, V>();
  const set = (key: K, value: V) => {
    if (!newer.has(key) && newer.size >= half) {
      older = newer;
      newer = new Map();
    }
    newer.set(key, value);
  };
  return {
    get(key) {
      const value = newer.get(key);
      if (value !== undefined || newer.has(key)) return value;
      const old = older.get(key);
      if (old === undefined && !older.has(key)) return undefined;
      older.delete(key);
      set(key, old as V);
      return old;
    },
    set(key, value) {
      older.delete(key);
      set(key, value);
    },
    get size() {
      return newer.size + older.size;
    },
  };
}
