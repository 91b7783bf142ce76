/**
 * The messages between the render pool (main thread, pool.ts) and its workers (worker.ts): one discriminated
 * union each way, requests answered by id. Errors cross as ErrorRecords and come back as the catalogue's errors.
 * See README.md in this folder.
 */
import type { ApiStats } from '../../api/client.ts';
import type { ErrorRecord } from '../../errors/error.ts';
import type { Params } from '../../routes/params.ts';
import type { SitemapsWritten } from '../feeds/index.ts';
import type { PageLinks } from '../links.ts';
import type { PageListJob } from '../page-list.ts';
import type { AssetManifest, DocumentScripts } from './document.ts';
import type { ImageInfoAnswer, ImageInfoAsk, PageBuilderConfig } from './page-builder.ts';

/** What a worker is set up with for a build (the `setup` message). */
export interface WorkerSetup {
  outDir: string;
  /** The build id every page carries (src/build/build-id.ts): known before the first page is rendered. */
  buildId: string;
  assets: AssetManifest;
  scripts: DocumentScripts;
  /** The site data as JSON (parsed once per worker). */
  siteJson: string;
  builder: PageBuilderConfig;
  /** Where this worker writes the search documents of its pages (JSON lines); null without a static index. */
  searchFile: string | null;
  /** Where this worker writes what each of its pages read from the API (`[path, deps]` lines, deps/recorder.ts). */
  depsFile: string;
  /** The image pipeline runs (src/images/): a page's raster images are asked for (`image-info`) before it renders. */
  images: boolean;
}

/** One planned page for a worker to build: load its data through the API, render it, write it. */
export interface PageTask {
  id: number;
  route: string;
  params: Params;
  path: string;
  /** The API record it comes from, in words, for messages. */
  label: string;
  /**
   * An incremental build's untouched page: build it from its payload in this previous output folder, with no API
   * call (the outcome is `absent` when that output has no such page).
   */
  from?: string;
  /** With `from`: what the page read from the API when it was loaded (the build cache's), carried over. */
  deps?: string[];
}

/** A page whose payload is known (the 404 document): rendered and written as `file` in `dir`. */
export interface RenderTask {
  /** Folder relative to the output ('' for the root). */
  dir: string;
  /** The payload as JSON, without its build id. */
  payloadJson: string;
  /** A file in `dir` instead of the page's own HTML file (404.html); no _payload.json is written then. */
  file?: string;
}

/** What rendering a page produced. */
export interface Rendered {
  /** Bytes written. */
  bytes: number;
  /** SHA-1 of the payload JSON: the content id is made from these. */
  digest: string;
  /** Root-relative media URLs in the payload (the main thread copies them). */
  media: string[];
  /** The site paths the page links to (the link check, src/build/links.ts). */
  links: PageLinks;
}

/** What building a page gave: a written page (and what the sitemap says of it), a reason to skip it, or an error. */
export type PageOutcome =
  | { kind: 'page'; rendered: Rendered; sitemap: { lastmod: string | null } | null }
  | { kind: 'skip'; reason: string }
  | { kind: 'absent' }
  | { kind: 'error'; error: ErrorRecord };

/** Main thread → worker. */
export type ToWorker =
  /** Work for a new build (answered `ready`): a thread kept warm is set up once per build. */
  | { type: 'setup'; setup: WorkerSetup }
  /** The build is over: the thread lets go of its data, client and files, and waits for the next setup. */
  | { type: 'end' }
  | { type: 'build'; pages: PageTask[] }
  | { type: 'render'; id: number; task: RenderTask }
  | { type: 'loading-done'; id: number }
  /** Make the feeds that come from the API (feeds/index.ts, apiFeeds), before loading is done. */
  | { type: 'feeds'; id: number }
  /** Write the sitemap and the build's manifest from the complete list of pages (../page-list.ts). */
  | { type: 'page-list'; id: number; job: PageListJob }
  /** Answers to a worker's `image-info` asks (by the worker's ids): what the build knows of each image it could read. */
  | { type: 'image-info'; answers: ImageInfoAnswer[] };

/** Worker → main thread. */
export type FromWorker =
  /** The server bundle is loaded (every template's component): the thread can be set up. */
  | { type: 'loaded' }
  /** Set up for the build. */
  | { type: 'ready' }
  | { type: 'warn'; message: string }
  /**
   * Pages built, in a batch (one message per turn of the worker's event loop), with the client's stats and the
   * bytes of V8 heap the thread holds now (committed: what it costs the process), for the build's peak memory.
   */
  | { type: 'built'; results: (PageOutcome & { id: number })[]; stats: ApiStats; heapBytes: number }
  | { type: 'rendered'; id: number; result: { ok: true; rendered: Rendered } | { ok: false; error: ErrorRecord } }
  /** The sitemap files written, with their digests. */
  | { type: 'page-list'; id: number; result: ({ ok: true } & SitemapsWritten) | { ok: false; error: ErrorRecord } }
  /** The feeds, by path and text. */
  | { type: 'feeds'; id: number; result: { ok: true; files: [string, string][] } | { ok: false; error: ErrorRecord } }
  /** Every page loaded: the worker's search file is complete (null without one). */
  | { type: 'loading-closed'; id: number; searchFile: string | null; depsFile: string }
  /** Requests of the worker's own (its ids): the image pipeline's info on a page's image URLs, before it renders. */
  | { type: 'image-info'; asks: ImageInfoAsk[] };

/** The replies that answer a request by id. */
export type Reply = Exclude<Extract<FromWorker, { id: number }>, { type: 'image-info' }>;
