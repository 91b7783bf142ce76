import type { SiteData } from '../src/contract/index.ts';
import type { ApiCalls } from './api-calls.ts';
import type { LiveApi } from './live/api.ts';

let api: Promise<LiveApi> | null = null;
let calls: Promise<ApiCalls> | null = null;

/**
 * The live features' calls (runtime/live/api.ts, a chunk of its own), loaded the first time a feature needs them;
 * they share the page's one caller with the ads.
 */
export function liveApi(site: SiteData): Promise<LiveApi> {
  api ??= Promise.all([import('./live/api.ts'), apiCalls(site)]).then(([m, calls]) => m.createLiveApi(site, calls));
  return api;
}

/**
 * The browser's caller alone (runtime/api-calls.ts, about 2 KB with what it imports), for the ads: the home page
 * asks for them as its load ends, and the live features' code need not come with it.
 */
export function apiCalls(site: SiteData): Promise<ApiCalls> {
  calls ??= import('./api-calls.ts').then((m) => m.createApiCalls(site));
  return calls;
}
