// The kept lines of an incremental build's scope (src/build/deps/kept-lines.ts): paths compared as the cache orders
// its lines (their JSON), and found by a binary search of the lines.
import { describe, expect, it } from 'vitest';
import { comparePaths, keptLines } from '../../src/build/deps/kept-lines.ts';

/** The order the build cache's lines are in: their paths' JSON, compared as strings. */
const byJson = (a: string, b: string) => {
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

// Code units of every kind JSON writes differently: controls, quote, backslash, space and '!' (below the quote),
// plain ASCII, Latin-1 and BMP letters, U+2028, a surrogate pair, and lone surrogates.
const UNITS = ['\n', '\u0001', '"', '\\', ' ', '!', '#', '-', '/', '0', 'a', 'z', '~', '\u00e9', '\u2028', '\uffff'];
const PAIR = '\ud83c\udfc0';
let seed = 7;
const random = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const randomPath = () => {
  let path = '/news/';
  for (let i = random(6); i > 0; i--) {
    const pick = random(UNITS.length + 3);
    path +=
      pick < UNITS.length
        ? UNITS[pick]
        : pick === UNITS.length
          ? PAIR
          : pick === UNITS.length + 1
            ? '\ud83c'
            : '\udfc0';
  }
  return path;
};

describe('paths compared as the cache orders its lines', () => {
  it('give the order of their JSON, for every kind of code unit', () => {
    for (let i = 0; i < 20_000; i++) {
      const a = randomPath();
      const b = random(3) === 0 ? a + randomPath().slice(6) : randomPath();
      expect(Math.sign(comparePaths(a, b)), `${JSON.stringify(a)} against ${JSON.stringify(b)}`).toBe(byJson(a, b));
      expect(Math.sign(comparePaths(b, a))).toBe(byJson(b, a));
    }
  });

  it('put a path before the longer paths it starts, but for those that go on with a code unit below the quote', () => {
    expect(comparePaths('/news', '/news/2')).toBeLessThan(0);
    expect(comparePaths('/news', '/news!')).toBeGreaterThan(0);
    expect(comparePaths('/news', '/news ')).toBeGreaterThan(0);
    expect(comparePaths('/news', '/news')).toBe(0);
  });
});

describe('the kept lines', () => {
  const paths = [...new Set(Array.from({ length: 400 }, randomPath))].sort(byJson);

  it('find each line by its path, and no path that has none', () => {
    const kept = keptLines(paths.length, (ref) => paths[ref]!, new Set());
    paths.forEach((path, ref) => expect(kept.get(path)).toBe(ref));
    for (let i = 0; i < 500; i++) {
      const path = randomPath();
      expect(kept.get(path)).toBe(paths.includes(path) ? paths.indexOf(path) : undefined);
    }
    expect(kept.size).toBe(paths.length);
    expect([...kept.keys()]).toEqual(paths);
    // Backwards (an article route's pages, newest first), by every other line, and in no order.
    const again = keptLines(paths.length, (ref) => paths[ref]!, new Set());
    for (let ref = paths.length - 1; ref >= 0; ref--) expect(again.get(paths[ref]!)).toBe(ref);
    for (let ref = paths.length - 1; ref >= 0; ref -= 2) expect(again.get(paths[ref]!)).toBe(ref);
    for (let ref = 0; ref < paths.length; ref += 3) expect(again.get(paths[ref]!)).toBe(ref);
    for (let i = 0; i < 500; i++) {
      const ref = Math.floor(Math.random() * paths.length);
      expect(again.get(paths[ref]!)).toBe(ref);
      expect(again.get(`${paths[ref]!}~`)).toBe(
        paths.includes(`${paths[ref]!}~`) ? paths.indexOf(`${paths[ref]!}~`) : undefined,
      );
    }
  });

  it('find the lines of passes that interleave, each from where it was', () => {
    const kept = keptLines(paths.length, (ref) => paths[ref]!, new Set([3]));
    for (let i = 0; i < paths.length; i++) {
      const forward = i;
      const backward = paths.length - 1 - i;
      expect(kept.get(paths[forward]!, 'forward')).toBe(forward === 3 ? undefined : forward);
      expect(kept.has(paths[backward]!, 'backward')).toBe(backward !== 3);
      expect(kept.get(paths[(i * 7) % paths.length]!)).toBe(
        (i * 7) % paths.length === 3 ? undefined : (i * 7) % paths.length,
      );
    }
  });

  it('leave out the lines taken out, at the start and later, keeping the order of the rest', () => {
    const out = new Set([0, 5, 6]);
    const kept = keptLines(paths.length, (ref) => paths[ref]!, out);
    expect(kept.has(paths[5]!)).toBe(false);
    expect(kept.get(paths[7]!)).toBe(7);
    expect(kept.delete(paths[7]!)).toBe(true);
    expect(kept.delete(paths[7]!)).toBe(false);
    expect(kept.delete('/not/a/page')).toBe(false);
    expect(kept.has(paths[7]!)).toBe(false);
    expect(kept.size).toBe(paths.length - 4);
    const rest = paths.map((path, ref) => [path, ref] as const).filter(([, ref]) => ![0, 5, 6, 7].includes(ref));
    expect([...kept]).toEqual(rest);
    expect(keptLines(0, () => '', new Set()).get('/')).toBeUndefined();
  });
});
