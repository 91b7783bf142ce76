/**
 * What fans see with real content (issue 17), in Chromium on the demo's real shapes: basketball's 22-column stats
 * with "made-attempted" strings, games nobody reported, neutral sites and overtimes, a headshot that 404s, and the
 * small spaces of a phone.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { generateDataset } from '../../src/demo/dataset.ts';
import { UNREPORTED_EVERY } from '../../src/demo/generate/schedule.ts';
import { brokenHeadshot, brokenHeadshotUrl } from '../../src/demo/server/wire.ts';
import { hydrated, watchErrors } from './helpers.ts';

const dataset = generateDataset();

/** A column's cells, top to bottom, as text. */
const column = (table: Locator, index: number) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows, i) => rows.map((row) => (row.children[i]?.textContent ?? '').trim()), index);

/** The family name a list of players is ordered by ("Jordan Lee Smith-Jones" → "smith-jones"). */
const familyName = (name: string) => name.trim().split(/\s+/).at(-1)!.toLowerCase();

async function statsTable(page: Page) {
  await page.goto('/sports/mens-basketball/stats');
  await hydrated(page);
  // The players' table (the team's has two rows).
  const table = page.locator('table.stats').filter({ has: page.getByRole('button', { name: /^Name/ }) });
  const headers = await table
    .locator('thead th')
    .evaluateAll((cells) => cells.map((c) => (c.querySelector('button')?.firstChild?.textContent ?? '').trim()));
  return { table, headers };
}

test('made-attempted columns sort by made, then attempts, most first; the new order is announced', async ({ page }) => {
  const errors = watchErrors(page);
  const { table, headers } = await statsTable(page);
  const fg = headers.indexOf('FG-FGA');
  expect(fg).toBeGreaterThan(0);
  expect(headers.length).toBeGreaterThanOrEqual(20);

  await table.getByRole('button', { name: /^FG-FGA/ }).click();
  const cells = (await column(table, fg)).filter((c) => /^\d+-\d+$/.test(c));
  expect(cells.length).toBeGreaterThan(5);
  const pairs = cells.map((c) => c.split('-').map(Number) as [number, number]);
  for (let i = 1; i < pairs.length; i++) {
    const [made, att] = pairs[i]!;
    const [prevMade, prevAtt] = pairs[i - 1]!;
    expect(prevMade > made || (prevMade === made && prevAtt >= att), `${cells[i - 1]} before ${cells[i]}`).toBe(true);
  }
  await expect(table.locator('thead th').nth(fg)).toHaveAttribute('aria-sort', 'descending');
  await expect(table.locator('caption [aria-live]')).toHaveText(', sorted by Field goals made-attempted, descending');

  // A second press turns the order round.
  await table.getByRole('button', { name: /^FG-FGA/ }).click();
  await expect(table.locator('thead th').nth(fg)).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.locator('caption [aria-live]')).toHaveText(', sorted by Field goals made-attempted, ascending');
  expect(errors).toEqual([]);
});

test('names sort by family name; percentages by value with blanks last', async ({ page }) => {
  const { table, headers } = await statsTable(page);
  await table.getByRole('button', { name: /^Name/ }).click();
  const names = await column(table, 0);
  const families = names.map(familyName);
  expect(families).toEqual([...families].sort((a, b) => a.localeCompare(b)));
  // Not by first name: the demo's roster is not already in that order.
  const firsts = names.map((n) => n.split(/\s+/)[0]!.toLowerCase());
  expect(firsts).not.toEqual([...firsts].sort((a, b) => a.localeCompare(b)));
  await expect(table.locator('caption [aria-live]')).toHaveText(', sorted by Name, ascending');

  const pct = headers.indexOf('3FG%');
  await table.getByRole('button', { name: /^3FG%/ }).click();
  const values = await column(table, pct);
  const numbers = values.filter((v) => /^\.?\d/.test(v)).map(Number);
  expect(numbers.length).toBeGreaterThan(3);
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  // Players without a three-point attempt (a blank or a dash) come after every number.
  const firstBlank = values.findIndex((v) => !/^\.?\d/.test(v));
  if (firstBlank >= 0) expect(values.slice(firstBlank).every((v) => !/^\.?\d/.test(v))).toBe(true);
});

test('a past game nobody reported says so, with no tickets; overtime shows on the schedule and the box score', async ({
  page,
}) => {
  const unreported = dataset.events.find(
    (e) => e.id % UNREPORTED_EVERY === 0 && !e.result && e.date.slice(0, 10) < dataset.asOf && e.opponent,
  );
  expect(unreported, 'the demo has a past game without a result').toBeTruthy();
  const schedule = dataset.schedules.find((s) => s.events.some((e) => e.id === unreported!.id))!;
  await page.goto(`/sports/${unreported!.sport.slug}/schedule/season/${schedule.season.slug}`);
  const row = page.locator(`#event-${unreported!.id}`);
  await expect(row.locator('.result')).toHaveText('No result reported');
  await expect(row.getByRole('link', { name: /Tickets/ })).toHaveCount(0);
  await expect(row.getByRole('link', { name: /Box score/ })).toHaveCount(0);

  await page.goto('/sports/mens-basketball/schedule');
  const overtime = page.locator('.event', { has: page.locator('.result', { hasText: /\(\d?OT\)$/ }) }).first();
  const note = (await overtime.locator('.result').textContent())!.match(/\((\d?OT)\)$/)![1];
  await overtime.getByRole('link', { name: /Box score/ }).click();
  await expect(page.locator('.box-status')).toHaveText(`Final (${note})`);
  // The header says what it knows, joined without dangling separators.
  await expect(page.locator('.box-header')).not.toContainText(/·\s*$|^\s*·|·\s*·/);
});

test('a neutral-site game says so; a past season’s dates say their year', async ({ page }) => {
  const neutral = dataset.events.find((e) => e.location_type === 'neutral' && e.sport.slug === 'mens-basketball');
  expect(neutral).toBeTruthy();
  const schedule = dataset.schedules.find((s) => s.events.some((e) => e.id === neutral!.id))!;
  await page.goto(`/sports/mens-basketball/schedule/season/${schedule.season.slug}`);
  await expect(page.locator(`#event-${neutral!.id} .event-what`)).toContainText('Neutral site');

  const sport = dataset.sports.find((s) => s.slug === 'mens-basketball')!;
  const past = dataset.schedules.find((s) => s.sport_id === sport.id && s.season.id !== sport.default_season_id)!;
  await page.goto(`/sports/mens-basketball/schedule/season/${past.season.slug}`);
  const dates = await page.locator('.event-when time').allTextContents();
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  // The current season reads as fans expect this year's dates: no year.
  await page.goto('/sports/mens-basketball/schedule');
  expect((await page.locator('.event-when time').first().textContent())!).not.toMatch(/\d{4}/);
});

test('a headshot that does not load gives way to the default photo, not a broken image', async ({ page }) => {
  // The first current roster with a player whose headshot the demo's wire breaks.
  const roster = dataset.rosters.find(
    (r) =>
      r.season.id === dataset.sports.find((s) => s.id === r.sport_id)?.default_season_id &&
      r.players.some((p) => p.headshot && brokenHeadshot(p.id)),
  );
  expect(roster, 'the demo has a current roster with a broken headshot').toBeTruthy();
  const player = roster!.players.find((p) => p.headshot && brokenHeadshot(p.id))!;
  const sport = dataset.sports.find((s) => s.id === roster!.sport_id)!;
  const broken = brokenHeadshotUrl(player.headshot!.url);
  const defaultPhoto = dataset.settings.default_player_photo?.url;
  expect(defaultPhoto).toBeTruthy();

  await page.goto(`/sports/${sport.slug}/roster/season/${roster!.season.slug}/player/${player.slug}`);
  const photo = page.locator('.profile-header img').first();
  await expect(photo).toHaveAttribute('src', defaultPhoto!);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await page.locator(`img[src="${broken}"]`).count()).toBe(0);
});

/** Roster card lines wider than their card (the card clips them, so the page's own width does not show it). */
const clippedMeta = (page: Page) =>
  page
    .locator('.card .meta')
    .evaluateAll((lines) => lines.filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.textContent));

test('on a desktop, roster cards six to a row keep every line inside the card', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/sports/football/roster');
  expect(await page.locator('.card .meta').count()).toBeGreaterThan(20);
  expect(await clippedMeta(page)).toEqual([]);
});

test('on a phone: the box score keeps its distance from the header, and heights never break at their hyphen', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 700 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/sports/mens-basketball/schedule');
  const box = page.locator('.event a', { hasText: 'Box score' }).first();
  await page.goto((await box.getAttribute('href'))!);
  const gap = await page.evaluate(() => {
    const header = document.querySelector('#site-header')!.getBoundingClientRect();
    const crumbs = document.querySelector('.breadcrumbs')!.getBoundingClientRect();
    return crumbs.top - header.bottom;
  });
  expect(gap).toBeGreaterThanOrEqual(16);

  await page.goto('/sports/football/roster');
  const parts = page.locator('.card .meta .nowrap');
  expect(await parts.count()).toBeGreaterThan(20);
  // The card's lines still wrap between their parts: nothing is cut off at the card's edge.
  expect(await clippedMeta(page)).toEqual([]);
  const broken = await parts.evaluateAll((spans) =>
    spans
      .filter((s) => new Set([...s.getClientRects()].map((r) => Math.round(r.top))).size > 1)
      .map((s) => s.textContent),
  );
  expect(broken).toEqual([]);
  await context.close();
});
