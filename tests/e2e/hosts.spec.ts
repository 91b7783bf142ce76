import { expect, test, type Page } from '@playwright/test';
import { generateDataset } from '../../src/demo/dataset.ts';
import { EDITOR_IDENTITY } from '../../src/demo/generate/site.ts';
import { isPagePath, isWellFormedPath, LEGACY_SEARCH_PAGES, lowerPath } from '../../src/routes/url-rules.ts';
import { E2E_PORT } from '../../playwright.config.ts';
import { E2E_DEMO_PORT } from './global-setup.ts';
import { nginxAvailable, startNginx, startWrangler, type Engine } from './engines.ts';
import { pageEnds, recordRuntimeEvents } from './helpers.ts';
import { addServiceOnlyRules, probeTable, SERVICE_ONLY_RULES, urlTable, type UrlCase } from './url-table.ts';

/**
 * The built site on the hosts' own software (issue 18): `site preview`, Debian's nginx with the include the build
 * writes, and Cloudflare Pages' engine (`wrangler pages dev`, with the `_worker.js` the build writes). One URL table
 * (the spec's URL rules, shells, redirects, feeds, payloads, traversal and encoded-character probes) is asked of
 * each; a row a host cannot answer as the spec says is named below with the reason, as in the README's Deploying
 * section, and checked to reach the right page through the 404 page's runtime instead. Netlify's engine does not
 * run offline here: its `_redirects` is checked by the model in host-simulators.ts (urls.spec.ts).
 */

const out = () => process.env.FH_E2E_OUT!;
const rows = () => [...urlTable(out()), ...probeTable(out())];
const pathOf = (url: string) => url.split('?')[0]!;
const SERVICE_ONLY = new Set<string>(SERVICE_ONLY_RULES.map((r) => r.source));

/** Rows a host cannot answer itself, and why (the README's Deploying section says the same). */
const FALLBACKS: Record<string, (c: UrlCase) => string | null> = {
  preview: () => null,
  nginx: (c) => {
    const path = pathOf(c.url);
    if (
      isWellFormedPath(path) &&
      isPagePath(path) &&
      lowerPath(path) !== path &&
      !(LEGACY_SEARCH_PAGES as readonly string[]).includes(path.toLowerCase())
    )
      return 'stock nginx cannot lowercase a path';
    if (SERVICE_ONLY.has(path)) return 'stock nginx cannot ask the redirect service';
    return null;
  },
  cloudflare: () => null,
};

type Answer = { status: number; location: string | null; headers: Headers; body: string };

async function ask(origin: string, url: string): Promise<Answer> {
  const response = await fetch(origin + url, { redirect: 'manual' });
  return {
    status: response.status,
    location: response.headers.get('location'),
    headers: response.headers,
    body: await response.text(),
  };
}

const local = (origin: string, location: string) => {
  const url = new URL(location, origin);
  return url.origin === origin ? url.pathname + url.search : url.href;
};

/** Follow the host's own redirects to where a visitor without JavaScript ends, and what is there. */
async function follow(origin: string, url: string): Promise<{ first: Answer; at: string; last: Answer }> {
  const first = await ask(origin, url);
  let last = first;
  let at = url;
  for (let hop = 0; hop < 5 && last.status >= 300 && last.status < 400 && last.location; hop++) {
    at = local(origin, last.location);
    if (/^https?:/.test(at)) break;
    last = await ask(origin, at);
  }
  return { first, at, last };
}

async function checkRows(host: string, origin: string): Promise<void> {
  for (const c of rows()) {
    const label = `${host}: ${c.url} (${c.note})`;
    const fallback = FALLBACKS[host]!(c);
    const { first, at, last } = await follow(origin, c.url);
    if (fallback) {
      // Without the rule, the visitor's browser gets the 404 page, whose runtime applies it (checked in Chromium).
      expect.soft(last.status, `${label}: falls back to 404.html (${fallback})`).toBe(404);
      expect.soft(last.body.includes('Page not found'), `${label}: the 404 page`).toBe(true);
      continue;
    }
    if (c.anyOf) {
      expect.soft(c.anyOf, `${label}: answered ${first.status}`).toContain(first.status);
      continue;
    }
    expect.soft(first.status, label).toBe(c.status);
    if (c.location) expect.soft(first.location && local(origin, first.location), `${label} Location`).toBe(c.location);
    expect.soft(at, `${label} ends at`).toBe(c.final);
    if (/^https?:/.test(at) || c.status === 400) continue;
    expect.soft(last.status, `${label} final status`).toBe(c.found ? 200 : 404);
    if (!c.found) expect.soft(last.body.includes('Page not found'), `${label}: the 404 page`).toBe(true);
    if (c.found && c.url === '/article-preview/12')
      expect.soft(last.body.includes('<html'), `${label}: shell`).toBe(true);
  }
}

/** Caching and security headers, as issue 18 lists them. */
async function checkHeaders(host: string, origin: string): Promise<void> {
  const asset = urlTable(out()).find((c) => c.note === 'hashed asset keeps its case')!.url;
  const siteData = (await ask(origin, '/')).body.match(/\/_site\/data\/site-[a-z0-9]+\.json/i)?.[0];
  expect(siteData, `${host}: the home page names its site data`).toBeTruthy();
  const cache = async (url: string) => (await ask(origin, url)).headers.get('cache-control') ?? '';
  expect.soft(await cache(asset), `${host}: hashed asset`).toContain('immutable');
  expect.soft(await cache(siteData!), `${host}: hashed site data`).toContain('immutable');
  // A photo's encoded variants are named by their content (src/images/variants.ts): immutable, and served with
  // their own type whatever the host's defaults (an AVIF sent as octet-stream would not be shown).
  const home = (await ask(origin, '/')).body;
  for (const type of ['avif', 'webp']) {
    const variant = home.match(new RegExp(`/_site/img/[0-9a-f]+-\\d+\\.${type}`))?.[0];
    expect(variant, `${host}: the home page names a ${type} variant`).toBeTruthy();
    const answer = await ask(origin, variant!);
    expect.soft(answer.headers.get('cache-control') ?? '', `${host}: ${variant}`).toContain('immutable');
    expect.soft(answer.headers.get('content-type') ?? '', `${host}: ${variant}`).toBe(`image/${type}`);
  }
  for (const url of ['/', '/news', '/article-preview/12', '/no-such-page'])
    expect.soft(await cache(url), `${host}: ${url} is revalidated, never fresh`).toMatch(/no-cache|no-store|max-age=0/);
  for (const url of ['/news/', '/staff', '/tickets.aspx', '/no-such-page', '/news']) {
    const headers = (await ask(origin, url)).headers;
    expect
      .soft(headers.get('content-security-policy'), `${host}: ${url} carries the policy`)
      .toContain("default-src 'self'");
    expect.soft(headers.get('x-content-type-options'), `${host}: ${url} nosniff`).toBe('nosniff');
  }
}

const dataset = generateDataset();

async function openAs(page: Page, origin: string, path: string): Promise<void> {
  await recordRuntimeEvents(page);
  await page.goto(origin + path);
  await pageEnds(page);
}

/** Previews and revisions, for a signed-in editor, on a host. */
async function checkPreviews(page: Page, origin: string): Promise<void> {
  await page.context().addCookies([{ name: 'fh_identity', value: EDITOR_IDENTITY, url: origin }]);
  const draft = dataset.articles.find((a) => a.status === 'draft')!;
  const revision = dataset.articleRevision(dataset.articleRevisionIds()[0]!)!;
  const draftPage = dataset.pages.find((p) => p.status === 'draft')!;
  const pageRevision = dataset.pageRevisions[0]!;
  for (const [path, title] of [
    [`/article-preview/${draft.id}`, draft.title],
    [`/article-revision/${dataset.articleRevisionIds()[0]!}`, revision.article.title],
    [`/page-preview/${draftPage.id}`, draftPage.title],
    [`/page-revision/${pageRevision.id}`, pageRevision.page.title],
  ] as const) {
    await openAs(page, origin, path);
    await expect(page.locator('#main h1'), `${origin}${path}`).toHaveText(title);
    await expect(page.locator('.preview-banner'), `${origin}${path}`).toBeVisible();
  }
}

/** Rows a host leaves to the runtime still end where the spec says, in Chromium. */
async function checkFallbacks(page: Page, host: string, origin: string): Promise<void> {
  const fallen = rows().filter((c) => FALLBACKS[host]!(c) && !/^https?:/.test(c.final));
  for (const c of fallen) {
    await page.goto(origin + c.url);
    await expect.poll(() => local(origin, page.url()), { message: `${host}: ${c.url} (${c.note})` }).toBe(c.final);
  }
}

const engines: Record<string, Engine> = {};

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await addServiceOnlyRules(E2E_DEMO_PORT);
  if (!nginxAvailable()) throw new Error('nginx is not installed: apt-get install -y nginx (.ci/run does this)');
  engines.nginx = await startNginx(out());
  engines.cloudflare = await startWrangler(out());
});

test.afterAll(async () => {
  await Promise.all(Object.values(engines).map((e) => e.close()));
});

const origins = (): Record<string, string> => ({
  preview: `http://127.0.0.1:${E2E_PORT}`,
  nginx: engines.nginx!.origin,
  cloudflare: engines.cloudflare!.origin,
});

for (const host of ['preview', 'nginx', 'cloudflare']) {
  test(`${host}: every row of the URL table answers as the spec says, over HTTP`, async () => {
    test.setTimeout(120_000);
    await checkRows(host, origins()[host]!);
  });

  test(`${host}: hashed files are immutable, HTML and the 404 page revalidated, every answer secured`, async () => {
    await checkHeaders(host, origins()[host]!);
  });

  test(`${host}: previews and revisions open for a signed-in editor`, async ({ page }) => {
    test.setTimeout(60_000);
    await checkPreviews(page, origins()[host]!);
  });
}

test('nginx: the rows it leaves to the 404 page reach the right page through the runtime', async ({ page }) => {
  test.setTimeout(90_000);
  await checkFallbacks(page, 'nginx', origins().nginx!);
});

test("Cloudflare's engine takes every shell and redirect rule; it skips only the legacy search's query matches, which its worker answers", () => {
  const rejected = engines
    .cloudflare!.output()
    .split('\n')
    .filter((line) => /_redirects:\d+ \|/.test(line))
    .map((line) => line.replace(/^.*_redirects:\d+ \| /, '').trim());
  expect(rejected.length).toBeGreaterThan(0);
  for (const line of rejected)
    expect(line, 'a rejected _redirects line').toMatch(/^\/search(results)?\.aspx {2}\w+=:text/);
  expect(engines.cloudflare!.output()).not.toMatch(/Infinite loop/i);
});
