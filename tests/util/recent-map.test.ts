import { describe, expect, it } from 'vitest';
import { createRecentMap } from '../../src/util/recent-map.ts';

describe('recent map', () => {
  it('keeps at most its number of entries, and always the latest half', () => {
    const map = createRecentMap<string, number>(100);
    for (let i = 0; i < 1_000; i++) {
      map.set(`k${i}`, i);
      expect(map.size).toBeLessThanOrEqual(100);
      for (let back = 0; back < 50 && back <= i; back++) expect(map.get(`k${i - back}`)).toBe(i - back);
    }
    expect(map.get('k0')).toBeUndefined();
  });

  it('keeps what is found lately, null values too', () => {
    const map = createRecentMap<string, number | null>(4);
    map.set('logo', null);
    map.set('gone', 5);
    // The logo is asked for as each new key comes: it stays; what nobody asks for goes.
    for (let i = 0; i < 20; i++) {
      map.set(`k${i}`, i);
      expect(map.get('logo')).toBeNull();
    }
    expect(map.get('gone')).toBeUndefined();
    expect(map.size).toBeLessThanOrEqual(4);
    map.set('logo', 7);
    expect(map.get('logo')).toBe(7);
  });

  it('refuses to keep fewer than two', () => {
    expect(() => createRecentMap(1)).toThrow(/at least 2/);
  });
});
