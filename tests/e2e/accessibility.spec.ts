import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { templatePages, WIDTHS } from './template-pages.ts';

const pages = templatePages(process.env.FH_E2E_OUT!);

/** WCAG 2.1 AA (the ADA Title II rule): axe finds no violation on one page of every template, at phone and desktop width. */
for (const width of WIDTHS) {
  for (const { template, path } of pages) {
    test(`${template} at ${width}px has no WCAG 2.1 AA violations (${path})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const violations = results.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
      expect(violations).toEqual([]);
    });
  }
}
