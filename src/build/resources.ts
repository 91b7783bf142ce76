import { rm } from 'node:fs/promises';
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
import { createStaging, type Staging } from './staging.ts';

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
 * Open a build: claim the output folder (refusing one the build may not replace, before anything else), make
 * the staging and scratch folders, and open the content API (starting the demo CMS when none is configured).
 */
export async function openBuild(options: OpenOptions): Promise<BuildResources> {
  const staging = await createStaging(options.outDir, { root: options.root, version: FIELDHOUSE_VERSION });
  // Beside Fieldhouse's own node_modules, so the bundles it writes there resolve react and react-dom.
  const cacheDir = join(PACKAGE_ROOT, 'node_modules/.cache/fieldhouse', `build-${process.pid}-${Date.now()}`);
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
