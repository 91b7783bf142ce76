import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkedRedirect, redirectCheckUrl } from '../routes/redirect-service.ts';
import { redirectLocation, urlRedirect, type Redirect } from '../routes/url-rules.ts';

/** What `site preview` (and `site dev`) answers before serving a page: a redirect, or nothing (serve the file or 404.html). */
export type PreviewDecision = { type: 'redirect'; status: number; location: string; via: string } | { type: 'serve' };

export interface PreviewRulesOptions {
  /** Does the site have this path (a page or a file)? Only paths it does not have go to the redirect service. */
  has(path: string): boolean;
  redirects: Redirect[];
  /** Regular expressions of the paths served by a shell (rewrites): such paths exist even without a file. */
  rewrites: string[];
  /** Base URL of the redirect service, asked about paths the site does not have. */
  redirectServiceUrl: string | null;
}

const CHECK_TIMEOUT_MS = 2_000;

/** Does the build hold a file for this path, as static hosts look: the file, its index.html, or path.html? */
export function hasFile(outDir: string, path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (decoded.includes('\0') || decoded.split('/').includes('..')) return false;
  const base = join(outDir, decoded);
  const isFile = (file: string) => existsSync(file) && statSync(file).isFile();
  return isFile(base) || isFile(join(base, 'index.html')) || isFile(`${base}.html`);
}

/**
 * The rules of behaviour §2 and §7 in `site preview`, in the order every host applies them: the URL rules (legacy
 * search, .aspx, case, trailing slash), the build's redirect table, then, for a path the site does not have, the
 * redirect service's check.
 */
export function createPreviewRules(options: PreviewRulesOptions) {
  const table = new Map(options.redirects.map((r) => [r.source, r]));
  const rewrites = options.rewrites.map((r) => new RegExp(r));
  return async function decide(url: URL): Promise<PreviewDecision> {
    const rule = urlRedirect(url.pathname, url.search);
    if (rule) return { type: 'redirect', status: rule.status, location: rule.location, via: rule.rule };
    const redirect = table.get(url.pathname);
    if (redirect)
      return {
        type: 'redirect',
        status: redirect.status,
        location: redirectLocation(redirect, url.search),
        via: 'table',
      };
    const shell = rewrites.some((pattern) => pattern.test(url.pathname));
    if (!options.redirectServiceUrl || shell || options.has(url.pathname)) return { type: 'serve' };
    try {
      const response = await fetch(redirectCheckUrl(options.redirectServiceUrl, url.pathname), {
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return { type: 'serve' };
      const found = checkedRedirect(await response.json(), url.search);
      return found ? { type: 'redirect', ...found, via: 'service' } : { type: 'serve' };
    } catch {
      // The service is down or slow: the visitor gets the 404 page rather than an error.
      return { type: 'serve' };
    }
  };
}
