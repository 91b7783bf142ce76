import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { IconData } from '../contract/index.ts';
import type { IconSet } from '../api/schemas/services.ts';
import { errorMessage } from '../errors/error.ts';

/** Spec §7: icon lookups time out after 500 ms; the cache keeps at most 50 entries for 168 hours. */
export const ICON_LOOKUP_TIMEOUT_MS = 500;
export const ICON_CACHE_MAX_ENTRIES = 50;
export const ICON_CACHE_TTL_MS = 168 * 60 * 60 * 1000;

interface CacheEntry extends IconData {
  at: number;
}

export interface IconOptions {
  /** Fetch one Iconify-style set: `{prefix}.json?icons=a,b`. Must honour the signal. */
  fetchSet(prefix: string, names: string[], signal: AbortSignal): Promise<IconSet>;
  cacheFile: string;
  now?: () => number;
  warn(message: string): void;
}

/** Resolve "prefix:name" icons to inline SVG: from the on-disk cache when fresh, else from the icon service. */
export async function resolveIcons(names: readonly string[], options: IconOptions): Promise<Record<string, IconData>> {
  const now = options.now ?? Date.now;
  const cache = await readCache(options.cacheFile);
  const out: Record<string, IconData> = {};
  const missing = new Map<string, string[]>();
  for (const full of [...new Set(names)].sort()) {
    const entry = cache[full];
    if (entry && now() - entry.at < ICON_CACHE_TTL_MS) {
      out[full] = { body: entry.body, width: entry.width, height: entry.height };
      continue;
    }
    const [prefix, name] = full.split(':');
    if (!prefix || !name) {
      options.warn(`icon "${full}" is not of the form prefix:name; it is left out`);
      continue;
    }
    missing.set(prefix, [...(missing.get(prefix) ?? []), name]);
  }
  for (const [prefix, wanted] of missing) {
    try {
      const set = await lookUp(() => options.fetchSet(prefix, wanted, AbortSignal.timeout(ICON_LOOKUP_TIMEOUT_MS)));
      for (const name of wanted) {
        const icon = set.icons[name];
        if (!icon) {
          options.warn(`icon "${prefix}:${name}" is not in the icon set; it is left out`);
          continue;
        }
        const data = { body: icon.body, width: icon.width ?? set.width ?? 16, height: icon.height ?? set.height ?? 16 };
        out[`${prefix}:${name}`] = data;
        cache[`${prefix}:${name}`] = { ...data, at: now() };
      }
    } catch (error) {
      // A slow or missing icon service must not stop a build: a stale copy is better than none.
      options.warn(
        `icon lookup for "${prefix}" failed (${errorMessage(error)}); using cached copies where there are any`,
      );
      for (const name of wanted) {
        const stale = cache[`${prefix}:${name}`];
        if (stale) out[`${prefix}:${name}`] = { body: stale.body, width: stale.width, height: stale.height };
      }
    }
  }
  await writeCache(options.cacheFile, cache);
  // In name order, however many came from the cache: the icons are part of the site data, whose bytes make the
  // build id, so a cold cache and a warm one must give the same object (else the first rebuild after a cold one
  // re-renders every page instead of linking it).
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Icon lookups that fail (a dropped answer, a time-out) are tried twice more, each with its own 500 ms. */
export const ICON_LOOKUP_ATTEMPTS = 3;

async function lookUp<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= ICON_LOOKUP_ATTEMPTS) throw error;
    }
  }
}

async function readCache(file: string): Promise<Record<string, CacheEntry>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, CacheEntry>;
  } catch {
    return {};
  }
}

/** Keep the newest 50 entries; write atomically so two builds never see half a file. */
async function writeCache(file: string, cache: Record<string, CacheEntry>): Promise<void> {
  const kept = Object.entries(cache)
    .sort((a, b) => b[1].at - a[1].at || a[0].localeCompare(b[0]))
    .slice(0, ICON_CACHE_MAX_ENTRIES);
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(Object.fromEntries(kept)));
  await rename(temp, file);
}
