import type { SiteSettings } from './schemas/settings.ts';

/** Spec §4: the site config is cached and refetched only when absent or older than 5 minutes. */
export const SITE_CONFIG_TTL_MS = 5 * 60 * 1000;

export interface SiteConfigCache {
  get(): Promise<SiteSettings>;
  /** Forget the cached copy (e.g. after a content webhook). */
  clear(): void;
}

export function createSiteConfigCache(
  load: () => Promise<SiteSettings>,
  ttlMs: number = SITE_CONFIG_TTL_MS,
): SiteConfigCache {
  let cached: { value: SiteSettings; at: number } | undefined;
  let inFlight: Promise<SiteSettings> | undefined;
  return {
    get() {
      if (cached && Date.now() - cached.at < ttlMs) return Promise.resolve(cached.value);
      // Concurrent callers share one request.
      inFlight ??= load()
        .then((value) => {
          cached = { value, at: Date.now() };
          return value;
        })
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    },
    clear() {
      cached = undefined;
    },
  };
}
