import { stringifyQuery, type Query } from './query.ts';

/**
 * How every call to the content API is addressed and what it says about itself (behaviour §7): one definition for
 * the build's API client (src/api/client.ts) and the browser's caller (runtime/api-calls.ts), which goes without
 * the client to keep a page's first seconds light.
 */

const ACCEPT = 'application/json, text/plain, */*';

/** The full URL of a call: `base` + `prefix` + `path` for content calls, `path` itself for absolute services. */
export function apiUrl(
  api: { baseUrl: string; prefix: string },
  path: string,
  query?: Query,
  absolute = false,
): string {
  const qs = stringifyQuery(query);
  const target = absolute ? path : `${apiRoot(api)}${path.startsWith('/') ? path : `/${path}`}`;
  return qs ? `${target}${target.includes('?') ? '&' : '?'}${qs}` : target;
}

/** The base URL and prefix as one, with no slash at either end of the join. */
export function apiRoot(api: { baseUrl: string; prefix: string }): string {
  const base = api.baseUrl.replace(/\/+$/, '');
  return api.prefix ? `${base}/${api.prefix.replace(/^\/+|\/+$/g, '')}` : base;
}

/**
 * The headers of every call: X-Requested-With and Accept; Origin where the caller is not a browser (which sets it
 * itself); X-Oas-Identity from the bypass cookie when it has a value.
 */
export function apiHeaders(
  identity: string | null | undefined,
  origin?: string,
  extra?: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: ACCEPT, ...extra };
  if (origin) out.Origin = origin;
  if (identity) out['X-Oas-Identity'] = identity;
  return out;
}
