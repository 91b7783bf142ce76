/**
 * Strings kept as bytes rather than as strings on V8's heap, for the main thread's one list that grows with the site
 * through the pages: the link check's targets and their first pages (links.ts, createLinkLedger). As a `Map` of
 * strings they were 12 MB of the main thread's live heap at demo scale 10 (117,700 targets) and 26 MB at scale 20
 * (234,000), all of it marked by each of its full collections; here they are about 80 bytes a target, off the heap.
 *
 * Bytes go into chunks of 1 MiB, each filled before the next is made and none ever copied: what a table holds beyond
 * its strings' bytes is the last chunk's free end and its typed arrays (14 bytes an entry and 8 a slot, grown by
 * doubling).
 */
import { randomInt } from 'node:crypto';

/** A map from strings to 32-bit integers (any but the smallest), in the order each key was first set. */
export interface StringTable {
  get(key: string): number | undefined;
  set(key: string, value: number): void;
  /** False when the key was not there. */
  delete(key: string): boolean;
  readonly size: number;
  /** The entries in the order their keys were first set, those of compact keys (isCompact) before the others. */
  entries(): IterableIterator<[string, number]>;
  keys(): IterableIterator<string>;
}

/** A list of strings: `push` gives each its index, `at` it back. */
export interface StringList {
  push(value: string): number;
  at(index: number): string;
  readonly length: number;
}

const CHUNK_BYTES = 1 << 20;
/**
 * The longest key kept as bytes: longer ones (no site path is) go to an ordinary map. A chunk always has room for
 * one, and an entry's length fits in 16 bits.
 */
const MAX_KEY_CHARS = 4096;
const INITIAL_ENTRIES = 1 << 10;
/** A deleted entry's value: set again, its key takes its old place. */
const DELETED = -0x80000000;
/** Not a compact key (isCompact): a character past ASCII, or longer than MAX_KEY_CHARS. */
const OTHER = -1;

/** Drawn once per process: an API cannot craft paths that fall into one chain of slots without knowing it. */
const SEED = randomInt(2 ** 31);

/**
 * The 31-bit hash of a compact key (ASCII, at most MAX_KEY_CHARS), or OTHER: a multiply-xor over its characters
 * seeded per process, finished with murmur3's mixing.
 */
function hashKey(key: string): number {
  if (key.length > MAX_KEY_CHARS) return OTHER;
  let h = SEED;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c > 0x7f) return OTHER;
    h = Math.imul(h ^ c, 0x5bd1e995);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) & 0x7fffffff;
}

/**
 * Bytes appended in chunks that are never moved: a place is `chunk * CHUNK_BYTES + offset` (in 32 bits while there
 * are fewer than 4,096 chunks, 4 GiB).
 */
function createByteChunks() {
  const chunks: Buffer[] = [];
  let current = Buffer.alloc(0);
  let used = 0;
  return {
    /** Room for `bytes` more in one chunk: its place. */
    reserve(bytes: number): number {
      if (used + bytes > current.length) {
        if (chunks.length === 1 << 12) throw new RangeError('a string table holds 4 GiB at most');
        current = Buffer.allocUnsafe(CHUNK_BYTES);
        chunks.push(current);
        used = 0;
      }
      return (chunks.length - 1) * CHUNK_BYTES + used;
    },
    /** Mark `bytes` of the last reserved place as used. */
    commit(bytes: number) {
      used += bytes;
    },
    chunkOf: (place: number): Buffer => chunks[Math.floor(place / CHUNK_BYTES)]!,
    offsetOf: (place: number): number => place % CHUNK_BYTES,
  };
}

function grown<T extends Uint32Array | Int32Array | Uint16Array>(from: T, make: (length: number) => T): T {
  const into = make(from.length * 2);
  into.set(from);
  return into;
}

/**
 * `spread` stands in for the hash of compact keys (tests give one that sends every key to the same slot, to exercise
 * the probing and the comparison of keys).
 */
export function createStringTable(spread?: (key: string) => number): StringTable {
  const hashOf = spread ? (key: string) => (hashKey(key) === OTHER ? OTHER : spread(key) & 0x7fffffff) : hashKey;
  const bytes = createByteChunks();
  // Entry i: its key's place and length in `bytes`, its value and its hash.
  let places = new Uint32Array(INITIAL_ENTRIES);
  let lengths = new Uint16Array(INITIAL_ENTRIES);
  let values = new Int32Array(INITIAL_ENTRIES);
  let hashes = new Int32Array(INITIAL_ENTRIES);
  let count = 0;
  let deleted = 0;
  /** Open addressing with linear probing: an entry's index + 1, 0 for an empty slot; at most half full. */
  let slots = new Int32Array(INITIAL_ENTRIES * 2);
  /** The keys that are not compact. */
  const others = new Map<string, number>();

  const sameKey = (entry: number, key: string): boolean => {
    if (lengths[entry] !== key.length) return false;
    const place = places[entry]!;
    const chunk = bytes.chunkOf(place);
    const start = bytes.offsetOf(place);
    for (let i = 0; i < key.length; i++) if (chunk[start + i] !== key.charCodeAt(i)) return false;
    return true;
  };
  /** The entry of a compact key with this hash, or -1. */
  const find = (key: string, hash: number): number => {
    const mask = slots.length - 1;
    for (let at = hash & mask; slots[at] !== 0; at = (at + 1) & mask) {
      const entry = slots[at]! - 1;
      if (hashes[entry] === hash && sameKey(entry, key)) return entry;
    }
    return -1;
  };
  const place = (entry: number) => {
    const mask = slots.length - 1;
    let at = hashes[entry]! & mask;
    while (slots[at] !== 0) at = (at + 1) & mask;
    slots[at] = entry + 1;
  };
  const append = (key: string, hash: number, value: number) => {
    if (count === values.length) {
      places = grown(places, (n) => new Uint32Array(n));
      lengths = grown(lengths, (n) => new Uint16Array(n));
      values = grown(values, (n) => new Int32Array(n));
      hashes = grown(hashes, (n) => new Int32Array(n));
    }
    const at = bytes.reserve(key.length);
    bytes.chunkOf(at).write(key, bytes.offsetOf(at), key.length, 'latin1');
    bytes.commit(key.length);
    places[count] = at;
    lengths[count] = key.length;
    values[count] = value;
    hashes[count] = hash;
    count++;
    if (count * 2 > slots.length) {
      slots = new Int32Array(slots.length * 2);
      for (let entry = 0; entry < count - 1; entry++) place(entry);
    }
    place(count - 1);
  };
  const keyOf = (entry: number) => {
    const at = places[entry]!;
    const start = bytes.offsetOf(at);
    return bytes.chunkOf(at).toString('latin1', start, start + lengths[entry]!);
  };

  function* entries(): IterableIterator<[string, number]> {
    for (let entry = 0; entry < count; entry++) if (values[entry] !== DELETED) yield [keyOf(entry), values[entry]!];
    yield* others.entries();
  }

  return {
    get(key) {
      const hash = hashOf(key);
      if (hash === OTHER) return others.get(key);
      const entry = find(key, hash);
      return entry < 0 || values[entry] === DELETED ? undefined : values[entry];
    },
    set(key, value) {
      if (!Number.isInteger(value) || value <= DELETED || value > 0x7fffffff)
        throw new RangeError(`A string table holds 32-bit integers above ${DELETED}, not ${value}`);
      const hash = hashOf(key);
      if (hash === OTHER) {
        others.set(key, value);
        return;
      }
      const entry = find(key, hash);
      if (entry < 0) append(key, hash, value);
      else {
        if (values[entry] === DELETED) deleted--;
        values[entry] = value;
      }
    },
    delete(key) {
      const hash = hashOf(key);
      if (hash === OTHER) return others.delete(key);
      const entry = find(key, hash);
      if (entry < 0 || values[entry] === DELETED) return false;
      values[entry] = DELETED;
      deleted++;
      return true;
    },
    get size() {
      return count - deleted + others.size;
    },
    entries,
    *keys() {
      for (const [key] of entries()) yield key;
    },
  };
}

/** Strings as their UTF-8 bytes, in chunks as a table's keys are. */
export function createStringList(): StringList {
  const bytes = createByteChunks();
  let places = new Uint32Array(INITIAL_ENTRIES);
  let lengths = new Uint32Array(INITIAL_ENTRIES);
  /** The strings too long for a chunk (no site path is), by index. */
  const long = new Map<number, string>();
  let length = 0;
  return {
    push(value) {
      if (length === places.length) {
        places = grown(places, (n) => new Uint32Array(n));
        lengths = grown(lengths, (n) => new Uint32Array(n));
      }
      // UTF-8 takes at most three bytes for each UTF-16 unit.
      if (value.length * 3 > CHUNK_BYTES) long.set(length, value);
      else {
        const at = bytes.reserve(value.length * 3);
        const written = bytes.chunkOf(at).write(value, bytes.offsetOf(at), 'utf8');
        bytes.commit(written);
        places[length] = at;
        lengths[length] = written;
      }
      return length++;
    },
    at(index) {
      if (!(Number.isInteger(index) && index >= 0 && index < length))
        throw new RangeError(`No string ${index} in a list of ${length}`);
      const value = long.get(index);
      if (value !== undefined) return value;
      const at = places[index]!;
      const start = bytes.offsetOf(at);
      return bytes.chunkOf(at).toString('utf8', start, start + lengths[index]!);
    },
    get length() {
      return length;
    },
  };
}
