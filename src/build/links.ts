/**
 * The link check (issue 16): every internal link of every page the build wrote must lead somewhere the site has:
 * a page, a file, a shell route (previews) or a redirect rule. The render workers find the links as they write
 * each page (no second read of the output); the main thread checks each distinct target once, at the end, and
 * reports broken links with the pages that hold them. `--strict` makes them fatal.
 */
import { statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { PAGE_FILE } from '../output/layout.ts';

const HREF = /\shref="([^"]*)"/g;

/** Decode the few entities React writes in attribute values. */
const unescapeAttribute = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/**
 * The site paths an HTML document links to: root-relative hrefs and absolute ones on the site's own origin, as
 * decoded paths without query or fragment. Links elsewhere (other sites, mailto:, tel:) are not the build's.
 */
export function internalLinks(html: string, siteOrigin: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(HREF)) {
    const href = unescapeAttribute(match[1]!);
    let path: string | null = null;
    if (href.startsWith('/') && !href.startsWith('//')) path = href;
    else if (href.startsWith(siteOrigin + '/') || href === siteOrigin) path = href.slice(siteOrigin.length) || '/';
    if (path === null) continue;
    const end = path.search(/[?#]/);
    if (end >= 0) path = path.slice(0, end);
    if (!path) continue;
    try {
      found.add(decodeURI(path));
    } catch {
      found.add(path); // a malformed escape is checked as written (and reported)
    }
  }
  return [...found];
}

/** Per render worker: the link targets it has not reported yet (menus repeat on every page; each goes once). */
export function createLinkFinder(siteOrigin: string) {
  const seen = new Set<string>();
  return (html: string): string[] =>
    internalLinks(html, siteOrigin).filter((path) => !seen.has(path) && seen.add(path));
}

/** Main thread: each link target, with the first page found holding it. */
export function createLinkLedger() {
  const firstHolder = new Map<string, string>();
  return {
    add(page: string, targets: readonly string[]) {
      for (const target of targets) if (!firstHolder.has(target)) firstHolder.set(target, page);
    },
    get size() {
      return firstHolder.size;
    },
    entries: () => firstHolder.entries(),
  };
}
export type LinkLedger = ReturnType<typeof createLinkLedger>;

export interface BrokenLink {
  target: string;
  /** A page that links to it. */
  page: string;
}

/** What a link may lead to besides a written file: a shell route or a redirect rule the hosts apply. */
export interface LinkTargets {
  /** Paths answered by a route rendered in the browser (previews), or by a redirect. */
  answered(path: string): boolean;
}

/** The broken links: targets that are neither a page, a file in the output, nor answered by a rule. */
export function brokenLinks(ledger: LinkLedger, outDir: string, targets: LinkTargets): BrokenLink[] {
  const root = resolve(outDir);
  const broken: BrokenLink[] = [];
  for (const [target, page] of ledger.entries()) {
    const bare = target.length > 1 ? target.replace(/\/$/, '') : target;
    if (targets.answered(bare)) continue;
    // Only files inside the output count (a link with ../ in it leads nowhere the site has).
    const file = resolve(root, `.${bare}`);
    const inside = file === root || file.startsWith(root + sep);
    const html = file === root ? join(root, PAGE_FILE) : `${file}.html`;
    if (inside && (isFile(html) || (!target.endsWith('/') && isFile(file)))) continue;
    broken.push({ target, page });
  }
  return broken.sort((a, b) => a.target.localeCompare(b.target));
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
