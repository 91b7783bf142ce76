import type { SiteData } from '../templates/data.ts';
import { preloadDeferred } from '../templates/deferred.tsx';
import type { Payload } from './boot-data.ts';
import { startBuildPoller } from './build-poller.ts';
import { emit } from './events.ts';
import { applyHead } from './head.ts';
import { initLoadingBar } from './loading-bar.ts';
import { initNavigation } from './navigation.ts';
import { notFound } from './pages.ts';
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
  let shown = payload;
  // The host answers every unknown path with 404.html: name the path that was asked for.
  if (payload.error?.status === 404) {
    const view = notFound(location.pathname, site, buildId);
    show(view);
    applyHead(view.payload, site);
    shown = view.payload;
  }
  const saved = (history.state as { scroll?: [number, number] } | null)?.scroll;
  if (location.hash) scrollToHashWhenSettled(location.hash);
  else if (saved) scrollTo(saved[0], saved[1]);
  const url = new URL(location.href);
  emit('page:end', { url, payload: shown, query: await queryOf(url) });
  // Forms and sliders of later pages then render at once instead of after their chunk loads.
  setTimeout(() => void preloadDeferred(), 1000);
}
