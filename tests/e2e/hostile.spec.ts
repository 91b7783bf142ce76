import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { buildSite } from '../../src/build/index.ts';
import { validateConfig } from '../../src/config/index.ts';
import type { Dataset } from '../../src/demo/dataset.ts';
import { EDITOR_IDENTITY } from '../../src/demo/generate/site.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { startPreview, type Preview } from '../../src/preview/server.ts';
import { hostileDataset } from '../helpers/hostile.ts';
import { hydrated } from './helpers.ts';

/**
 * The hostile corpus (tests/helpers/hostile.ts) in every rich-text field, built and opened in Chromium with the
 * Content-Security-Policy bypassed, as a host that ignores _headers would serve it: no vector may run, on pages
 * the build rendered and on those the browser renders from the API (previews, unlocked pages).
 */
test.describe.configure({ mode: 'serial' });

const root = join(import.meta.dirname, '../..');
// Made in beforeAll: Playwright loads this file in processes that never run the hooks (listing, other workers).
let work: string;
let dataset: Dataset;
let demo: DemoServer;
let preview: Preview;

test.beforeAll(async () => {
  // A whole build of the demo: minutes on a loaded machine.
  test.setTimeout(300_000);
  work = mkdtempSync(join(tmpdir(), 'fieldhouse-hostile-e2e-'));
  dataset = hostileDataset();
  demo = await startDemoServer({ dataset, leaky: true });
  const config = validateConfig(
    {
      siteUrl: 'https://www.cedarvalleyhawks.example',
      api: {
        baseUrl: demo.origin,
        dashboardUrl: demo.dashboardApiUrl,
        redirectServiceUrl: demo.redirectServiceUrl,
      },
      build: { publicDir: join(root, 'public') },
    },
    'test',
  );
  const summary = await buildSite({
    config,
    root,
    outDir: join(work, 'out'),
    logger: createLogger({ level: 'silent' }),
  });
  if (!summary.ok) throw new Error(`The hostile build failed: ${JSON.stringify(summary.failed.slice(0, 3))}`);
  preview = await startPreview({ outDir: join(work, 'out'), port: 0, redirectServiceUrl: demo.redirectServiceUrl });
});

test.afterAll(async () => {
  await preview?.close();
  await demo?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Record every vector that runs (`__xss(n)`), every dialog, and the analytics script's runs. */
async function watchVectors(context: BrowserContext, page: Page): Promise<{ dialogs: string[] }> {
  await context.addInitScript(() => {
    const fired: number[] = [];
    Object.assign(window, { __xssFired: fired, __xss: (n: number) => fired.push(n) });
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { dialogs };
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, preview.url).href);
  await hydrated(page);
  // Give handlers that fire on load, error, focus or animation their chance; then hover and click through.
  await page.mouse.move(10, 10);
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(700);
}

const fired = (page: Page) => page.evaluate(() => (window as unknown as { __xssFired: number[] }).__xssFired);

test('no vector runs on any kind of page the build rendered, with the CSP bypassed', async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const { dialogs } = await watchVectors(context, page);
  const article = dataset.articles.find((a) => a.status === 'published' && a.sport)!;
  const roster = dataset.rosters.find((r) => r.players.length)!;
  const sport = dataset.sports.find((s) => s.id === roster.sport_id)!;
  const paths = [
    '/',
    `/news/${article.date.slice(0, 10).replace(/-/g, '/')}/${article.slug}`,
    '/contact-us',
    '/about',
    `/sports/${sport.slug}/roster/season/${roster.season.slug}/player/${roster.players[0]!.slug}`,
    `/sports/${sport.slug}/roster/season/${roster.season.slug}/staff/${roster.staff[0]!.slug}`,
    `/staff/${dataset.staff[0]!.slug}`,
    '/staff-directory',
    '/no-such-page',
  ];
  for (const path of paths) {
    await visit(page, path);
    expect(await fired(page), path).toEqual([]);
    // The page's own code still runs (a clobbered __FH_PAYLOAD__ would have stopped hydration above).
    expect(await page.evaluate(() => (window as unknown as { __analyticsRuns?: number }).__analyticsRuns), path).toBe(
      1,
    );
  }
  expect(dialogs).toEqual([]);
  await context.close();
});

test('rich text the browser fetches itself (a preview, an unlocked page) runs nothing either', async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true });
  await context.addCookies([{ name: 'fh_identity', value: EDITOR_IDENTITY, url: preview.url }]);
  const page = await context.newPage();
  const { dialogs } = await watchVectors(context, page);
  const draft = dataset.articles.find((a) => a.status === 'draft')!;
  await visit(page, `/article-preview/${draft.id}`);
  await expect(page.locator('#main')).toContainText('Before the corpus.');
  expect(await fired(page)).toEqual([]);
  const locked = dataset.pages.find((p) => p.password_protected)!;
  await visit(page, `/${locked.slug}`);
  await page.getByLabel('Password').fill(dataset.protectedContent.get(locked.id)!.password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.locator('#main')).toContainText('Welcome, Hawks Club donors');
  await page.waitForTimeout(700);
  expect(await fired(page)).toEqual([]);
  expect(dialogs).toEqual([]);
  await context.close();
});

test('under the CSP the analytics code runs once, from its own file, and its copy in a body never', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const article = dataset.articles.find((a) => a.status === 'published')!;
  await page.goto(new URL(`/news/${article.date.slice(0, 10).replace(/-/g, '/')}/${article.slug}`, preview.url).href);
  await hydrated(page);
  expect(await page.evaluate(() => (window as unknown as { __analyticsRuns?: number }).__analyticsRuns)).toBe(1);
  expect(errors.filter((e) => /Content Security Policy/.test(e))).toEqual([]);
});
