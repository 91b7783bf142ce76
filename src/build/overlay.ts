/**
 * An incremental build whose build id did not change updates its output in place: the staging folder holds only
 * what this build wrote (the pages the changes touched, and every file that is not a page: assets, manifests,
 * media, feeds, the search index), and the pages no change touched stay where they are, never read, linked or
 * copied. The commit moves each staged file over the output's (a rename: each file is replaced whole, never written
 * into), `latest.json` last, so an open tab sees the new content id only when the content is there; then it removes
 * the files the new build no longer has (pages of removed records, media and search files no page names).
 *
 * What the output held is known from the build cache: its pages (the page lines, pages/*.jsonl) and every other file (files.txt,
 * written by every build from its staging folder). A commit cut short (a crash between two renames) leaves a
 * journal in the cache folder, and the next build is then a full one (deps/cache.ts).
 */
import { linkSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { BUILDS_DIR, PAYLOAD_FILE, pageDir, pageHtmlFile } from '../output/layout.ts';
import { createFileComparer, outputName } from '../output/writer.ts';
import { heapCheckpoint } from '../util/heap-keeper.ts';

/** The output's files of a page (site path): its HTML and its payload, relative to the output. */
export function pageFiles(path: string): [string, string] {
  const dir = pageDir(path);
  return [pageHtmlFile(dir), dir === '' ? PAYLOAD_FILE : `${dir}/${PAYLOAD_FILE}`];
}

/** The pages of an output, asked one at a time (a set, or an incremental build's view of them: index.ts). */
export type PageSet = Pick<ReadonlySet<string>, 'has'>;

/**
 * Is `file` one of the two files of a page of `pages`? Asked of each file rather than by listing every page's files:
 * an incremental build's pages are the whole site, its files mostly the few it wrote.
 */
function isPageFile(file: string, pages: PageSet): boolean {
  return pagesOfFile(file).some((path) => pages.has(path) && pageFiles(path).includes(file));
}

/** The pages whose files `file` would be (pageFiles' inverse: `index.html` is the home page's, and `/index`'s). */
function pagesOfFile(file: string): string[] {
  const payload = `/${PAYLOAD_FILE}`;
  if (file === PAYLOAD_FILE) return ['/'];
  if (file.endsWith(payload)) return [`/${file.slice(0, -payload.length)}`];
  if (!file.endsWith('.html')) return [];
  const path = `/${file.slice(0, -'.html'.length)}`;
  return file === pageHtmlFile('') ? ['/', path] : [path];
}

/**
 * Every file under `dir`, relative to it, with `/` between folders, depth first (each folder's entries in
 * `readdirSync`'s order, a subfolder's files where it is met). Each name is its folder's name and its own (a staging
 * folder at demo scale 10 holds 250,000 files in 120,000 folders: resolving each path cost the main thread 0.8 s of
 * the listing's 2.3 s), and only the folders on the way down are held, not every folder still to read (breadth first,
 * those were 120,000 objects, live until the listing ended). With `leaveOut`, the files of its pages are not listed
 * (otherFiles' filter, applied as the folder is read: a full build's 250,000 names were 35 MB of the main thread's
 * heap at its peak).
 */
export function filesUnder(dir: string, leaveOut?: PageSet): string[] {
  const files: string[] = [];
  const list = (path: string, name: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const file = name + entry.name;
      if (entry.isFile()) {
        if (!leaveOut || !isPageFile(file, leaveOut)) files.push(file);
      } else if (entry.isDirectory()) list(join(path, entry.name), `${file}/`);
    }
    // Two seconds of the main thread at scale 10, which its heap keeper would not otherwise see.
    heapCheckpoint();
  };
  list(dir, '');
  return files;
}

/**
 * The files of a staging folder that are not the pages of `pages` (the build cache's files.txt): everything a
 * build writes besides its pages.
 */
export function otherFiles(staged: readonly string[], pages: PageSet): string[] {
  return staged.filter((file) => !isPageFile(file, pages)).sort();
}

/**
 * The files of the previous output that an in-place build leaves where they are though they are not pages: media
 * only kept pages use, and feed and search files that come out the same. They are not staged (neither written nor
 * linked), so the commit does not touch them and the build cache still lists them.
 */
export interface KeptFiles {
  /**
   * Keep the previous output's file at this site path (checked to be inside the output; `name`: its outputName, when
   * the caller has it already).
   */
  keep(sitePath: string, name?: string): void;
  /** Is this site path a kept file? */
  has(sitePath: string): boolean;
  /** The kept files, relative to the output with `/` between folders, as filesUnder names them. */
  files(): string[];
}

export function createKeptFiles(): KeptFiles {
  const kept = new Map<string, string>();
  return {
    keep(sitePath, name = outputName(sitePath, `kept file ${sitePath}`)) {
      kept.set(sitePath, name);
    },
    has: (sitePath) => kept.has(sitePath),
    files: () => [...kept.values()],
  };
}

export interface OverlayPlan {
  /** The files to move from the staging folder into the output, `latest.json` last. */
  staged: string[];
  /**
   * Of those, the ones that are not pages (assets, manifests, media, feeds and search files): left as the output has
   * them when its file has the same bytes, so that only what changed gets a new file (and time). A host that
   * uploads what changed uploads only those; the bundle's assets, written by every build, are the most of them.
   */
  unlessSame: string[];
  /** The output's files the new build does not have. */
  removed: string[];
}

/**
 * What committing a staging folder over the output does, from what the previous build had (its pages and other
 * files, from its cache) and what this one has (its pages, and what it staged).
 */
export function planOverlay(options: {
  staged: readonly string[];
  /** Files of the previous output that stay as they are (KeptFiles). */
  kept: readonly string[];
  pages: PageSet;
  /** The previous output's pages (those not kept in place are enough: a kept one is in `pages`) and other files. */
  previous: { pages: Iterable<string>; others: Iterable<string> };
}): OverlayPlan {
  const { pages, previous } = options;
  const keep = new Set([...options.staged, ...options.kept]);
  const removed: string[] = [];
  for (const path of previous.pages)
    if (!pages.has(path))
      for (const file of pageFiles(path))
        if (!keep.has(file) && !isPageFile(file, pages)) removed.push(insideOutput(file));
  for (const file of previous.others) if (!keep.has(file) && !isPageFile(file, pages)) removed.push(insideOutput(file));
  const latest = `${BUILDS_DIR}/latest.json`;
  const staged = options.staged.filter((file) => file !== latest);
  if (staged.length < options.staged.length) staged.push(latest);
  const unlessSame = staged.filter((file) => file !== latest && !isPageFile(file, pages));
  return { staged, unlessSame, removed };
}

/**
 * A file the build cache names for removal, checked to be a plain path inside the output: a cache edited by hand,
 * or restored from somewhere else, must never make the build delete a file outside the output.
 */
function insideOutput(file: string): string {
  const clean = posix.normalize(file);
  if (clean !== file || file.startsWith('/') || clean === '..' || clean.startsWith('../') || file.includes('\0'))
    throw new Error(
      `The build cache names "${file}" as a file of the output, which is not a path inside it: the cache was edited or is not this output's. Delete the cache folder beside the output and build again (a full build).`,
    );
  return file;
}

/**
 * Where the commit links the output's files it replaces, in the staging folder: still linked there, they are freed
 * when the staging folder is removed in the background, not while the commit runs (on ext4 a rename over a file
 * frees its blocks at once: 100–150 µs a file, 2.2 s of an article published at demo scale 10, against about 75 µs
 * for a link and a rename). A name no site file has.
 */
export const REPLACED_DIR = '.fieldhouse-replaced';

/**
 * Move the staged files over the output's and remove the ones the new build does not have. `journal` is written
 * first and removed by the caller once the build cache describes the result; the staging folder, left with its
 * empty folders and the files replaced (REPLACED_DIR), is the caller's to remove. Each file of the output is
 * replaced by one rename, so a reader finds the old file or the new one, never none.
 */
export function commitOverlay(stagingDir: string, outDir: string, plan: OverlayPlan, journal: string): void {
  mkdirSync(dirname(journal), { recursive: true });
  rmSync(journal, { force: true });
  renameSync(writeJournal(journal, plan), journal);
  const replaced = join(stagingDir, REPLACED_DIR);
  mkdirSync(replaced, { recursive: true });
  let parked = 0;
  // A file system without hard links (some network shares and removable drives) frees the blocks at the rename.
  let linking = true;
  /** Keep the output's file linked from the staging folder, if it has one, before it is replaced. */
  const park = (target: string) => {
    if (!linking) return;
    try {
      linkSync(target, join(replaced, String(parked++)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') linking = false;
    }
  };
  const made = new Set<string>();
  const unlessSame = new Set(plan.unlessSame);
  const sameFiles = createFileComparer();
  for (const file of plan.staged) {
    const target = join(outDir, file);
    if (unlessSame.has(file) && sameFiles(join(stagingDir, file), target)) continue;
    const folder = dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    park(target);
    renameSync(join(stagingDir, file), target);
  }
  const emptied = new Set<string>();
  for (const file of plan.removed) {
    try {
      unlinkSync(join(outDir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (let dir = dirname(file); dir !== '.' && dir !== ''; dir = dirname(dir)) emptied.add(dir);
  }
  // Folders left empty (a removed page's payload folder): deepest first; a folder that still holds files stays.
  for (const dir of [...emptied].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(join(outDir, dir));
    } catch {
      // Not empty, or gone: either way, nothing to do.
    }
  }
}

/** The journal: what the commit is about to do, for whoever finds it after a crash. */
function writeJournal(journal: string, plan: OverlayPlan): string {
  const pending = `${journal}.${process.pid}`;
  const text = `${JSON.stringify({ startedAt: new Date().toISOString(), staged: plan.staged.length, removed: plan.removed })}\n`;
  // Written whole under another name, then renamed: a journal is there entire or not at all.
  writeFileSync(pending, text);
  return pending;
}
