/**
 * The API's query strings. Encoding is our own (the build and the browser's live calls share it): qs, which the
 * spec names for query strings, costs 17.8 KB gzipped in the browser with its dependencies, and the queries the
 * API takes are flat, so the encoding is a few lines. tests/api/query.test.ts checks it against qs.stringify
 * with the options it replaces. Parsing a page's query string (nested, limited) stays with qs: query-parse.ts.
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

/** RFC 3986 percent-encoding, as qs does it: encodeURIComponent, plus the five characters it leaves alone. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

// Stable key order, so the same request always has the same URL (cache keys, ETags, logs).
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Encode a query the way the API expects: keys in order and as they are, arrays as comma-separated lists (each
 * value encoded, the commas not); null, undefined and lists that join to nothing are dropped. The same string as
 * qs.stringify with `{ arrayFormat: 'comma', encodeValuesOnly: true, skipNulls: true, sort }`.
 */
export function stringifyQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const key of Object.keys(query).sort(compareKeys)) {
    const value = query[key];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      // A list that joins to nothing is dropped like a null (qs's comma format does so).
      const joined = value.map((item) => encode(String(item))).join(',');
      if (joined) parts.push(`${key}=${joined}`);
    } else parts.push(`${key}=${encode(String(value))}`);
  }
  return parts.join('&');
}
