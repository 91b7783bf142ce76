/**
 * `npm run screenshots`: PNGs of one page of every template at phone (375 px) and desktop (1280 px) width, in
 * screenshots/, for review. Builds the demo into out/ first when there is no build there (`-- --rebuild` forces it).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { templatePages, WIDTHS } from '../tests/e2e/template-pages.ts';
import { CHROMIUM, ROOT, serveDemoSite } from './site-session.ts';

const site = await serveDemoSite({ rebuild: process.argv.includes('--rebuild') });
const dir = join(ROOT, 'screenshots');
mkdirSync(dir, { recursive: true });
const browser = await chromium.launch(CHROMIUM);
try {
  for (const { template, path } of templatePages(site.outDir)) {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 } });
      await page.goto(site.url + path, { waitUntil: 'networkidle' });
      const file = join(dir, `${template}-${width}.png`);
      await page.screenshot({ path: file, fullPage: process.argv.includes('--full') });
      process.stdout.write(`${file}  ${path}\n`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await site.close();
}
