import type { SiteData } from '../src/contract/index.ts';
import { REDIRECTS_FILE, urlOf } from '../src/output/layout.ts';
import { checkedRedirect, redirectCheckUrl } from '../src/routes/redirect-service.ts';
import { redirectLocation, type Redirect } from '../src/routes/url-rules.ts';
import { onNewContent } from './content.ts';
import { log } from './errors.ts';

let table: Promise<Map<string, Redirect>> | null = null;
onNewContent(() => (table = null));

/** The build's redirect table (the same one the host files hold), fetched once per page load. */
export function redirectTable(buildId: string): Promise<Map<string, Redirect>> {
  table ??= fetch(`${urlOf(REDIRECTS_FILE)}?${buildId}`)
    .then((response) => (response.ok ? (response.json() as Promise<{ redirects: Redirect[] }>) : { redirects: [] }))
    .then(({ redirects }) => new Map(redirects.map((r) => [r.source, r])))
    .catch(() => new Map());
  return table;
}

let warned = false;

/** Spec §7: ask the redirect service about a path the site does not have. */
async function checkService(url: URL, site: SiteData): Promise<string | null> {
  const base = site.api.redirectServiceUrl;
  if (!base) {
    if (!warned) log('warn', 'Redirect base url is not set.');
    warned = true;
    return null;
  }
  try {
    const response = await fetch(redirectCheckUrl(base, url.pathname), {
      credentials: 'include',
      mode: 'cors',
      cache: 'no-store',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!response.ok) return null;
    return checkedRedirect(await response.json(), url.search)?.location ?? null;
  } catch {
    return null;
  }
}

/** Where a path the site does not have should go: the build's table first, then the redirect service. */
export async function findRedirect(
  url: URL,
  site: SiteData,
  buildId: string,
  askService = true,
): Promise<string | null> {
  const rule = (await redirectTable(buildId)).get(url.pathname);
  if (rule) return redirectLocation(rule, url.search);
  return askService ? checkService(url, site) : null;
}
