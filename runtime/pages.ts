import type { Payload, SiteData } from '../src/contract/index.ts';
import { payloadUrl } from '../src/output/layout.ts';
import { createRouter } from '../src/routes/match.ts';
import { ROUTE_TABLE } from '../src/routes/injected.ts';
import { urlRedirect } from '../src/routes/url-rules.ts';
import { onNewContent } from './content.ts';
import { findRedirect } from './redirects.ts';
import { loadCode } from './templates.ts';
import { errorView, type View } from './views.ts';

/** How a URL is shown: rendered here, sent on to another URL, or handed to the browser for a full page load. */
export type Resolution =
  { type: 'view'; view: View } | { type: 'redirect'; location: string } | { type: 'document'; reason: string };

export const router = createRouter(ROUTE_TABLE);

// Behaviour §4 and §9: payloads are cached per build id (the key holds it), so a new build never reads an old entry;
// new content under the same build id (an incremental deploy) drops them.
const payloads = new Map<string, Promise<Payload | null>>();
onNewContent(() => payloads.clear());

/** A prerendered page's payload, fetched once per build; null when the host has none (not prerendered). */
export function fetchPayload(path: string, buildId: string): Promise<Payload | null> {
  const url = payloadUrl(path, buildId);
  let entry = payloads.get(url);
  if (!entry) {
    entry = fetch(url, { credentials: 'same-origin' })
      .then((response) =>
        response.ok && response.headers.get('content-type')?.includes('json')
          ? (response.json() as Promise<Payload>)
          : null,
      )
      .catch(() => null);
    payloads.set(url, entry);
    // A failure is not cached: the next attempt asks again.
    void entry.then((payload) => payload || payloads.delete(url));
  }
  return entry;
}

/** The 404 of behaviour §5 and §8 for a path: 'Sport not found' for an unknown sport, else 'Page Not Found: {path}'. */
export function notFound(path: string, site: SiteData, buildId: string): View {
  const match = router.match(path);
  const sport = match.type === 'match' ? match.params.sport : undefined;
  const message =
    typeof sport === 'string' && !site.sports.some((s) => s.slug === sport)
      ? 'Sport not found'
      : `Page Not Found: ${path}`;
  return errorView(path, buildId, 404, message);
}

/**
 * Where a path the site does not have goes: the URL rules (case, slashes, .aspx, legacy search), the build's
 * redirect table and the redirect service, or, when none of them has it, the 404 view. The one answer for both
 * a first load of 404.html (start.ts) and a client navigation (`resolve`).
 */
export async function resolveMissing(
  url: URL,
  site: SiteData,
  buildId: string,
): Promise<{ type: 'redirect'; location: string } | { type: 'view'; view: View }> {
  const rule = urlRedirect(url.pathname, url.search)?.location ?? (await findRedirect(url, site, buildId));
  return rule ? { type: 'redirect', location: rule } : { type: 'view', view: notFound(url.pathname, site, buildId) };
}

/**
 * Resolve a same-origin URL the way the host would: the URL rules, the redirect table, the route table and the
 * build's payloads, and the redirect service for a path the site does not have.
 */
export async function resolve(url: URL, site: SiteData, buildId: string): Promise<Resolution> {
  const path = url.pathname;
  const rule = urlRedirect(path, url.search);
  if (rule) return { type: 'redirect', location: rule.location };
  const tabled = await findRedirect(url, site, buildId, false);
  if (tabled) return { type: 'redirect', location: tabled };
  const match = router.match(path);
  const sport = match.type === 'match' ? match.params.sport : undefined;
  const unknownSport = typeof sport === 'string' && !site.sports.some((s) => s.slug === sport);
  if (match.type !== 'match' || unknownSport) return resolveMissing(url, site, buildId);
  if (match.route.render !== 'static') return { type: 'document', reason: `${match.route.render} route` };
  const payload = await fetchPayload(path, buildId);
  // Not prerendered (the host decides: a redirect, or its 404), or written by another build: load it whole.
  if (!payload) return { type: 'document', reason: 'no payload' };
  if (payload.buildId !== buildId) return { type: 'document', reason: 'new build' };
  return { type: 'view', view: { payload, ...(await loadCode(payload)), error: payload.error ?? null } };
}
