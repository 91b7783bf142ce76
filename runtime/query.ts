/** A page's query string, parsed with qs under behaviour §9's limits (array 20, depth 5, 1000 parameters). */
export type Query = Record<string, unknown>;

/** qs loads only when a URL has a query string: most pages never pay for it. */
export async function queryOf(url: URL): Promise<Query> {
  if (url.search.length <= 1) return {};
  const { parseQuery } = await import('../src/api/query-parse.ts');
  return parseQuery(url.search);
}
