import type { Page } from '@playwright/test';
import { SAMPLING_KEY, type SessionRolls } from '../../runtime/error-sampling.ts';
import { REMOVED_HEADSHOTS } from '../../src/demo/server/wire.ts';

/**
 * The demo's headshots that 404 on purpose (src/demo/server/wire.ts, `brokenHeadshot`): pages swap them for the
 * default photo, but the browser still logs the failed load, which is not the page's error.
 */
const brokenHeadshot = (url: string) => url.includes(REMOVED_HEADSHOTS);

/** Collect console errors and page errors (a hydration mismatch shows up as one). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource') && brokenHeadshot(message.location().url)) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** The page has hydrated when React attached its props to the root's first element (run in the page). */
const reactAttached = () => {
  const el = document.querySelector('.site');
  return !!el && Object.keys(el).some((key) => key.startsWith('__reactProps'));
};

/** Wait until the page has hydrated. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(reactAttached);
}

/** Has the page hydrated yet? */
export const isHydrated = (page: Page): Promise<boolean> => page.evaluate(reactAttached);

/**
 * A deferred block (slider, form, ticker: templates/deferred.tsx) is hydrated when its code arrives, after the page:
 * wait until the element `selector` names carries React's props, so a key pressed on it is the component's.
 */
export async function blockHydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const el = document.querySelector(css);
    return !!el && Object.keys(el).some((key) => key.startsWith('__reactProps'));
  }, selector);
}

type Recorded = { type: string; path: string; query?: unknown };
declare global {
  interface Window {
    __fhEvents?: Recorded[];
    __marker?: number;
  }
}

const recording = new WeakSet<Page>();

/**
 * Record the runtime's public lifecycle events (fieldhouse:page-start/-end/-cancel) from the first byte on. Once per
 * page: init scripts accumulate, and a second copy would record every event twice, so `pageEnds(page, 2)` would
 * pass on the first page's own event (a flaky ads test in CI).
 */
export async function recordRuntimeEvents(page: Page): Promise<void> {
  if (recording.has(page)) return;
  recording.add(page);
  await page.addInitScript(() => {
    window.__fhEvents = [];
    for (const type of ['page-start', 'page-end', 'page-cancel']) {
      document.addEventListener(`fieldhouse:${type}`, (event) => {
        window.__fhEvents!.push({
          type,
          path: location.pathname,
          query: (event as CustomEvent<{ query?: unknown }>).detail.query,
        });
      });
    }
  });
}

/** Wait until the runtime has started (after hydration) and announced `count` pages. */
export async function pageEnds(page: Page, count = 1): Promise<void> {
  await page.waitForFunction((n) => (window.__fhEvents ?? []).filter((e) => e.type === 'page-end').length >= n, count);
}

/** A value on `window` survives client navigations and is lost on a full page load. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__marker = 1;
  });
}
export const windowMarked = (page: Page) => page.evaluate(() => window.__marker === 1);

/** Put a link into the page (for URLs no template links to: invalid parameters, unknown sports). */
export async function addLink(page: Page, href: string, text: string): Promise<void> {
  await page.evaluate(
    ([h, t]) => {
      document.getElementById('test-link')?.remove();
      const a = document.createElement('a');
      a.href = h!;
      a.textContent = t!;
      a.id = 'test-link';
      document.querySelector('#main')!.prepend(a);
    },
    [href, text],
  );
}

/** Serve the site data with its runtime config changed (for what site.config.ts sets and the demo does not). */
export async function withRuntimeConfig(page: Page, change: (runtime: Record<string, unknown>) => void): Promise<void> {
  await page.route('**/_site/data/site-*.json', async (route) => {
    try {
      const response = await route.fetch();
      const site = (await response.json()) as { runtime: Record<string, unknown> };
      change(site.runtime);
      await route.fulfill({ response, json: site });
    } catch {
      // The page reloaded while this request was on its way (the reload tests do that on purpose).
      await route.abort().catch(() => undefined);
    }
  });
}

/**
 * Fix the tab session's error-reporting rolls (runtime/error-sampling.ts) before the first page: below a sample
 * rate samples the session in, at or above it leaves it out.
 */
export async function rollSession(page: Page, rolls: SessionRolls): Promise<void> {
  await page.addInitScript(
    ([key, value]) => sessionStorage.setItem(key!, value!),
    [SAMPLING_KEY, JSON.stringify(rolls)],
  );
}
