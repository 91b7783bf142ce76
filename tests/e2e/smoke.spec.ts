import { expect, test } from '@playwright/test';
import { hydrated, watchErrors } from './helpers.ts';

test('the home page renders, hydrates without errors, and its menus work by keyboard', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page).toHaveTitle('Cedar Valley Hawks – Official Athletics Website');
  await expect(page.getByRole('heading', { name: 'Headlines' })).toBeVisible();
  await hydrated(page);
  const sports = page.getByRole('button', { name: 'Sports' });
  await sports.focus();
  await page.keyboard.press('Enter');
  await expect(sports).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Football' }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sports).toHaveAttribute('aria-expanded', 'false');
  await expect(sports).toBeFocused();
  expect(errors).toEqual([]);
});

test('every template hydrates without a mismatch', async ({ page }) => {
  const errors = watchErrors(page);
  const paths = [
    '/news',
    '/all-sports-schedule',
    '/broadcast-guide',
    '/sports/football',
    '/sports/football/schedule',
    '/sports/football/roster',
    '/sports/football/roster/all',
    '/sports/mens-basketball/stats',
    '/sports/football/videos',
    '/photo-galleries',
    '/staff-directory',
    '/about/traditions/fight-song',
    '/tickets',
    '/hawks-club/donor-portal',
    '/contact-us',
    '/search',
  ];
  const failures: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    // Name the page: a mismatch's message does not say where it was.
    failures.push(...errors.splice(0).map((error) => `${path}: ${error}`));
  }
  expect(failures).toEqual([]);
});

test('a roster switches between grid and table once hydrated', async ({ page }) => {
  await page.goto('/sports/womens-basketball/roster');
  await expect(page).toHaveTitle(/^\d{4}-\d{2} Women's Basketball Roster - Cedar Valley Hawks$/);
  await hydrated(page);
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('table', { name: /players/ })).toBeVisible();
});

test('an unknown path gets the 404 page with a link home', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go To Homepage' })).toHaveAttribute('href', '/');
});

test('documents are served as PDFs', async ({ request, page }) => {
  await page.goto('/compliance');
  const href = await page.getByRole('link', { name: /Handbook \(PDF\)/ }).getAttribute('href');
  const response = await request.get(href!);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
