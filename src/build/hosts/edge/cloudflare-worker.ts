/**
 * Cloudflare Pages' `_worker.js` (advanced mode): the rules `_redirects` cannot say, answered at the edge exactly as
 * `site preview` answers them. Behaviour §2's URL rules (case, trailing slashes, .aspx, the legacy search with its
 * text), the redirect table with or without the query string, the shells of browser-rendered routes for exactly
 * the paths their parameters allow, and, for a path the site does not have, the redirect service's check. Every
 * other request goes to the static assets, where `_headers` and `_redirects` apply as usual.
 *
 * Bundled by the build (src/build/bundle.ts) with the same rule functions the runtime and the preview run; the
 * build puts this site's rules in front of it as `__FH_EDGE__` (src/build/hosts/cloudflare.ts).
 */
import { checkedRedirect, redirectCheckUrl } from '../../../routes/redirect-service.ts';
import { isWellFormedPath, redirectLocation, urlRedirect, type Redirect } from '../../../routes/url-rules.ts';

/** What the build tells the worker: plain data. */
export interface EdgeRules {
  redirects: Redirect[];
  /** Browser-rendered routes: the path's pattern, the prefix its pattern starts with, and the shell's page path. */
  shells: { regex: string; prefix: string; shell: string }[];
  /** Headers every answer of the worker's own carries (the security headers of `_headers`' `/*`). */
  headers: Record<string, string>;
  redirectServiceUrl: string | null;
}

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
}

declare const __FH_EDGE__: EdgeRules;

const rules = __FH_EDGE__;
const table = new Map(rules.redirects.map((r) => [r.source, r]));
const shells = rules.shells.map((s) => ({ ...s, pattern: new RegExp(s.regex) }));
const CHECK_TIMEOUT_MS = 2_000;

function answer(status: number, headers: Record<string, string> = {}, body: BodyInit | null = null): Response {
  return new Response(body, { status, headers: { ...rules.headers, ...headers } });
}

const redirect = (status: number, location: string) =>
  answer(status, { Location: location, 'Cache-Control': 'no-cache' });

/**
 * The site's 404 page with a 404 status. Pages serves `/404` from the root 404.html with a 200; its own answer to a
 * missing path is the nearest 404.html up the folders, which may be a page (`/boxscore/404.html`, box score 404).
 */
async function notFound(request: Request, env: Env): Promise<Response> {
  const page = await env.ASSETS.fetch(new Request(new URL('/404', request.url), { headers: request.headers }));
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', 'no-cache');
  return new Response(page.body, { status: 404, headers });
}

async function askService(url: URL): Promise<{ status: number; location: string } | null> {
  if (!rules.redirectServiceUrl) return null;
  try {
    const response = await fetch(redirectCheckUrl(rules.redirectServiceUrl, url.pathname), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    return response.ok ? checkedRedirect(await response.json(), url.search) : null;
  } catch {
    // The service is down or slow: the visitor gets the 404 page, whose runtime asks again.
    return null;
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (!isWellFormedPath(url.pathname))
      return answer(400, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Bad request: malformed path.\n');
    const rule = urlRedirect(url.pathname, url.search);
    if (rule) return redirect(rule.status, rule.location);
    const tabled = table.get(url.pathname);
    if (tabled) return redirect(tabled.status, redirectLocation(tabled, url.search));
    const shell = shells.find((s) => url.pathname.startsWith(s.prefix));
    if (shell) {
      if (!shell.pattern.test(url.pathname)) return notFound(request, env);
      return env.ASSETS.fetch(new Request(new URL(shell.shell, url), request));
    }
    const response = await env.ASSETS.fetch(request);
    if (response.status !== 404 || (request.method !== 'GET' && request.method !== 'HEAD')) return response;
    const found = await askService(url);
    return found ? redirect(found.status, found.location) : notFound(request, env);
  },
};
