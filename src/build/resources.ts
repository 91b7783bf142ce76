import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import type { Logger } from '../logger/logger.ts';
import { createOutputWriter, type OutputWriter } from '../output/writer.ts';
import { FIELDHOUSE_VERSION } from '../version.ts';
import { PACKAGE_ROOT } from './bundle.ts';
import type { ImageService } from '../images/service.ts';
import type { MediaMirror } from './finish.ts';
import type { RenderPool } from './render/pool.ts';
import type { SearchIndexThread } from '../search/in-worker.ts';
import { openContentSource, type ContentSource } from './source.ts';
import { createStaging, isRunning, type Staging } from './staging.ts';

/** What a build holds open while it runs, each closed once by `close`. */
export interface BuildResources {
  staging: Staging;
  /** Writes into the staging folder: the one way a file reaches the output. */
  writer: OutputWriter;
  /** The build's own scratch folder (line files, bundles), removed at the end. */
  cacheDir: string;
  source: ContentSource;
  /** Opened by the build once it has what they need, registered here so `close` closes them too. */
  pool: RenderPool | null;
  media: MediaMirror | null;
  images: ImageService | null;
  /** The search index's thread, stopped when the build fails before it is finished. */
  search: SearchIndexThread | null;
  /** Work under way in threads of its own (the search index), waited for before the staging folder goes. */
  background: Set<Promise<unknown>>;
  /**
   * Close everything, in order: queued media copies dropped and the staging folder thrown away unless the build
   * was committed, the workers and connections closed, the scratch folder removed. Resolves with the demo CMS's
   * peak memory (MB) when the build used it.
   */
  close(committed: boolean): Promise<number | null>;
}

export interface OpenOptions {
  config: SiteConfig;
  root: string;
  outDir: string;
  logger: Logger;
  warn(message: string): void;
  verbose: boolean;
}

/**
 * Where builds make their scratch folders: beside Fieldhouse's own node_modules, so the bundles written there
 * resolve react.
 */
const SCRATCH_PARENT = join(PACKAGE_ROOT, 'node_modules/.cache/fieldhouse');
/** A build's scratch folder: `build-<pid>-<ms>`. */
const SCRATCH_NAME = /^build-(\d+)-\d+$/;
/** How long a scratch folder of a process that is gone must have been left untouched before it is removed. */
export const SCRATCH_QUIET_MS = 10 * 60_000;

/**
 * Remove the scratch folders of builds that were killed before they could (a build stopped by SIGKILL, the OOM
 * killer or a cancelled CI job leaves 100–200 MB of line files at demo scale 10): those of a process that is gone
 * and in which nothing has changed for SCRATCH_QUIET_MS. A build in another container sharing this node_modules has
 * a process table of its own, but it writes to its line files every second. Never fails a build: what cannot be
 * looked at or removed is left. The names removed.
 */
export async function sweepScratch(parent: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    const pid = SCRATCH_NAME.exec(name)?.[1];
    if (pid === undefined || isRunning(Number(pid))) continue;
    const dir = join(parent, name);
    try {
      if (now - (await lastChange(dir)) < SCRATCH_QUIET_MS) continue;
      await rm(dir, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Gone already (another build swept it), or not ours to remove.
    }
  }
  return removed;
}

/** The newest modification time of a folder and everything in it (ms). */
async function lastChange(dir: string): Promise<number> {
  let newest = (await stat(dir)).mtimeMs;
  for (const entry of await readdir(dir, { recursive: true })) {
    const changed = await stat(join(dir, entry)).then(
      (s) => s.mtimeMs,
      () => 0,
    );
    if (changed > newest) newest = changed;
  }
  return newest;
}

/**
 * Open a build: claim the output folder (refusing one the build may not replace, before anything else), make
 * the staging and scratch folders, and open the content API (starting the demo CMS when none is configured).
 */
export async function openBuild(options: OpenOptions): Promise<BuildResources> {
  const staging = await createStaging(options.outDir, { root: options.root, version: FIELDHOUSE_VERSION });
  await sweepScratch(SCRATCH_PARENT);
  const cacheDir = join(SCRATCH_PARENT, `build-${process.pid}-${Date.now()}`);
  let source: ContentSource;
  try {
    source = await openContentSource(options.config, options.logger, cacheDir, options.warn, options.verbose);
  } catch (error) {
    await staging.discard();
    await rm(cacheDir, { recursive: true, force: true });
    throw error;
  }
  const resources: BuildResources = {
    staging,
    writer: createOutputWriter(staging.dir),
    cacheDir,
    source,
    pool: null,
    media: null,
    images: null,
    search: null,
    background: new Set(),
    async close(committed) {
      if (!committed) await (resources.media ?? resources.images)?.cancel();
      await Promise.allSettled(resources.background);
      await resources.search?.stop();
      await resources.pool?.close();
      await rm(cacheDir, { recursive: true, force: true });
      if (!committed) await staging.discard();
      return source.close();
    },
  };
  return resources;
}
