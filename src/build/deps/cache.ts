/**
 * The build cache: what a build knows about the site it wrote, kept beside its output (`out/` → `.out-cache/`) for
 * the next build to start from. A documented, versioned artefact (docs/build-cache.md) that CI saves and restores
 * with `out/`:
 * - `manifest.json`: the format, the Fieldhouse version, a digest of the config, the build id and content id of the
 *   output it describes, the number of pages;
 * - `pages.jsonl`: one line per page, `[path, deps]`, in path order: what the page read from the API
 *   (deps/recorder.ts).
 * It is written beside the staging folder during the build and swapped in right after the output, so it never
 * describes an output it did not come with; a reader checks that anyway (the output's ids).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BUILDS_DIR } from '../../output/layout.ts';
import { markerText, OUTPUT_MARKER, outputVersion } from '../staging.ts';
import { readLines, sortLines, createLineWriter } from '../../util/line-files.ts';
import type { ChangedRecord, ContentChange } from '../../webhooks/change.ts';

/** Bump when the files change meaning: a cache of another format is not read (the build says so and builds in full). */
export const BUILD_CACHE_FORMAT = 2;
export const MANIFEST_FILE = 'manifest.json';
export const PAGES_FILE = 'pages.jsonl';

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
  manifest: Omit<BuildCacheManifest, 'format' | 'createdAt'>;
  depsFiles: readonly string[];
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
  const unsorted = join(options.scratchDir, 'deps-all.jsonl');
  const all = createLineWriter(unsorted);
  for (const file of options.depsFiles) if (existsSync(file)) for (const line of readLines(file)) all.write(line);
  all.close();
  sortLines(unsorted, join(next, PAGES_FILE));
  const manifest: BuildCacheManifest = {
    format: BUILD_CACHE_FORMAT,
    ...options.manifest,
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

export type CacheRead = { ok: true; manifest: BuildCacheManifest; dir: string } | { ok: false; reason: string };

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
  if (manifest.config !== expected.config)
    return { ok: false, reason: 'the build cache was written with another site.config.ts' };
  const live = liveBuild(outDir);
  if (live?.id !== manifest.buildId || live.content !== manifest.contentId)
    return {
      ok: false,
      reason: `the build cache describes build ${manifest.buildId}/${manifest.contentId}, but ${outDir} holds ${live ? `${live.id}/${live.content}` : 'no build'}`,
    };
  if (!existsSync(join(dir, PAGES_FILE))) return { ok: false, reason: `the build cache has no ${PAGES_FILE}` };
  return { ok: true, manifest, dir };
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

/** Every page of a cache with what it read, in path order. */
export function* cachedPages(dir: string): Generator<{ path: string; deps: string[] }> {
  for (const line of readLines(join(dir, PAGES_FILE))) {
    const [path, deps] = JSON.parse(line) as [string, string[]];
    yield { path, deps };
  }
}

/**
 * Which built pages a change to these records touches: every page that read one of the records, and for a change
 * that can move a record in or out of a list (anything but an update of fields that do not place it), every page
 * that read a list of that kind. `settings` touches every page (site-wide data is on every page).
 */
export function touchedPages(
  dir: string,
  changes: readonly (ChangedRecord & { listed?: boolean })[],
): { pages: string[]; all: boolean } {
  if (changes.some((c) => c.resource === 'settings')) return { pages: [], all: true };
  const records = new Set(changes.map((c) => `${c.resource}:${c.recordId}`));
  const calls = new Set([
    ...changes.filter((c) => c.listed !== false).flatMap((c) => LISTS[c.resource] ?? []),
    ...changes.flatMap((c) => DERIVED[c.resource] ?? []),
  ]);
  const pages: string[] = [];
  for (const { path, deps } of cachedPages(dir))
    if (deps.some((dep) => records.has(dep) || calls.has(callOf(dep)))) pages.push(path);
  return { pages, all: false };
}

/** The API calls that list records of each kind: a new or removed record changes their answers. */
const LISTS: Record<string, string[]> = {
  article: ['articles', 'articleYears'],
  event: ['events', 'schedule'],
  player: ['roster', 'allTimeRoster'],
  gallery: ['galleries'],
};

/**
 * Answers the CMS (or its stat service) derives from records of a kind without naming them: any change to one may
 * change these. A season's statistics add up its games' scores, so a result entered changes them.
 */
const DERIVED: Record<string, string[]> = {
  event: ['stats'],
};

/** `q:articles:[…]` → `articles`; anything else → ''. */
function callOf(dep: string): string {
  if (!dep.startsWith('q:')) return '';
  return dep.slice(2, dep.indexOf(':', 2));
}

/** Fields whose change can move a record in or out of a list, or within it (an update of others cannot). */
const PLACING_FIELDS: Record<string, string[]> = {
  article: ['date', 'slug', 'status', 'visibility', 'sport_id', 'category_ids'],
  event: ['date', 'time_tba', 'timezone'],
  player: [],
  gallery: ['date', 'slug', 'status', 'visibility', 'sport_id'],
};

/** The records a CMS's changes name, each saying whether it may have moved in a list. */
export function changedRecords(changes: readonly ContentChange[]): (ChangedRecord & { listed: boolean })[] {
  return changes.map((change) => ({
    resource: change.resource,
    recordId: change.record_id,
    listed:
      change.action !== 'update' ||
      change.fields.some((field) => (PLACING_FIELDS[change.resource] ?? []).includes(field)),
  }));
}
