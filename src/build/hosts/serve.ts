import { CACHE, type HostRules } from './rules.ts';

/** serve-handler's path-to-regexp source for an exact path. */
const exact = (path: string) => path.replace(/[:()*+?\\[\]{}]/g, (c) => `\\${c}`);
/** A header rule's path as the minimatch glob serve-handler matches against the relative path. */
const glob = (path: string) =>
  path === '/*' ? '**' : path.replace(/^\//, '').replace(/^\*\//, '**/').replace(/\*$/, '**');

/**
 * `serve.json`, for the serve package (and `site preview`, which adds the rules serve cannot express: lowercasing,
 * .aspx, query pass-through and the redirect service). serve drops the query string when it redirects, so only
 * the rules that drop it too are written here, and serve's own trailing-slash redirect is off: those paths reach
 * the runtime, which applies the rules exactly.
 */
export function serveJson(rules: HostRules): string {
  const config = {
    cleanUrls: true,
    // A folder without a page is the 404 page, never a listing of what the build wrote into it (rss.xml, data).
    directoryListing: false,
    redirects: rules.redirects
      .filter((r) => !r.passQuery)
      .map((r) => ({ source: exact(r.source), destination: r.target, type: r.status })),
    rewrites: rules.rewrites.map((r) => ({
      source: r.pattern.replace(/:(\w+)/g, (_, name: string) => `:${name}(${r.params[name]})`),
      destination: r.destination,
    })),
    headers: [
      ...rules.headers.map((rule) => ({
        source: glob(rule.path),
        headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value })),
      })),
      // serve sends HTML without Cache-Control (browsers would guess a freshness): revalidated, as on every host.
      { source: '**/*.html', headers: [{ key: 'Cache-Control', value: CACHE.html }] },
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
