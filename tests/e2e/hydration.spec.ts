import { expect, test, type Page } from '@playwright/test';
import { hydrated, isHydrated, watchErrors } from './helpers.ts';

/**
 * When a page hydrates (runtime/hydrate.ts, issue 21): its HTML names one small script, and React with the page's
 * code loads once the page has loaded, at the visitor's first input, or START_BY_MS after parsing, whichever comes
 * first. A click on a control before then is held and given to the control once the page has hydrated.
 *
 * Each test holds the page's photos back, so its load event waits as it does on a slow phone network.
 */

/** Hold every image request until `release` is called; report the boot module's requests. */
async function holdImages(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const bootRequests: number[] = [];
  const started = Date.now();
  page.on('request', (request) => {
    if (/\/_site\/assets\/boot-\w+\.js$/.test(new URL(request.url()).pathname)) bootRequests.push(Date.now() - started);
  });
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'image') return route.continue();
    await released;
    await route.continue().catch(() => {});
  });
  return { release, bootRequests };
}

test.describe('hydration waits for the page', () => {
  test.setTimeout(60_000);

  test('loads React only once the page has loaded, and then hydrates without errors', async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { release, bootRequests } = await holdImages(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Headlines' })).toBeVisible();
    // The photos are still on their way: the load event has not fired, and nothing of hydration has been asked for.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(bootRequests).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    release();
    await page.waitForLoadState('load');
    await hydrated(page);
    expect(bootRequests).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('a menu button clicked before hydration opens its menu once the page has hydrated', async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { release } = await holdImages(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const sports = page.getByRole('button', { name: 'Sports' });
    await expect(sports).toHaveAttribute('aria-expanded', 'false');
    expect(await isHydrated(page)).toBe(false);
    // The pointer going down starts hydration; the click is held until the menu's own handler is there.
    await sports.click();
    await expect(sports).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Football' }).first()).toBeVisible();
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    release();
    expect(errors).toEqual([]);
  });

  test('a page whose photos never finish hydrates by itself within seconds', async ({ page }) => {
    const errors = watchErrors(page);
    const { release, bootRequests } = await holdImages(page);
    await page.goto('/sports/football/roster', { waitUntil: 'domcontentloaded' });
    await hydrated(page);
    expect(bootRequests).toHaveLength(1);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    release();
    expect(errors).toEqual([]);
  });

  test('when hydration cannot load, clicks are no longer held: the page stays plain HTML', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route(/\/_site\/assets\/boot-\w+\.js$/, (route) => route.abort());
    const failed = page.waitForEvent('console', (message) => message.text().includes('could not hydrate'));
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => {
      (window as { clicks?: number }).clicks = 0;
      document.addEventListener('click', () => (window as { clicks?: number }).clicks!++);
    });
    const sports = page.getByRole('button', { name: 'Sports' });
    // Focus moving in starts hydration; once its module has failed, a click is no longer held for it.
    await sports.focus();
    await failed;
    await sports.click();
    expect(await page.evaluate(() => (window as { clicks?: number }).clicks)).toBe(1);
    expect(await isHydrated(page)).toBe(false);
  });

  test('a link followed before hydration navigates as a plain link', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { release } = await holdImages(page);
    await page.goto('/news', { waitUntil: 'domcontentloaded' });
    const first = page.locator('main a[href^="/news/"]').first();
    const href = await first.getAttribute('href');
    await first.click({ noWaitAfter: true });
    await page.waitForURL((url) => url.pathname === href, { waitUntil: 'commit' });
    release();
  });
});
