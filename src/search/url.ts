import type { SearchQuery } from './query.ts';

/** A search lives in the address bar, `/search?s=…&sport=…&team_name=…&page=…`, so it can be shared and reloaded. */
const PARAMS = { s: 's', sport: 'sport', teamName: 'team_name', page: 'page' } as const;

export function readSearch(search: string): SearchQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get(PARAMS.page));
  return {
    s: params.get(PARAMS.s) ?? '',
    sport: params.get(PARAMS.sport) || null,
    teamName: params.get(PARAMS.teamName) || null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function searchHref(query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.s) params.set(PARAMS.s, query.s);
  if (query.sport) params.set(PARAMS.sport, query.sport);
  if (query.teamName) params.set(PARAMS.teamName, query.teamName);
  if (query.page && query.page > 1) params.set(PARAMS.page, String(query.page));
  const qs = params.toString();
  return qs ? `/search?${qs}` : '/search';
}
