import type { SiteData } from '../src/contract/index.ts';
import { emit } from './events.ts';
import { isPagePath } from '../src/routes/url-rules.ts';
import { resolve } from './pages.ts';
import { queryOf } from './query.ts';
import type { View } from './views.ts';
import { scrollToHash } from './scroll.ts';

export interface NavigationOptions {
  site: SiteData;
  buildId: string;
  /** Put a view on screen synchronously (React commit included). */
  show(view: View): void;
  /** The build poller's say: reload to this URL instead of navigating (a new build is out). */
  reloadFor?(url: URL): boolean;
}

interface EntryState {
  /** Identifies the history entry, for its scroll position. */
  key?: string;
  /** Scroll position when the visitor left this entry (kept across reloads). */
  scroll?: [number, number];
}

const newKey = () => Math.random().toString(36).slice(2);

/**
 * The code that rewrites the head after a client navigation (src/head/tags.ts and the structured data, about a
 * third of the navigation code): its own chunk, fetched beside the first payload a visitor asks for (or when the
 * prefetcher warms it), so the first seconds of a page load only what the page itself uses.
 */
export const headCode = () => import('./head.ts');

/** Links the runtime may take over: same origin, a page (not a file), no target, no download, no opt-out. */
export function navigableUrl(anchor: Element | null): URL | null {
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.href) return null;
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  if (/\bexternal\b/.test(anchor.rel) || anchor.hasAttribute('data-fh-reload')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || !isPagePath(url.pathname)) return null;
  return url;
}

const samePage = (a: URL, b: URL) => a.pathname === b.pathname && a.search === b.search;

/**
 * Client-side navigation: internal links and back/forward render the next page from its payload without a full
 * load. Anything the runtime cannot show faithfully (a redirect rule, a route rendered in the browser, a page
 * without a payload of this build) becomes a normal page load, so the host's answer always wins.
 */
let addEntry: ((url: URL) => void) | null = null;

/**
 * A new history entry for the page on screen (a new search on /search): the address can be shared and reloaded,
 * and Back returns to the previous one. Before the runtime has started, a plain pushState.
 */
export function addHistoryEntry(url: URL): void {
  if (addEntry) addEntry(url);
  else history.pushState(history.state, '', url.href);
}

export function initNavigation(options: NavigationOptions): { navigate(url: URL): Promise<void> } {
  const { site, buildId, show } = options;
  history.scrollRestoration = 'manual';
  let current = new URL(location.href);
  let sequence = 0;
  const announcer = document.createElement('p');
  announcer.className = 'visually-hidden';
  announcer.setAttribute('aria-live', 'assertive');
  announcer.setAttribute('aria-atomic', 'true');
  document.body.append(announcer);

  // Scroll positions by history entry: recorded as the visitor scrolls, because popstate fires after the entry
  // has already changed.
  const positions = new Map<string, [number, number]>();
  const state = () => (history.state as EntryState | null) ?? {};
  if (!state().key) history.replaceState({ ...state(), key: newKey() } satisfies EntryState, '');
  let currentKey = state().key!;
  let pending = 0;
  addEventListener(
    'scroll',
    () => {
      if (pending) return;
      pending = requestAnimationFrame(() => {
        pending = 0;
        positions.set(currentKey, [scrollX, scrollY]);
      });
    },
    { passive: true },
  );
  const savedScroll = (): [number, number] | undefined => positions.get(state().key ?? '') ?? state().scroll;
  const saveScroll = () => history.replaceState({ ...state(), scroll: [scrollX, scrollY] } satisfies EntryState, '');
  const push = (href: string) => {
    saveScroll();
    currentKey = newKey();
    history.pushState({ key: currentKey } satisfies EntryState, '', href);
  };

  async function navigate(url: URL, mode: 'push' | 'pop' | 'replace' = 'push', hops = 0): Promise<void> {
    const token = ++sequence;
    if (mode === 'push' && options.reloadFor?.(url)) return;
    emit('page:start', { url });
    const [resolution, query, head] = await Promise.all([
      resolve(url, site, buildId).catch(() => ({ type: 'document' as const, reason: 'error' })),
      queryOf(url),
      headCode().catch(() => null),
    ]);
    if (token !== sequence) return emit('page:cancel', { url });
    if (resolution.type === 'redirect') {
      const next = new URL(resolution.location, url);
      emit('page:cancel', { url });
      // A redirect stands in for the URL asked for; a chain that does not end is left to the browser.
      if (next.origin !== location.origin || !isPagePath(next.pathname) || hops >= 5) return location.assign(next.href);
      return navigate(next, mode === 'push' ? 'push' : 'replace', hops + 1);
    }
    if (resolution.type === 'document' || !head) {
      // The page is not one this runtime can show (or its head code did not load): the browser loads it.
      emit('page:cancel', { url });
      if (mode === 'pop') location.reload();
      else location.assign(url.href);
      return;
    }
    if (mode === 'push') push(url.href);
    else if (mode === 'replace') history.replaceState({ key: currentKey } satisfies EntryState, '', url.href);
    const { view } = resolution;
    show(view);
    current = url;
    head.applyHead(view.payload, site);
    const saved = mode === 'pop' ? savedScroll() : undefined;
    if (saved) scrollTo(saved[0], saved[1]);
    else if (!url.hash || !scrollToHash(url.hash, true)) scrollTo(0, 0);
    if (!url.hash) document.getElementById('main')?.focus({ preventScroll: true });
    announcer.textContent = document.title;
    emit('page:end', { url, payload: view.payload, query });
  }

  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const url = navigableUrl((event.target as Element).closest('a'));
    if (!url) return;
    event.preventDefault();
    if (samePage(url, current) && url.hash) {
      // In-page anchor (the skip link, a table of contents): no reload, just the offset scroll.
      if (url.hash !== location.hash) push(url.href);
      scrollToHash(url.hash, true);
      return;
    }
    void navigate(url);
  });

  addEventListener('popstate', () => {
    const url = new URL(location.href);
    currentKey = state().key ?? newKey();
    if (samePage(url, current)) {
      const saved = savedScroll();
      if (saved) scrollTo(saved[0], saved[1]);
      else if (url.hash) scrollToHash(url.hash, true);
      current = url;
      return;
    }
    void navigate(url, 'pop');
  });
  addEntry = (url) => {
    push(url.href);
    current = url;
  };
  // Leaving for another site or reloading: remember where the visitor was, for their way back.
  addEventListener('pagehide', saveScroll);

  return { navigate };
}
