/**
 * Real departments' content in the browser (issue 16): the demo's uneven seasons and wire shapes, as fans meet them.
 * Nothing links to, prefetches or asks for a page that was not built; dates hydrate as the build wrote them.
 */
import { expect, test, type Page } from '@playwright/test';
import { NO_NEWS_SPORT, ROSTER_ONLY_SPORT } from '../../src/demo/generate/coverage.ts';
import { generateDataset } from '../../src/demo/dataset.ts';
import { hydrated, pageEnds, recordRuntimeEvents, watchErrors } from './helpers.ts';

const dataset = generateDataset();

/** Every same-origin request that answered 404 (a prefetched payload of a page that does not exist shows here). */
function notFound(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() === 404 && url.port === new URL(page.url() || 'http://x').port) seen.push(url.pathname);
  });
  return seen;
}

const sportMenu = (page: Page) =>
  page.locator('#sport-nav li a').evaluateAll((links) => links.map((a) => (a.textContent ?? '').trim()));

test('a sport without news has no News in its menu, and nothing asks for its news page', async ({ page }) => {
  const errors = watchErrors(page);
  const missing = notFound(page);
  await recordRuntimeEvents(page);
  await page.goto(`/sports/${NO_NEWS_SPORT}`);
  await pageEnds(page);
  expect(await sportMenu(page)).toEqual(['Home', 'Schedule', 'Roster', 'Stats', 'Videos', 'Photos']);
  // Visible links are prefetched in idle time: give it the time a fan would, then look for 404s.
  await page.locator('#sport-nav').hover();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').length)).toBeGreaterThan(5);
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
  expect(errors).toEqual([]);
});

test('a sport with rosters and no schedule: Home, Roster, Videos and Photos, and the roster opens', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const missing = notFound(page);
  await recordRuntimeEvents(page);
  await page.goto(`/sports/${ROSTER_ONLY_SPORT}`);
  await pageEnds(page);
  expect(await sportMenu(page)).toEqual(['Home', 'Roster', 'Videos', 'Photos']);
  await page.locator('#sport-nav').getByRole('link', { name: 'Roster' }).click();
  await pageEnds(page, 2);
  await expect(page).toHaveURL(new RegExp(`/sports/${ROSTER_ONLY_SPORT}/roster$`));
  await expect(page.locator('h1')).toContainText('Roster');
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
  expect(errors).toEqual([]);
});

test('games without a set time hydrate on their written date, in the site’s zone and far from it', async ({
  browser,
}) => {
  const current = dataset.seasons.at(-1)!.id;
  const schedule = dataset.schedules.find((s) => s.season.id === current && s.events.some((e) => e.time_tba))!;
  const sport = dataset.sports.find((s) => s.id === schedule.sport_id)!;
  const tba = schedule.events.filter((e) => e.time_tba);
  // A fan in Honolulu and one in Berlin read the same dates as the build wrote (and hydration agrees).
  for (const timezoneId of ['Pacific/Honolulu', 'Europe/Berlin']) {
    const context = await browser.newContext({ timezoneId });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/sports/${sport.slug}/schedule`);
    await hydrated(page);
    for (const e of tba) {
      const row = page.locator(`#event-${e.id}`);
      await expect(row.locator('time').first()).toHaveAttribute('datetime', new RegExp(`^${e.date.slice(0, 10)}`));
      await expect(row.locator('.event-when .meta')).toHaveText('TBA');
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('a headshot the API sent without its size keeps its box before it loads: no layout shift', async ({ page }) => {
  const errors = watchErrors(page);
  // The demo leaves out the size of a third of its headshots, as CDNs do; the build reads it from the file.
  const football = dataset.sports.find((s) => s.slug === 'football')!;
  const roster = dataset.rosters.find((r) => r.sport_id === football.id && r.season.id === football.default_season_id)!;
  expect(roster.players.some((p) => p.headshot && !p.headshot.width)).toBe(true);
  await page.setViewportSize({ width: 375, height: 800 });
  // No picture arrives yet (the requests hang): every box on the page is what the layout reserved on its own.
  await page.route(/\/(media|_site\/img)\//, () => {});
  await page.goto('/sports/football/roster', { waitUntil: 'domcontentloaded' });
  await hydrated(page);
  const boxes = await page.locator('.people .headshot').evaluateAll((imgs) =>
    imgs.map((img) => ({
      sized: img.hasAttribute('width') && img.hasAttribute('height'),
      height: img.getBoundingClientRect().height,
    })),
  );
  expect(boxes.length).toBeGreaterThan(20);
  expect(boxes[0]!.height).toBeGreaterThan(100);
  for (const box of boxes) {
    expect(box.sized).toBe(true);
    expect(Math.abs(box.height - boxes[0]!.height)).toBeLessThan(1);
  }
  expect(errors).toEqual([]);
});

test('when no picture loads at all, every card shows initials in the photo’s own box', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 375, height: 800 });
  // The CMS's files and the build's variants of them alike.
  await page.route(/\/(media|_site\/img)\//, (route) => route.abort());
  await page.goto('/sports/football/roster');
  await hydrated(page);
  const cards = page.locator('.people .person');
  const count = await cards.count();
  expect(count).toBeGreaterThan(20);
  // Lazy pictures fail as they come into view: scroll through them as a fan would, then every headshot has given
  // way to initials.
  for (let i = 0; i < count; i += 4) await cards.nth(i).scrollIntoViewIfNeeded();
  await cards.nth(count - 1).scrollIntoViewIfNeeded();
  await expect(page.locator('.people .headshot.initials')).toHaveCount(count);
  const boxes = await page
    .locator('.people .headshot')
    .evaluateAll((els) => els.map((el) => ({ text: el.textContent, height: el.getBoundingClientRect().height })));
  for (const box of boxes) {
    expect(box.text).toMatch(/^\p{Lu}{1,2}$/u);
    expect(Math.abs(box.height - boxes[0]!.height)).toBeLessThan(1);
  }
  expect(boxes[0]!.height).toBeGreaterThan(100);
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
