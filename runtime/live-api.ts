import type { SiteData } from '../src/contract/index.ts';
import type { LiveApi } from './live/api.ts';

let api: Promise<LiveApi> | null = null;

/** The browser's API client (its own chunk), loaded the first time a feature needs it and shared by all. */
export function liveApi(site: SiteData): Promise<LiveApi> {
  api ??= import('./live/api.ts').then((m) => m.createLiveApi(site));
  return api;
}
