import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { templatePages, WIDTHS } from './template-pages.ts';

const pages = templatePages(process.env.FH_E2E_OUT!);

/** axe's WCAG 2.1 AA findings on `path` at `width`, each as one line naming the rule and up to three elements. */
async function violationsAt(browser: Browser, path: string, width: number): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(path);
    // The ads and the page's deferred blocks are part of what fans get: axe looks once they have come.
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return results.violations.map(
      (v) =>
        `${width}px: ${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  } finally {
    await context.close();
  }
}

/**
 * WCAG 2.1 AA (the ADA Title II rule): axe finds no violation on one page of every template, at phone and desktop
 * width. Both widths load side by side, each in a context of its own (most of a check is waiting for the network
 * to settle).
 */
for (const { template, path } of pages) {
  test(`${template} has no WCAG 2.1 AA violations at ${WIDTHS.join(' or ')}px (${path})`, async ({ browser }) => {
    const found = await Promise.all(WIDTHS.map((width) => violationsAt(browser, path, width)));
    expect(found.flat()).toEqual([]);
  });
}
