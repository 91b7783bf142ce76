import qs from 'qs';

/** Query-string limits of behaviour §9. */
export const QUERY_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

/** Parse a page's query string with qs under the spec's limits (array limit 20, depth 5, parameter limit 1000). */
export function parseQuery(search: string): qs.ParsedQs {
  return qs.parse(search.startsWith('?') ? search.slice(1) : search, {
    arrayLimit: QUERY_LIMITS.arrayLimit,
    depth: QUERY_LIMITS.depth,
    parameterLimit: QUERY_LIMITS.parameterLimit,
  });
}
