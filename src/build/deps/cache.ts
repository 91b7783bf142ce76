/**
 * The build cache: what a build knows about the site it wrote, kept beside its output (`out/` → `.out-cache/`) for
 * the next build to start from. A documented, versioned artefact (docs/build-cache.md) that CI saves and restores
 * with `out/`:
 * - `manifest.json`: the format, the Fieldhouse version, a digest of the config, the build id and content id of the
 *   output it describes, the number of pages;
 * - `pages/00000.jsonl`, `pages/00001.jsonl`, …: the page lines, in segments of about 2 MB (segments.ts): one line
 *   per page, `[path, deps, facts]`, in path order: what the page read from the API (deps/recorder.ts), and what
 *   the build derived from it (PageFacts): an incremental build leaves a page no change touched where it is in the
 *   output and takes the rest from here, without reading its files (and links the segments it keeps whole);
 * - `plan.jsonl`: one line per route, what listing its pages read and the pages it listed (plan.ts, PlannedRoute):
 *   an incremental build lists again only the routes a change touches;
 * - `files.txt`: every file of the output that is not a page of the page lines (assets, media, feeds, search files…),
 *   one per line: what an incremental build that updates the output in place removes when it no longer has them
 *   (overlay.ts);
 * - `media-failed.txt`: the media URLs the pages name that the build could not copy, one per line: an incremental
 *   build does not ask for them again for the pages it keeps (a page that changes asks again);
 * - `media.tsv`: every medium the output's pages name, `url TAB pages TAB hash`, sorted: how many pages name it
 *   (deps/tally.ts) and its content's hash (as the content id has it; empty when the build could not copy it). An
 *   incremental build knows from them which media its kept pages name, and keeps those without reading them;
 * - `chrome.json`: each chrome (header, menus, footer) the pages name, by id: its links (src/build/links.ts) and how
 *   many pages name it (deps/tally.ts);
 * - `links.txt`: every site path the output's pages link to, as a JSON string per line, sorted: what an incremental
 *   build checks for the pages it keeps in place without reading their links (src/build/links.ts);
 * - `ledger.tsv`: every page of the output, `path TAB i|n TAB lastmod`, in path order (src/build/ledger.ts): the
 *   sitemap's and the manifests' list, which an incremental build takes its kept pages' entries from;
 * - `search.tsv` (with the static search): the search documents of the pages of the page lines as the index is
 *   written from them, in index order (src/search/index-lines.ts): an incremental build indexes only the documents
 *   of the pages it builds and takes the kept pages' lines from here.
 * It is written beside the staging folder during the build and swapped in right after the output, so it never
 * describes an output it did not come with; a reader checks that anyway (the output's ids).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { moveFileSync } from '../../util/move-file.ts';
import { basename, dirname, join } from 'node:path';
import { BUILDS_DIR } from '../../output/layout.ts';
import { markerText, OUTPUT_MARKER, outputVersion } from '../staging.ts';
import { heapCheckpoint, withHeapCheckpoints } from '../../util/heap-keeper.ts';
import { createLineWriter, hashFile, readLines, sortedLinesOf } from '../../util/line-files.ts';
import { readFileBytes } from '../../util/file-bytes.ts';
import { createSetDigest } from '../../util/set-digest.ts';
import type { SearchDoc, SearchIndexStats } from '../../search/writer.ts';
import type { CachedRoute, PlannedRoute } from '../plan.ts';
import {
  createSegmentWriter,
  depsFileOf,
  PAGES_DIR,
  segmentFiles,
  type SegmentEntry,
  type SegmentSource,
} from './segments.ts';
import type { PageTally } from './tally.ts';
import { openTargetList, targetListText, type TargetList } from './target-list.ts';

/** Bump when the files change meaning: a cache of another format is not read (the build says so and builds in full). */
export const BUILD_CACHE_FORMAT = 12;
export const MANIFEST_FILE = 'manifest.json';
export const CHROME_FILE = 'chrome.json';
export const PLAN_FILE = 'plan.jsonl';
export const FILES_FILE = 'files.txt';
export const FAILED_MEDIA_FILE = 'media-failed.txt';
export const MEDIA_FILE = 'media.tsv';
/** Every link target of the output's pages (target-list.ts), and those a later build checks again (LinkCheck). */
export const LINKS_FILE = 'links.txt';
export const RECHECK_FILE = 'links-recheck.txt';
export const SEARCH_FILE = 'search.tsv';
/** The search index's files with their digests (src/output/known-files.ts); a cache without it is still read. */
export const SEARCH_FILES_FILE = 'search-files.tsv';
export const LEDGER_FILE = 'ledger.tsv';
/** Present while an incremental build moves its files into the output (overlay.ts): the output is half updated. */
export const JOURNAL_FILE = 'committing.json';

/** What the build derived from a page it wrote: everything a build needs of a page besides its two files. */
export interface PageFacts {
  /** SHA-1 of the payload JSON without its build id: the content id is made from these. */
  digest: string;
  /** Root-relative media URLs in the payload. */
  media: string[];
  /** The site paths its own content links to, and the id of its chrome's set of links (src/build/links.ts). */
  links: string[];
  chrome: string;
  /** Null when the page is kept out of search engines (noindex). */
  sitemap: { lastmod: string | null } | null;
  /** Its search document (null: not indexed, or no static search). */
  search: SearchDoc | null;
}

/** One page's line (segments.ts): the facts' fields in this order (`digest` first, `search` last: factsOf). */
export function cacheLine(path: string, deps: readonly string[], facts: PageFacts): string {
  const { digest, media, links, chrome, sitemap, search } = facts;
  return JSON.stringify([path, deps, { digest, media, links, chrome, sitemap, search }]);
}

/** The lines of the pages an incremental build kept, from the previous cache (page-lines.ts). */
export interface KeptLines {
  /**
   * The set digest (util/set-digest.ts) of their paths and digests: their part of the content digest and of the
   * next cache's `pagesDigest`, made from the previous cache's without reading them.
   */
  digest: string;
  /**
   * Write them, merged with `added` (sorted lines of other pages), into the segments of the cache folder `cacheDir`,
   * in path order (page-lines.ts); the segments written, in order.
   */
  mergeInto(cacheDir: string, added: Iterable<string>): SegmentEntry[];
}

export interface BuildCacheManifest {
  format: number;
  fieldhouse: string;
  /** Over the whole resolved config: another config may render every page differently. */
  config: string;
  /** The build id of the output this cache describes: its pages carry it. */
  buildId: string;
  /** The content id of that output: with the build id, it names the output exactly. */
  contentId: string;
  pages: number;
  /** Of those, the pages search engines may index (format 12: the list of pages is patched with its counts). */
  indexable: number;
  /**
   * The segments of page lines its `pages` folder holds (segments.ts), in order: each one's lines and bytes (format
   * 10; format 9 gave their number).
   */
  pageFiles: SegmentEntry[];
  /**
   * The set digest (util/set-digest.ts) of every line's path and digest: what the pages an incremental build keeps
   * add to the content id is this, less the lines it does not keep.
   */
  pagesDigest: string;
  /** The SHA-256 of `search.tsv` (format 7; none without the static search). */
  searchDigest?: string;
  /**
   * The search index's figures (its documents, terms, files and bytes, and its digest), from which an index patched
   * in place (src/search/patch.ts) counts on; none in caches written before 2026-11-28, whose next index is written
   * whole.
   */
  searchStats?: SearchIndexStats;
  /** The SHA-256 of `ledger.tsv` (format 7). */
  ledgerDigest: string;
  /** The SHA-256 of `links.txt` (format 12: an incremental build searches it without parsing every line). */
  linksDigest: string;
  createdAt: string;
}

/** The cache folder of an output folder: `.<name>-cache` beside it. */
export function buildCacheDir(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}-cache`);
}

export function configDigest(config: unknown): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('hex').slice(0, 16);
}

export interface PendingCache {
  /**
   * Put the new cache in place of the old (right after the output was swapped in). Null when done; otherwise why
   * not: a folder of that name that no build wrote is never replaced.
   */
  commit(): string | null;
  discard(): void;
}

/**
 * Write the cache of a build that is about to be swapped in, from the workers' deps files, beside the current one;
 * nothing replaces the current cache until `commit`.
 */
export function prepareBuildCache(options: {
  outDir: string;
  manifest: Omit<
    BuildCacheManifest,
    | 'format'
    | 'createdAt'
    | 'pagesDigest'
    | 'pageFiles'
    | 'searchDigest'
    | 'searchStats'
    | 'ledgerDigest'
    | 'linksDigest'
  >;
  depsFiles: readonly string[];
  /** The lines of the previous cache's pages an incremental build kept in place, as they were. */
  keptLines: KeptLines | null;
  /** Each chrome's links by id (the link ledger's). */
  chromes: ReadonlyMap<string, readonly string[]>;
  /** How many of the output's pages name each medium and each chrome. */
  tally: PageTally;
  /**
   * The link targets of the output's pages: every one, as the list's lines in its order (`previous` null:
   * target-list.ts, sortedTargetLines); or, for a build that kept pages in place, the previous cache's list with the
   * targets of this build added and those it forgot (links.ts) left out. `recheck`: the targets the next build checks
   * again (LinkCheck).
   */
  links:
    | { previous: null; lines: Iterable<string>; recheck: readonly string[] }
    | {
        previous: TargetList;
        targets: readonly string[];
        forgotten: readonly string[];
        recheck: readonly string[];
      };
  /** Each route's plan (JSON lines), moved into the cache. */
  planFile: string;
  /** The sorted list of the output's pages (ledger.ts), moved into the cache. */
  ledgerFile: string;
  /**
   * The search index's lines (its thread's) and their digest, and the list of its files with their digests, moved
   * into the cache; null without static search.
   */
  search: { file: string; digest: string; files: string; stats: SearchIndexStats } | null;
  /** The output's files that are not pages of the cache (overlay.ts, otherFiles), sorted. */
  others: readonly string[];
  /** The media URLs the pages name that the build could not copy. */
  failedMedia: Iterable<string>;
  /** Each medium's content hash, by URL (the media mirror's: those it could not copy have none). */
  media: ReadonlyMap<string, string>;
  /** A scratch folder for the unsorted lines. */
  scratchDir: string;
  now: Date;
}): PendingCache {
  const target = buildCacheDir(options.outDir);
  const next = `${target}.next-${process.pid}`;
  // Like the output and its staging folder, the cache carries the build's marker: only such a folder is replaced.
  const ours = (dir: string) => !existsSync(dir) || outputVersion(dir) !== null;
  if (ours(next)) rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  writeFileSync(join(next, OUTPUT_MARKER), markerText(options.manifest.fieldhouse));
  const pagesDigest = createSetDigest(options.keptLines?.digest);
  // The render threads' lines go to the sorter as they are read (its runs are the only copy written before the
  // merge), each counted in the digest on its way.
  function* depsLines() {
    for (const file of options.depsFiles)
      if (existsSync(file))
        for (const line of readLines(file)) {
          const { path, digest } = entryOf(line);
          pagesDigest.add(path, digest);
          heapCheckpoint();
          yield line;
        }
  }
  // Reading the lines into sorted runs, then merging and writing them, holds the main thread for 1.5 s at scale 10:
  // a checkpoint at each line read and each line written lets its heap keeper look in the middle.
  const sorted = withHeapCheckpoints(sortedLinesOf(depsLines(), join(options.scratchDir, 'deps-sorted.jsonl')));
  let pageFiles: SegmentEntry[];
  if (!options.keptLines) {
    const segments = createSegmentWriter(next);
    for (const line of sorted) segments.line(line, depsLineOf(line));
    pageFiles = segments.close();
  } else {
    // The lines of the pages kept in place, as they were, merged with the new ones: only the new are sorted on disk,
    // and the segments that keep all their lines and gain none are linked.
    pageFiles = options.keptLines.mergeInto(next, sorted);
  }
  const chromes = options.tally.chromes();
  writeFileSync(
    join(next, CHROME_FILE),
    JSON.stringify(
      Object.fromEntries(
        [...options.chromes].map(([id, links]) => [id, { links, pages: chromes.get(id) ?? 0 } satisfies CachedChrome]),
      ),
    ),
  );
  const { links } = options;
  const linksDigest = createHash('sha256');
  if (links.previous)
    linksDigest.update(links.previous.writeWith(join(next, LINKS_FILE), links.targets, links.forgotten));
  else {
    // Line by line, as the sort gives them: a full build's list is never in memory whole.
    const writer = createLineWriter(join(next, LINKS_FILE), linksDigest);
    for (const line of withHeapCheckpoints(links.lines)) writer.write(line);
    writer.close();
  }
  writeFileSync(join(next, RECHECK_FILE), targetListText(links.recheck));
  // The plan is written in the build's work folder, which may be on another file system than the output.
  moveFileSync(options.planFile, join(next, PLAN_FILE));
  if (options.search) {
    moveFileSync(options.search.file, join(next, SEARCH_FILE));
    moveFileSync(options.search.files, join(next, SEARCH_FILES_FILE));
  }
  moveFileSync(options.ledgerFile, join(next, LEDGER_FILE));
  const ledgerDigest = hashFile(join(next, LEDGER_FILE), createHash('sha256')).digest('hex');
  writeFileSync(join(next, FILES_FILE), options.others.length ? `${options.others.join('\n')}\n` : '');
  const failed = [...options.failedMedia].sort();
  writeFileSync(join(next, FAILED_MEDIA_FILE), failed.length ? `${failed.join('\n')}\n` : '');
  const named = options.tally.media();
  const media = [...named.keys()];
  for (const url of options.media.keys()) if (!named.has(url)) media.push(url);
  writeFileSync(
    join(next, MEDIA_FILE),
    media
      .sort()
      .map((url) => `${url}\t${named.get(url) ?? 0}\t${options.media.get(url) ?? ''}\n`)
      .join(''),
  );
  const manifest: BuildCacheManifest = {
    format: BUILD_CACHE_FORMAT,
    ...options.manifest,
    pageFiles,
    pagesDigest: pagesDigest.hex(),
    ...(options.search && { searchDigest: options.search.digest, searchStats: options.search.stats }),
    ledgerDigest,
    linksDigest: linksDigest.digest('hex'),
    createdAt: options.now.toISOString(),
  };
  writeFileSync(join(next, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    commit() {
      if (!ours(target)) {
        rmSync(next, { recursive: true, force: true });
        return `${target} holds files no Fieldhouse build wrote: the build cache was not written there (move that folder away)`;
      }
      const old = `${target}.old-${process.pid}`;
      if (existsSync(target)) renameSync(target, old);
      renameSync(next, target);
      rmSync(old, { recursive: true, force: true });
      return null;
    },
    discard: () => rmSync(next, { recursive: true, force: true }),
  };
}

export type CacheRead =
  | {
      ok: true;
      manifest: BuildCacheManifest;
      dir: string;
      /** Its segments of page lines, in order, with their lines and bytes. */
      pageFiles: SegmentSource[];
    }
  | { ok: false; reason: string };

/**
 * The cache of an output folder, if the next build may start from it: it must exist, be of this format, this
 * Fieldhouse version and config, and describe the output that is there now. The reason says why not.
 */
export function readBuildCache(outDir: string, expected: { fieldhouse: string; config: string }): CacheRead {
  const dir = buildCacheDir(outDir);
  const file = join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return { ok: false, reason: `no build cache at ${dir}` };
  let manifest: BuildCacheManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as BuildCacheManifest;
  } catch {
    return { ok: false, reason: `the build cache's ${file} is not JSON (a broken or half-restored cache)` };
  }
  if (manifest.format !== BUILD_CACHE_FORMAT)
    return {
      ok: false,
      reason: `the build cache is format ${manifest.format}; this Fieldhouse writes ${BUILD_CACHE_FORMAT}`,
    };
  if (manifest.fieldhouse !== expected.fieldhouse)
    return {
      ok: false,
      reason: `the build cache was written by Fieldhouse ${manifest.fieldhouse}, this is ${expected.fieldhouse}`,
    };
  if (typeof manifest.pagesDigest !== 'string' || !/^[0-9a-f]{64}$/.test(manifest.pagesDigest))
    return { ok: false, reason: `the build cache's ${file} has no pages digest (a broken or edited cache)` };
  if (
    [manifest.ledgerDigest, manifest.linksDigest].some(
      (digest) => typeof digest !== 'string' || !/^[0-9a-f]{64}$/.test(digest),
    )
  )
    return {
      ok: false,
      reason: `the build cache's ${file} has no digest of its list of pages or of link targets (a broken or edited cache)`,
    };
  if (manifest.config !== expected.config)
    return { ok: false, reason: 'the build cache was written with another site.config.ts' };
  const live = liveBuild(outDir);
  if (live?.id !== manifest.buildId || live.content !== manifest.contentId)
    return {
      ok: false,
      reason: `the build cache describes build ${manifest.buildId}/${manifest.contentId}, but ${outDir} holds ${live ? `${live.id}/${live.content}` : 'no build'}`,
    };
  if (existsSync(join(dir, JOURNAL_FILE)))
    return {
      ok: false,
      reason: `an incremental build was cut short while it moved its files into ${outDir} (${join(dir, JOURNAL_FILE)}): the output may be half updated`,
    };
  for (const name of [CHROME_FILE, PLAN_FILE, FILES_FILE, FAILED_MEDIA_FILE, MEDIA_FILE, LINKS_FILE, RECHECK_FILE])
    if (!existsSync(join(dir, name))) return { ok: false, reason: `the build cache has no ${name}` };
  const segments = segmentFiles(dir);
  const entries = Array.isArray(manifest.pageFiles) ? manifest.pageFiles : null;
  if (
    !entries?.every((entry) => Number.isInteger(entry?.lines) && Number.isInteger(entry?.bytes)) ||
    segments?.length !== entries.length
  )
    return {
      ok: false,
      reason: `the build cache's ${PAGES_DIR} folder holds ${segments?.length ?? 0} files of page lines, its manifest ${entries?.length ?? 'none'} (a broken or half-restored cache)`,
    };
  const lacking = segments.find((file) => !existsSync(depsFileOf(file)));
  if (lacking) return { ok: false, reason: `the build cache has no ${depsFileOf(lacking)}` };
  return {
    ok: true,
    manifest,
    dir,
    pageFiles: segments.map((file, i) => ({ file, lines: entries[i]!.lines, bytes: entries[i]!.bytes })),
  };
}

/** The ids `latest.json` names in an output folder (null when it has none, or it is not readable). */
function liveBuild(outDir: string): { id?: string; content?: string } | null {
  try {
    return JSON.parse(readFileSync(join(outDir, BUILDS_DIR, 'latest.json'), 'utf8')) as {
      id?: string;
      content?: string;
    };
  } catch {
    return null;
  }
}

/**
 * Where a line's facts begin: `["path",[deps],{"digest":…}]`. A quote inside a JSON string is escaped, so this
 * text can only be the facts object's start.
 */
export const FACTS_START = ',{"digest":';
/** Where the facts' own links begin, and where they end and the chrome's id begins (the fields after `media`). */
export const LINKS_START = ',"links":[';
export const CHROME_START = '],"chrome":';
/** Where the facts' search document begins (`search` is their last field, cacheLine). */
export const SEARCH_START = ',"search":';

/** A page's deps line (`[path, deps]`: segments.ts) of its whole line (cacheLine). */
export function depsLineOf(line: string): string {
  const at = line.indexOf(FACTS_START);
  if (at < 0) throw new Error(`Not a line of the build cache: ${JSON.stringify(line.slice(0, 80))}`);
  return `${line.slice(0, at)}]`;
}

/** A page's path and what it read, from its line (the facts are not parsed). */
export function depsOf(line: string): { path: string; deps: string[] } {
  // A whole line, or a deps line (`[path, deps]`: segments.ts).
  const facts = line.indexOf(FACTS_START);
  const [path, deps] = JSON.parse(facts < 0 ? line : `${line.slice(0, facts)}]`) as [string, string[]];
  return { path, deps };
}

/** A line's path and its facts' digest, all that its part of `pagesDigest` is made of (nothing else is parsed). */
export function entryOf(line: string): { path: string; digest: string } {
  const close = line.indexOf('",[');
  const raw = line.slice(2, close);
  // A path JSON escaped something in (a quote, a backslash) is parsed with what the page read.
  const path = raw.includes('\\') ? depsOf(line).path : raw;
  const at = line.indexOf(FACTS_START) + FACTS_START.length + 1;
  const digest = line.slice(at, line.indexOf('"', at));
  if (!line.startsWith('["') || close < 0 || at <= FACTS_START.length || !digest)
    throw new Error(`Not a line of the build cache: ${JSON.stringify(line.slice(0, 80))}`);
  return { path, digest };
}

/** Every page of a cache with what it read, in path order (from the segments' deps files). */
export function* cachedPages(dir: string): Generator<{ path: string; deps: string[] }> {
  for (const file of segmentFiles(dir) ?? []) for (const line of readLines(depsFileOf(file))) yield depsOf(line);
}

/**
 * The search documents of a cache's page lines (its segment files, in order), as the JSON text they are written as,
 * with their page's path (the pages kept out of search have none).
 */
export function* cachedSearchDocs(pageFiles: readonly string[]): Generator<{ path: string; json: string }> {
  for (const file of pageFiles)
    for (const line of readLines(file)) {
      const json = line.slice(line.lastIndexOf(SEARCH_START) + SEARCH_START.length, -2);
      if (json !== 'null') yield { path: entryOf(line).path, json };
    }
}

/** A chrome as chrome.json holds it: its links, and how many pages name it. */
export interface CachedChrome {
  links: readonly string[];
  pages: number;
}

/** Each chrome, by id, as a cache holds them. */
export function cachedChromes(dir: string): Map<string, CachedChrome> {
  const file = join(dir, CHROME_FILE);
  const chromes = new Map(Object.entries(parseIn(readFileSync(file, 'utf8'), file) as Record<string, CachedChrome>));
  for (const [id, chrome] of chromes)
    if (!Array.isArray(chrome?.links) || !Number.isInteger(chrome.pages))
      throw new Error(`${file}: chrome ${id} is not {"links": [...], "pages": n}`);
  return chromes;
}

/**
 * Every site path the cache's pages link to (a list searched in its bytes: target-list.ts), and the targets its build
 * could not vouch for by a file of its output, which the next build checks again (RECHECK_FILE).
 */
export function cachedLinks(dir: string, digest: string): { targets: TargetList; recheck: string[] } {
  const file = join(dir, LINKS_FILE);
  const bytes = readFileSync(file);
  if (createHash('sha256').update(bytes).digest('hex') !== digest)
    throw new Error(`${file} is not the file its manifest has the digest of`);
  const recheckFile = join(dir, RECHECK_FILE);
  let number = 0;
  const recheck = [...readLines(recheckFile)].map((line) => parseIn(line, recheckFile, ++number) as string);
  return { targets: openTargetList(bytes), recheck };
}

/** JSON.parse, whose error names the cache's file (and line) the text came from. */
function parseIn(text: string, file: string, line?: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}${line ? `, line ${line}` : ''} is not JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
}

/** The output's files that are not pages, as a cache lists them. */
export function cachedOthers(dir: string): string[] {
  return [...readLines(join(dir, FILES_FILE))];
}

/** The media URLs the pages name that the cache's build could not copy. */
export function cachedFailedMedia(dir: string): Set<string> {
  return new Set(readLines(join(dir, FAILED_MEDIA_FILE)));
}

/** Each medium the pages name, by URL, as a cache holds them: how many pages name it, and its content's hash. */
export function cachedMedia(dir: string): Map<string, { pages: number; hash: string | null }> {
  const file = join(dir, MEDIA_FILE);
  const media = new Map<string, { pages: number; hash: string | null }>();
  let number = 0;
  for (const line of readLines(file)) {
    number++;
    const [url, pages, hash, extra] = line.split('\t');
    // A hash names a file of the image cache (images/service.ts, fromStore): hex digits only, never a path.
    if (!url || !/^\d+$/.test(pages ?? '') || !/^(?:[0-9a-f]{32,64})?$/.test(hash ?? '-') || extra !== undefined)
      throw new Error(`${file}, line ${number}, is not "url TAB pages TAB hash"`);
    media.set(url, { pages: Number(pages), hash: hash || null });
  }
  return media;
}

/** Where a plan line's pages begin and its warnings (its last field) begin: `{"route":…,"deps":[…],"pages":[…],"warnings":[…]}`. */
const PLAN_PAGES = Buffer.from(',"pages":');
const PLAN_WARNINGS = Buffer.from(',"warnings":');
const NEWLINE = 0x0a;
/** `]}`: a plan line's last bytes. */
const endsLikePlan = (line: Buffer) =>
  line.length > 1 && line[line.length - 2] === 0x5d && line[line.length - 1] === 0x7d;

/**
 * Each route's plan, by route name, as a cache holds it (with its line's bytes, which a replayed route passes on). A
 * line's route, deps and warnings are decoded and parsed here; its pages (most of its bytes: 24 MB at demo scale 10,
 * 10 MB in one line) only when the build asks for them (plan.ts): a route replayed as a count never does. The file is
 * read as bytes, whole (into the buffer `into` gives, when given: the lines are views of it), and never decoded whole.
 * The fields are found by their keys: a key's quotes are the only unescaped ones outside JSON strings, so a string in
 * the line cannot read like one.
 */
export function cachedPlan(dir: string, into?: (size: number) => Buffer): Map<string, CachedRoute> {
  const plan = new Map<string, CachedRoute>();
  const file = join(dir, PLAN_FILE);
  const bytes = readFileBytes(file, undefined, into);
  let number = 0;
  // A last line without its newline (a file cut short) is not read, as readLines does not.
  for (let start = 0, end = bytes.indexOf(NEWLINE); end >= 0; start = end + 1, end = bytes.indexOf(NEWLINE, start)) {
    const at = ++number;
    const line = bytes.subarray(start, end);
    const pagesAt = line.indexOf(PLAN_PAGES);
    const warningsAt = line.lastIndexOf(PLAN_WARNINGS);
    if (pagesAt < 0 || warningsAt < pagesAt || !endsLikePlan(line))
      throw new Error(
        `${file}, line ${at} is not JSON (not a route's plan: ${JSON.stringify(line.toString('utf8', 0, 60))})`,
      );
    const head = parseIn(`${line.toString('utf8', 0, pagesAt)}}`, file, at) as Pick<PlannedRoute, 'route' | 'deps'>;
    const warnings = parseIn(line.toString('utf8', warningsAt + PLAN_WARNINGS.length, line.length - 1), file, at);
    if (typeof head.route !== 'string' || !Array.isArray(head.deps) || !Array.isArray(warnings))
      throw new Error(`${file}, line ${at} is not a route's plan`);
    plan.set(head.route, {
      deps: head.deps,
      warnings: warnings as string[],
      pages: () =>
        parseIn(line.toString('utf8', pagesAt + PLAN_PAGES.length, warningsAt), file, at) as PlannedRoute['pages'],
      line,
    });
  }
  return plan;
}
