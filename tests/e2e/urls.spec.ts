import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import handler from 'serve-handler';
import type { Redirect } from '../../src/routes/url-rules.ts';
import { landing, netlifyHost, routeRulesHost, type Host } from './host-simulators.ts';
import { E2E_PORT } from '../../playwright.config.ts';
import { E2E_DEMO_PORT } from './global-setup.ts';
import { addLink, pageEnds, recordRuntimeEvents } from './helpers.ts';
import { addServiceOnlyRules, SERVICE_ONLY_RULES, urlTable, type UrlCase } from './url-table.ts';

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const cases = () => urlTable(process.env.FH_E2E_OUT!);
const relative = (href: string) => {
  const url = new URL(href, BASE);
  return url.origin === BASE ? url.pathname + url.search : url.href;
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // An editor adds these after the build: only the redirect service's check can know them.
  await addServiceOnlyRules(E2E_DEMO_PORT);
});

test('the table has at least 40 sample URLs of every kind', () => {
  expect(cases().length).toBeGreaterThanOrEqual(40);
});

// Over HTTP, site preview, nginx and Cloudflare's engine answer the table in hosts.spec.ts.

async function checkLanding(page: Page, c: UrlCase): Promise<void> {
  await expect.poll(() => relative(page.url()), { message: `${c.url} (${c.note}) ends at` }).toBe(c.final);
  if (/^https?:/.test(c.final) || !/^\/(?!_site|documents)/.test(c.final)) return;
  await pageEnds(page);
  if (c.found) {
    await expect.soft(page.locator('#main h1').first(), c.url).not.toHaveText('Page not found');
  } else {
    await expect.soft(page.locator('#main h1'), c.url).toHaveText('Page not found');
    await expect.soft(page, c.url).toHaveTitle(new RegExp(`^${c.title!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `));
  }
}

test('in Chromium, a first load of each sample URL ends where the host and the runtime send it', async ({ page }) => {
  test.setTimeout(120_000);
  await recordRuntimeEvents(page);
  // Playwright cannot intercept where an HTTP redirect leads, and this machine has no internet: the redirect
  // to another site is checked over HTTP above.
  for (const c of cases().filter((x) => !/^https?:/.test(x.final))) {
    await page.goto(c.url);
    await checkLanding(page, c);
  }
});

test('in Chromium, a client navigation to each sample URL ends in the same place', async ({ page }) => {
  test.setTimeout(120_000);
  await page.route(
    (url) => url.hostname === 'shop.cedarvalleyhawks.example',
    (route) => route.fulfill({ body: 'shop', contentType: 'text/plain' }),
  );
  await recordRuntimeEvents(page);
  for (const c of cases()) {
    if (!/^\/(?!_site|documents)/.test(c.url)) continue;
    await page.goto('/');
    await pageEnds(page);
    await addLink(page, c.url, c.note);
    await page.locator('#test-link').click();
    await checkLanding(page, c);
  }
});

// nginx and Cloudflare Pages run for real in hosts.spec.ts. `netlify dev` needs Node 22, so Netlify's `_redirects`
// goes through Netlify's own parser and rule engine here (host-simulators.ts), beside serve.json in the serve
// package's own handler and the manifest's routeRules.
test('Netlify accepts every line of _redirects', async () => {
  const out = process.env.FH_E2E_OUT!;
  const netlify = await netlifyHost(out);
  expect(netlify.rejected).toEqual([]);
  const lines = readFileSync(join(out, '_redirects'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));
  expect(netlify.rules).toBe(lines.length);
});

test('every host file without a server here sends each sample URL to the same place', async () => {
  const out = process.env.FH_E2E_OUT!;
  const service = new Map<string, Redirect>(
    SERVICE_ONLY_RULES.map((r) => [
      r.source,
      {
        source: r.source,
        target: r.target_url,
        status: r.redirect_type,
        passQuery: r.query_parameters === 'ignore_pass',
      },
    ]),
  );
  // serve.json runs in the serve package's own handler, without site preview's additions.
  const serveConfig = JSON.parse(readFileSync(join(out, 'serve.json'), 'utf8')) as Record<string, unknown>;
  const server = createServer((req, res) => void handler(req, res, { ...serveConfig, public: out }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const serveHost: Host = async (path, search) => {
    const response = await fetch(origin + path + search, { redirect: 'manual' });
    if (response.status >= 300 && response.status < 400)
      return { type: 'redirect', status: response.status, location: relative(response.headers.get('location')!) };
    return response.status === 200 ? { type: 'file' } : { type: 'not-found' };
  };
  const hosts: Record<string, Host> = {
    _redirects: (await netlifyHost(out)).host,
    'serve.json': serveHost,
    routeRules: routeRulesHost(out),
  };
  try {
    for (const c of cases()) {
      for (const [name, host] of Object.entries(hosts)) {
        const result = await landing(host, c.url, out, service);
        // Netlify passes the query string on even for a table rule that drops it: the right page, the query extra.
        const search = c.url.includes('?') ? c.url.slice(c.url.indexOf('?')) : '';
        const final = name === '_redirects' && c.note.includes('drops the query') ? c.final + search : c.final;
        expect
          .soft({ final: result.final, found: result.found }, `${name}: ${c.url} (${c.note})`)
          .toEqual({ final, found: c.found });
        // Where a host answers with a redirect of its own, it is the one the rule gives.
        if (result.first.type === 'redirect' && c.location && relative(result.first.location) === c.location)
          expect.soft(result.first.status, `${name}: ${c.url} status`).toBe(c.status);
      }
    }
  } finally {
    server.close();
  }
});
