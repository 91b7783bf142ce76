import type { Ad } from '../src/api/schemas/index.ts';
import type { SiteData } from '../src/contract/index.ts';
import { reportError } from './errors.ts';
import { on } from './events.ts';
import type { ApiCalls } from './api-calls.ts';

/** The ad constants of behaviour §9, each where it acts. */
export const AD_TIMING = {
  /**
   * input, 1000 ms: an ad counts as seen once at least half of it has been on screen this long (the IAB's
   * one-second viewability rule); then its own call (GET /simages/{id}?event=impression) goes out.
   */
  inputMs: 1000,
  /** cache time, 1,200,000 ms: a zone's ads are reused this long; a page with the same zone makes no new request. */
  cacheMs: 1_200_000,
  /** navigation throttle, 200 ms: the fetch waits this long after a page load ends, so a quick run of navigations asks once, for the page that stays. */
  navigationThrottleMs: 200,
  /** revoke, 40,000 ms: an impression of the same ad in the same zone is counted again only after this long. */
  revokeMs: 40_000,
  /** slide display, 7: a zone with several ads shows each for 7 seconds in turn (paused on hover and focus, never with reduced motion). */
  slideDisplaySeconds: 7,
} as const;

const ZONE_SELECTOR = '[data-ad-zone]';
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Is this a web address, as the browser's own URL parser reads it (absolute http(s), or relative to `base`)? Not
 * `javascript:`, `data:` or any other scheme, and not empty or missing.
 */
function isWeb(value: unknown, base: string): boolean {
  try {
    return !!(value as string).trim() && /^https?:$/.test(new URL(value as string, base).protocol);
  } catch {
    return false;
  }
}

/**
 * The ads of a zone that are safe to show. The browser gets them straight from the API, unchecked: one whose link
 * or image is not a web address is left out and reported, naming the endpoint, the ad and the field, so the CMS's
 * people can mend it; the zone's other ads still show. An answer that is not a list of ads fails the fetch.
 */
function usableAds(ads: Ad[] = [], zone: string, apiBase: string): Ad[] {
  return ads.filter((ad) => {
    const field = !isWeb(ad.url, location.href) ? 'url' : !isWeb(ad.image?.url, apiBase) ? 'image.url' : '';
    if (field) reportError(new Error(`GET /simages: ad ${ad.id} of zone ${zone} has no usable ${field}`));
    return !field;
  });
}

/**
 * Behaviour §4: the zone list is cleared when the app renders and when a page load starts; the zones of the page
 * register when its load ends and their ads are fetched (GET /simages?zones=…); one fetch at a time, none
 * without zones; ads are kept by zone uuid. A failed load is reported and the page carries on without ads.
 */
export function initAds(site: SiteData, api: () => Promise<ApiCalls>, now: () => number = Date.now) {
  let zones = new Set<string>();
  const cache = new Map<string, { ads: Ad[]; at: number }>();
  const counted = new Map<string, number>();
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let page = 0;
  const cleanups: (() => void)[] = [];

  const clear = () => {
    zones = new Set();
    clearTimeout(timer);
    page++;
    cleanups.splice(0).forEach((stop) => stop());
  };

  async function fetchAds(): Promise<void> {
    if (zones.size === 0) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    const forPage = page;
    const wanted = [...zones];
    const fresh = (uuid: string) => (cache.get(uuid)?.at ?? -Infinity) > now() - AD_TIMING.cacheMs;
    const missing = wanted.filter((uuid) => !fresh(uuid));
    try {
      if (missing.length) {
        const answer = ((await (await api()).get('/simages', { zones: missing })) as { data: Record<string, Ad[]> })
          .data;
        const at = now();
        for (const uuid of missing) cache.set(uuid, { ads: usableAds(answer[uuid], uuid, site.api.baseUrl), at });
      }
      if (forPage === page) for (const uuid of wanted) fill(uuid);
    } catch (error) {
      reportError(error, { feature: 'ads', zones: missing });
      // The zones whose ads did not come leave no empty box behind; those still cached are filled.
      if (forPage === page) wanted.forEach((uuid) => (fresh(uuid) ? fill(uuid) : collapse(uuid)));
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      void fetchAds();
    }
  }

  const zonesOf = (uuid: string) =>
    document.querySelectorAll<HTMLElement>(`${ZONE_SELECTOR}[data-ad-zone="${CSS.escape(uuid)}"]`);

  /** A zone without ads (none, the load failed, or every image broke) is hidden: no gap in the page. */
  function collapse(uuid: string): void {
    for (const zone of zonesOf(uuid)) if (!zone.dataset.adState) zone.dataset.adState = 'failed';
  }

  function fill(uuid: string): void {
    const ads = cache.get(uuid)?.ads ?? [];
    for (const zone of zonesOf(uuid)) {
      const slot = zone.querySelector<HTMLElement>('.ad-slot');
      if (!slot || zone.dataset.adState) continue;
      zone.dataset.adState = ads.length ? 'filled' : 'empty';
      const links = ads.map((ad, i) => {
        const link = document.createElement('a');
        link.href = ad.url;
        link.rel = 'sponsored noopener';
        link.hidden = i > 0;
        const img = document.createElement('img');
        img.src = new URL(ad.image.url, site.api.baseUrl).href;
        img.alt = ad.image.alt || ad.title;
        if (ad.image.width && ad.image.height) {
          img.width = ad.image.width;
          img.height = ad.image.height;
        }
        img.loading = 'lazy';
        img.decoding = 'async';
        // An image that does not load leaves the rotation; when none is left, the zone goes.
        img.addEventListener('error', () => dropBroken(zone, links, link), { once: true });
        link.append(img);
        if (ad.target_blank) {
          link.target = '_blank';
          const note = document.createElement('span');
          note.className = 'visually-hidden';
          note.textContent = ' (opens in a new tab)';
          link.append(note);
        }
        slot.append(link);
        return link;
      });
      if (links.length) watch(zone, uuid, ads, links);
    }
  }

  function dropBroken(zone: HTMLElement, links: HTMLAnchorElement[], link: HTMLAnchorElement): void {
    link.dataset.broken = 'true';
    const working = links.filter((l) => !l.dataset.broken);
    if (working.length === 0) {
      zone.dataset.adState = 'failed';
      return;
    }
    if (!link.hidden) {
      link.hidden = true;
      working[0]!.hidden = false;
    }
  }

  /** Impressions after the input time on screen, and the slide rotation while the zone is in view. */
  function watch(zone: HTMLElement, uuid: string, ads: Ad[], links: HTMLAnchorElement[]): void {
    let shown = 0;
    let seenTimer: ReturnType<typeof setTimeout> | undefined;
    let rotation: ReturnType<typeof setInterval> | undefined;
    let paused = false;
    const impression = () => {
      const ad = ads[shown]!;
      const key = `${uuid}:${ad.id}`;
      if ((counted.get(key) ?? -Infinity) > now() - AD_TIMING.revokeMs) return;
      counted.set(key, now());
      void api()
        .then((calls) => calls.get(`/simages/${ad.id}`, { event: 'impression', zone: uuid }))
        .catch((error: unknown) => reportError(error, { feature: 'ads', ad: ad.id }));
    };
    const rotate = () => {
      if (paused || links.every((l) => l.dataset.broken)) return;
      links[shown]!.hidden = true;
      do shown = (shown + 1) % links.length;
      while (links[shown]!.dataset.broken);
      links[shown]!.hidden = false;
      clearTimeout(seenTimer);
      seenTimer = setTimeout(impression, AD_TIMING.inputMs);
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(seenTimer);
        clearInterval(rotation);
        if (!entry?.isIntersecting) return;
        seenTimer = setTimeout(impression, AD_TIMING.inputMs);
        if (links.length > 1 && !matchMedia(REDUCED_MOTION).matches)
          rotation = setInterval(rotate, AD_TIMING.slideDisplaySeconds * 1000);
      },
      { threshold: 0.5 },
    );
    observer.observe(zone);
    const pause = () => (paused = true);
    const resume = () => (paused = false);
    zone.addEventListener('pointerenter', pause);
    zone.addEventListener('pointerleave', resume);
    zone.addEventListener('focusin', pause);
    zone.addEventListener('focusout', resume);
    cleanups.push(() => {
      observer.disconnect();
      clearTimeout(seenTimer);
      clearInterval(rotation);
    });
  }

  clear();
  on('page:start', clear);
  on('page:end', () => {
    for (const zone of document.querySelectorAll<HTMLElement>(ZONE_SELECTOR))
      if (zone.dataset.adZone) zones.add(zone.dataset.adZone);
    clearTimeout(timer);
    timer = setTimeout(() => void fetchAds(), AD_TIMING.navigationThrottleMs);
  });
}
