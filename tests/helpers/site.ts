import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectApi, type ApiConnection } from '../../src/build/api-connection.ts';
import { createMemo, withMemo } from '../../src/build/memo.ts';
import { loadSiteData } from '../../src/build/site-data.ts';
import { validateConfig } from '../../src/config/index.ts';
import type { SiteData } from '../../src/contract/index.ts';
import type { DemoServer } from '../../src/demo/server/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { ROUTES, type PageContext } from '../../src/pages/index.ts';
import { createRouter } from '../../src/routes/match.ts';

/** How a test reaches the demo CMS, as the build's own connection does. */
export function demoConnection(demo: DemoServer): ApiConnection {
  return {
    baseUrl: demo.origin,
    prefix: demo.apiPrefix,
    dashboardUrl: demo.dashboardApiUrl,
    redirectServiceUrl: demo.redirectServiceUrl,
    origin: 'https://www.cedarvalleyhawks.example',
    concurrency: 16,
    connections: 16,
    timeoutMs: 5_000,
    retries: 1,
    maxJsonBytes: 64 * 1048576,
    maxFileBytes: 512 * 1048576,
    reportRetries: false,
  };
}

/** The demo site's site-wide data, as the build loads it (its today fixed), and the API it came from. */
export async function demoSite(demo: DemoServer, warn: (message: string) => void = () => undefined) {
  const api = connectApi(demoConnection(demo), warn);
  const icons = mkdtempSync(join(tmpdir(), 'fh-icons-'));
  const config = validateConfig(
    {
      siteUrl: 'https://www.cedarvalleyhawks.example',
      icons: { cacheDir: join(icons, 'icons') },
    },
    'test',
  );
  const { site } = await loadSiteData({
    api: api.api,
    config,
    root: join(import.meta.dirname, '../..'),
    endpoints: {
      baseUrl: demo.origin,
      prefix: demo.apiPrefix,
      dashboardUrl: demo.dashboardApiUrl,
      redirectServiceUrl: demo.redirectServiceUrl,
      publicBaseUrl: demo.origin,
      publicDashboardUrl: demo.dashboardApiUrl,
      publicRedirectServiceUrl: demo.redirectServiceUrl,
    },
    clock: new Date('2026-11-22T00:00:00Z'),
    logger: createLogger({ level: 'silent' }),
    warn,
  });
  const close = async () => {
    await api.close();
    rmSync(icons, { recursive: true, force: true });
  };
  return { site: site satisfies SiteData, api: api.api, close };
}

/** What a page source loads with (the render workers' context), on the demo's site data. */
export async function demoPageContext(demo: DemoServer, warn: (message: string) => void = () => undefined) {
  const { site, api, close } = await demoSite(demo, warn);
  const ctx: PageContext = withMemo({ api, site, router: createRouter(ROUTES), warn }, createMemo(64));
  return { ctx, close };
}
