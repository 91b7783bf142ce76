import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { DevServer } from '../../src/dev/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { startDevOnCopy } from '../helpers/dev-project.ts';

let copy: Awaited<ReturnType<typeof startDevOnCopy>>;
let dev: DevServer;

// On a copy of the project: the test edits its templates and stylesheet, never the repository's own.
test.beforeAll(async () => {
  copy = await startDevOnCopy(createLogger({ level: 'warn' }));
  dev = copy.dev;
});

test.afterAll(() => copy?.close());

/** A mark on the page's window: gone after a reload, kept when only the stylesheet was swapped. */
const marked = (page: Page) => page.evaluate(() => (window as unknown as { fhMark?: boolean }).fhMark === true);

test('site dev reloads the open page on a template change, swaps the stylesheet on a CSS change, and shows a syntax error until it is fixed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const footer = join(copy.project, 'templates/layout/Footer.tsx');
  const stylesheet = join(copy.project, 'templates/styles/site.css');
  const original = readFileSync(footer, 'utf8');
  await page.goto(`${dev.url}/news`);
  const copyright = page.locator('footer .copyright');
  await expect(copyright).toBeVisible();
  await page.evaluate(() => ((window as unknown as { fhMark?: boolean }).fhMark = true));

  // A template change: the page reloads with the new markup.
  writeFileSync(footer, original.replace('<p className="copyright">', '<p className="copyright">Edited in dev. '));
  await expect(copyright).toContainText('Edited in dev.', { timeout: 15_000 });
  expect(await marked(page)).toBe(false);

  // A stylesheet change: the new sheet applies and the page is not reloaded.
  await page.evaluate(() => ((window as unknown as { fhMark?: boolean }).fhMark = true));
  writeFileSync(
    stylesheet,
    `${readFileSync(stylesheet, 'utf8')}\nfooter .copyright { outline: 3px solid rgb(1, 2, 3); }\n`,
  );
  await expect(copyright).toHaveCSS('outline-color', 'rgb(1, 2, 3)', { timeout: 15_000 });
  expect(await marked(page)).toBe(true);

  // A syntax error: the page shows the error, with the file and line, until the next good change.
  writeFileSync(footer, original.replace('<p className="copyright">', '<p className="copyright" {>'));
  const overlay = page.locator('#fh-dev-overlay');
  await expect(overlay).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('#fh-dev-location')).toContainText('templates/layout/Footer.tsx:');
  writeFileSync(footer, original);
  await expect(copyright).toBeVisible({ timeout: 15_000 });
  await expect(copyright).not.toContainText('Edited in dev.');
  await expect(overlay).toHaveCount(0);
});
