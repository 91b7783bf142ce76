import type { Payload } from '../src/contract/index.ts';
import { on } from './events.ts';
import { navigableUrl } from './navigation.ts';
import { urlRedirect } from '../src/routes/url-rules.ts';
import { fetchPayload, router } from './pages.ts';
import { LAYOUTS } from '../templates/layouts/index.ts';
import { loadCode } from './templates.ts';

/** Spec §2 and §9: at most this many pages preload at once; the rest wait their turn. */
export const PREFETCH_CONCURRENCY = 5;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Spec §2: no prefetching when the visitor saves data or is on a 2g connection. */
export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !connection?.saveData && !/2g/.test(connection?.effectiveType ?? '');
}

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 1);

/**
 * Prefetch pages before the visitor asks: a link's payload and template code load when the link scrolls into
 * view (one shared IntersectionObserver, in idle time) or at once when it is pointed at, focused or touched.
 * Each URL once; never more than five in flight.
 */
export function initPrefetch(buildId: string): void {
  if (!prefetchAllowed()) return;
  const seen = new Set<string>();
  const queue: string[] = [];
  let inFlight = 0;

  const pump = () => {
    while (inFlight < PREFETCH_CONCURRENCY && queue.length) {
      const path = queue.shift()!;
      inFlight++;
      void fetchPayload(path, buildId)
        .then((payload: Payload | null) => (payload && payload.buildId === buildId ? loadCode(payload) : null))
        .catch(() => null)
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };
  const prefetch = (anchor: Element | null, urgent: boolean) => {
    const url = navigableUrl(anchor);
    if (!url || seen.has(url.pathname) || url.pathname === location.pathname || urlRedirect(url.pathname)) return;
    const match = router.match(url.pathname);
    if (match.type !== 'match' || match.route.render !== 'static') return;
    seen.add(url.pathname);
    if (urgent) queue.unshift(url.pathname);
    else queue.push(url.pathname);
    pump();
  };

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      idle(() => prefetch(entry.target, false));
    }
  });
  const observeLinks = () =>
    idle(() => {
      for (const anchor of document.querySelectorAll('#app a[href]')) {
        const url = navigableUrl(anchor);
        if (url && !seen.has(url.pathname)) observer.observe(anchor);
      }
    });
  const interact = (event: Event) => prefetch((event.target as Element | null)?.closest?.('a') ?? null, true);
  document.addEventListener('pointerover', interact, { passive: true });
  document.addEventListener('focusin', interact, { passive: true });
  document.addEventListener('touchstart', interact, { passive: true });

  on('page:end', () => {
    observer.disconnect();
    observeLinks();
    // Spec §2: the game-day and ticketing layouts are preloaded on navigation.
    idle(() => Object.values(LAYOUTS).forEach((load) => void load().catch(() => null)));
  });
}
