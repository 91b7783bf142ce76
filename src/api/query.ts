import qs from 'qs';

/** Query-string limits of behaviour §9. */
export const QUERY_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

/** Encode a query the way the API expects: arrays as comma-separated lists, empty values dropped. */
export function stringifyQuery(query: Query | undefined): string {
  if (!query) return '';
  return qs.stringify(query, { arrayFormat: 'comma', encodeValuesOnly: true, skipNulls: true, sort: compareKeys });
}

/** Parse a query string with the spec's limits (array limit 20, depth 5, parameter limit 1000). */
export function parseQuery(search: string): qs.ParsedQs {
  return qs.parse(search.startsWith('?') ? search.slice(1) : search, {
    arrayLimit: QUERY_LIMITS.arrayLimit,
    depth: QUERY_LIMITS.depth,
    parameterLimit: QUERY_LIMITS.parameterLimit,
  });
}

// Stable key order, so the same request always has the same URL (cache keys, ETags, logs).
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
