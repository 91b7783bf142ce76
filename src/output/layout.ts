/**
 * The output's layout: where every file of a built site goes, and the URLs the browser asks for them by. The
 * build, the host files, `site preview` and the browser runtime all read these names from here (plain
 * constants and small functions, safe in the browser bundle).
 */

/** Everything that is not a page lives under this folder. */
export const SITE_DIR = '_site';
/** The runtime, template chunks and stylesheet (content-hashed: cached for a year). */
export const ASSETS_DIR = `${SITE_DIR}/assets`;
/** Site-wide data, one content-hashed file per build. */
export const DATA_DIR = `${SITE_DIR}/data`;
/** `latest.json` and `meta/<buildId>.json`. */
export const BUILDS_DIR = `${SITE_DIR}/builds`;
/** The static search index. */
export const SEARCH_DIR = `${SITE_DIR}/search`;
/** The include for an nginx server block. */
export const NGINX_FILE = `${SITE_DIR}/nginx.conf`;
/** The build's redirect table, read by the runtime and `site preview`. */
export const REDIRECTS_FILE = `${SITE_DIR}/redirects.json`;
/** Shells of the routes rendered in the browser with parameters (previews), one folder per route. */
export const SHELLS_DIR = '_shells';

/** The home page's HTML, at the root of the output. */
export const PAGE_FILE = 'index.html';
/** A page's data (behaviour §7: `{route}/_payload.json`), beside its HTML. */
export const PAYLOAD_FILE = '_payload.json';
/** The error document hosts answer unknown paths with. */
export const NOT_FOUND_FILE = '404.html';

/** Root-relative URL of a file in the output: `/_site/builds/latest.json`. */
export const urlOf = (file: string): string => `/${file}`;
/** What open pages poll for a new build. */
export const LATEST_BUILD_URL = urlOf(`${BUILDS_DIR}/latest.json`);

/** The folder of a page's payload and of the pages under it, relative to the output folder ('' for the home page). */
export const pageDir = (path: string): string => (path === '/' ? '' : path.slice(1));

/**
 * A page's HTML file, relative to the output folder, from its folder (`pageDir`): `news.html` beside the `news/`
 * folder, `index.html` for the home page. Every static host serves `/news` from `news.html` with one answer, and
 * Cloudflare Pages, Netlify and GitHub Pages send `/news/` to `/news`; a `news/index.html` would make Cloudflare
 * answer `/news` with a 308 to `/news/` (behaviour §2 wants the path without the slash).
 */
export const pageHtmlFile = (dir: string): string => (dir === '' ? PAGE_FILE : `${dir}.html`);

/** Behaviour §7: a page's payload URL, keyed by build id: `{route}/_payload.json?{buildId}`. */
export function payloadUrl(path: string, buildId: string): string {
  return `${path === '/' ? '' : path}/${PAYLOAD_FILE}?${buildId}`;
}

/** The build manifest's file, relative to the output folder. */
export const buildMetaFile = (buildId: string): string => `${BUILDS_DIR}/meta/${buildId}.json`;
