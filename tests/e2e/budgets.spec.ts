import { expect, test, type Browser } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { gzipWeigher, namedScripts, staticClosure } from '../../scripts/js-weight.ts';
import { rollSession, withRuntimeConfig } from './helpers.ts';
import { templatePages } from './template-pages.ts';

/**
 * What fans' phones download, per template, gzipped at level 9 (scripts/js-weight.ts), with error reporting on:
 * - first load: every Fieldhouse script the HTML names and their static imports. Since 2026-11-26 that is one small
 *   module (runtime/hydrate.ts, about 2.5 KB with its imports), which loads React and the page's code once the page
 *   has loaded or the visitor reaches for it; before, the HTML named them all (66–77 KB, three quarters of it React
 *   DOM). The budget is issue 21's.
 * - the first 5 s after load: every Fieldhouse script the page asked for by then, by the browser's own resource
 *   timing (first load, the runtime's start module, the page's lazily loaded blocks, live API calls; error
 *   reporting's SDK where it loads), in a session sampled into neither tracing nor replay (about 2 in 3 sessions
 *   at behaviour §1's rates; the others load the SDK, 91 KB, by design). Issue 21's budget is 90 KB; the
 *   editors' previews, which exceed it, have their own ceiling, with the reason, so that neither grows unseen.
 */
const FIRST_LOAD_BUDGET = 55 * 1024;
const FIRST_FIVE_SECONDS_BUDGET = 90 * 1024;
// On 2026-11-26 the head code of client navigations (structured data and head tags, 3.4 KB of every page's first
// 5 s) and the deferred blocks of other pages (forms, sliders: up to 3.4 KB) stopped loading in the first seconds:
// they load beside the first payload a visitor asks for, or once the page has settled (runtime/prefetch.ts). Every
// public template but the home page is now within the budget (the layouts 98.5 -> 88.2 KB, sport-home 93.1 ->
// 86.6, content and protected pages 91.9 -> 83.7 and 81.7, player 91.8 -> 88.3).
// Later on 2026-11-26 the home page came within it (94.4 -> 89.9 KB): its ads are asked for with the browser's caller
// alone (runtime/api-calls.ts, 2.1 KB with the error class, where the API client's chunk weighed 6.1), and the
// editor's admin bar loads only for a visitor with the bypass cookie (0.4 KB off every template). It has about
// 0.1 KB to spare: what a change adds to the home page's first seconds has to be paid for there.
// On 2026-11-27 the ads learned to refuse a link or image that is not a web address (0.13 KB), paid for by the
// errors of the browser's API calls moving to a chunk of their own, fetched at the first failure
// (runtime/api-errors.ts, 0.75 KB): the home page 89.5 KB. The previews, whose calls fail in this test (no editor
// signed in), fetch that chunk besides the error class: 104.8 KB. Later on 2026-11-27 the static search's client left
// the chunk of the live actions (forms, drafts, locked pages) for one of its own, fetched at the first search: the
// previews 103.6 KB. What keeps them over is DOMPurify, 12.8 KB of it (see runtime/live/sanitize.ts). Then dates in
// the site's timezone read from its offset per day (src/util/zoned.ts, shared with the build, 0.4 KB more than the
// Intl calls it replaced): the home page 89.9 KB, 0.1 KB to spare again; the previews 103.5 KB.
const OVER_BUDGET: Record<string, { kb: number; why: string }> = {
  'article-preview': {
    kb: 104,
    why: 'editors only: the preview calls the API and sanitises with DOMPurify (103.5 KB)',
  },
  'page-preview': { kb: 104, why: 'editors only: the preview calls the API and sanitises with DOMPurify (103.5 KB)' },
};
/** A template's ceiling for its first 5 s: the budget, or its own where it has one. */
const ceilingOf = (template: string) =>
  OVER_BUDGET[template] ? OVER_BUDGET[template].kb * 1024 : FIRST_FIVE_SECONDS_BUDGET;
const AT_ONCE = 4;

const outDir = process.env.FH_E2E_OUT!;
const weigh = gzipWeigher(outDir);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const OWN_SCRIPT = /^\/_site\/assets\/[^/]+\.js$/;

interface Weight {
  template: string;
  path: string;
  firstLoad: number;
  firstFiveSeconds: number;
  /** The scripts requested after the first load, with their gzipped bytes. */
  after: string[];
  sdk: boolean;
}

async function measure(browser: Browser, template: string, path: string): Promise<Weight> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true });
  const page = await context.newPage();
  try {
    await withRuntimeConfig(page, (runtime) => {
      runtime.errorReporting = {
        ...(runtime.errorReporting as object),
        dsn: `http://fieldhouse@127.0.0.1:${E2E_PORT}/1`,
      };
    });
    await rollSession(page, { traces: 0.9, replays: 0.9 });
    // The browser keeps 250 resource entries by default; a page of photos has more.
    await page.addInitScript(() => performance.setResourceTimingBufferSize(5000));
    const response = await page.goto(path, { waitUntil: 'load' });
    const html = (await response?.text()) ?? '';
    await page.waitForTimeout(6000);
    // What the page asked for up to 5 s after its load event, by the browser's own clock.
    const requested = new Set(
      await page.evaluate(
        ({ window, pattern }) => {
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const until = navigation.loadEventEnd + window;
          return performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime <= until)
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => new RegExp(pattern).test(path));
        },
        { window: 5000, pattern: OWN_SCRIPT.source },
      ),
    );
    const named = namedScripts(html).filter((src) => OWN_SCRIPT.test(src));
    expect(named.length, `${path} names its scripts`).toBeGreaterThan(0);
    const firstLoad = new Set<string>();
    for (const src of named) staticClosure(outDir, src, firstLoad);
    const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + weigh(file), 0);
    return {
      template,
      path,
      firstLoad: sum(firstLoad),
      firstFiveSeconds: sum(new Set([...requested, ...firstLoad])),
      after: [...requested]
        .filter((file) => !firstLoad.has(file))
        .map((file) => `${file.replace('/_site/assets/', '')} ${kb(weigh(file))}`),
      sdk: [...requested].some((file) => file.includes('/error-reporting-')),
    };
  } finally {
    await context.close();
  }
}

test('every template stays within the JavaScript budgets on a phone, with error reporting on', async ({ browser }) => {
  test.setTimeout(180_000);
  const pages = templatePages(outDir);
  const weights: Weight[] = [];
  for (let i = 0; i < pages.length; i += AT_ONCE)
    weights.push(
      ...(await Promise.all(pages.slice(i, i + AT_ONCE).map(({ template, path }) => measure(browser, template, path)))),
    );
  // The figures go with the report (the list reporter prints a test's output), for the next engineer.
  const table = weights.map(
    (w) =>
      `  ${w.template.padEnd(22)} ${kb(w.firstLoad).padStart(8)} ${kb(w.firstFiveSeconds).padStart(9)}   then: ${w.after.join(', ')}`,
  );
  process.stdout.write(`JavaScript per template, gzipped: first load / first 5 s after load\n${table.join('\n')}\n`);
  const over = weights.flatMap((w) => [
    ...(w.firstLoad > FIRST_LOAD_BUDGET ? [`${w.path}: first load ${kb(w.firstLoad)}`] : []),
    ...(w.firstFiveSeconds > ceilingOf(w.template) ? [`${w.path}: first 5 s ${kb(w.firstFiveSeconds)}`] : []),
    ...(w.sdk ? [`${w.path}: loaded the error-reporting SDK in an unsampled session with no error`] : []),
  ]);
  expect(over).toEqual([]);
  expect(weights.length).toBe(pages.length);
});
