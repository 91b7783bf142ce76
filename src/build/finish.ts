import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import type { ApiClient } from '../api/client.ts';
import type { ImageService, ImageStats } from '../images/service.ts';
import { isRaster } from '../images/variants.ts';
import { errorPayload } from '../contract/error-document.ts';
import { BUILDS_DIR, DATA_DIR, NOT_FOUND_FILE } from '../output/layout.ts';
import { outputName, type OutputWriter } from '../output/writer.ts';
import { ROUTES } from '../pages/index.ts';
import { rankedRoutes } from '../routes/match.ts';
import type { Redirect } from '../routes/url-rules.ts';
import { createPathSet } from '../util/path-set.ts';
import { createSetDigest } from '../util/set-digest.ts';
import { openBuildMeta } from './page-list.ts';
import { shellPath } from './plan.ts';
import type { RenderTask } from './render/protocol.ts';
import type { LoadedSiteData } from './site-data.ts';
import { errorMessage } from '../errors/error.ts';

export interface MediaMirror {
  /**
   * Copy one root-relative media URL (once). `kept`: a page kept from the previous output of an incremental build
   * uses it: the previous output's copy stays where it is (reported to the mirror's `keep`), unless a page loaded
   * from the API uses it too (then it is fetched fresh), or the previous output does not have it.
   */
  add(url: string, kept?: boolean): void;
  /**
   * Wait for every copy; the digest (over every URL and its bytes) goes into the build id. `failed`: the URLs that
   * could not be copied (each warned once), which pages still name: the browser falls back from them (a headshot
   * to the default photo), and the link check does not report them a second time.
   */
  finish(): Promise<{
    digest: string;
    /** Each medium's content hash (what the digest is made of), by URL: the build cache keeps them (media.tsv). */
    hashes: ReadonlyMap<string, string>;
    files: number;
    bytes: number;
    failed: ReadonlySet<string>;
    images: ImageStats | null;
  }>;
  /** Drop queued copies and wait for those in flight (a failed build, before its staging folder goes). */
  cancel(): Promise<void>;
}

/** The media of the output an incremental build updates in place, as its build cache lists them. */
export interface PreviousMedia {
  dir: string;
  /** Does the output have this media URL's file? */
  has(url: string): boolean;
  /** Could the previous build not copy this media URL? */
  failed(url: string): boolean;
  /** The content hash the build cache gives this media URL's file (undefined: not given; the file is read). */
  hash(url: string): string | undefined;
  /** Leave the output's file of this media URL where it is (overlay.ts, KeptFiles; `name`: its outputName). */
  keep(url: string, name: string): void;
}

/**
 * Copy the media the pages reference (root-relative to the API origin) into the site as they are found. With
 * `previous` (the previous output of an incremental build that updates it in place), media only kept pages use are
 * left where they are in it, not fetched, and reported to `previous.keep`; those the previous build could not copy
 * are not asked for again (one warning counts them). With `images` (the image pipeline), a
 * raster image comes from the pipeline's cache (fetched once per build, a conditional request when cached) and its
 * encoded variants are published beside it.
 */
export function createMediaMirror(
  client: ApiClient,
  apiOrigin: string,
  writer: OutputWriter,
  concurrency: number,
  warn: (m: string) => void,
  previous: PreviousMedia | null = null,
  images: ImageService | null = null,
): MediaMirror {
  const limit = pLimit(concurrency);
  let bytes = 0;
  let files = 0;
  const hashes = new Map<string, string>();
  const record = (url: string, hash: string) => void hashes.set(url, hash);
  const seen = createPathSet();
  // URLs only kept pages use so far: linked at the end from the previous output.
  const keptOnly = new Set<string>();
  const failed = new Set<string>();
  const running = new Set<Promise<void>>();
  let cancelled = false;
  const fetchOne = (url: string) => {
    const copy = limit(async () => {
      if (cancelled) return;
      try {
        if (images && isRaster(url)) {
          const image = await images.fetch(url);
          if (cancelled) return;
          // The original stays at its URL (a link from the cache: no bytes written), for whatever names it as is.
          writer.link(image.file, url, `media ${url}`);
          files++;
          record(url, image.hash);
          images.publish(image);
          return;
        }
        const body = await client.getBytes(`${apiOrigin}${url}`, { absolute: true });
        if (cancelled) return;
        bytes += writer.write(url, body, `media ${url}`);
        files++;
        record(url, createHash('sha1').update(body).digest('hex'));
      } catch (error) {
        failed.add(url);
        warn(`media ${url} could not be copied: ${errorMessage(error)}`);
      }
    });
    // Only copies still running are held: the mirror's memory does not grow with the site's media.
    running.add(copy);
    void copy.finally(() => running.delete(copy));
  };
  // A media URL's file relative to the output (outputName), or null when it is not a path inside it.
  const safeName = (url: string) => {
    try {
      return outputName(url, `media ${url}`);
    } catch {
      return null;
    }
  };
  // The digest of a medium left where it is in the previous output (and the image, for its variants); null when
  // the file is not there. The build cache's hash of it is taken as it is, as the kept pages' lines are: the
  // output's file (`file()`) is not read, and an image is found in the image cache by it.
  const keptMedium = async (file: () => string, url: string, known: string | undefined) => {
    try {
      if (!images || !isRaster(url))
        return { hash: known ?? createHash('sha1').update(readFileSync(file())).digest('hex') };
      const image =
        (known !== undefined && (await images.fromStore(known, url))) || (await images.fromFile(file(), url));
      return { hash: image.hash, image };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  return {
    add(url, kept = false) {
      if (kept && previous) {
        if (!seen.has(url)) keptOnly.add(url);
        return;
      }
      // A page loaded from the API uses it: fetched fresh, even when kept pages use it too.
      keptOnly.delete(url);
      if (seen.add(url)) fetchOne(url);
    },
    async finish() {
      let failedBefore = 0;
      // The variants of the images kept pages name, left where they are in the previous output, as the images are.
      const keptVariants = previous && {
        has: previous.has,
        keep: (url: string) => previous.keep(url, outputName(url, `image variant ${url}`)),
      };
      for (const url of keptOnly) {
        if (previous?.failed(url)) {
          failed.add(url);
          failedBefore++;
          continue;
        }
        if (!previous?.has(url)) {
          fetchOne(url);
          continue;
        }
        // Checked like any output path: a build cache edited by hand must not make the build read or keep a file
        // outside it. The file's path is made only when it is read.
        const name = safeName(url);
        const dir = previous.dir;
        const kept = name === null ? null : await keptMedium(() => join(dir, name), url, previous.hash(url));
        if (name === null || !kept) {
          // Listed by the build cache, but not in the output (removed by hand), or not a path inside it: asked for
          // again (an unsafe path fails there with a warning, as it always does).
          fetchOne(url);
          continue;
        }
        previous.keep(url, name);
        files++;
        record(url, kept.hash);
        // A kept page names this image's variants by its content: the same content gives the same ones.
        if (kept.image) images!.publish(kept.image, keptVariants ?? undefined);
      }
      keptOnly.clear();
      if (failedBefore)
        warn(
          `${failedBefore} media that pages kept from the previous build name could not be copied by it, and were not asked for again (a full build, or a change to a page that names one, asks again)`,
        );
      while (running.size) await Promise.all(running);
      const digest = createSetDigest();
      for (const [url, hash] of hashes) digest.add(url, hash);
      return { digest: digest.hex(), hashes, files, bytes, failed, images: (await images?.finish()) ?? null };
    },
    async cancel() {
      cancelled = true;
      while (running.size) await Promise.allSettled(running);
      await images?.cancel();
    },
  };
}

/** Site-wide data, written once per build under a content hash, with the files it refers to. */
export function writeSiteData(
  loaded: LoadedSiteData,
  writer: OutputWriter,
): { url: string; json: string; hash: string } {
  const { url, json, hash } = siteDataFile(loaded);
  writer.write(url, json, 'site data');
  // The files the settings refer to (analytics scripts): content-hashed, so the site data's hash covers them.
  for (const file of loaded.files) writer.write(file.url, file.content, `file ${file.url}`);
  return { url, json, hash };
}

/** The site data file's URL (named by its content hash) and text. */
export function siteDataFile({ site }: LoadedSiteData): { url: string; json: string; hash: string } {
  const json = JSON.stringify(site);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 12);
  return { url: `/${DATA_DIR}/site-${hash}.json`, json, hash };
}

/** The 404 document: rendered like a page, written as 404.html at the root. */
export function notFoundTask(): RenderTask {
  return { dir: '', payloadJson: JSON.stringify(errorPayload('/404', 404, 'Page Not Found')), file: NOT_FOUND_FILE };
}

/**
 * Route rules per pattern, Nuxt's app manifest being the model: prerendered or rendered in the browser (with its
 * shell), and a redirect flag for every path the redirect table sends elsewhere. The URL rules (case, slashes,
 * .aspx, legacy search) are not patterns a manifest can hold: src/routes/url-rules.ts applies them everywhere.
 */
export function routeRules(redirects: Redirect[]): Record<string, RouteRule> {
  const rules: Record<string, RouteRule> = Object.fromEntries(
    rankedRoutes(ROUTES).map((r) => [
      r.pattern,
      { prerender: r.render !== 'client', render: r.render, ...(r.render === 'client' ? { shell: shellPath(r) } : {}) },
    ]),
  );
  for (const r of redirects)
    rules[r.source] = { redirect: { to: r.target, statusCode: r.status, passQuery: r.passQuery } };
  return rules;
}

export type RouteRule =
  | { prerender: boolean; render: string; shell?: string }
  | { redirect: { to: string; statusCode: number; passQuery?: boolean } };

/**
 * `_site/builds/latest.json` and `_site/builds/meta/<id>.json`. `prerendered` comes in path order and is streamed
 * into the file (the same JSON as one `JSON.stringify`), so a site's path list is never held whole.
 */
export function writeManifests(
  writer: OutputWriter,
  { buildId, contentId }: { buildId: string; contentId: string },
  timestamp: string,
  prerendered: Iterable<string>,
  redirects: Redirect[],
): void {
  writeLatest(writer, { buildId, contentId }, timestamp);
  const meta = openBuildMeta(writer, buildId, buildMetaHead(buildId, timestamp, redirects));
  try {
    for (const path of prerendered) {
      const bytes = Buffer.from(path);
      meta.add(bytes, 0, bytes.length);
    }
  } finally {
    meta.close();
  }
}

/**
 * `_site/builds/latest.json`: `id` is what the pages carry (the poller reloads when it moves on); `content` moves
 * with any content change.
 */
export function writeLatest(
  writer: OutputWriter,
  { buildId, contentId }: { buildId: string; contentId: string },
  timestamp: string,
): void {
  writer.write(
    `/${BUILDS_DIR}/latest.json`,
    JSON.stringify({ id: buildId, content: contentId, timestamp }),
    'build manifest',
  );
}

/**
 * The build's manifest (`_site/builds/meta/<id>.json`) but its list of pages: the JSON of `{ id, timestamp,
 * routeRules, prerendered: [] }`, which page-list.ts (openBuildMeta) fills as it reads the list.
 */
export function buildMetaHead(buildId: string, timestamp: string, redirects: Redirect[]): string {
  return JSON.stringify({ id: buildId, timestamp, routeRules: routeRules(redirects), prerendered: [] });
}

/** Copy the project's public/ folder (favicons, vendor stand-ins) into the site as it is. */
export function copyPublic(root: string, publicDir: string, writer: OutputWriter): void {
  const from = join(root, publicDir);
  if (existsSync(from)) writer.copyFolder(from, `public file`);
}
