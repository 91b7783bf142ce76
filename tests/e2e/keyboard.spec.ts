import { expect, test } from '@playwright/test';
import { blockHydrated, hydrated } from './helpers.ts';

test('the gallery lightbox opens, pages and closes by keyboard, and gives focus back', async ({ page }) => {
  await page.goto('/photo-galleries');
  await page.locator('.card-title a').first().click();
  await hydrated(page);
  const first = page.getByRole('button', { name: /^Open photo 1 of \d+: / });
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/\(1 of \d+\)/);
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toContainText(/\(2 of \d+\)/);
  await page.keyboard.press('ArrowLeft');
  await expect(dialog).toContainText(/\(1 of \d+\)/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first).toBeFocused();
});

test('the home slider moves by its buttons and can be paused, with a visible focus ring', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  // The slider's code comes after the page's (a deferred block): on a busy machine, later than the first key.
  await blockHydrated(page, '.slider button[aria-label="Next slide"]');
  const next = page.getByRole('button', { name: 'Next slide' });
  await next.focus();
  const outline = await next.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Slide 2:/ })).toHaveAttribute('aria-current', 'true');
  const pause = page.getByRole('button', { name: /Pause slides|Play slides/ });
  await pause.focus();
  const before = await pause.getAttribute('aria-label');
  await page.keyboard.press('Enter');
  await expect(pause).not.toHaveAttribute('aria-label', before!);
});
