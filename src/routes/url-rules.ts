/**
 * The URL rules of behaviour §2 that come before route matching, as one pure function shared by `site preview`, the
 * browser runtime and the host files the build writes:
 * - the legacy search results page goes to /search, carrying its search text as `s`;
 * - a path ending in .aspx goes permanently to the same path without it (the news date-slug route included);
 * - uppercase paths and trailing slashes go permanently to the lowercase path without the slash;
 * all in one hop, keeping the query string.
 */

/** Behaviour §9: the permanent redirect status. */
export const PERMANENT = 301;

/** Legacy search results pages (SIDEARM-era), lowercased, and the query parameters that carried the text. */
export const LEGACY_SEARCH_PAGES = ['/searchresults.aspx', '/search.aspx'] as const;
export const LEGACY_SEARCH_PARAMS = ['q', 'query', 's'] as const;
/** Old home pages: `/default.aspx` and `/index.aspx` are the site root. */
const LEGACY_HOME = new Set(['/default', '/index']);

export interface UrlRedirect {
  status: number;
  /** Path and query to go to (root-relative), or an absolute URL. */
  location: string;
  rule: 'legacy-search' | 'aspx' | 'canonical';
}

/** Pages have no extension in their last segment (.aspx aside); files (assets, media, documents) keep their case. */
export function isPagePath(path: string): boolean {
  if (path.startsWith('/_site/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]+$/i.test(last) || /\.aspx$/i.test(last);
}

/** Lowercase a path's letters, leaving percent-escapes as they are (`/Caf%C3%A9` is `/caf%C3%A9`, one hop). */
export const lowerPath = (path: string): string =>
  path.replace(/%[0-9a-f]{2}|[^%]+/gi, (part) => (part.startsWith('%') ? part : part.toLowerCase()));

/** The canonical form of a page path: no .aspx, lowercase, no trailing slash. */
export function canonicalPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const aspx = /\.aspx$/i.test(trimmed);
  const p = lowerPath(trimmed.replace(/\.aspx$/i, ''));
  return (aspx && LEGACY_HOME.has(p) ? '' : p) || '/';
}

/** The redirect a path gets before routing, or null when it is already canonical. */
export function urlRedirect(path: string, search = ''): UrlRedirect | null {
  if (!isPagePath(path)) return null;
  const lower = lowerPath(path).replace(/\/+$/, '');
  if ((LEGACY_SEARCH_PAGES as readonly string[]).includes(lower)) {
    const params = new URLSearchParams(search);
    const text = LEGACY_SEARCH_PARAMS.map((name) => params.get(name)).find(
      (value) => value !== null && value.trim() !== '',
    );
    return {
      status: PERMANENT,
      location: text ? `/search?${new URLSearchParams({ s: text.trim() })}` : '/search',
      rule: 'legacy-search',
    };
  }
  const canonical = canonicalPath(path);
  if (canonical === path) return null;
  return { status: PERMANENT, location: canonical + search, rule: /\.aspx\/*$/i.test(path) ? 'aspx' : 'canonical' };
}

/** One rule of the redirect table the build writes for every host (and the runtime reads). */
export interface Redirect {
  /** Canonical page path (lowercase, no trailing slash): hosts apply the canonical rules first. */
  source: string;
  /** Root-relative path or absolute http(s) URL. */
  target: string;
  status: number;
  /** Behaviour §7: query_parameters 'ignore_pass' passes the query string through. */
  passQuery: boolean;
}

/** Where a redirect sends a request: the target, with the query string when the rule passes it through. */
export function redirectLocation(redirect: Pick<Redirect, 'target' | 'passQuery'>, search: string): string {
  if (!redirect.passQuery || !search || search === '?') return redirect.target;
  return `${redirect.target}${redirect.target.includes('?') ? '&' : '?'}${search.replace(/^\?/, '')}`;
}

/**
 * Is this request path one a host can look up: percent-escapes that decode to UTF-8, no NUL byte? Anything else
 * (`/%00`, `/%E0%A4%A`) is a bad request (400), never an error of the server.
 */
export function isWellFormedPath(path: string): boolean {
  try {
    return !decodeURIComponent(path).includes('\0');
  } catch {
    return false;
  }
}
