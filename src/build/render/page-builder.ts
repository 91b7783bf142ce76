import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteData } from '../../contract/index.ts';
import { PAYLOAD_FILE, pageDir } from '../../output/layout.ts';
import { errorToRecord, isFieldhouseError } from '../../errors/error.ts';
import { derivedOf, ROUTES, sourceOf, type PageContext } from '../../pages/index.ts';
import { createRouter } from '../../routes/match.ts';
import { isRaster, newImageMap, type ImageInfo, type ImageMap } from '../../images/variants.ts';
import { mediaIn } from '../../output/media.ts';
import type { Params } from '../../routes/params.ts';
import type { SearchDoc } from '../../search/writer.ts';
import { connectApi, type ApiConnection } from '../api-connection.ts';
import { apiFeeds, type ApiFeeds } from '../feeds/index.ts';
import { createDepsRecorder } from '../deps/recorder.ts';
import { createMemo, withMemo } from '../memo.ts';
import { batched } from '../../util/batch.ts';
import { createRecentMap } from '../../util/recent-map.ts';
import { PAYLOAD_PREFIX } from './document.ts';
import type { PageTask } from './protocol.ts';

/** How a render worker reaches the API (a connection of its own, so loading uses every core) and what it builds. */
export interface PageBuilderConfig extends ApiConnection {
  /** Answers shared by many pages (rosters, schedules) kept per worker. */
  memoEntries: number;
  /** Make a search document for each indexable page. */
  search: boolean;
}

/** A payload without its build id (the worker adds it as it writes the page). */
export interface PendingPayload {
  route: string;
  path: string;
  template: string;
  params: Params;
  head: unknown;
  data: unknown;
  /** The page's raster images as the image pipeline made them (src/images/), by URL: added before it renders. */
  images?: ImageMap;
}

/** What loading a page gave: its payload (to render), a reason to skip it, or why it failed. */
export type LoadedPage =
  | {
      kind: 'page';
      payload: PendingPayload;
      /** The payload as JSON: written as the page's _payload.json and inline data, and hashed for the content id. */
      payloadJson: string;
      /** Null when the page is kept out of search engines (noindex). */
      indexable: { lastmod: string | null; searchDoc: SearchDoc | null } | null;
      /** What the page read from the API (deps/recorder.ts). */
      deps: string[];
    }
  | { kind: 'skip'; reason: string }
  | { kind: 'absent' }
  | { kind: 'error'; error: ReturnType<typeof errorToRecord> };

const FEEDS_MEMO_ENTRIES = 16;

/** The loading half of building a page, in a render worker: the page sources with a client, memo and router of its own. */
export function createPageBuilder(config: PageBuilderConfig, site: SiteData, warn: (message: string) => void) {
  const { api, client, close } = connectApi(config, warn);
  const recorder = createDepsRecorder(createMemo(config.memoEntries));
  const base = { api, site, router: createRouter(ROUTES), warn };
  /** Answers the feeds share (a sport's schedule page and season): a memo of their own, outside the pages' record. */
  const feedsCtx: PageContext = withMemo(base, createMemo(FEEDS_MEMO_ENTRIES));

  return {
    stats: client.stats,
    /** Load one planned page through its route's source (or, with `task.from`, from a previous output). */
    async load(task: PageTask): Promise<LoadedPage> {
      if (task.from) return loadPrevious(task.from, task.path);
      try {
        const source = sourceOf(task.route);
        if (!('load' in source)) throw new Error(`Route "${task.route}" lists files, not pages`);
        const { result: loaded, deps } = await recorder.track(base, (ctx) => source.load(ctx, task.params));
        if ('skip' in loaded) return { kind: 'skip', reason: loaded.skip };
        const route = ROUTES.find((r) => r.name === task.route)!;
        // The payload without its build id: the worker adds it as it writes the page.
        const payload: PendingPayload = {
          route: task.route,
          path: task.path,
          template: route.template,
          params: task.params,
          head: loaded.head,
          data: loaded.data,
        };
        const indexable = loaded.head.noindex
          ? null
          : derivedOf(route.template, loaded.data, task.path, site, config.search);
        return { kind: 'page', payload, payloadJson: JSON.stringify(payload), indexable, deps };
      } catch (error) {
        // The error names the call that answered 404 (or the record that is not public): the warning says which.
        if (isFieldhouseError(error) && error.status === 404) return { kind: 'skip', reason: error.message };
        return { kind: 'error', error: errorToRecord(error) };
      }
    },
    /** The feeds made from the API (RSS, calendars: feeds/index.ts), made here while the main thread plans. */
    feeds: (): Promise<ApiFeeds> => apiFeeds(feedsCtx),
    close,
  };

  /** A page's data as a previous output wrote it (its payload without the build id), and what the build derives. */
  function loadPrevious(outDir: string, path: string): LoadedPage {
    let text: string;
    try {
      text = readFileSync(join(outDir, pageDir(path), PAYLOAD_FILE), 'utf8');
    } catch {
      return { kind: 'absent' };
    }
    try {
      const { buildId: _previous, ...payload } = JSON.parse(text) as PendingPayload & { buildId: string };
      const head = payload.head as { noindex?: boolean };
      const indexable = head.noindex
        ? null
        : derivedOf(payload.template, payload.data, payload.path, site, config.search);
      // The file is `{"buildId":"…",` and the payload's own JSON after its `{` (document.ts, payloadFile).
      const payloadJson = `{${text.slice(text.indexOf('",', PAYLOAD_PREFIX.length) + 2)}`;
      return { kind: 'page', payload, payloadJson, indexable, deps: [] };
    } catch (error) {
      return { kind: 'error', error: errorToRecord(error) };
    }
  }
}

/**
 * A page's raster images as the image pipeline made them (size, content id, colour), added to its payload as
 * `images` before it renders, so the build's HTML and the browser's render name the same variants. A payload that
 * has them already (a kept page's) keeps its own. `lookup` asks the pipeline (the build's main thread). `media` is
 * the payload's media URLs when the caller has them (mediaIn of `loaded.payloadJson`); adding `images` adds none.
 */
export async function addImages(
  loaded: Extract<LoadedPage, { kind: 'page' }>,
  lookup: (urls: string[]) => Promise<ImageMap>,
  media: string[] = mediaIn(loaded.payloadJson),
): Promise<void> {
  if ('images' in loaded.payload) return;
  const urls = media.filter(isRaster);
  if (urls.length === 0) return;
  const images = await lookup(urls);
  if (Object.keys(images).length === 0) return;
  loaded.payload.images = images;
  loaded.payloadJson = `${loaded.payloadJson.slice(0, -1)},"images":${JSON.stringify(images)}}`;
}

/** A render thread's question to the image pipeline: what it knows of these image URLs (by the thread's id). */
export interface ImageInfoAsk {
  id: number;
  urls: string[];
}
/** The pipeline's answer to an ask: what it knows of each image it could read. */
export interface ImageInfoAnswer {
  id: number;
  images: ImageMap;
}

/**
 * A render thread's side of the image lookups (the build's workers, site dev's): `ask` resolves with the answer the
 * thread passes to `answer`, matched by id. The asks of one turn go in one `image-info` message (util/batch.ts).
 */
export function imageRequests(send: (request: { type: 'image-info'; asks: ImageInfoAsk[] }) => void) {
  const waiting = new Map<number, (images: ImageMap) => void>();
  const post = batched<ImageInfoAsk>((asks) => send({ type: 'image-info', asks }));
  let next = 0;
  return {
    ask: (urls: string[]) =>
      new Promise<ImageMap>((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        post({ id, urls });
      }),
    answer(answers: ImageInfoAnswer[]) {
      for (const { id, images } of answers) {
        waiting.get(id)?.(images);
        waiting.delete(id);
      }
    },
  };
}

/**
 * A build's image answers are kept in each render thread, at most this many URLs (about 250 bytes each): pages of
 * a sport name the same headshots and logos again and again.
 */
export const IMAGE_ANSWERS_KEPT = 20_000;

/**
 * `lookup` (a render thread's `ask`) with the answers it gave remembered by URL, for one build: only URLs not
 * answered before are asked, so most pages render without a round trip to the main thread. The build's pipeline
 * answers a URL the same all build long (it fetches each URL once: service.ts, `fetch`), so the map is the one
 * `lookup` would give for all of `urls`, in the same order. A URL the answer leaves out (an image the pipeline got
 * but could not read) is asked again each time, as before. Not for site dev, whose images can change as it runs.
 */
export function rememberedImages(
  lookup: (urls: string[]) => Promise<ImageMap>,
  kept = IMAGE_ANSWERS_KEPT,
): (urls: string[]) => Promise<ImageMap> {
  const known = createRecentMap<string, ImageInfo | null>(kept);
  return async (urls) => {
    const unique = [...new Set(urls)];
    // What is known now: entries forgotten while the lookup runs are still this page's.
    const have = new Map<string, ImageInfo | null>();
    const missing: string[] = [];
    for (const url of unique) {
      const entry = known.get(url);
      if (entry !== undefined) have.set(url, entry);
      else missing.push(url);
    }
    if (missing.length) {
      const answered = await lookup(missing);
      for (const url of missing) {
        if (!Object.hasOwn(answered, url)) continue;
        const entry = answered[url]!;
        have.set(url, entry);
        known.set(url, entry);
      }
    }
    const map = newImageMap();
    for (const url of unique) {
      const entry = have.get(url);
      if (entry !== undefined) map[url] = entry;
    }
    return map;
  };
}

/**
 * The pipeline's side (the build's main thread, site dev's server): each ask looked up, the answers of one turn sent
 * back together through `send`. A failed lookup is no info: the page names its images as they are (the media mirror
 * reports the failure).
 */
export function imageAnswers(
  lookup: (urls: string[]) => Promise<ImageMap>,
  send: (message: { type: 'image-info'; answers: ImageInfoAnswer[] }) => void,
): (asks: ImageInfoAsk[]) => void {
  const post = batched<ImageInfoAnswer>((answers) => send({ type: 'image-info', answers }));
  return (asks) => {
    for (const { id, urls } of asks)
      void lookup(urls)
        .catch(() => ({}))
        .then((images) => post({ id, images }));
  };
}
