import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../src/config/load.ts';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { freePort } from './engines.ts';

const repo = join(import.meta.dirname, '../..');
/** The project, copied: the test edits its templates and stylesheet, never the repository's own. */
const project = mkdtempSync(join(tmpdir(), 'fieldhouse-dev-project-'));
const footer = join(project, 'templates/layout/Footer.tsx');
const stylesheet = join(project, 'templates/styles/site.css');
let dev: DevServer;

test.beforeAll(async () => {
  for (const part of ['templates', 'runtime', 'src', 'public', 'site.config.ts', 'package.json'])
    cpSync(join(repo, part), join(project, part), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(project, 'node_modules'));
  const overrides = { demo: { port: await freePort() } };
  const { config, file } = await loadConfig({ cwd: project, overrides });
  dev = await startDevServer({
    config,
    root: project,
    sourceRoot: project,
    configFile: file,
    reloadConfig: async () => (await loadConfig({ cwd: project, overrides })).config,
    port: 0,
    logger: createLogger({ level: 'warn' }),
  });
});

test.afterAll(async () => {
  await dev?.close();
  rmSync(project, { recursive: true, force: true });
});

/** A mark on the page's window: gone after a reload, kept when only the stylesheet was swapped. */
const marked = (page: Page) => page.evaluate(() => (window as unknown as { fhMark?: boolean }).fhMark === true);

test('site dev reloads the open page on a template change, swaps the stylesheet on a CSS change, and shows a syntax error until it is fixed', async ({
  page,
}) => {
  test.setTimeout(90_000);
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
