import { createApiClient } from '../api/client.ts';
import { DEFAULT_RETRY } from '../api/retry.ts';
import { createContentApi } from '../api/endpoints.ts';
import { createNodeTransport } from '../api/transport-node.ts';

/**
 * Where the build's API is and how hard to use it: plain data, so the main thread (planning, media) and each
 * render worker (page loading) open their own connection from the same settings.
 */
export interface ApiConnection {
  baseUrl: string;
  prefix: string;
  dashboardUrl: string | null;
  redirectServiceUrl: string | null;
  /** Sent as the Origin header. */
  origin: string;
  /** Requests in flight at once, and sockets to keep open. */
  concurrency: number;
  connections: number;
  timeoutMs: number;
  retries: number;
  /** The largest JSON answer and file read (fetch.maxJsonMb, fetch.maxFileMb). */
  maxJsonBytes: number;
  maxFileBytes: number;
  /** Warn about every retry (--verbose). */
  reportRetries: boolean;
}

/** A client and the content API over undici; retries are told to `warn`, so long runs say why they slow down. */
export function connectApi(c: ApiConnection, warn: (message: string) => void) {
  const transport = createNodeTransport({ connections: c.connections });
  const client = createApiClient({
    baseUrl: c.baseUrl,
    prefix: c.prefix,
    transport: transport.transport,
    origin: c.origin,
    concurrency: c.concurrency,
    timeoutMs: c.timeoutMs,
    maxJsonBytes: c.maxJsonBytes,
    maxFileBytes: c.maxFileBytes,
    retry: { ...DEFAULT_RETRY, retries: c.retries },
    // Retries are counted in the summary; one line each only when asked (--verbose), or a flaky API buries the
    // warnings that matter.
    onRetry: c.reportRetries
      ? (r) => warn(`retrying ${r.method} ${r.url} (attempt ${r.attempt}, ${r.reason}) in ${r.delayMs} ms`)
      : undefined,
    onNotice: (endpoint, message) => warn(`${endpoint}: ${message}`),
  });
  const api = createContentApi(client, { dashboardApiUrl: c.dashboardUrl, redirectServiceUrl: c.redirectServiceUrl });
  return { api, client, close: () => transport.close() };
}
