import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ICON_CACHE_MAX_ENTRIES,
  ICON_CACHE_TTL_MS,
  ICON_LOOKUP_TIMEOUT_MS,
  resolveIcons,
} from '../../src/build/icons.ts';
import { iconSet } from '../../src/demo/icons.ts';
import { IconSet } from '../../src/api/schemas/services.ts';
import { startDemo } from '../helpers/demo.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-icons-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('icons resolved at build time (behaviour §7)', () => {
  it('uses a 500 ms lookup time-out and a cache of 50 entries kept 168 hours', () => {
    expect(ICON_LOOKUP_TIMEOUT_MS).toBe(500);
    expect(ICON_CACHE_MAX_ENTRIES).toBe(50);
    expect(ICON_CACHE_TTL_MS).toBe(168 * 3600 * 1000);
  });

  it('fetches from the demo CMS’s Iconify-style endpoint, then serves repeats from the disk cache', async () => {
    const server = await startDemo();
    const cacheFile = join(dir, 'a', 'icons.json');
    let lookups = 0;
    const fetchSet = async (prefix: string, names: string[], signal: AbortSignal) => {
      lookups++;
      const response = await fetch(`${server.origin}/api/v1/icons/${prefix}.json?icons=${names.join(',')}`, { signal });
      return IconSet.parse(await response.json());
    };
    try {
      const warnings: string[] = [];
      const icons = await resolveIcons(['fieldhouse:football', 'fieldhouse:instagram', 'fieldhouse:curling'], {
        fetchSet,
        cacheFile,
        warn: (w) => warnings.push(w),
      });
      expect(Object.keys(icons).sort()).toEqual(['fieldhouse:football', 'fieldhouse:instagram']);
      expect(icons['fieldhouse:football']).toEqual({
        body: iconSet(['football']).icons.football!.body,
        width: 24,
        height: 24,
      });
      expect(warnings).toEqual(['icon "fieldhouse:curling" is not in the icon set; it is left out']);
      await resolveIcons(['fieldhouse:football', 'fieldhouse:instagram'], {
        fetchSet,
        cacheFile,
        warn: () => undefined,
      });
      expect(lookups).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('gives the same object, key for key in the same order, from a cold cache, a warm one and a half-warm one', async () => {
    const cacheFile = join(dir, 'order', 'icons.json');
    const fetchSet = async (_prefix: string, names: string[]) => iconSet(names);
    const names = ['fieldhouse:volleyball', 'fieldhouse:baseball', 'fieldhouse:football', 'fieldhouse:golf'];
    const resolve = (list: string[]) => resolveIcons(list, { fetchSet, cacheFile, warn: () => undefined });
    // Half warm: two of the four are cached, the others fetched after them.
    await resolve(['fieldhouse:volleyball', 'fieldhouse:golf']);
    const half = JSON.stringify(await resolve(names));
    const warm = JSON.stringify(await resolve(names));
    rmSync(cacheFile);
    const cold = JSON.stringify(await resolve(names));
    expect(half).toBe(warm);
    expect(cold).toBe(warm);
    expect(Object.keys(JSON.parse(warm) as object)).toEqual([...names].sort());
  });

  it('refetches entries older than 168 hours, and keeps only the newest 50', async () => {
    const cacheFile = join(dir, 'b', 'icons.json');
    let now = 1_000_000;
    const fetched: string[][] = [];
    const fetchSet = async (prefix: string, names: string[]) => {
      fetched.push(names);
      return {
        prefix,
        icons: Object.fromEntries(names.map((n) => [n, { body: `<path d="${n}"/>` }])),
        width: 24,
        height: 24,
      };
    };
    const names = Array.from({ length: 60 }, (_, i) => `set:icon${i}`);
    await resolveIcons(names, { fetchSet, cacheFile, now: () => now, warn: () => undefined });
    expect(Object.keys(JSON.parse(readFileSync(cacheFile, 'utf8')))).toHaveLength(50);
    now += ICON_CACHE_TTL_MS - 1;
    fetched.length = 0;
    await resolveIcons(['set:icon1'], { fetchSet, cacheFile, now: () => now, warn: () => undefined });
    expect(fetched).toEqual([]);
    now += 2;
    await resolveIcons(['set:icon1'], { fetchSet, cacheFile, now: () => now, warn: () => undefined });
    expect(fetched).toEqual([['icon1']]);
  });

  it('falls back to the cached copy when the service is slower than 500 ms', async () => {
    const cacheFile = join(dir, 'c', 'icons.json');
    await resolveIcons(['set:a'], {
      cacheFile,
      warn: () => undefined,
      fetchSet: async () => ({ prefix: 'set', icons: { a: { body: '<path d="cached"/>' } } }),
    });
    const stale = JSON.parse(readFileSync(cacheFile, 'utf8'));
    stale['set:a'].at = 0;
    writeFileSync(cacheFile, JSON.stringify(stale));
    const warnings: string[] = [];
    const started = performance.now();
    const icons = await resolveIcons(['set:a'], {
      cacheFile,
      warn: (w) => warnings.push(w),
      fetchSet: (_prefix, _names, signal) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('timed out')))),
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(icons['set:a']!.body).toBe('<path d="cached"/>');
    expect(warnings[0]).toMatch(/icon lookup for "set" failed \(timed out\)/);
  });
});
