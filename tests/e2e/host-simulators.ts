import { parseAllRedirects } from '@netlify/redirect-parser';
import redirector from 'netlify-redirector';
import { readFileSync } from 'node:fs';
import { hasFile } from '../../src/preview/rules.ts';
import { join } from 'node:path';
import { createRouter } from '../../src/routes/match.ts';
import { REDIRECTS_FILE } from '../../src/output/layout.ts';
import { ROUTES } from '../../src/pages/index.ts';
import { isPagePath, redirectLocation, urlRedirect, type Redirect } from '../../src/routes/url-rules.ts';

const router = createRouter(ROUTES);

/**
 * How a static host answers one request, from the rules file the build wrote for it: Netlify's `_redirects` in
 * Netlify's own rule engine, and a model of the manifest's routeRules as a Nuxt-style host reads them (nginx and
 * Cloudflare Pages run for real in hosts.spec.ts; serve.json in the serve package's handler).
 */
export type HostAnswer =
  { type: 'redirect'; status: number; location: string } | { type: 'file' } | { type: 'not-found' };
export type Host = (path: string, search: string) => HostAnswer | Promise<HostAnswer>;

/**
 * Netlify: the rules are parsed by Netlify's own parser (`@netlify/redirect-parser`, which rejects lines the way a
 * deploy does) and matched by Netlify's own engine (`netlify-redirector`, the WebAssembly matcher `netlify dev` runs).
 * What lies around the engine is modelled from Netlify's documentation, as `netlify dev` does: a file shadows an
 * unforced rule, `name.html` is served at `/name`, and a redirect whose target has no query gets the request's.
 */
export async function netlifyHost(outDir: string): Promise<{ host: Host; rejected: string[]; rules: number }> {
  const file = join(outDir, '_redirects');
  const parsed = await parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: false });
  const matcher = await redirector.parsePlain(readFileSync(file, 'utf8'), {});
  const host: Host = (path, search) => {
    const match = matcher.match({
      scheme: 'http',
      host: 'host.test',
      path: decodeURIComponent(path),
      query: search.replace(/^\?/, ''),
      headers: {},
      cookieValues: {},
      getHeader: () => '',
      getCookie: () => '',
    });
    if (hasFile(outDir, path) && !match?.force) return { type: 'file' };
    if (!match) return { type: 'not-found' };
    if (match.status === 200) return hasFile(outDir, match.to) ? { type: 'file' } : { type: 'not-found' };
    return { type: 'redirect', status: match.status, location: match.to.includes('?') ? match.to : match.to + search };
  };
  return { host, rejected: parsed.errors.map((error) => error.message), rules: parsed.redirects.length };
}

/** The build manifest's routeRules (redirect flags) over the prerendered list, as a Nuxt-style host reads them. */
export function routeRulesHost(outDir: string): Host {
  const latest = JSON.parse(readFileSync(join(outDir, '_site/builds/latest.json'), 'utf8')) as { id: string };
  const meta = JSON.parse(readFileSync(join(outDir, '_site/builds/meta', `${latest.id}.json`), 'utf8')) as {
    routeRules: Record<
      string,
      { redirect?: { to: string; statusCode: number; passQuery?: boolean }; render?: string; shell?: string }
    >;
    prerendered: string[];
  };
  const prerendered = new Set(meta.prerendered);
  const clientRoutes = Object.entries(meta.routeRules)
    .filter(([, rule]) => rule.render === 'client')
    .map(([pattern, rule]) => ({ regex: new RegExp(`^${pattern.replace(/:\w+/g, '[0-9]+')}$`), shell: rule.shell! }));
  return (path, search) => {
    const rule = meta.routeRules[path]?.redirect;
    if (rule)
      return {
        type: 'redirect',
        status: rule.statusCode,
        location: redirectLocation({ target: rule.to, passQuery: rule.passQuery ?? false }, search),
      };
    if (prerendered.has(path) || clientRoutes.some((r) => r.regex.test(path)) || hasFile(outDir, path))
      return { type: 'file' };
    return { type: 'not-found' };
  };
}

/**
 * Follow a host's answers to where a visitor ends up. When the host has no file, its 404.html runs the runtime,
 * which applies the same URL rules, then the build's redirect table, then the redirect service.
 */
export async function landing(
  host: Host,
  url: string,
  outDir: string,
  service: Map<string, Redirect>,
): Promise<{ final: string; found: boolean; first: HostAnswer }> {
  const table = new Map(
    (JSON.parse(readFileSync(join(outDir, REDIRECTS_FILE), 'utf8')) as { redirects: Redirect[] }).redirects.map((r) => [
      r.source,
      r,
    ]),
  );
  let at = new URL(url, 'http://host.test');
  let first: HostAnswer | null = null;
  for (let hop = 0; hop < 8; hop++) {
    const answer = await host(at.pathname, at.search);
    first ??= answer;
    // A page served at a non-canonical address: the runtime shows the canonical one; a shell served for a path
    // whose parameters fail their rules shows the 404 page.
    if (answer.type === 'file') {
      const final = urlRedirect(at.pathname, at.search)?.location ?? at.pathname + at.search;
      const page = isPagePath(at.pathname) && !at.pathname.startsWith('/documents/');
      return { final, found: !page || router.match(new URL(final, at).pathname).type === 'match', first };
    }
    let location: string | null = answer.type === 'redirect' ? answer.location : null;
    if (!location) {
      const rule = urlRedirect(at.pathname, at.search);
      const tabled = table.get(at.pathname) ?? service.get(at.pathname);
      location = rule?.location ?? (tabled ? redirectLocation(tabled, at.search) : null);
    }
    if (!location) return { final: at.pathname + at.search, found: false, first };
    if (/^https?:/.test(location)) return { final: location, found: true, first };
    at = new URL(location, at);
  }
  throw new Error(`${url}: more than 8 hops`);
}
