import type { Payload } from '../src/contract/index.ts';
import { on } from './events.ts';
import { preloadDeferred } from '../templates/deferred.tsx';
import { headCode, navigableUrl } from './navigation.ts';
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
 * Template code fetched on speculation (a link in view, the layouts) waits until the page has been loaded this
 * long: the first seconds are a phone's busiest (hydration, photos, ads), and issue 21 holds everything a page
 * downloads in them to 90 KB of JavaScript. Payloads do not wait (they are small data), nor does anything a
 * visitor points at, focuses or touches.
 */
export const SPECULATIVE_CODE_DELAY_MS = 5000;

/**
 * Resolves SPECULATIVE_CODE_DELAY_MS after the end of the document's load event, never before it. Inside the load
 * event (the document is already complete then) its end is not known yet: asked again after it. A timer's delay is
 * whole milliseconds, cut down, so a fractional wait is rounded up, plus one: at exactly 5 s the code was counted in
 * the first 5 s (the home page's budget test saw a layout's chunk requested at the boundary).
 */
function settled(): Promise<void> {
  let asked = 0;
  return new Promise((resolve) => {
    const after = () => {
      const loaded = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      // Asked again for at most a second: a browser that never says counts from then.
      if (loaded && !loaded.loadEventEnd && asked++ < 100) return void setTimeout(after, 10);
      const since = loaded?.loadEventEnd ? performance.now() - loaded.loadEventEnd : 0;
      setTimeout(resolve, Math.max(0, Math.ceil(SPECULATIVE_CODE_DELAY_MS - since) + 1));
    };
    if (document.readyState === 'complete') after();
    else addEventListener('load', after, { once: true });
  });
}

/**
 * Prefetch pages before the visitor asks: a link's payload and template code load when the link scrolls into
 * view (one shared IntersectionObserver, in idle time) or at once when it is pointed at, focused or touched.
 * Each URL once; never more than five in flight.
 */
export function initPrefetch(buildId: string): void {
  if (!prefetchAllowed()) return;
  const seen = new Set<string>();
  const queue: { path: string; urgent: boolean }[] = [];
  let inFlight = 0;
  const codeMayLoad = settled();
  /** Payloads in hand whose code waits for the page to settle, by path. */
  const waiting = new Map<string, Payload>();
  /** Paths a visitor pointed at, focused or touched: their code loads as soon as their payload is in hand. */
  const wanted = new Set<string>();
  const loadCodeOf = (payload: Payload) => void loadCode(payload).catch(() => null);

  const pump = () => {
    while (inFlight < PREFETCH_CONCURRENCY && queue.length) {
      const { path, urgent } = queue.shift()!;
      inFlight++;
      void fetchPayload(path, buildId)
        .then((payload: Payload | null) => {
          if (!payload || payload.buildId !== buildId) return;
          if (urgent || wanted.has(path)) return loadCode(payload);
          waiting.set(path, payload);
          void codeMayLoad.then(() =>
            idle(() => {
              if (waiting.delete(path)) loadCodeOf(payload);
            }),
          );
        })
        .catch(() => null)
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };
  const prefetch = (anchor: Element | null, urgent: boolean) => {
    const url = navigableUrl(anchor);
    if (!url || url.pathname === location.pathname) return;
    if (urgent) {
      wanted.add(url.pathname);
      // What any client navigation runs: warm it with the first page pointed at.
      void headCode().catch(() => null);
    }
    const held = waiting.get(url.pathname);
    if (urgent && held) {
      // Pointed at while its code waits: load it now.
      waiting.delete(url.pathname);
      loadCodeOf(held);
      return;
    }
    if (seen.has(url.pathname)) {
      // Pointed at while its payload is queued on speculation: it goes first (in flight, it is in `wanted`).
      const queued = urgent ? queue.findIndex((entry) => entry.path === url.pathname) : -1;
      if (queued > 0) queue.unshift(...queue.splice(queued, 1));
      return;
    }
    if (urlRedirect(url.pathname)) return;
    const match = router.match(url.pathname);
    if (match.type !== 'match' || match.route.render !== 'static') return;
    seen.add(url.pathname);
    if (urgent) queue.unshift({ path: url.pathname, urgent });
    else queue.push({ path: url.pathname, urgent });
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
    // Spec §2: the game-day and ticketing layouts are preloaded on navigation (once the first page settles); so are
    // the head code of client navigations and the deferred blocks (forms, sliders) other pages may show, so that
    // they render at once instead of after their chunk loads.
    void codeMayLoad.then(() =>
      idle(() => {
        Object.values(LAYOUTS).forEach((load) => void load().catch(() => null));
        void headCode().catch(() => null);
        void preloadDeferred();
      }),
    );
  });
}
