/**
 * The messages between `site dev` (main thread, renderer.ts) and its render worker (render-worker.ts): one
 * discriminated union each way, requests answered by id. Errors cross as ErrorRecords.
 */
import type { ErrorRecord } from '../errors/error.ts';
import type { AssetManifest, DocumentScripts } from '../build/render/document.ts';
import type { ImageInfoAnswer, ImageInfoAsk, PageBuilderConfig } from '../build/render/page-builder.ts';
import type { Params } from '../routes/params.ts';

/**
 * What the render worker renders with, sent once it is started (it loads the templates meanwhile, while the browser
 * bundle that gives the asset names is still being made).
 */
export interface DevWorkerSetup {
  buildId: string;
  assets: AssetManifest;
  scripts: DocumentScripts;
  /** The site data as JSON (the file the pages link to). */
  siteJson: string;
  builder: PageBuilderConfig;
  /** The image pipeline runs: a page's raster images are asked for (`image-info`) before it renders, as in a build. */
  images: boolean;
}

/** One page to load through its route's source and render: a page of the site, or a client route's shell. */
export interface DevPageRequest {
  route: string;
  params: Params;
  path: string;
}

/** What the worker answers: the page's two files, a reason it does not exist, or why it failed. */
export type DevPage =
  | { kind: 'page'; html: string; payloadText: string; template: string }
  | { kind: 'skip'; reason: string }
  | { kind: 'error'; error: ErrorRecord };

export type ToDevWorker =
  | { type: 'setup'; setup: DevWorkerSetup }
  | { type: 'page'; id: number; page: DevPageRequest }
  /** The 404 document (404.html of a build). */
  | { type: 'not-found'; id: number }
  /** Answers to the worker's `image-info` asks (by the worker's ids). */
  | { type: 'image-info'; answers: ImageInfoAnswer[] };

export type FromDevWorker =
  | { type: 'ready' }
  /** The templates could not be loaded (a template that throws as its module runs). */
  | { type: 'failed'; error: ErrorRecord }
  | { type: 'warn'; message: string }
  | { type: 'rendered'; id: number; page: DevPage }
  /** Requests of the worker's own: the image pipeline's info on a page's image URLs, before it renders. */
  | { type: 'image-info'; asks: ImageInfoAsk[] };
