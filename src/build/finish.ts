import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pLimit from 'p-limit';
import type { HeadData, Payload } from '../../templates/data.ts';
import type { ApiClient } from '../api/client.ts';
import { rankedRoutes } from '../routes/match.ts';
import type { Redirect } from '../routes/url-rules.ts';
import { createPathSet } from '../util/path-set.ts';
import { createSetDigest } from '../util/set-digest.ts';
import { outputPath } from './output.ts';
import { shellPath } from './plan.ts';
import type { LoadedSiteData } from './site-data.ts';

export const BUILDS_DIR = '_site/builds';
export const DATA_DIR = '_site/data';

const MEDIA_URL = /"(\/media\/[^"?#\\]+)"/g;

/** Root-relative media URLs in a JSON text (the render workers find those of pages the same way). */
export function mediaIn(json: string): string[] {
  return [...json.matchAll(MEDIA_URL)].map((m) => m[1]!);
}

export interface MediaMirror {
  /** Copy one root-relative media URL (once). */
  add(url: string): void;
  /** Wait for every copy; the digest (over every URL and its bytes) goes into the build id. */
  finish(): Promise<{ digest: string; files: number; bytes: number }>;
  /** Drop queued copies and wait for those in flight (a failed build, before its staging folder goes). */
  cancel(): Promise<void>;
}

/** Copy the media the pages reference (root-relative to the API origin) into the site as they are found. */
export function createMediaMirror(
  client: ApiClient,
  apiOrigin: string,
  outDir: string,
  concurrency: number,
  warn: (m: string) => void,
): MediaMirror {
  const limit = pLimit(concurrency);
  let bytes = 0;
  let files = 0;
  const digest = createSetDigest();
  const seen = createPathSet();
  const folders = createPathSet();
  const running = new Set<Promise<void>>();
  let cancelled = false;
  return {
    add(url) {
      if (!seen.add(url)) return;
      const copy = limit(async () => {
        if (cancelled) return;
        try {
          const body = await client.getBytes(`${apiOrigin}${url}`, { absolute: true });
          if (cancelled) return;
          const file = outputPath(outDir, url, `media ${url}`);
          const folder = dirname(file);
          // Synchronous, and each folder made once: a media file is a few KB, and fs/promises' per-call cost
          // (open, write, close as separate tasks) was most of the main thread's file time.
          if (folders.add(folder)) mkdirSync(folder, { recursive: true });
          writeFileSync(file, body);
          bytes += body.byteLength;
          files++;
          digest.add(url, createHash('sha1').update(body).digest('hex'));
        } catch (error) {
          warn(`media ${url} could not be copied: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
      // Only copies still running are held: the mirror's memory does not grow with the site's media.
      running.add(copy);
      void copy.finally(() => running.delete(copy));
    },
    async finish() {
      while (running.size) await Promise.all(running);
      return { digest: digest.hex(), files, bytes };
    },
    async cancel() {
      cancelled = true;
      while (running.size) await Promise.allSettled(running);
    },
  };
}

/** Site-wide data, written once per build under a content hash. */
export async function writeSiteData(
  { site, files }: LoadedSiteData,
  outDir: string,
): Promise<{ url: string; json: string; hash: string }> {
  const json = JSON.stringify(site);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 12);
  const url = `/${DATA_DIR}/site-${hash}.json`;
  await mkdir(join(outDir, DATA_DIR), { recursive: true });
  await writeFile(join(outDir, url), json);
  // The files the settings refer to (analytics scripts): content-hashed, so the site data's hash covers them.
  for (const file of files) {
    const path = outputPath(outDir, file.url, `file ${file.url}`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
  }
  return { url, json, hash };
}

/** The 404 document: rendered like a page, written as 404.html at the root. */
export function notFoundTask(): { dir: string; spool: string; file: string } {
  const head: HeadData = { title: 'Page Not Found', description: null, image: null, type: 'website', noindex: true };
  const payload: Omit<Payload, 'buildId'> = {
    route: 'error',
    path: '/404',
    template: 'document',
    params: {},
    head,
    data: {},
    error: { status: 404, message: 'Page Not Found' },
  };
  return { dir: '', spool: JSON.stringify(payload), file: '404.html' };
}

/**
 * Route rules per pattern, Nuxt's app manifest being the model: prerendered or rendered in the browser (with its
 * shell), and a redirect flag for every path the redirect table sends elsewhere. The URL rules (case, slashes,
 * .aspx, legacy search) are not patterns a manifest can hold: src/routes/url-rules.ts applies them everywhere.
 */
export function routeRules(redirects: Redirect[]): Record<string, RouteRule> {
  const rules: Record<string, RouteRule> = Object.fromEntries(
    rankedRoutes().map((r) => [
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

export interface Manifests {
  latest: { id: string; timestamp: string };
}

/**
 * `_site/builds/latest.json` and `_site/builds/meta/<id>.json`. `prerendered` comes in path order and is streamed
 * into the file (the same JSON as one `JSON.stringify`), so a site's path list is never held whole.
 */
export async function writeManifests(
  outDir: string,
  buildId: string,
  timestamp: string,
  prerendered: Iterable<string>,
  redirects: Redirect[],
): Promise<Manifests> {
  const latest = { id: buildId, timestamp };
  await mkdir(join(outDir, BUILDS_DIR, 'meta'), { recursive: true });
  await writeFile(join(outDir, BUILDS_DIR, 'latest.json'), JSON.stringify(latest));
  const head = JSON.stringify({ id: buildId, timestamp, routeRules: routeRules(redirects), prerendered: [] });
  const fd = openSync(join(outDir, BUILDS_DIR, 'meta', `${buildId}.json`), 'w');
  try {
    let block = head.slice(0, -2);
    let first = true;
    for (const path of prerendered) {
      block += `${first ? '' : ','}${JSON.stringify(path)}`;
      first = false;
      if (block.length >= 1 << 16) {
        writeSync(fd, block);
        block = '';
      }
    }
    writeSync(fd, `${block}]}`);
  } finally {
    closeSync(fd);
  }
  return { latest };
}

/** Copy the project's public/ folder (favicons, vendor stand-ins) into the site as it is. */
export async function copyPublic(root: string, publicDir: string, outDir: string): Promise<void> {
  const from = join(root, publicDir);
  if (existsSync(from)) await cp(from, outDir, { recursive: true });
}
