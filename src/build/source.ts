import type { ApiClient } from '../api/client.ts';
import type { ContentApi } from '../api/endpoints.ts';
import type { SiteConfig } from '../config/schema.ts';
import { DEMO_API_PREFIX, DEMO_DASHBOARD_PATH, DEMO_REDIRECT_PATH } from '../demo/server/server.ts';
import { startDemoProcess, type DemoHandle } from '../demo/server/process.ts';
import type { Logger } from '../logger/logger.ts';
import { connectApi, type ApiConnection } from './api-connection.ts';

/** Where the API is: for the build's crawl, and for the browser's own calls (which may differ). */
export interface ApiEndpoints {
  baseUrl: string;
  prefix: string;
  dashboardUrl: string | null;
  redirectServiceUrl: string | null;
  publicBaseUrl: string;
  publicDashboardUrl: string | null;
  publicRedirectServiceUrl: string | null;
}

/** Default `fetch.concurrency`: a configured API, and the demo CMS on loopback. */
export const API_CONCURRENCY = 24;
export const DEMO_CONCURRENCY = 48;

export interface ContentSource {
  api: ContentApi;
  /** Pages and requests in flight at once: the config's `fetch.concurrency`, or the default for this source. */
  concurrency: number;
  /** The settings `api` and `client` were made from, for the render workers' own connections. */
  connection: ApiConnection;
  client: ApiClient;
  endpoints: ApiEndpoints;
  /** The demo CMS (in its own process), when the config names no API. */
  demo: DemoHandle | null;
  /** Close the connections and the demo CMS; resolves with the demo's peak memory (MB) when it ran. */
  close(): Promise<number | null>;
}

/**
 * The configured API, or (when none is configured) the demo CMS started in its own process on a free loopback
 * port and crawled over HTTP like any other API. The browser's calls go to the demo's public port, where `site preview`
 * serves it.
 */
export async function openContentSource(
  config: SiteConfig,
  logger: Logger,
  cacheDir: string,
  warn: (message: string) => void,
  reportRetries = false,
): Promise<ContentSource> {
  let demo: DemoHandle | null = null;
  let endpoints: ApiEndpoints;
  if (config.api) {
    endpoints = configuredEndpoints(config.api);
  } else {
    const started = performance.now();
    demo = await startDemoProcess({ seed: config.demo.seed, scale: config.demo.scale, port: 0, cacheDir });
    logger.info(
      'build',
      `no API configured: demo CMS (seed "${config.demo.seed}", scale ${config.demo.scale}) at ${demo.origin} in ${Math.round(performance.now() - started)} ms`,
    );
    const pub = `http://127.0.0.1:${config.demo.port}`;
    endpoints = {
      baseUrl: demo.origin,
      prefix: DEMO_API_PREFIX,
      dashboardUrl: demo.dashboardApiUrl,
      redirectServiceUrl: demo.redirectServiceUrl,
      publicBaseUrl: pub,
      publicDashboardUrl: `${pub}${DEMO_DASHBOARD_PATH}`,
      publicRedirectServiceUrl: `${pub}${DEMO_REDIRECT_PATH}`,
    };
  }
  const connection = connectionOf(config, endpoints, reportRetries);
  const { concurrency } = connection;
  const { api, client, close } = connectApi(connection, warn);
  return {
    api,
    concurrency,
    connection,
    client,
    endpoints,
    demo,
    async close() {
      await close();
      return demo ? demo.close() : null;
    },
  };
}

/** The endpoints of an API named in site.config.ts. */
export function configuredEndpoints(a: NonNullable<SiteConfig['api']>): ApiEndpoints {
  return {
    baseUrl: a.baseUrl.replace(/\/$/, ''),
    prefix: a.prefix,
    dashboardUrl: a.dashboardUrl ?? null,
    redirectServiceUrl: a.redirectServiceUrl ?? null,
    publicBaseUrl: (a.publicBaseUrl ?? a.baseUrl).replace(/\/$/, ''),
    publicDashboardUrl: a.dashboardUrl ?? null,
    publicRedirectServiceUrl: a.redirectServiceUrl ?? null,
  };
}

/** How hard to use the API at `endpoints`: the config's `fetch` settings, or the defaults for this kind of source. */
export function connectionOf(config: SiteConfig, endpoints: ApiEndpoints, reportRetries = false): ApiConnection {
  const concurrency = config.fetch.concurrency ?? (config.api ? API_CONCURRENCY : DEMO_CONCURRENCY);
  return {
    baseUrl: endpoints.baseUrl,
    prefix: endpoints.prefix,
    dashboardUrl: endpoints.dashboardUrl,
    redirectServiceUrl: endpoints.redirectServiceUrl,
    origin: new URL(config.siteUrl).origin,
    concurrency,
    connections: Math.max(8, concurrency),
    timeoutMs: config.fetch.timeoutMs,
    retries: config.fetch.retries,
    maxJsonBytes: config.fetch.maxJsonMb * 1048576,
    maxFileBytes: config.fetch.maxFileMb * 1048576,
    reportRetries,
  };
}
