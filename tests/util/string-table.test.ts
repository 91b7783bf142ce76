import { describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../../src/demo/random.ts';
import { createStringList, createStringTable } from '../../src/util/string-table.ts';

/**
 * Site paths of the shapes the link check meets: ASCII above all, some past it (under 0x100, past 0xff, a surrogate
 * pair), some longer than a table keeps as bytes, the empty string, a control character.
 */
function pathOf(random: Random): string {
  const kind = random.next();
  const n = random.int(0, 39_999);
  if (kind < 0.7) return `/news/2026/${n}-a-story-of-${n % 97}`;
  if (kind < 0.8) return `/sports/m-basketball/roster/${n}`;
  if (kind < 0.85) return `/news/café-${n}`;
  if (kind < 0.9) return `/athletes/王-${n}/😀`;
  if (kind < 0.93) return `/x/${'long-'.repeat(n % 1200)}${n}`;
  if (kind < 0.96) return `/${String.fromCharCode(n % 128)}`;
  return n % 3 ? `/${n % 10}` : '';
}

describe('string table', () => {
  it('answers as a Map would through 150,000 sets, gets and deletes, past its first sizes and its first chunk', () => {
    const random = createRandom('string-table');
    const table = createStringTable();
    const model = new Map<string, number>();
    for (let step = 0; step < 150_000; step++) {
      const key = pathOf(random);
      const op = random.next();
      if (op < 0.6) {
        const value = random.int(-0x7fffffff, 0x7fffffff); // any 32-bit integer but the smallest
        table.set(key, value);
        model.set(key, value);
      } else if (op < 0.7) {
        expect(table.delete(key)).toBe(model.delete(key));
      } else expect(table.get(key)).toBe(model.get(key));
      if (step % 10_000 === 0) expect(table.size).toBe(model.size);
    }
    expect(table.size).toBe(model.size);
    expect(new Map(table.entries())).toEqual(model);
    expect([...table.keys()].sort()).toEqual([...model.keys()].sort());
    // The keys it keeps as bytes (ASCII, 4,096 characters at most) took more than one chunk of 1 MiB.
    const compact = [...model.keys()].filter(
      (key) => key.length <= 4096 && [...key].every((c) => c.charCodeAt(0) <= 0x7f),
    );
    expect(compact.reduce((sum, key) => sum + key.length, 0)).toBeGreaterThan(1 << 20);
  });

  it('answers as a Map would when every key falls in the same slot', () => {
    const random = createRandom('string-table-one-slot');
    const table = createStringTable(() => 7);
    const model = new Map<string, number>();
    const keys = [
      '/a',
      '/a/',
      '/ab',
      '/b',
      'xa',
      'ya',
      '',
      '/a\u0301',
      ...Array.from({ length: 300 }, () => pathOf(random)),
    ];
    for (let step = 0; step < 3_000; step++) {
      const key = random.pick(keys);
      const op = random.next();
      if (op < 0.5) {
        table.set(key, step);
        model.set(key, step);
      } else if (op < 0.6) expect(table.delete(key)).toBe(model.delete(key));
      else expect(table.get(key)).toBe(model.get(key));
    }
    expect(new Map(table.entries())).toEqual(model);
  });

  it('keeps the order keys were first set in, compact keys first; a deleted key set again takes its old place', () => {
    const table = createStringTable();
    const long = `/${'a'.repeat(5000)}`;
    for (const [key, value] of [
      ['/b', 1],
      ['/é', 2],
      ['/a', 3],
      [long, 7],
      ['/c', 4],
    ] as const)
      table.set(key, value);
    table.set('/b', 5);
    expect(table.delete('/a')).toBe(true);
    expect(table.delete('/a')).toBe(false);
    expect(table.get('/a')).toBeUndefined();
    expect([...table.entries()]).toEqual([
      ['/b', 5],
      ['/c', 4],
      ['/é', 2],
      [long, 7],
    ]);
    table.set('/a', 6);
    expect([...table.keys()]).toEqual(['/b', '/a', '/c', '/é', long]);
    expect(table.size).toBe(5);
  });

  it('refuses what is not a 32-bit integer above the smallest', () => {
    const table = createStringTable();
    for (const value of [-0x80000000, 0x80000000, 1.5, Number.NaN])
      expect(() => table.set('/z', value)).toThrow(RangeError);
    expect(table.size).toBe(0);
  });

  it('tells apart keys that differ in one character, in their length, or past ASCII only', () => {
    const table = createStringTable();
    const keys = [
      '/a',
      '/b',
      '/a/',
      '/ab',
      '',
      '/\u00e1',
      '/a\u0301',
      '/\u0101',
      '/\u0061',
      'a'.repeat(4096),
      'a'.repeat(4097),
    ];
    const distinct = [...new Set(keys)];
    distinct.forEach((key, i) => table.set(key, i));
    distinct.forEach((key, i) => expect(table.get(key)).toBe(i));
    expect(table.get('/c')).toBeUndefined();
    expect(table.get('a'.repeat(4095))).toBeUndefined();
    expect(table.size).toBe(distinct.length);
  });
});

describe('string list', () => {
  it('gives back each string pushed, by its index, past ASCII, past its first size and its first chunk', () => {
    const random = createRandom('string-list');
    const list = createStringList();
    const pushed: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const value = i === 7 ? '😀'.repeat(200_000) : pathOf(random);
      expect(list.push(value)).toBe(i);
      pushed.push(value);
    }
    expect(list.length).toBe(pushed.length);
    pushed.forEach((value, i) => expect(list.at(i)).toBe(value));
    expect(pushed.reduce((sum, value) => sum + value.length, 0)).toBeGreaterThan(1 << 20);
    for (const index of [pushed.length, -1, 0.5]) expect(() => list.at(index)).toThrow(RangeError);
  });
});
