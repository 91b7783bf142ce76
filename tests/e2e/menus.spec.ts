import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { markWindow, pageEnds, recordRuntimeEvents, windowMarked } from './helpers.ts';

/**
 * The header's menus as fans use them (the WAI-ARIA disclosure-navigation pattern): by touch at 375 px, by mouse
 * and keyboard at 1280 px. What is on screen always agrees with `aria-expanded`.
 */

async function open(page: Page, path: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await recordRuntimeEvents(page);
  await page.goto(path);
  await pageEnds(page);
}

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const toggle = (page: Page) => page.locator('.menu-toggle');
const submenuButton = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
const submenuOf = async (page: Page, name: string) =>
  page.locator(`[id="${await submenuButton(page, name).getAttribute('aria-controls')}"]`);

/** Every submenu's button says what the screen shows. */
async function expectStateMatchesScreen(page: Page): Promise<void> {
  for (const button of await main(page).locator('button[aria-controls]').all()) {
    const list = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    const expanded = (await button.getAttribute('aria-expanded')) === 'true';
    expect(await list.isVisible(), `${await button.textContent()}: shown = aria-expanded`).toBe(expanded);
  }
}

test.describe('on a phone (375 px)', () => {
  test('the menu closes when a link in it is followed, and the page is what the fan sees', async ({ page }) => {
    await open(page, '/', 375);
    await markWindow(page);
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#primary-nav')).toBeVisible();
    await submenuButton(page, 'Sports').click();
    await (await submenuOf(page, 'Sports')).getByRole('link', { name: 'Football' }).click();
    await expect(page).toHaveURL(/\/sports\/football$/);
    await pageEnds(page, 2);
    expect(await windowMarked(page)).toBe(true);
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#primary-nav')).toBeHidden();
    // Focus went to the new page's content, which is on screen.
    await expect(page.locator('#main')).toBeFocused();
    await expect(page.locator('#main h1')).toBeInViewport();
  });

  test('Escape closes the menu and gives focus back to its button', async ({ page }) => {
    await open(page, '/news', 375);
    await toggle(page).click();
    await submenuButton(page, 'Tickets').click();
    await page.keyboard.press('Escape');
    await expect(submenuButton(page, 'Tickets')).toHaveAttribute('aria-expanded', 'false');
    await expect(submenuButton(page, 'Tickets')).toBeFocused();
    await expect(page.locator('#primary-nav')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#primary-nav')).toBeHidden();
    await expect(toggle(page)).toBeFocused();
  });

  test('a tap outside the header closes the menu', async ({ page }) => {
    await open(page, '/news', 375);
    await toggle(page).click();
    await expect(page.locator('#primary-nav')).toBeVisible();
    await page.locator('.utility-bar, #main').last().dispatchEvent('click');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#primary-nav')).toBeHidden();
  });
});

test.describe('on a desktop (1280 px)', () => {
  test('a submenu closes when its link is followed: News → Videos shows the videos page alone', async ({ page }) => {
    await open(page, '/', 1280);
    await submenuButton(page, 'News').click();
    await expect(await submenuOf(page, 'News')).toBeVisible();
    await (await submenuOf(page, 'News')).getByRole('link', { name: 'Videos' }).click();
    await expect(page).toHaveURL(/\/videos$/);
    await pageEnds(page, 2);
    await expect(submenuButton(page, 'News')).toHaveAttribute('aria-expanded', 'false');
    await expect(await submenuOf(page, 'News')).toBeHidden();
    await expectStateMatchesScreen(page);
  });

  test('Escape hides the submenu it closes, and focus goes back to its button', async ({ page }) => {
    await open(page, '/news', 1280);
    await submenuButton(page, 'Fans').focus();
    await page.keyboard.press('Enter');
    await expect(await submenuOf(page, 'Fans')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect((await submenuOf(page, 'Fans')).getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenuButton(page, 'Fans')).toHaveAttribute('aria-expanded', 'false');
    await expect(await submenuOf(page, 'Fans')).toBeHidden();
    await expect(submenuButton(page, 'Fans')).toBeFocused();
    await expectStateMatchesScreen(page);
  });

  test('tabbing through the header opens no submenu: one Tab per top-level item', async ({ page }) => {
    await open(page, '/news', 1280);
    await submenuButton(page, 'Sports').focus();
    const topLevel = await main(page).locator('.menu > li > a, .menu > li > button').count();
    for (let i = 1; i < topLevel; i++) {
      await page.keyboard.press('Tab');
      await expectStateMatchesScreen(page);
    }
    await expect(main(page).locator('.menu > li').last().locator('a, button').first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('.search-link')).toBeFocused();
  });

  test('arrow keys, Home and End move between the items and within an open submenu', async ({ page }) => {
    await open(page, '/news', 1280);
    const items = main(page).locator('.menu > li > a, .menu > li > button');
    await items.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(items.first()).toBeFocused();
    // Sports: open it, Down goes into its links, Down and Up move among them, End to its last.
    await page.keyboard.press('Enter');
    const sports = (await submenuOf(page, 'Sports')).getByRole('link');
    await page.keyboard.press('ArrowDown');
    await expect(sports.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(sports.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(sports.first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(sports.last()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenuButton(page, 'Sports')).toBeFocused();
    await expectStateMatchesScreen(page);
  });

  test('a click or focus outside closes an open submenu', async ({ page }) => {
    await open(page, '/news', 1280);
    await submenuButton(page, 'About').click();
    await expect(await submenuOf(page, 'About')).toBeVisible();
    await page.locator('#main h1').click();
    await expect(await submenuOf(page, 'About')).toBeHidden();
    await submenuButton(page, 'About').click();
    await page.locator('.search-link').focus();
    await expect(submenuButton(page, 'About')).toHaveAttribute('aria-expanded', 'false');
    await expectStateMatchesScreen(page);
  });

  test('open menus meet WCAG 2.1 AA', async ({ page }) => {
    await open(page, '/news', 1280);
    await submenuButton(page, 'Sports').click();
    const desktop = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(desktop.violations.map((v) => v.id)).toEqual([]);
    await open(page, '/news', 375);
    await toggle(page).click();
    await submenuButton(page, 'News').click();
    const phone = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(phone.violations.map((v) => v.id)).toEqual([]);
  });
});
