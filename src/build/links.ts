/**
 * The link check (issue 16): every internal link of every page the build wrote must lead somewhere the site has:
 * a page, a file, a shell route (previews) or a redirect rule. The render workers find the links as they write
 * each page (no second read of the output); the main thread checks each distinct target once, at the end, and
 * reports broken links with the pages that hold them. `--strict` makes them fatal.
 */
import { hash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import { PAGE_FILE } from '../output/layout.ts';
import { createLineWriter, readLines } from '../util/line-files.ts';
import { createPathSet } from '../util/path-set.ts';
import { pieceText, type PieceText } from '../util/piece-text.ts';

const HREF_OPEN = 'href="';
/** The characters a regular expression's `\s` matches. */
const WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007,
  0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
]);
const QUERY_OR_FRAGMENT = /[?#]/;

/** Decode the few entities React writes in attribute values. */
const unescapeAttribute = (value: string) =>
  value.includes('&')
    ? value
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
    : value;

/**
 * The site path an href leads to: a root-relative href, or an absolute one on the site's own origin, as a decoded
 * path without query or fragment; null for links elsewhere (other sites, mailto:, tel:), which are not the build's.
 */
function sitePathOf(attribute: string, siteOrigin: string): string | null {
  const href = unescapeAttribute(attribute);
  let path: string;
  if (href.startsWith('/')) {
    if (href.startsWith('//')) return null;
    path = href;
  } else if (href.startsWith(siteOrigin) && (href.length === siteOrigin.length || href[siteOrigin.length] === '/')) {
    path = href.slice(siteOrigin.length) || '/';
  } else return null;
  const end = path.search(QUERY_OR_FRAGMENT);
  if (end >= 0) path = path.slice(0, end);
  if (!path) return null;
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path; // a malformed escape is checked as written (and reported)
  }
}

/**
 * What stands in the link finder's view of a document for a piece it does not read there (a chrome's markup, whose
 * links it remembers; the page's data): one character that is not whitespace and begins none of the marks the finder
 * looks for, so the pieces on either side of it meet no differently than they met the piece.
 */
const LEFT_OUT = '\0';

/** How far the values collectLinks read went: all ended inside the range, one ran past its end, one held LEFT_OUT. */
const INSIDE = 0;
const PAST = 1;
const INTO_LEFT_OUT = 2;

/**
 * The site paths (sitePathOf) of the hrefs found in `html[from, to)` (each `\shref="` that starts there), added to
 * `found` in the order they come. PAST when a value runs past `to` (what was found then depends on more than the
 * text of the range). With `leftOut` (a view with pieces left out), INTO_LEFT_OUT when a value holds LEFT_OUT: it
 * ran into a piece left out, and what it is, and what follows it, are that piece's to say.
 */
function collectLinks(
  html: PieceText,
  siteOrigin: string,
  found: Set<string>,
  from = 0,
  to = html.length,
  leftOut = false,
): number {
  let reach = INSIDE;
  // `\shref="…"`, found with indexOf (a fast scan of the string) rather than a regular expression's matches.
  for (
    let at = html.indexOf(HREF_OPEN, from);
    at >= 0 && at < to;
    at = html.indexOf(HREF_OPEN, at + HREF_OPEN.length)
  ) {
    if (at === 0 || !WHITESPACE.has(html.charCodeAt(at - 1))) continue;
    const start = at + HREF_OPEN.length;
    const end = html.indexOf('"', start);
    // Unclosed: the last `href="` of the document (any later one would have closed it), unless a piece left out
    // would close it.
    if (end < 0) return leftOut && html.indexOf(LEFT_OUT, start) >= 0 ? INTO_LEFT_OUT : PAST;
    if (end >= to) reach = PAST;
    const value = html.slice(start, end);
    if (leftOut && value.includes(LEFT_OUT)) return INTO_LEFT_OUT;
    const path = sitePathOf(value, siteOrigin);
    if (path !== null) found.add(path);
  }
  return reach;
}

/**
 * The site paths an HTML document links to: root-relative hrefs and absolute ones on the site's own origin, as
 * decoded paths without query or fragment. Links elsewhere (other sites, mailto:, tel:) are not the build's.
 */
export function internalLinks(html: string, siteOrigin: string): string[] {
  const found = new Set<string>();
  collectLinks(html, siteOrigin, found);
  return [...found];
}

/**
 * A page's internal links in two parts: its own (inside `<main>`: what it shows) and its chrome's (header, menus,
 * footer), which many pages share and which go by the id of their set. The build cache keeps each page's own links
 * and its chrome's id, and each chrome's links once (build-pages.ts): a page an incremental build keeps is never
 * read again for its links.
 */
export interface PageLinks {
  own: string[];
  /** The id of the chrome's set of links (a digest of the sorted set). */
  chrome: string;
  /** The chrome's links, the first time this thread reports its id; null after that. */
  chromeLinks: string[] | null;
}

/** Chromes a link finder remembers by their links' order (a site has a few hundred at most). */
const CHROMES_KEPT = 2000;
/** Shared pieces a link finder remembers with their links (a site has one header and one footer). */
const SHARED_KEPT = 16;

/**
 * What a link finder need not read in a document given as pieces, other than as a place: the pieces that other
 * pages have as they are, the same strings (the header's and the footer's markup, rendered once per build and
 * spliced in whole: build/render/ssr.tsx), read once each; and the page's data (its payload's JSON in a script),
 * not read at all: an `href="` in JSON ends a string, and what follows it there (`,` `:` `}` `]`) begins no path.
 */
export interface KnownPieces {
  shared: readonly string[];
  data: string | null;
}

/** Per render worker: a page's links, each chrome's set reported once (menus repeat on every page). */
export function createLinkFinder(siteOrigin: string) {
  const seen = new Set<string>();
  // A chrome's links as the page lists them (document order) → its id: most pages repeat one of a few chromes, and
  // looking one up costs less than sorting and hashing its links again.
  const ids = new Map<string, string>();
  // The shared pieces met, each with its links, or null for one that is read in its place (sharedLinks).
  const shared = new Map<string, string[] | null>();
  /**
   * A shared piece's links, read once: when it is whole markup (a `<` first, a `>` last: no mark the finder looks
   * for runs into it or out of it), holds no `<main` or `</main>`, and closes each value it opens, what it holds is
   * the same whatever comes around it. Null otherwise: it is read where it is, as any piece.
   */
  const sharedLinks = (piece: string): string[] | null => {
    let links = shared.get(piece);
    if (links === undefined) {
      const found = new Set<string>();
      const whole =
        piece.startsWith('<') && piece.endsWith('>') && !piece.includes('<main') && !piece.includes('</main>');
      links = whole && collectLinks(piece, siteOrigin, found) === INSIDE ? [...found] : null;
      if (shared.size >= SHARED_KEPT) shared.clear();
      shared.set(piece, links);
    }
    return links;
  };

  /**
   * The page's own links and its chrome's, read from `html`. With `leftOut` (a view of the pieces in which each
   * shared piece and the data is one LEFT_OUT: where it was, and its links), null when the view cannot tell: a shared
   * piece with links inside <main> (they would be the page's own, in their place) or in a page without one, or a
   * value that runs into a piece left out.
   */
  const read = (html: PieceText, leftOut: { at: number; links: string[] }[] | null) => {
    const view = leftOut !== null;
    /** Collect `html[from, to)`'s links into `found`; true when a value ran into a piece left out. */
    const into = (found: Set<string>, from: number, to: number) =>
      collectLinks(html, siteOrigin, found, from, to, view) === INTO_LEFT_OUT;
    const start = html.indexOf('<main');
    const end = html.lastIndexOf('</main>');
    const own = new Set<string>();
    const outside = new Set<string>();
    if (start >= 0 && end > start) {
      if (leftOut?.some((piece) => piece.links.length > 0 && piece.at >= start && piece.at < end)) return null;
      // A link inside <main> is the page's own, any other its chrome's: those before it and after it, and the shared
      // pieces' (left out of the view).
      if (into(outside, 0, start) || into(own, start, end) || into(outside, end, html.length)) return null;
      for (const piece of leftOut ?? []) for (const link of piece.links) outside.add(link);
    } else {
      // A page without <main> has no chrome.
      if (leftOut?.some((piece) => piece.links.length > 0)) return null;
      if (into(own, 0, html.length)) return null;
    }
    return { own, outside };
  };

  /**
   * A page's links, from its document: one string, or its pieces (read where they are, never joined). `known` says
   * which pieces the finder need not read there: the chrome's markup other pages have too, and the page's data.
   */
  return (document: string | readonly string[], self: string, known?: KnownPieces): PageLinks => {
    let found: { own: Set<string>; outside: Set<string> } | null = null;
    if (known && typeof document !== 'string') {
      const pieces: string[] = [];
      const leftOut: { at: number; links: string[] }[] = [];
      let at = 0;
      for (const piece of document) {
        const links =
          piece === '' ? null : piece === known.data ? [] : known.shared.includes(piece) ? sharedLinks(piece) : null;
        if (links === null) {
          pieces.push(piece);
          at += piece.length;
        } else {
          leftOut.push({ at, links });
          pieces.push(LEFT_OUT);
          at += LEFT_OUT.length;
        }
      }
      if (leftOut.length > 0) found = read(pieceText(pieces), leftOut);
    }
    found ??= read(typeof document === 'string' ? document : pieceText(document), null)!;
    const ownSet = found.own;
    const outsideSet = found.outside;
    const own = [...ownSet];
    // Without the page's links to itself (its canonical URL, the menu's current item), which it always has: with
    // them every page's chrome would be a set of its own.
    outsideSet.delete(self);
    const listed = [...outsideSet].join('\n');
    let chrome = ids.get(listed);
    if (chrome !== undefined && seen.has(chrome)) return { own, chrome, chromeLinks: null };
    const chromeLinks = [...outsideSet].sort();
    chrome = hash('sha1', chromeLinks.join('\n')).slice(0, 16);
    if (ids.size >= CHROMES_KEPT) ids.clear();
    ids.set(listed, chrome);
    if (seen.has(chrome)) return { own, chrome, chromeLinks: null };
    seen.add(chrome);
    return { own, chrome, chromeLinks };
  };
}

/**
 * Main thread: each link target, with the first page found holding it; and each chrome's set of links by its id
 * (kept in the build cache with the pages that name it).
 *
 * The targets wait on disk, not in the heap: each is written once to a line file (`file`, in the build's scratch
 * folder) with its first holder, and the heap keeps a 64-bit hash of each to tell a new target from one already
 * written (util/path-set.ts, 16 bytes a slot). A map of the targets' strings to their holders cost about 107 bytes
 * a target and kept a holder's path for most pages: 25 MB of the main thread's live heap at demo scale 20 (234,000
 * targets), growing with the site. Two targets share a hash with a chance of about one in a billion at that size:
 * the later one would not be checked.
 *
 * An incremental build does not read the own links of the pages it keeps in place. Their targets were good when the
 * previous build checked them, and stay good while what made them good is there: it adds (`addUnheld`) those whose
 * page or file it removes (`targetsServedBy`) and those the previous build could not vouch for by a file of its
 * output (its `recheck`), each checked like the others, and looks for a kept page holding one only when it is broken
 * (brokenLinks' `holdersOf`). Those few wait in the heap until a page of this build names them.
 */
export function createLinkLedger(file: string) {
  const seen = createPathSet();
  const held = createLineWriter(file);
  /** Targets no page of this build has named yet (UNHELD), in the order they came. */
  const unheld = new Set<string>();
  const chromes = new Map<string, string[]>();
  const forgotten: string[] = [];
  const add = (page: string, targets: readonly string[]) => {
    if (forgotten.length) throw new Error(`${page}: the link ledger takes no pages once its check forgot targets`);
    for (const target of targets)
      if (seen.add(target) || (unheld.size && unheld.delete(target))) held.write(JSON.stringify([target, page]));
  };
  function* entries(): Generator<[target: string, holder: string]> {
    held.flush();
    for (const line of readLines(file)) yield JSON.parse(line) as [string, string];
    for (const target of unheld) yield [target, UNHELD];
  }
  return {
    add,
    /**
     * A page's links. `chromeOf` gives the links of a chrome neither this page nor one before it reported (a kept
     * page's, from the build cache); a chrome nobody can name is a bug of the cache's writer.
     */
    addPage(page: string, links: PageLinks, chromeOf?: (id: string) => readonly string[] | undefined) {
      add(page, links.own);
      if (chromes.has(links.chrome)) return;
      const chrome = links.chromeLinks ?? chromeOf?.(links.chrome);
      if (!chrome) throw new Error(`${page}: its chrome's links (${links.chrome}) were never reported`);
      chromes.set(links.chrome, [...chrome]);
      add(page, chrome);
    },
    /**
     * A chrome that pages kept in place name (the build cache's): its links are kept for the next cache. Its targets
     * are among the previous output's (`addUnheld`), and a broken one's holder is found when asked (holdersOf).
     */
    keepChrome(id: string, links: readonly string[]) {
      if (!chromes.has(id)) chromes.set(id, [...links]);
    },
    /** Targets pages link to that were not added one by one (some of the previous output's): checked all the same. */
    addUnheld(targets: Iterable<string>) {
      for (const target of targets) if (seen.add(target)) unheld.add(target);
    },
    /**
     * An unheld target no page holds after all (no kept page links to it any more), found by the check: the ledger
     * takes no more pages after it.
     */
    forget(target: string) {
      if (unheld.delete(target)) forgotten.push(target);
    },
    /** The targets forgotten: an incremental build leaves them out of the next cache's list. */
    forgotten: (): readonly string[] => forgotten,
    get size() {
      return seen.size - forgotten.length;
    },
    /** Each target with its first holder (UNHELD: not known), read back from the file. */
    entries,
    /** Every target, in the order they came (the build cache sorts them on disk: target-list.ts). */
    *targets(): Generator<string> {
      for (const [target] of entries()) yield target;
    },
    /** Every chrome's links, by id. */
    chromes: () => chromes,
  };
}
/** The holder of a target added by `addUnheld` and not by a page of this build. */
export const UNHELD = '';
export type LinkLedger = ReturnType<typeof createLinkLedger>;

export interface BrokenLink {
  target: string;
  /** A page that links to it. */
  page: string;
}

/** What a link may lead to besides a file of the folder checked. */
export interface LinkTargets {
  /**
   * Paths answered by a rule: a route rendered in the browser (previews), a redirect, a medium the build could not
   * copy.
   */
  answered(path: string): boolean;
  /**
   * The pages and the other files of the output that are not in the folder checked (an incremental build left them in
   * place), by their site paths: a page's path leads to its HTML, a file's only without a slash at its end.
   */
  kept?: { page(path: string): boolean; file(path: string): boolean };
  /**
   * The pages the build lists (those it wrote, and those kept in place): a target whose own path is one of them is
   * in the output, found without resolving its path or a look at the disk.
   */
  listed?(path: string): boolean;
  /**
   * The pages holding the broken targets the ledger has no holder of (UNHELD), the first found of each; a target
   * missing from the map is held by no page any more, and is forgotten. Called once, with all of them.
   */
  holdersOf?(targets: readonly string[]): Map<string, string>;
}

/** What the link check found. */
export interface LinkCheck {
  broken: BrokenLink[];
  /**
   * The targets no file of the output vouches for, sorted: the broken ones, those a rule answers (rules change with
   * no page changing), and those that reach their file only once resolved (`/a/./b`: targetsServedBy does not name
   * them). The next incremental build checks them again; every other target stays good while its file is there.
   */
  recheck: string[];
}

/**
 * The targets a file of the output makes good (`file` relative to it, with `/` between folders): those brokenLinks
 * finds it for, the path of the file itself and, for a page's HTML, the page's path with and without a slash. A
 * target that reaches the file only once resolved (`/a/../b`) is not among them (LinkCheck, `recheck`).
 */
export function targetsServedBy(file: string): string[] {
  const path = `/${file}`;
  if (!file.endsWith('.html')) return [path];
  const page = path.slice(0, -'.html'.length);
  return file === PAGE_FILE ? [path, page, `${page}/`, '/'] : [path, page, `${page}/`];
}

/** Does the target's own path name the file it reaches (no `.`, `..` or empty part, one slash at most at its end)? */
const literal = (bare: string) => bare === '/' || (posix.normalize(bare) === bare && !bare.endsWith('/'));

/** The broken links: targets that are neither a page, a file in the output, nor answered by a rule. */
export function brokenLinks(ledger: LinkLedger, outDir: string, targets: LinkTargets): LinkCheck {
  const root = resolve(outDir);
  const broken: BrokenLink[] = [];
  const unheld: string[] = [];
  const recheck: string[] = [];
  for (const [target, page] of ledger.entries()) {
    const bare = target.length > 1 ? target.replace(/\/$/, '') : target;
    if (targets.answered(bare)) {
      recheck.push(target);
      continue;
    }
    const own = literal(bare);
    if ((own && targets.listed?.(bare)) || isInOutput(root, target, bare, targets.kept)) {
      if (!own) recheck.push(target);
      continue;
    }
    if (page === UNHELD) unheld.push(target);
    else broken.push({ target, page });
  }
  const holders = unheld.length ? (targets.holdersOf?.(unheld) ?? new Map<string, string>()) : null;
  for (const target of unheld) {
    const page = holders?.get(target);
    if (page === undefined) ledger.forget(target);
    else broken.push({ target, page });
  }
  for (const { target } of broken) recheck.push(target);
  return { broken: broken.sort((a, b) => a.target.localeCompare(b.target)), recheck: recheck.sort() };
}

/**
 * Is the target a page or a file of the output folder, or one `kept` names? Only files inside it count (`../` leads
 * nowhere the site has).
 */
function isInOutput(root: string, target: string, bare: string, kept: LinkTargets['kept']): boolean {
  const file = resolve(root, `.${bare}`);
  if (file !== root && !file.startsWith(root + sep)) return false;
  // The site path it resolves to (`/a/./b` is `/a/b`): what the kept pages and files are known by.
  const path = file === root ? '/' : `/${relative(root, file).split(sep).join('/')}`;
  if (kept?.page(path) || isFile(file === root ? join(root, PAGE_FILE) : `${file}.html`)) return true;
  return !target.endsWith('/') && (kept?.file(path) || isFile(file));
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
