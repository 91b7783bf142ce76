import { readFileSync } from 'node:fs';
import { hasFile } from '../../src/preview/rules.ts';
import { join } from 'node:path';
import { createRouter } from '../../src/routes/match.ts';
import { REDIRECTS_FILE } from '../../src/output/layout.ts';
import { ROUTES } from '../../src/pages/index.ts';
import { isPagePath, redirectLocation, urlRedirect, type Redirect } from '../../src/routes/url-rules.ts';

const router = createRouter(ROUTES);

/**
 * How a static host answers one request, from the rules file the build wrote for it: small, faithful models of
 * Netlify's `_redirects`, nginx's include and the manifest's routeRules (serve.json runs for real in the tests).
 */
export type HostAnswer =
  { type: 'redirect'; status: number; location: string } | { type: 'file' } | { type: 'not-found' };
export type Host = (path: string, search: string) => HostAnswer | Promise<HostAnswer>;

/** Netlify `_redirects`: exact and splat sources, query conditions, 200 rewrites; files shadow unforced rules. */
export function netlifyHost(outDir: string): Host {
  const rules = readFileSync(join(outDir, '_redirects'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const parts = line.trim().split(/\s+/);
      const status = Number(parts.at(-1));
      const to = parts.at(-2)!;
      return { from: parts[0]!, conditions: parts.slice(1, -2), to, status };
    });
  return (path, search) => {
    if (hasFile(outDir, path)) return { type: 'file' };
    const query = new URLSearchParams(search);
    for (const rule of rules) {
      const splat = rule.from.endsWith('/*');
      if (splat ? !path.startsWith(rule.from.slice(0, -1)) : path !== rule.from) continue;
      let to = rule.to;
      let matchedQuery = false;
      for (const condition of rule.conditions) {
        const [name, placeholder] = condition.split('=') as [string, string];
        const value = query.get(name);
        if (value === null) {
          to = '';
          break;
        }
        matchedQuery = true;
        to = to.replace(placeholder, encodeURIComponent(value).replace(/%20/g, '+'));
      }
      if (!to) continue;
      if (rule.status === 200) return hasFile(outDir, to) ? { type: 'file' } : { type: 'not-found' };
      // Netlify passes the query string on, unless the rule matched on it.
      return { type: 'redirect', status: rule.status, location: matchedQuery || !search ? to : `${to}${search}` };
    }
    return { type: 'not-found' };
  };
}

/** nginx with the include: server-level ifs and rewrites in order, then exact, regex and prefix locations. */
export function nginxHost(outDir: string): Host {
  const text = readFileSync(join(outDir, '_site/nginx.conf'), 'utf8');
  const legacy = new RegExp(/if \(\$uri ~\* "([^"]+)"\)/.exec(text)![1]!, 'i');
  const rewrites = [...text.matchAll(/^rewrite "(\(\?i\))?([^"]+)" (\S+) permanent;$/gm)].map((m) => ({
    regex: new RegExp(m[2]!, m[1] ? 'i' : ''),
    to: m[3]!,
  }));
  const exact = new Map(
    [...text.matchAll(/^location = "([^"]+)" \{ return (\d+) "([^"]+)"; \}$/gm)].map((m) => [
      m[1]!,
      { status: Number(m[2]), to: m[3]! },
    ]),
  );
  const shells = [...text.matchAll(/^location ~ "(\^[^"]+)" \{[\s\S]*?try_files (\S+) =404;/gm)].map((m) => ({
    regex: new RegExp(m[1]!),
    file: m[2]!,
  }));
  return (rawPath, search) => {
    const path = rawPath.replace(/\/{2,}/g, '/'); // merge_slashes
    if (legacy.test(path)) {
      // nginx copies the raw argument: q wins over query, query over s.
      const raw = (name: string) => new RegExp(`[?&]${name}=([^&]*)`).exec(search)?.[1] ?? '';
      const text = ['q', 'query', 's'].map(raw).find(Boolean);
      return { type: 'redirect', status: 301, location: text ? `/search?s=${text}` : '/search' };
    }
    for (const rule of rewrites) {
      const m = rule.regex.exec(path);
      if (m) return { type: 'redirect', status: 301, location: rule.to.replace('$1', m[1] ?? '') + search };
    }
    const hit = exact.get(path);
    if (hit) return { type: 'redirect', status: hit.status, location: hit.to.replace('$is_args$args', search) };
    for (const shell of shells)
      if (shell.regex.test(path)) return hasFile(outDir, shell.file) ? { type: 'file' } : { type: 'not-found' };
    return hasFile(outDir, path) ? { type: 'file' } : { type: 'not-found' };
  };
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
