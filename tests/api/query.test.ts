import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/demo/random.ts';
import { stringifyQuery, type Query } from '../../src/api/query.ts';

/** qs.stringify with the options stringifyQuery replaces (what the API client used before). */
const withQs = (query: Query) =>
  qs.stringify(query, {
    arrayFormat: 'comma',
    encodeValuesOnly: true,
    skipNulls: true,
    sort: (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0),
  });

// Characters that stress an encoder: reserved and unreserved ASCII, RFC 3986's sub-delims, spaces, non-ASCII,
// an astral character (a surrogate pair).
const ALPHABET = [...'aZ09-_.~!*\'();:@&=+$,/?#[]% "<>^`{|}\\é漢🏈'];

describe('API query strings', () => {
  it('encode as qs.stringify did, on 5,000 random flat queries', () => {
    const random = createRandom('api-query').next;
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const text = () => Array.from({ length: Math.floor(random() * 6) }, () => pick(ALPHABET)).join('');
    const scalar = (): string | number => (random() < 0.5 ? text() : Math.floor(random() * 2000) - 1000);
    const value = () =>
      pick([
        () => scalar(),
        () => random() < 0.5,
        () => null,
        () => undefined,
        () => Array.from({ length: Math.floor(random() * 4) }, scalar),
        () => random() * 100,
      ])();
    for (let i = 0; i < 5000; i++) {
      const query: Query = {};
      for (const key of ['sport_id', 'per_page', 'page', 'include', 'sort', 'q', 'start', 'season', 'date', 'path'])
        if (random() < 0.5) query[key] = value();
      expect(stringifyQuery(query), JSON.stringify(query)).toBe(withQs(query));
    }
  });

  it('keeps the shapes the client sends', () => {
    expect(stringifyQuery({ per_page: 100, sort: 'name', include: ['icon'], page: undefined })).toBe(
      'include=icon&per_page=100&sort=name',
    );
    expect(stringifyQuery({ include: ['sport', 'venue'], broadcast: true, start: '2026-11-01T00:00:00+01:00' })).toBe(
      'broadcast=true&include=sport,venue&start=2026-11-01T00%3A00%3A00%2B01%3A00',
    );
    expect(stringifyQuery({ path: "/about/o'neil (new)!" })).toBe('path=%2Fabout%2Fo%27neil%20%28new%29%21');
    expect(stringifyQuery(undefined)).toBe('');
    expect(stringifyQuery({ a: null, b: [] })).toBe('');
  });
});
