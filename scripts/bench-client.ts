/**
 * `npm run bench:client`: builds the demo and prints what the browser pays for it:
 * - first-load JavaScript of the home page and an article: every script the HTML names and their static imports
 *   (runtime/hydrate.ts and what it imports), each gzipped at level 9 as a host would;
 * - what those pages then load to hydrate, once they have loaded (React, the boot module, the template's chunks);
 * - each template and layout chunk gzipped (with the chunks only it imports);
 * - the time of a client navigation to a prefetched page on `site preview` (click → new page on screen), median of 5.
 * Targets: first load ≤ 55 KB (issue 21), each template chunk ≤ 10 KB, navigation < 50 ms (issue 5).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { firstLoad as firstLoadOf, gzipWeigher, hydrationLoad, staticClosure } from './js-weight.ts';
import { CHROMIUM, serveDemoSite } from './site-session.ts';

const site = await serveDemoSite({ rebuild: !process.argv.includes('--no-rebuild') });
const assets = join(site.outDir, '_site/assets');
const gz = gzipWeigher(site.outDir);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const closure = (entry: string) => staticClosure(site.outDir, entry);
const firstLoad = (path: string) => firstLoadOf(site.outDir, path);

const latest = JSON.parse(readFileSync(join(site.outDir, '_site/builds/latest.json'), 'utf8')) as { id: string };
const meta = JSON.parse(readFileSync(join(site.outDir, `_site/builds/meta/${latest.id}.json`), 'utf8')) as {
  prerendered: string[];
};
const article = meta.prerendered.find((p) => /^\/news\/\d{4}\/\d\d\/\d\d\//.test(p))!;
const home = firstLoad('/');
const articleLoad = firstLoad(article);
const homeHydration = hydrationLoad(site.outDir, '/');
const articleHydration = hydrationLoad(site.outDir, article);
const bootFiles = closure(`/_site/assets/${readdirSync(assets).find((f) => f.startsWith('boot-'))!}`);

const chunks = readdirSync(assets)
  .filter((f) => /^(page|layout)-.*\.js$/.test(f))
  .map((f) => {
    const own = [...closure(`/_site/assets/${f}`)].filter((file) => !bootFiles.has(file));
    return {
      chunk: f.replace(/-[A-Z0-9]+\.js$/, ''),
      bytes: gz(`/_site/assets/${f}`),
      withImports: own.reduce((sum, file) => sum + gz(file), 0),
    };
  })
  .sort((a, b) => b.bytes - a.bytes);

// Client navigation to a prefetched page, timed in the page: click → the new page's title is on screen.
const browser = await chromium.launch(CHROMIUM);
const navigations: number[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.url}/news`, { waitUntil: 'networkidle' });
  const targets = await page.$$eval('#main a[href^="/news/2"]', (links) =>
    [...new Set(links.map((a) => a.getAttribute('href')!))].slice(0, 5),
  );
  for (const href of targets) {
    await page.goto(`${site.url}/news`, { waitUntil: 'networkidle' });
    const link = page.locator(`#main a[href="${href}"]`).first();
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await page.waitForResponse((r) => r.url().includes(`${href}/_payload.json`)).catch(() => null);
    await page.waitForLoadState('networkidle');
    const ms = await page.evaluate(
      (target) =>
        new Promise<number>((resolve) => {
          const link = document.querySelector<HTMLAnchorElement>(`#main a[href="${target}"]`)!;
          document.addEventListener('fieldhouse:page-end', () => resolve(performance.now() - started), { once: true });
          const started = performance.now();
          link.click();
        }),
      href,
    );
    navigations.push(ms);
  }
} finally {
  await browser.close();
  await site.close();
}
const median = [...navigations].sort((a, b) => a - b)[Math.floor(navigations.length / 2)] ?? NaN;

console.log(`first load, home (${home.files.length} files)      ${kb(home.bytes)}   (target ≤ 55 KB)`);
console.log(`first load, article (${articleLoad.files.length} files)   ${kb(articleLoad.bytes)}   (target ≤ 55 KB)`);
console.log(`then to hydrate, home (${homeHydration.files.length} files)      ${kb(homeHydration.bytes)}`);
console.log(`then to hydrate, article (${articleHydration.files.length} files)   ${kb(articleHydration.bytes)}`);
console.log(
  `client navigation to a prefetched page: median ${median.toFixed(1)} ms of [${navigations.map((n) => n.toFixed(1)).join(', ')}]   (target < 50 ms)`,
);
console.log('template chunks, gzipped (own file / with the chunks only it imports; target ≤ 10 KB):');
for (const c of chunks)
  console.log(`  ${c.chunk.padEnd(32)} ${kb(c.bytes).padStart(8)} ${kb(c.withImports).padStart(9)}`);
console.log(
  JSON.stringify(
    {
      firstLoad: {
        home: home.bytes,
        article: articleLoad.bytes,
        homeFiles: home.files,
        articleFiles: articleLoad.files,
      },
      hydration: { home: homeHydration.bytes, article: articleHydration.bytes },
      navigationMs: navigations,
      chunks,
    },
    null,
    2,
  ),
);
