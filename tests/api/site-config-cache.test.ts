import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSiteConfigCache, SITE_CONFIG_TTL_MS } from '../../src/api/site-config-cache.ts';
import type { SiteSettings } from '../../src/api/schemas/settings.ts';
import { demoDataset } from '../helpers/demo.ts';

describe('site config cache (behaviour §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refetches only when absent or older than 5 minutes', async () => {
    const settings = demoDataset().settings;
    let loads = 0;
    const cache = createSiteConfigCache(async (): Promise<SiteSettings> => {
      loads++;
      return { ...settings, site_title: `load ${loads}` };
    });
    expect(SITE_CONFIG_TTL_MS).toBe(300_000);
    expect((await cache.get()).site_title).toBe('load 1');
    vi.advanceTimersByTime(299_999);
    expect((await cache.get()).site_title).toBe('load 1');
    vi.advanceTimersByTime(1);
    expect((await cache.get()).site_title).toBe('load 2');
    expect(loads).toBe(2);
  });

  it('shares one request between concurrent callers, and clear() forgets', async () => {
    let loads = 0;
    const cache = createSiteConfigCache(async () => {
      loads++;
      return demoDataset().settings;
    });
    await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(loads).toBe(1);
    cache.clear();
    await cache.get();
    expect(loads).toBe(2);
  });
});
