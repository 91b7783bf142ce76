import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { templatePages } from './template-pages.ts';
import {
  addLink,
  markWindow,
  pageEnds,
  recordRuntimeEvents,
  rollSession,
  watchErrors,
  windowMarked,
  withRuntimeConfig,
} from './helpers.ts';

const outDir = () => process.env.FH_E2E_OUT!;
const buildId = () =>
  (JSON.parse(readFileSync(join(outDir(), '_site/builds/latest.json'), 'utf8')) as { id: string }).id;
const SITE = 'Cedar Valley Hawks';

/** The site path of the one browser asset whose code contains `text` (chunk names are content hashes). */
function assetWith(text: string): string {
  const dir = join(outDir(), '_site/assets');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(text));
  expect(files, `one asset holds ${JSON.stringify(text)}`).toHaveLength(1);
  return `/_site/assets/${files[0]!}`;
}
/** The head code of client navigations (runtime/head.ts with src/head/tags.ts): it alone writes JSON-LD. */
const headCode = () => assetWith('application/ld+json');

async function open(page: Page, path: string): Promise<void> {
  await recordRuntimeEvents(page);
  await page.goto(path);
  await pageEnds(page);
}

test.describe('client navigation', () => {
  test('an internal link renders the next page from its payload, without a full load', async ({ page }) => {
    const errors = watchErrors(page);
    const payloads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('_payload.json'))
        payloads.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    await open(page, '/');
    await markWindow(page);
    await page.locator('#main a[href="/news"]').first().click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.locator('h1')).toHaveText('News');
    await expect(page).toHaveTitle(`News - ${SITE}`);
    expect(await windowMarked(page)).toBe(true);
    expect(payloads).toContain(`/news/_payload.json?${buildId()}`);
    // The head follows the page.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://www.cedarvalleyhawks.example/news',
    );
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      'https://www.cedarvalleyhawks.example/news',
    );
    const ld = JSON.parse((await page.locator('#fh-jsonld').textContent())!) as {
      '@graph': { '@type': string; itemListElement?: { name: string }[] }[];
    };
    expect(ld['@graph'][0]!.itemListElement!.map((c) => c.name)).toEqual(['Home', 'News']);
    // Focus moves to the new content and the new title is announced.
    await expect(page.locator('#main')).toBeFocused();
    await expect(page.locator('[aria-live="assertive"]')).toHaveText(`News - ${SITE}`);
    expect(errors).toEqual([]);
  });

  test('news pages go back by date from the news page, each story once, and forward to it again', async ({ page }) => {
    const errors = watchErrors(page);
    const stories = () =>
      page.locator('#main .article-card a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await open(page, '/news');
    await markWindow(page);
    const latest = await stories();
    expect(latest.length).toBeGreaterThanOrEqual(24);
    expect(latest.length).toBeLessThan(48);
    // Older: the newest numbered page (numbered from the oldest story), by client navigation.
    await page.locator('nav.pager a[rel="next"]').click();
    await expect(page).toHaveURL(/\/news\/page\/(\d+)$/);
    const newest = Number(/(\d+)$/.exec(page.url())![1]);
    await expect(page.locator('h1')).toHaveText(`News, page ${newest}`);
    await expect(page.locator('.lead')).toHaveText(/^Stories from \w+ \d+, \d{4} to \w+ \d+, \d{4}$/);
    const older = await stories();
    expect(older).toHaveLength(24);
    expect(older.filter((href) => latest.includes(href))).toEqual([]);
    // Page 1 holds the oldest stories: nothing older.
    await page.locator('nav.pager a', { hasText: /^Page 1$/ }).click();
    await expect(page).toHaveURL(/\/news\/page\/1$/);
    await expect(page.locator('nav.pager a[rel="next"]')).toHaveCount(0);
    // Latest, then newer from the newest numbered page, both lead back to the news page.
    await page.locator('nav.pager a', { hasText: 'Latest' }).click();
    await expect(page).toHaveURL(/\/news$/);
    await page.locator('nav.pager a[rel="next"]').click();
    await expect(page).toHaveURL(new RegExp(`/news/page/${newest}$`));
    await page.locator('nav.pager a[rel="prev"]').click();
    await expect(page).toHaveURL(/\/news$/);
    expect(await stories()).toEqual(latest);
    expect(await windowMarked(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('every template renders by client navigation, as it does from its own HTML', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, '/');
    await markWindow(page);
    let ends = 1;
    for (const { template, path } of templatePages(outDir())) {
      if (/preview|protected|error|search/.test(template)) continue;
      await addLink(page, path, `to ${template}`);
      await page.locator('#test-link').click();
      await pageEnds(page, ++ends);
      await expect(page, template).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      const served = await (await page.request.get(path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(served)![1]!.replace(/&amp;/g, '&');
      await expect(page, template).toHaveTitle(title);
      await expect(page.locator('#main h1').first(), template).toBeVisible();
    }
    expect(await windowMarked(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  /** The window's scroll position once it has held still for a few frames. */
  const settledScroll = async (page: Page) => {
    let last = -1;
    for (;;) {
      const now = await page.evaluate(
        () =>
          new Promise<number>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(Math.round(scrollY))))),
      );
      if (now === last) return now;
      last = now;
    }
  };

  test('back and forward restore scroll positions', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await open(page, '/news');
    await markWindow(page);
    const link = page.locator('#main .card-title a').nth(8);
    await link.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await page.waitForFunction(() => scrollY > 300);
    // The wheel scrolls smoothly: the position is read once it has stopped moving (a CI proof read it 200 px short).
    const before = await settledScroll(page);
    await link.click();
    await pageEnds(page, 2);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => scrollY >= 390);
    await page.goBack();
    await pageEnds(page, 3);
    await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(before);
    await page.goForward();
    await pageEnds(page, 4);
    await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBeGreaterThanOrEqual(390);
    expect(await windowMarked(page)).toBe(true);
  });

  test('external links, new tabs, downloads and modified clicks are left to the browser', async ({ page }) => {
    await open(page, '/');
    const handled = await page.evaluate(() => {
      const results: Record<string, boolean> = {};
      const cases: Record<string, (a: HTMLAnchorElement) => void> = {
        external: (a) => (a.href = 'https://example.org/x'),
        blank: (a) => ((a.href = '/news'), (a.target = '_blank')),
        download: (a) => ((a.href = '/news'), a.setAttribute('download', '')),
        pdf: (a) => (a.href = '/documents/x.pdf'),
      };
      for (const [name, setup] of Object.entries(cases)) {
        const a = document.createElement('a');
        setup(a);
        document.body.append(a);
        const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
        // Stop the browser acting on it after the runtime had its say.
        a.addEventListener('click', (e) => {
          results[name] = e.defaultPrevented;
          e.preventDefault();
        });
        a.dispatchEvent(event);
        a.remove();
      }
      const a = document.createElement('a');
      a.href = '/news';
      document.body.append(a);
      a.addEventListener('click', (e) => {
        results.ctrl = e.defaultPrevented;
        e.preventDefault();
      });
      a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true }));
      return results;
    });
    // The runtime listens on document, after the link's own listeners: none of these were taken over.
    expect(handled).toEqual({ external: false, blank: false, download: false, pdf: false, ctrl: false });
  });

  test('query strings are parsed with qs, within the spec limits', async ({ page }) => {
    const many = Array.from({ length: 25 }, (_, i) => `a[${i}]=${i}`).join('&');
    await open(page, `/news?sport[]=football&sport[]=golf&f[a][b][c][d][e][f][g]=deep&${many}`);
    const query = (await page.evaluate(() => window.__fhEvents!.find((e) => e.type === 'page-end')!.query)) as Record<
      string,
      unknown
    >;
    expect(query.sport).toEqual(['football', 'golf']);
    // Depth 5: the rest of a deeper key stays one literal key.
    expect(JSON.stringify(query.f)).toContain('"[f][g]"');
    // Array limit 20: a longer list becomes an object keyed by index.
    expect(Array.isArray(query.a)).toBe(false);
  });

  test('invalid parameters show the 404 page and keep the address', async ({ page }) => {
    await open(page, '/');
    await markWindow(page);
    await addLink(page, '/boxscore/12x', 'bad id');
    await page.locator('#test-link').click();
    await expect(page).toHaveURL(/\/boxscore\/12x$/);
    await expect(page.locator('h1')).toHaveText('Page not found');
    await expect(page).toHaveTitle(`Page Not Found: /boxscore/12x - ${SITE}`);
    await expect(page.getByRole('link', { name: 'Go To Homepage' })).toHaveAttribute('href', '/');
    expect(await windowMarked(page)).toBe(true);
  });

  test('an unknown sport gives "Sport not found", in the browser and from the host', async ({ page }) => {
    await open(page, '/');
    await addLink(page, '/sports/curling/schedule', 'curling');
    await page.locator('#test-link').click();
    await expect(page).toHaveTitle(`Sport not found - ${SITE}`);
    await expect(page).toHaveURL(/\/sports\/curling\/schedule$/);
    const response = await page.goto('/sports/curling/roster');
    expect(response!.status()).toBe(404);
    await expect(page).toHaveTitle(`Sport not found - ${SITE}`);
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle(`Page Not Found: /no/such/page - ${SITE}`);
  });

  test('the head code comes with the first navigation; when it cannot load, the browser loads the page', async ({
    page,
  }) => {
    const head = headCode();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await open(page, '/');
    expect(asked).not.toContain(head);
    await page.locator('#main a[href="/news"]').first().click();
    await expect(page.locator('h1')).toHaveText('News');
    expect(asked).toContain(head);

    // Offline for that one file (a deploy that lost it, a flaky network): the next page is still reached.
    await page.route(`**${head}`, (route) => route.abort());
    await page.goto('/');
    await pageEnds(page);
    await markWindow(page);
    await page.locator('#main a[href="/news"]').first().click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.locator('h1')).toHaveText('News');
    await expect(page).toHaveTitle(`News - ${SITE}`);
    expect(await windowMarked(page)).toBe(false);
  });

  test('a payload from another build, or a page without one, is loaded whole', async ({ page }) => {
    await open(page, '/news');
    await markWindow(page);
    await page.route('**/videos/_payload.json*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, buildId: 'another-build' } });
    });
    await addLink(page, '/videos', 'videos');
    await page.locator('#test-link').click();
    await expect(page.locator('h1')).toHaveText('Videos');
    expect(await windowMarked(page)).toBe(false);
    // Not prerendered: the host's answer (404 page) wins.
    await pageEnds(page);
    await markWindow(page);
    await addLink(page, '/sports/football/roster/player/no-such-player', 'nobody');
    await page.locator('#test-link').click();
    await expect(page.locator('h1')).toHaveText('Page not found');
    expect(await windowMarked(page)).toBe(false);
  });
});

test.describe('scroll', () => {
  test('a hash link scrolls its target below the header and sport menu, plus 30 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const html = await (await page.request.get('/sports/mens-basketball/schedule')).text();
    const ids = [...html.matchAll(/id="(event-\d+)"/g)].map((m) => m[1]!);
    const target = ids[Math.floor(ids.length / 2)]!;
    await open(page, '/sports/mens-basketball/schedule');
    await addLink(page, `#${target}`, 'jump');
    await page.locator('#test-link').click();
    await expect(page).toHaveURL(new RegExp(`#${target}$`));
    const expected = await page.evaluate(
      () =>
        document.querySelector('#site-header')!.getBoundingClientRect().height +
        document.querySelector('#sport-nav')!.getBoundingClientRect().height +
        30,
    );
    await expect
      .poll(() =>
        page.evaluate(
          ([id, top]) => Math.abs(document.getElementById(id as string)!.getBoundingClientRect().top - (top as number)),
          [target, expected],
        ),
      )
      .toBeLessThanOrEqual(1);
  });

  test('a first load with a hash waits for the page to settle, then scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const html = await (await page.request.get('/sports/mens-basketball/schedule')).text();
    const ids = [...html.matchAll(/id="(event-\d+)"/g)].map((m) => m[1]!);
    const target = ids[Math.floor(ids.length / 2)]!;
    await recordRuntimeEvents(page);
    await page.goto(`/sports/mens-basketball/schedule#${target}`);
    await pageEnds(page);
    const expected = await page.evaluate(
      () =>
        document.querySelector('#site-header')!.getBoundingClientRect().height +
        document.querySelector('#sport-nav')!.getBoundingClientRect().height +
        30,
    );
    await expect
      .poll(
        () =>
          page.evaluate(
            ([id, top]) =>
              Math.abs(document.getElementById(id as string)!.getBoundingClientRect().top - (top as number)),
            [target, expected],
          ),
        { timeout: 5000 },
      )
      .toBeLessThanOrEqual(1);
  });

  test('the settle wait stops when the visitor scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const html = await (await page.request.get('/sports/mens-basketball/schedule')).text();
    const target = [...html.matchAll(/id="(event-\d+)"/g)].map((m) => m[1]!).at(-3)!;
    await recordRuntimeEvents(page);
    await page.goto(`/sports/mens-basketball/schedule#${target}`);
    await pageEnds(page);
    await page.evaluate(() => scrollTo(0, 0));
    await page.mouse.wheel(0, 100);
    await page.waitForTimeout(1200);
    // The visitor's own scroll stands; the page never jumped down to the target near its end.
    const top = await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, target);
    expect(await page.evaluate(() => scrollY)).toBeLessThanOrEqual(100);
    expect(top).toBeGreaterThan(800);
  });

  test('a new page starts at the top', async ({ page }) => {
    await open(page, '/news');
    await page.evaluate(() => scrollTo(0, 1500));
    await page.locator('#main .card-title a').first().click();
    await pageEnds(page, 2);
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });
});

test.describe('loading bar', () => {
  test('a slow load shows a 3 px bar in the team colour; a fast one never shows it', async ({ page }) => {
    const slow = '/sports/football/stats';
    const asked: string[] = [];
    page.on('request', (r) => void (r.url().includes(`${slow}/_payload.json`) && asked.push(r.url())));
    await page.route(`**${slow}/_payload.json*`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.continue();
    });
    await open(page, '/');
    // Fast: no bar ever becomes visible.
    await page.evaluate(() => {
      (window as Window & { __barSeen?: boolean }).__barSeen = false;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLElement>('.fh-loading-bar');
        if (bar && bar.style.opacity === '1') (window as Window & { __barSeen?: boolean }).__barSeen = true;
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    // Fast: the page was prefetched (pointed at, as a fan's mouse does), so only rendering is left, well inside the
    // throttle even on a busy machine.
    const news = page.locator('#main a[href="/news"]').first();
    await news.hover();
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === '/news/_payload.json'),
        ),
      )
      .toBe(true);
    await news.click();
    await pageEnds(page, 2);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as Window & { __barSeen?: boolean }).__barSeen)).toBe(false);

    expect(asked).toEqual([]);
    await addLink(page, slow, 'stats');
    await page.locator('#test-link').click();
    const bar = page.locator('.fh-loading-bar');
    await expect(bar).toHaveCSS('opacity', '1');
    await expect(bar).toHaveCSS('height', '3px');
    await expect(bar).toHaveCSS('background-color', 'rgb(242, 169, 0)');
    await pageEnds(page, 3);
    await expect(bar).toHaveCSS('opacity', '0', { timeout: 3000 });
  });
});

test.describe('prefetch', () => {
  test('visible links and pointed-at links are prefetched, each once', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('_payload.json')) requested.push(new URL(r.url()).pathname);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, '/news');
    // Visible links: prefetched in idle time.
    await expect.poll(() => requested.length).toBeGreaterThan(3);
    const offscreen = page.locator('#main .card-title a').last();
    const href = (await offscreen.getAttribute('href'))!;
    expect(requested).not.toContain(`${href}/_payload.json`);
    await offscreen.hover();
    await expect.poll(() => requested).toContain(`${href}/_payload.json`);
    await offscreen.hover();
    await page.mouse.move(0, 0);
    await offscreen.hover();
    expect(requested.filter((p) => p === `${href}/_payload.json`)).toHaveLength(1);
    // Clicking a prefetched page does not ask for its payload again (the new page's own links may prefetch).
    await offscreen.click();
    await pageEnds(page, 2);
    expect(requested.filter((p) => p === `${href}/_payload.json`)).toHaveLength(1);
  });

  test('no more than 5 prefetches are in flight at once', async ({ page }) => {
    let inFlight = 0;
    let most = 0;
    await page.route('**/_payload.json*', async (route) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 400));
      inFlight--;
      await route.continue();
    });
    await page.setViewportSize({ width: 1280, height: 2000 });
    await open(page, '/news');
    await page.waitForTimeout(2500);
    expect(most).toBe(5);
  });

  test('nothing is prefetched when the visitor saves data or is on 2g', async ({ page }) => {
    for (const connection of [
      { saveData: true, effectiveType: '4g' },
      { saveData: false, effectiveType: 'slow-2g' },
    ]) {
      const requested: string[] = [];
      const listener = (r: { url(): string }) => {
        if (r.url().includes('_payload.json')) requested.push(r.url());
      };
      page.on('request', listener);
      await page.addInitScript(
        (c) => Object.defineProperty(navigator, 'connection', { value: c, configurable: true }),
        connection,
      );
      await open(page, '/news');
      await page.locator('#main .card-title a').first().hover();
      await page.waitForTimeout(800);
      expect(requested, JSON.stringify(connection)).toEqual([]);
      page.off('request', listener);
    }
  });

  /** When the page asked for each script matching `pattern`, in ms after its load event, by the browser's clock. */
  const requestedAfterLoad = (page: Page, pattern: RegExp) =>
    page.evaluate((source) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(source).test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime - navigation.loadEventEnd);
    }, pattern.source);

  test('the game-day and ticketing layouts are preloaded once the page has settled', async ({ page }) => {
    await open(page, '/');
    const layouts = /\/layout-(game-day|ticketing)-[A-Z0-9]+\.js$/;
    await expect
      .poll(() => requestedAfterLoad(page, layouts).then((times) => times.length), { timeout: 12_000 })
      .toBe(2);
    // Not before 5 s after load, however slow the machine.
    for (const time of await requestedAfterLoad(page, layouts)) expect(time).toBeGreaterThanOrEqual(5000);
  });

  test("the head code and other pages' forms wait until 5 s after load", async ({ page }) => {
    // The home page has content blocks (a slider, a ticker) but no form: the form's code is for pages to come.
    const files = [headCode(), assetWith('cms-form')].map((file) => new RegExp(`${file.replace(/[.]/g, '\\.')}$`));
    // The browser keeps 250 resource entries by default; a page of photos and prefetched payloads has more.
    await page.addInitScript(() => performance.setResourceTimingBufferSize(5000));
    await open(page, '/');
    for (const file of files) {
      await expect
        .poll(() => requestedAfterLoad(page, file).then((times) => times.length), { timeout: 12_000 })
        .toBe(1);
      expect((await requestedAfterLoad(page, file))[0]).toBeGreaterThanOrEqual(5000);
    }
  });

  test("a visible link's template code waits until 5 s after load", async ({ page }) => {
    const payloads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('_payload.json')) payloads.push(r.url());
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, '/news');
    // The payloads of the links in view come at once; the article template's code after the page has settled.
    await expect.poll(() => payloads.length).toBeGreaterThan(3);
    const article = /\/page-article-[A-Z0-9]+\.js$/;
    await expect
      .poll(() => requestedAfterLoad(page, article).then((times) => times.length), { timeout: 12_000 })
      .toBe(1);
    expect((await requestedAfterLoad(page, article))[0]).toBeGreaterThanOrEqual(5000);
  });

  test("a pointed-at link's template code loads at once", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, '/news');
    const article = /\/page-article-[A-Z0-9]+\.js$/;
    await page.locator('#main .card-title a').first().hover();
    await expect.poll(() => requestedAfterLoad(page, article).then((times) => times.length)).toBe(1);
    // Well before the 5 s a link in view waits (its hover came as soon as the page was ready).
    expect((await requestedAfterLoad(page, article))[0]).toBeLessThan(5000);
  });

  test('a link pointed at while its payload is on its way on speculation gets its code at once', async ({ page }) => {
    // The race the CI proof met: a link in view had its payload in flight when the visitor pointed at it.
    const card = page.locator('#main .card-title a').first();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route('**/_payload.json*', async (route) => {
      const href = await card.getAttribute('href').catch(() => null);
      if (new URL(route.request().url()).pathname === `${href}/_payload.json`) {
        asked = true;
        await held;
      }
      await route.continue();
    });
    await open(page, '/news');
    await expect.poll(() => asked).toBe(true);
    await card.hover();
    release();
    const article = /\/page-article-[A-Z0-9]+\.js$/;
    await expect.poll(() => requestedAfterLoad(page, article).then((times) => times.length)).toBe(1);
    expect((await requestedAfterLoad(page, article))[0]).toBeLessThan(5000);
  });
});

/** Site-wide data with runtime settings changed, as site.config.ts would write them. */
test.describe('new builds', () => {
  test('a new build reloads on the next navigation, to its target', async ({ page }) => {
    await withRuntimeConfig(page, (runtime) => {
      runtime.buildPollIntervalMs = 1000;
    });
    await open(page, '/');
    await markWindow(page);
    await page.route('**/_site/builds/latest.json', (route) =>
      route.fulfill({ json: { id: 'a-newer-build', timestamp: new Date().toISOString() } }),
    );
    await page.waitForRequest('**/_site/builds/latest.json');
    await page.waitForTimeout(200);
    expect(await windowMarked(page)).toBe(true);
    await page.locator('#main a[href="/news"]').first().click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.locator('h1')).toHaveText('News');
    expect(await windowMarked(page)).toBe(false);
  });

  test('new content under the same build id drops the payloads the tab holds, with no reload', async ({ page }) => {
    await withRuntimeConfig(page, (runtime) => {
      runtime.buildPollIntervalMs = 1000;
    });
    // An incremental deploy: latest.json names this build and, later, other content.
    let content = 'before';
    await page.route('**/_site/builds/latest.json', (route) =>
      route.fulfill({ json: { id: buildId(), content, timestamp: new Date().toISOString() } }),
    );
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/news/_payload.json') fetched.push(request.url());
    });
    await open(page, '/');
    await markWindow(page);
    let ends = 1;
    const go = async (path: string, heading: RegExp) => {
      await addLink(page, path, path);
      await page.locator('#test-link').click();
      await pageEnds(page, ++ends);
      await expect(page.locator('#main h1').first()).toHaveText(heading);
    };
    await go('/news', /^News$/);
    await go('/staff-directory', /Staff Directory/);
    await go('/news', /^News$/);
    // Cached per build id: fetched once (by the prefetch or the first visit).
    expect(fetched).toHaveLength(1);
    content = 'after';
    await page.waitForResponse(
      async (response) =>
        response.url().endsWith('/_site/builds/latest.json') && (await response.json()).content === 'after',
    );
    await page.waitForTimeout(200);
    await go('/staff-directory', /Staff Directory/);
    await go('/news', /^News$/);
    expect(fetched).toHaveLength(2);
    expect(fetched[1]).toBe(fetched[0]);
    expect(await windowMarked(page)).toBe(true);
  });

  test('an immediate reload happens once: the guard holds the same path for 10 s', async ({ page }) => {
    await withRuntimeConfig(page, (runtime) => {
      runtime.buildPollIntervalMs = 1000;
      runtime.reloadOnNewBuild = 'immediate';
    });
    await page.route('**/_site/builds/latest.json', (route) =>
      route.fulfill({ json: { id: 'a-newer-build', timestamp: new Date().toISOString() } }),
    );
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/news');
    await expect.poll(() => loads, { timeout: 5000 }).toBe(2);
    await page.waitForTimeout(3000);
    expect(loads).toBe(2);
  });
});

test.describe('page and sport scripts', () => {
  const scripts = (page: Page) =>
    page.$$eval('script[data-fh-script]', (list) => list.map((s) => new URL((s as HTMLScriptElement).src).pathname));

  test('load while their route matches and unload when the visitor leaves', async ({ page }) => {
    await open(page, '/');
    expect(await scripts(page)).toEqual([]);
    await addLink(page, '/all-sports-schedule', 'calendar');
    await page.locator('#test-link').click();
    await pageEnds(page, 2);
    expect(await scripts(page)).toEqual(['/vendor/calendar-widget.js']);
    await addLink(page, '/sports/football', 'football');
    await page.locator('#test-link').click();
    await pageEnds(page, 3);
    expect(await scripts(page)).toEqual(['/vendor/football-live.js']);
    await addLink(page, '/sports/mens-basketball/roster', 'basketball');
    await page.locator('#test-link').click();
    await pageEnds(page, 4);
    // A sport without its own script gets the default one.
    expect(await scripts(page)).toEqual(['/vendor/sport-stats.js']);
    await page.goBack();
    await pageEnds(page, 5);
    expect(await scripts(page)).toEqual(['/vendor/football-live.js']);
    await page.goBack();
    await pageEnds(page, 6);
    expect(await scripts(page)).toEqual(['/vendor/calendar-widget.js']);
  });
});

/** Turn error reporting on, with a DSN on this origin, and collect the envelopes the SDK sends. */
async function reportErrorsTo(page: Page, extra: Record<string, unknown> = {}): Promise<string[]> {
  const sent: string[] = [];
  await page.route(
    (url) => url.pathname === '/api/1/envelope/',
    async (route) => {
      sent.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, json: {} });
    },
  );
  await withRuntimeConfig(page, (runtime) => {
    runtime.errorReporting = {
      ...(runtime.errorReporting as object),
      dsn: `http://fieldhouse@127.0.0.1:${E2E_PORT}/1`,
      ...extra,
    };
  });
  return sent;
}

test.describe('error reporting', () => {
  /** Watch for the SDK's chunk. */
  const sdkRequests = (page: Page) => {
    const sdk: string[] = [];
    page.on('request', (r) => {
      if (/\/error-reporting-[A-Z0-9]+\.js$/.test(r.url())) sdk.push(r.url());
    });
    return sdk;
  };
  const throwLater = (page: Page, messages: string[]) =>
    page.evaluate((list) => {
      for (const message of list)
        setTimeout(() => {
          throw new Error(message);
        });
    }, messages);

  test('a session sampled into tracing loads the SDK after hydration; errors are reported with the configured sample rates; 404s, known noise and listed rejections are not', async ({
    page,
  }) => {
    const sent = await reportErrorsTo(page, { dropRejectionUrls: ['/ads/'] });
    await rollSession(page, { traces: 0.1, replays: 0.9 });
    const sdk = sdkRequests(page);
    await open(page, '/');
    await expect.poll(() => sdk.length, { timeout: 8000 }).toBe(1);
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.evaluate(() => {
      const fail = (error: unknown) =>
        setTimeout(() => {
          throw error;
        });
      fail(Object.assign(new Error('not found here'), { status: 404 }));
      fail(new Error('ResizeObserver loop limit exceeded'));
      void Promise.reject(
        Object.assign(new Error('ad request failed'), { details: { url: 'https://ads.example/ads/1' } }),
      );
      fail(new Error('the scoreboard broke'));
    });
    await expect.poll(() => sent.some((body) => body.includes('the scoreboard broke')), { timeout: 8000 }).toBe(true);
    await page.waitForTimeout(500);
    const all = sent.join('\n');
    expect(all).not.toContain('not found here');
    expect(all).not.toContain('ResizeObserver loop');
    expect(all).not.toContain('ad request failed');
    // The trace was sampled by the session's roll, and carries behaviour §1's traces sample rate.
    expect(all).toContain('"sample_rate":"0.25"');
    expect(all).toContain('"sample_rand":"0.1"');
    expect(all).toContain('"sampled":"true"');
  });

  test('a session sampled into neither loads the SDK only at its first error worth reporting, and reports it', async ({
    page,
  }) => {
    const sent = await reportErrorsTo(page);
    await rollSession(page, { traces: 0.9, replays: 0.9 });
    const sdk = sdkRequests(page);
    await open(page, '/');
    await page.waitForTimeout(2500);
    expect(sdk).toEqual([]);
    // Noise and 404s do not load it.
    await page.evaluate(() => {
      setTimeout(() => {
        throw Object.assign(new Error('not found here'), { status: 404 });
      });
    });
    await throwLater(page, ['ResizeObserver loop completed with undelivered notifications']);
    await page.waitForTimeout(1000);
    expect(sdk).toEqual([]);
    await throwLater(page, ['the standings broke']);
    await expect.poll(() => sent.some((body) => body.includes('the standings broke')), { timeout: 8000 }).toBe(true);
    expect(sdk).toHaveLength(1);
    const all = sent.join('\n');
    expect(all).not.toContain('ResizeObserver loop');
    // Not traced: its error's trace context says so.
    expect(all).not.toContain('"sampled":"true"');
  });

  test('an unhandled render error is reported and the error page shows', async ({ page }) => {
    const sent = await reportErrorsTo(page);
    // Not sampled: the render error is the first error, and loads the SDK.
    await rollSession(page, { traces: 0.9, replays: 0.9 });
    await page.route('**/videos/_payload.json*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, data: { broken: true } } });
    });
    await open(page, '/news');
    await addLink(page, '/videos', 'videos');
    await page.locator('#test-link').click();
    await expect(page.locator('h1')).toHaveText('Something went wrong');
    await expect(page.locator('.error-message')).toHaveText('Unexpected error');
    await expect.poll(() => sent.some((body) => body.includes('"type":"TypeError"')), { timeout: 8000 }).toBe(true);
  });

  test('the SDK is not part of the first load', async ({ page }) => {
    const before: string[] = [];
    page.on('request', (r) => {
      if (/\/error-reporting-[A-Z0-9]+\.js$/.test(r.url()) || r.url().includes('/envelope/')) before.push(r.url());
    });
    await open(page, '/');
    await page.waitForTimeout(1500);
    // No DSN in the demo config: the SDK never loads at all.
    expect(before).toEqual([]);
  });
});
