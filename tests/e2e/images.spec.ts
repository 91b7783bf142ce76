/**
 * Photos as a fan's phone gets them (issue 20), on the demo's camera JPEGs: every raster image comes in the build's
 * variants (AVIF first, WebP, a JPEG srcset), the browser picks one about as wide as the screen needs, no page asks
 * for an original, and every image keeps its box before it loads.
 */
import { expect, test, type Page } from '@playwright/test';
import { pageEnds, recordRuntimeEvents, watchErrors } from './helpers.ts';
import { templatePages } from './template-pages.ts';

const PHONE = { width: 375, height: 812 };
const pages = () => new Map(templatePages(process.env.FH_E2E_OUT!).map((p) => [p.template, p.path]));

async function open(page: Page, path: string): Promise<void> {
  await recordRuntimeEvents(page);
  await page.goto(path);
  await pageEnds(page);
}

/** Every image the page downloaded, by the browser's resource timing: path, body bytes and status. */
const downloaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      // Image files, whoever asked: React preloads an eager photo named as it is with a <link>, not the <img>.
      .filter((e) => /\.(jpe?g|png|webp|avif|gif|svg)$/i.test(new URL(e.name).pathname))
      .map((e) => ({
        path: new URL(e.name).pathname,
        bytes: (e as PerformanceResourceTiming).encodedBodySize,
        status: (e as PerformanceResourceTiming).responseStatus,
      })),
  );

/** A picture as attributes, in a fixed order (the browser serialises a style set by React its own way). */
const pictureOfPage = (page: Page) =>
  page
    .locator('#main picture')
    .first()
    .evaluate((picture) => [
      ...[...picture.querySelectorAll('source')].map((s) => [s.type, s.srcset, s.sizes]),
      [
        'img',
        ...['src', 'srcset', 'sizes', 'width', 'height', 'alt'].map((a) =>
          picture.querySelector('img')!.getAttribute(a),
        ),
      ],
      ['color', picture.querySelector('img')!.style.backgroundColor],
    ]);

test.use({ viewport: PHONE, deviceScaleFactor: 3 });

test('an article’s photo comes as AVIF at the width a phone needs, with its size and placeholder colour', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await open(page, pages().get('article')!);
  const hero = page.locator('#main picture img').first();
  await expect(hero).toHaveJSProperty('complete', true);
  const shown = await hero.evaluate((img: HTMLImageElement) => ({
    current: new URL(img.currentSrc).pathname,
    width: img.getAttribute('width'),
    height: img.getAttribute('height'),
    background: img.style.backgroundColor,
    sources: [...img.parentElement!.querySelectorAll('source')].map((s) => s.type),
  }));
  expect(shown.sources).toEqual(['image/avif', 'image/webp']);
  // 375 CSS px at 3x: the 1280 variant (the smallest at least 1125 px wide).
  expect(shown.current).toMatch(/^\/_site\/img\/[0-9a-f]{16}-1280\.avif$/);
  expect(Number(shown.width)).toBeGreaterThan(0);
  expect(Number(shown.height)).toBeGreaterThan(0);
  expect(shown.background).toMatch(/^rgb\(/);
  const images = await downloaded(page);
  expect(images.find((i) => i.path === shown.current)!.bytes).toBeLessThan(400_000);
  expect(images.filter((i) => /^\/media\/.*\.jpg$/.test(i.path))).toEqual([]);
  expect(errors).toEqual([]);
});

test('no page of any template asks for an original photo, and every photo keeps its box', async ({ page }) => {
  test.setTimeout(120_000);
  for (const [template, path] of pages()) {
    await open(page, path);
    const unsized = await page.locator('#app img').evaluateAll((imgs) =>
      imgs
        .filter((img) => !img.hasAttribute('width') || !img.hasAttribute('height'))
        .filter((img) => !img.hasAttribute('data-unsized'))
        .map((img) => img.getAttribute('src')),
    );
    expect(unsized, template).toEqual([]);
    // Raster images are the build's variants; what is left as it is are drawings (SVG logos and placeholders) and
    // photos the CMS has no file for (the page falls back from them).
    const named = await page
      .locator('#app img')
      .evaluateAll((imgs) =>
        imgs.map((img) => img.getAttribute('src')!).filter((src) => /\.(jpe?g|png|webp)$/.test(src)),
      );
    const missing = named.filter((src) => !src.startsWith('/_site/img/'));
    for (const src of missing) expect((await page.request.get(src)).status(), `${template}: ${src}`).toBe(404);
    for (const image of (await downloaded(page)).filter((i) => i.status !== 404))
      expect(image.path, template).not.toMatch(/^\/media\/.*\.(jpe?g|png|webp)$/);
  }
});

test('a roster’s headshots, sized by the file where the API gave no size, come at a card’s width', async ({ page }) => {
  await open(page, pages().get('roster')!);
  const cards = page.locator('.people .headshot');
  expect(await cards.count()).toBeGreaterThan(10);
  const first = cards.first();
  await expect(first).toHaveJSProperty('complete', true);
  // Two to a row on a phone (about 170 CSS px) at 3x: the 640 variant, not a camera original.
  expect(await first.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/-640\.avif$/);
  // The demo leaves out width and height for a third of its headshots: the page has them all from the files.
  expect(await page.locator('.people img[data-unsized]').count()).toBe(0);
  const headshots = (await downloaded(page)).filter((i) => i.path.startsWith('/_site/img/'));
  expect(headshots.length).toBeGreaterThan(0);
  for (const image of headshots) expect(image.bytes).toBeLessThan(150_000);
});

test('a client navigation renders the same pictures as the page’s own HTML', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, '/news');
  const path = (await page.locator('#main .card-title a').first().getAttribute('href'))!;
  await page.goto(path);
  const served = await pictureOfPage(page);
  expect(served[0]![0]).toBe('image/avif');
  await open(page, '/news');
  await page.locator('#main .card-title a').first().click();
  await pageEnds(page, 2);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  expect(await pictureOfPage(page)).toEqual(served);
  expect(errors).toEqual([]);
});
