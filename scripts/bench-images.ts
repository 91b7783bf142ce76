/**
 * `npm run bench:images`: the image pipeline on the demo's camera JPEGs (issue 20), in one run on one machine state.
 *
 * 1. Builds the demo at scale 1 three times: without the pipeline (`images.enabled: false`: pages name the CMS's
 *    originals and the build copies them), with it on a cold image cache, and again on the warm cache. Wall time
 *    and CPU of each.
 * 2. Serves the builds without and with the pipeline, and loads the home page, an article, a roster and a gallery
 *    in Chromium as Lighthouse's phone (412 x 823 CSS px at 1.75x): the image bytes (every image file, whoever
 *    asked for it) of the first screen (after load) and of the whole page (scrolled to the end), by the browser's
 *    resource timing.
 * 3. Lighthouse (mobile preset: a throttled phone) on the same pages of both builds: performance and LCP, the run
 *    with the median score of `--runs N` (default 1).
 *
 * `--skip-cold` leaves out the cold build (minutes of encoding).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { buildSite, type BuildSummary } from '../src/build/index.ts';
import { loadConfig } from '../src/config/index.ts';
import { createLogger } from '../src/logger/logger.ts';
import { startPreview } from '../src/preview/server.ts';
import { CHROMIUM, firstPageOf, ROOT } from './site-session.ts';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1])) : 1;
const SKIP_COLD = process.argv.includes('--skip-cold');
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const work = mkdtempSync(join(tmpdir(), 'fh-bench-images-'));
const logger = createLogger({ level: 'error' });
const out = (s: string) => process.stdout.write(`${s}\n`);

async function build(
  name: string,
  images: Record<string, unknown>,
): Promise<{ outDir: string; summary: BuildSummary }> {
  const { config } = await loadConfig({ cwd: ROOT, overrides: { images } });
  const outDir = join(work, name);
  const summary = await buildSite({ config, root: ROOT, outDir, logger });
  if (!summary.ok) throw new Error(`The ${name} build failed: ${summary.failed[0]?.message}`);
  const i = summary.images;
  // (Peak memory is left out: the builds run in this one process, whose peak covers them all.)
  out(
    `${name.padEnd(16)} wall ${(summary.wallMs / 1000).toFixed(1).padStart(6)} s  CPU ${(summary.cpuMs / 1000).toFixed(1).padStart(6)} s${i ? `  (${i.fetched} fetched, ${i.unchanged} not modified, ${i.encoded} variants encoded, ${i.cached} from the cache)` : ''}`,
  );
  return { outDir, summary };
}

function samplePages(outDir: string): Record<string, string> {
  const first = firstPageOf(outDir);
  return {
    home: '/',
    // The newest article with a photo (the first in the manifest may have none).
    article: articleWithPhoto(outDir) ?? first({ template: 'article' }),
    roster: '/sports/football/roster',
    gallery: first({ template: 'gallery' }),
  };
}

/** An article of the news list's first page whose payload names a photo the pipeline encoded. */
function articleWithPhoto(outDir: string): string | undefined {
  const news = readFileSync(join(outDir, 'news.html'), 'utf8');
  return [...news.matchAll(/href="(\/news\/\d{4}\/[^"]+)"/g)]
    .map((m) => m[1]!)
    .find((path) => readFileSync(join(outDir, path, '_payload.json'), 'utf8').includes('"featured_image":{'));
}

interface Measure {
  firstScreen: number;
  wholePage: number;
  requests: number;
}

async function imageBytes(origin: string, paths: Record<string, string>): Promise<Record<string, Measure>> {
  const browser = await chromium.launch(CHROMIUM);
  const results: Record<string, Measure> = {};
  try {
    for (const [name, path] of Object.entries(paths)) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      const images = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            // By what they are, not who asked: React preloads a page's first photo (a <link>, not the <img>).
            .filter((e) => /\.(jpe?g|png|webp|avif|gif|svg)$/i.test(new URL(e.name).pathname))
            .map((e) => (e as PerformanceResourceTiming).encodedBodySize),
        );
      await page.goto(origin + path, { waitUntil: 'networkidle' });
      const first = await images();
      // Scrolled to the end a screen at a time, as a fan reads: the lazy images load on the way.
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 700) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(150);
      }
      await page.waitForLoadState('networkidle');
      const all = await images();
      const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
      results[name] = { firstScreen: sum(first), wholePage: sum(all), requests: all.length };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function audit(
  origin: string,
  paths: Record<string, string>,
): Promise<Record<string, { score: number; lcp: number }>> {
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  const chrome = await chromeLauncher.launch({ chromeFlags: ['--headless=new', ...CHROMIUM.args] });
  const results: Record<string, { score: number; lcp: number }> = {};
  try {
    for (const [name, path] of Object.entries(paths)) {
      const runs: { score: number; lcp: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = (await lighthouse(origin + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        }))!.lhr;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        });
      }
      runs.sort((a, b) => a.score - b.score);
      results[name] = runs[Math.floor(runs.length / 2)]!;
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

async function measure(outDir: string, paths: Record<string, string>) {
  // With the demo CMS the pages call (ads, live scores), on the port the build named.
  const { config } = await loadConfig({ cwd: ROOT });
  const demo = { port: config.demo.port, seed: config.demo.seed, scale: config.demo.scale };
  const preview = await startPreview({ outDir, port: 0, demo });
  try {
    return { bytes: await imageBytes(preview.url, paths), lighthouse: await audit(preview.url, paths) };
  } finally {
    await preview.close();
  }
}

try {
  out('builds (demo, scale 1)');
  const before = await build('no pipeline', { enabled: false });
  const cacheDir = join(work, 'image-cache');
  if (!SKIP_COLD) await build('cold cache', { cacheDir });
  const after = await build('warm cache', SKIP_COLD ? {} : { cacheDir });
  out(
    `warm against no pipeline: wall ${(after.summary.wallMs / before.summary.wallMs).toFixed(2)}x, CPU ${(after.summary.cpuMs / before.summary.cpuMs).toFixed(2)}x`,
  );
  const paths = samplePages(after.outDir);
  const without = await measure(before.outDir, paths);
  const withPipeline = await measure(after.outDir, paths);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  out('');
  out(`image bytes a phone downloads (412 x 823 at 1.75x), and Lighthouse mobile (median of ${RUNS})`);
  out(['page'.padEnd(8), 'first screen', ''.padEnd(14), 'whole page', ''.padEnd(16), 'performance', 'LCP'].join('  '));
  for (const name of Object.keys(paths)) {
    const [a, b] = [without.bytes[name]!, withPipeline.bytes[name]!];
    const [la, lb] = [without.lighthouse[name]!, withPipeline.lighthouse[name]!];
    const cut = (x: number, y: number) => (x ? `${(((y - x) / x) * 100).toFixed(1)}%` : 'n/a');
    out(
      [
        name.padEnd(8),
        `${kb(a.firstScreen)} -> ${kb(b.firstScreen)} (${cut(a.firstScreen, b.firstScreen)})`.padEnd(28),
        `${kb(a.wholePage)} -> ${kb(b.wholePage)} (${cut(a.wholePage, b.wholePage)})`.padEnd(30),
        `${la.score} -> ${lb.score}`.padEnd(11),
        `${(la.lcp / 1000).toFixed(1)} s -> ${(lb.lcp / 1000).toFixed(1)} s`,
        paths[name],
      ].join('  '),
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
