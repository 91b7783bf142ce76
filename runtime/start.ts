import type { SiteData } from '../src/contract/index.ts';
import type { Payload } from './boot-data.ts';
import { startBuildPoller } from './build-poller.ts';
import { emit } from './events.ts';
import { reportError } from './errors.ts';
import { initAds } from './ads.ts';
import { initIdentity } from './identity.ts';
import { apiCalls, liveApi } from './live-api.ts';
import { initLoadingBar } from './loading-bar.ts';
import { headCode, initNavigation } from './navigation.ts';
import { urlRedirect } from '../src/routes/url-rules.ts';
import { notFound, resolveMissing, router } from './pages.ts';
import { redirectTable } from './redirects.ts';
import { initPrefetch } from './prefetch.ts';
import { queryOf } from './query.ts';
import { initScripts } from './scripts.ts';
import { scrollToHashWhenSettled } from './scroll.ts';
import type { View } from './views.ts';

export interface StartOptions {
  site: SiteData;
  buildId: string;
  /** The payload the page hydrated from. */
  payload: Payload;
  show(view: View): void;
}

/**
 * Everything that makes the hydrated page an app: navigation, prefetch, loading bar, new-build polling, page and
 * sport scripts. Its own chunk, loaded after hydration, so none of it delays the first paint or hydration.
 */
export async function start({ site, buildId, payload, show }: StartOptions): Promise<void> {
  initLoadingBar();
  const poller = startBuildPoller(buildId, site.runtime);
  initNavigation({ site, buildId, show, reloadFor: poller.reloadFor });
  initPrefetch(buildId);
  initScripts(site.runtime);
  const api = () => liveApi(site);
  initAds(site, () => apiCalls(site));
  initIdentity(site, api);
  void redirectTable(buildId);
  let shown = payload;
  // The host answers every path it has no file for with 404.html: apply the URL rules and redirects it could not
  // (a host that cannot lowercase, a rule the service gained after the build), or name the path asked for; a shell
  // served for parameters that fail their rules names its path too.
  const invalidShell =
    !payload.error && router.match(location.pathname).type !== 'match' && !urlRedirect(location.pathname);
  if (payload.error?.status === 404 || invalidShell) {
    const missing = payload.error
      ? await resolveMissing(new URL(location.href), site, buildId)
      : ({ type: 'view', view: notFound(location.pathname, site, buildId) } as const);
    if (missing.type === 'redirect') return location.replace(missing.location);
    show(missing.view);
    await headCode()
      .then((head) => head.applyHead(missing.view.payload, site))
      .catch((error: unknown) => reportError(error, { phase: 'start' }));
    shown = missing.view.payload;
  }
  // A host that served a page at a non-canonical address (Netlify serves /news/ as /news): show the canonical one.
  const canonical = !payload.error ? urlRedirect(location.pathname, location.search) : null;
  if (canonical && new URL(canonical.location, location.href).pathname === payload.path)
    history.replaceState(history.state, '', canonical.location + location.hash);
  const saved = (history.state as { scroll?: [number, number] } | null)?.scroll;
  if (location.hash) scrollToHashWhenSettled(location.hash);
  else if (saved) scrollTo(saved[0], saved[1]);
  const url = new URL(location.href);
  emit('page:end', { url, payload: shown, query: await queryOf(url) });
}
