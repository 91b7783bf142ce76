import type { SiteData } from '../../contract/index.ts';
import type { SiteConfig } from '../../config/schema.ts';
import { LEGACY_SEARCH_PAGES, type Redirect } from '../../routes/url-rules.ts';
import { SLUG_SOURCE, type ParamRule } from '../../routes/params.ts';
import { ROUTES } from '../../pages/index.ts';
import { rankedRoutes } from '../../routes/match.ts';
import { shellPath } from '../plan.ts';
import { pageDir, pageHtmlFile } from '../../output/layout.ts';

/** Headers for the paths a rule covers: an exact path, or a prefix ending in `*`. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/** A browser-rendered route served its prerendered shell. */
export interface Rewrite {
  route: string;
  /** The route pattern (`/article-preview/:id`). */
  pattern: string;
  /** Each parameter's pattern, from its rule (an id is digits only). */
  params: Record<string, string>;
  /** The whole pattern as a regular expression. */
  regex: string;
  /** The shell's HTML file, root-relative (`/_shells/article-preview-id.html`). */
  destination: string;
  /** The shell's page path, which hosts with clean URLs serve from that file (`/_shells/article-preview-id`). */
  shell: string;
}

/**
 * The host rules of a build, as plain data: every host file (`_redirects`, `_headers`, serve.json, the nginx
 * include) and the build manifest's routeRules are written from this one table.
 */
export interface HostRules {
  redirects: Redirect[];
  rewrites: Rewrite[];
  /** Most specific last: a host that merges headers lets later rules win. */
  headers: HeaderRule[];
  legacySearchPages: readonly string[];
  /** The redirect service the edge asks about paths the site does not have (spec §7). */
  redirectServiceUrl: string | null;
}

/** Parameter rules (src/routes/params.ts) a host can check with a regular expression. */
const PARAM_REGEX: Partial<Record<ParamRule, string>> = {
  id: '[0-9]+',
  slug: SLUG_SOURCE,
  uuid: '[^/]+',
  presence: '[^/]+',
};

export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  /** HTML, shells and the 404 page: kept, never fresh (a page held across a deploy names chunks the swap removed). */
  html: 'no-cache',
  payload: 'public, max-age=0, must-revalidate',
  media: 'public, max-age=86400',
  /** Spec §9: the sitemap and RSS are cached for 120 seconds. */
  feeds: 'public, max-age=120',
} as const;

export function hostRules(redirects: Redirect[], config: SiteConfig, site: SiteData): HostRules {
  const rewrites = rankedRoutes(ROUTES)
    .filter((r) => r.render === 'client' && Object.keys(r.params).length > 0)
    .map((r) => ({
      route: r.name,
      pattern: r.pattern,
      params: Object.fromEntries(Object.entries(r.params).map(([name, rule]) => [name, PARAM_REGEX[rule] ?? '[^/]+'])),
      regex: `^${r.pattern.replace(/:(\w+)/g, (_, name: string) => `(${PARAM_REGEX[r.params[name]!] ?? '[^/]+'})`)}$`,
      destination: `/${pageHtmlFile(pageDir(shellPath(r)))}`,
      shell: shellPath(r),
    }));
  const security = {
    'Content-Security-Policy': contentSecurityPolicy(config, site),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  };
  return {
    redirects,
    rewrites,
    legacySearchPages: LEGACY_SEARCH_PAGES,
    redirectServiceUrl: site.api.redirectServiceUrl,
    headers: [
      { path: '/*', headers: security },
      { path: '/_site/assets/*', headers: { 'Cache-Control': CACHE.immutable } },
      { path: '/_site/data/*', headers: { 'Cache-Control': CACHE.immutable } },
      // Image variants are named by their content and encoder settings (src/images/variants.ts).
      { path: '/_site/img/*', headers: { 'Cache-Control': CACHE.immutable } },
      { path: '/_site/builds/*', headers: { 'Cache-Control': CACHE.revalidate } },
      { path: '/*/_payload.json', headers: { 'Cache-Control': CACHE.payload } },
      { path: '/_site/search/*', headers: { 'Cache-Control': CACHE.payload } },
      { path: '/sitemap.xml', headers: { 'Cache-Control': CACHE.feeds } },
      { path: '/news/rss.xml', headers: { 'Cache-Control': CACHE.feeds } },
      { path: '/sports/*/news/rss.xml', headers: { 'Cache-Control': CACHE.feeds } },
      { path: '/media/*', headers: { 'Cache-Control': CACHE.media } },
      { path: '/documents/*', headers: { 'Cache-Control': CACHE.media } },
    ],
  };
}

const origin = (url: string | null | undefined): string | null => {
  if (!url || !/^https?:\/\//.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * A Content-Security-Policy that allows exactly what the site loads: its own files, the configured third-party
 * scripts and the analytics code's (never an inline script: no hashes), the API, dashboard and redirect service, and the error-reporting
 * ingest. Styles allow inline (theme variables, React style attributes).
 */
export function contentSecurityPolicy(config: SiteConfig, site: SiteData): string {
  const scripts = new Set<string>(["'self'"]);
  const { scripts: s } = config;
  for (const src of [
    s.ticketMarketing?.src,
    s.heatmap?.src,
    ...s.pages.map((p) => p.src),
    s.sports.default?.src,
    ...Object.values(s.sports.bySlug).map((x) => x.src),
  ]) {
    const o = origin(src);
    if (o) scripts.add(o);
  }
  // The analytics code's scripts are files of the site by now (src/build/analytics.ts) or load from their own
  // origins: the policy allows no inline script, so no hash that a body could reuse.
  for (const [, src] of (site.settings.analytics_code ?? '').matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)) {
    scripts.add(origin(src!) ?? "'self'");
  }
  if (site.settings.recaptcha_site_key)
    ['https://www.google.com', 'https://www.gstatic.com'].forEach((o) => scripts.add(o));
  const api = [site.api.baseUrl, site.api.dashboardUrl, site.api.redirectServiceUrl]
    .map(origin)
    .filter((o): o is string => Boolean(o));
  const dsn = config.errorReporting.dsn ? origin(config.errorReporting.dsn.replace(/\/\/[^@/]*@/, '//')) : null;
  const list = (...values: (string | null)[]) => [...new Set(values.filter(Boolean))].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${[...scripts].join(' ')}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', ...api)}`,
    `media-src ${list("'self'", 'https:', ...api)}`,
    `font-src 'self' data:`,
    `connect-src ${list("'self'", ...api, dsn)}`,
    `frame-src 'self' https:`,
    `worker-src 'self' blob:`,
    `form-action ${list("'self'", ...api)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'self'`,
  ].join('; ');
}
