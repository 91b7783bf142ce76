import { createWireJson } from './wire.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateDataset, type Dataset, type DatasetOptions } from '../dataset.ts';
import { renderMedia } from '../render-media.ts';
import { photoPool } from '../photo-pool.ts';
import { DEFAULT_PHOTO_CACHE } from '../photos.ts';
import { createFaults, RUNAWAY_BYTES, type FaultOptions } from './faults.ts';
import { etagOf, fail, notModified, type Answer, type RequestContext } from './http.ts';
import { sendMedia } from './media.ts';
import { createCms, type Cms } from '../cms/cms.ts';
import type { WebhookTarget } from '../cms/webhooks.ts';
import { contentRoutes, dashboardRoutes, redirectRoutes, type Route } from './routes.ts';

/** `site demo-api`'s port, and the one the demo site's pages call (demo.port in site.config.ts). */
export const DEMO_DEFAULT_PORT = 4000;
export const DEMO_API_PREFIX = '/api/v1';
export const DEMO_DASHBOARD_PATH = '/dashboard';
export const DEMO_REDIRECT_PATH = '/redirect-service';
/** The cookie whose value the demo reads as the bypass identity when no X-Oas-Identity header is sent. */
export const DEMO_BYPASS_COOKIE = 'fh_identity';
const MAX_BODY_BYTES = 12 * 1024 * 1024;
/** The response cache's budget: recent public answers, bounded in bytes so big scales stay lean. */
const RESPONSE_CACHE_BYTES = 48 * 1024 * 1024;

export interface DemoServerOptions extends DatasetOptions {
  port?: number;
  host?: string;
  /** A dataset already generated (tests share one). */
  dataset?: Dataset;
  faults?: FaultOptions;
  /**
   * Answer as a careless CMS would: drafts, scheduled and private records in the public answers, protected pages'
   * blocks included. The build must publish none of them (its trust tests run against this).
   */
  leaky?: boolean;
  bypassCookie?: string;
  /** Called with one line per request. */
  log?: (line: string) => void;
  /** Editing (cms/cms.ts): a folder to keep edits in across restarts, the write token, webhook receivers. */
  store?: string | null;
  editToken?: string;
  webhooks?: readonly WebhookTarget[];
  webhookRetryDelaysMs?: readonly number[];
  /** Called with one line per change and webhook delivery. */
  logChanges?: (line: string) => void;
  /**
   * Where the photo pool's JPEGs are kept between runs (photo-pool.ts): Fieldhouse's .cache/demo-photos unless
   * given; null keeps them in memory only.
   */
  photoCache?: string | null;
}

export interface DemoServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  apiPrefix: string;
  dashboardApiUrl: string;
  redirectServiceUrl: string;
  dataset: Dataset;
  /** Requests answered so far. */
  readonly requests: number;
  /** The editing side: its change log and webhook queues. */
  cms: Cms;
  /** Change fault injection while running. */
  setFaults(faults: FaultOptions): void;
  close(): Promise<void>;
}

interface Mount {
  base: string;
  routes: CompiledRoute[];
  faulty: boolean;
}
interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

/** Start the demo CMS: a real HTTP server on loopback serving the content API contract. */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const dataset = options.dataset ?? generateDataset(options);
  const faults = createFaults(options.faults);
  const cookieName = options.bypassCookie ?? DEMO_BYPASS_COOKIE;
  const photos = photoPool({
    dir: options.photoCache === undefined ? DEFAULT_PHOTO_CACHE : options.photoCache,
    seed: dataset.seed,
    warn: options.log,
  });
  const isEditor = (identity: string | null) => identity !== null && dataset.users.has(identity);
  const cms = createCms(dataset, {
    store: options.store,
    editToken: options.editToken,
    webhooks: options.webhooks,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs,
    log: options.logChanges,
    // An edit changes what every endpoint answers: the indexes are made again and the answer cache dropped.
    onChange: () => {
      mounts[0]!.routes = contentMount();
      wire.forget();
      cache.clear();
      cacheBytes = 0;
    },
  });
  const contentMount = () =>
    compile([
      ...contentRoutes(dataset, isEditor, { leaky: options.leaky }),
      { method: 'GET', pattern: '/changes', handler: cms.feed },
      ...cms.writeRoutes,
    ]);
  const mounts: Mount[] = [
    { base: DEMO_API_PREFIX, routes: contentMount(), faulty: true },
    { base: DEMO_DASHBOARD_PATH, routes: compile(dashboardRoutes(dataset)), faulty: true },
    { base: DEMO_REDIRECT_PATH, routes: compile(redirectRoutes(dataset, isEditor)), faulty: true },
  ];
  const cache = new Map<string, { body: Buffer; etag: string; contentType: string }>();
  const wire = createWireJson();
  let cacheBytes = 0;
  let requests = 0;

  const server = createServer((req, res) => {
    requests++;
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, req, fail(500, 'Unexpected error'), null);
      else res.destroy();
      options.log?.(
        `demo-api: ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
    });
  });
  server.keepAliveTimeout = 30_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://demo.local');
    const path = decodeURIComponent(url.pathname);
    const started = performance.now();
    res.on('finish', () =>
      options.log?.(
        `${req.method} ${url.pathname}${url.search} ${res.statusCode} ${Math.round(performance.now() - started)}ms`,
      ),
    );
    setCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (path.startsWith('/media/') && (req.method === 'GET' || req.method === 'HEAD')) {
      const file = await renderMedia(path, photos);
      if (!file) return send(res, req, fail(404, `No media at ${path}.`), null);
      return sendMedia(req, res, file, cacheHeader('public'));
    }
    const adminMatch = /^\/admin\/(article|page)\/(\d+)\/edit$/.exec(path);
    if (adminMatch)
      return send(
        res,
        req,
        {
          status: 200,
          bytes: adminPage(adminMatch[1]!, adminMatch[2]!),
          contentType: 'text/html; charset=utf-8',
          cache: 'no-cache',
        },
        null,
      );
    if (path === '/' || path === '')
      return send(
        res,
        req,
        { status: 200, bytes: landingPage(), contentType: 'text/html; charset=utf-8', cache: 'no-cache' },
        null,
      );

    const mount = mounts.find((m) => path === m.base || path.startsWith(`${m.base}/`));
    if (!mount)
      return send(
        res,
        req,
        fail(404, `Nothing is served at ${path}. The content API is under ${DEMO_API_PREFIX}.`),
        null,
      );
    const sub = path.slice(mount.base.length) || '/';
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const candidates = mount.routes.filter((r) => r.regex.test(sub));
    const route = candidates.find((r) => r.method === method);
    if (!route) {
      return send(
        res,
        req,
        candidates.length
          ? fail(405, `${req.method} is not allowed on ${path}.`)
          : fail(404, `No endpoint ${req.method} ${path}.`),
        null,
      );
    }

    if (mount.faulty) {
      const latency = faults.latency();
      if (latency > 0) await new Promise((r) => setTimeout(r, latency));
      const decision = faults.decide(path);
      if (decision.type === 'reset') {
        req.socket.destroy();
        return;
      }
      if (decision.type === 'error') {
        const answer = fail(
          decision.status,
          decision.status === 429 ? 'Too many requests.' : 'Service temporarily unavailable (injected fault).',
        );
        if (decision.retryAfter !== undefined) answer.headers = { 'Retry-After': String(decision.retryAfter) };
        return send(res, req, answer, null);
      }
      if (decision.type === 'malformed') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data": {"truncated": ');
        return;
      }
      if (decision.type === 'runaway') return sendRunaway(res);
    }

    const cacheKey = method === 'GET' ? url.pathname + url.search : null;
    const identity = readIdentity(req, cookieName);
    const cached = cacheKey ? cache.get(cacheKey) : undefined;
    if (cached)
      return sendBytes(res, req, 200, cached.body, cached.contentType, cacheHeader('public'), cached.etag, {});

    const match = route.regex.exec(sub)!;
    const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
    const body = method === 'POST' || method === 'PATCH' || method === 'DELETE' ? await readBody(req) : undefined;
    if (body instanceof Error)
      return send(res, req, fail(body.message.startsWith('413') ? 413 : 400, body.message.replace(/^\d+ /, '')), null);
    const ctx: RequestContext = {
      method,
      headers: req.headers,
      path: sub,
      params,
      query: url.searchParams,
      identity,
      body,
    };
    const answer = await route.handler(ctx);
    send(res, req, answer, answer.status === 200 && answer.cache === 'public' ? cacheKey : null);
  }

  function send(res: ServerResponse, req: IncomingMessage, answer: Answer, cacheKey: string | null): void {
    const isJson = answer.bytes === undefined;
    const body = Buffer.from(isJson ? wire.json(answer.json ?? null) : answer.bytes!);
    const contentType = isJson ? 'application/json; charset=utf-8' : (answer.contentType ?? 'application/octet-stream');
    const etag = answer.status === 200 ? etagOf(body) : null;
    if (cacheKey && etag && !cache.has(cacheKey)) {
      cache.set(cacheKey, { body, etag, contentType });
      cacheBytes += body.byteLength;
      while (cacheBytes > RESPONSE_CACHE_BYTES) {
        const [oldest, entry] = cache.entries().next().value!;
        cache.delete(oldest);
        cacheBytes -= entry.body.byteLength;
      }
    }
    sendBytes(res, req, answer.status, body, contentType, cacheHeader(answer.cache), etag, answer.headers ?? {});
  }

  function sendBytes(
    res: ServerResponse,
    req: IncomingMessage,
    status: number,
    body: Buffer,
    contentType: string,
    cacheControl: string,
    etag: string | null,
    headers: Record<string, string>,
  ): void {
    const base: Record<string, string> = { 'Cache-Control': cacheControl, ...headers };
    if (etag) base.ETag = etag;
    if (etag && notModified(req, etag)) {
      res.writeHead(304, base).end();
      return;
    }
    res.writeHead(status, { ...base, 'Content-Type': contentType, 'Content-Length': String(body.byteLength) });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${address.port}`;
  return {
    origin,
    apiPrefix: DEMO_API_PREFIX,
    dashboardApiUrl: `${origin}${DEMO_DASHBOARD_PATH}`,
    redirectServiceUrl: `${origin}${DEMO_REDIRECT_PATH}`,
    dataset,
    cms,
    get requests() {
      return requests;
    },
    setFaults: (next) => faults.set(next),
    close: () =>
      new Promise<void>((resolve) => {
        cms.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function compile(routes: Route[]): CompiledRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([a-z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { ...route, regex: new RegExp(`^${source}$`), names };
  });
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (!origin) return;
  // The browser's own calls (ads, user, previews, forms, search) send cookies, so the origin is echoed, never '*'.
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Vary', 'Origin');
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? 'X-Requested-With, X-Oas-Identity, Content-Type, Accept',
    );
    res.setHeader('Access-Control-Max-Age', '600');
  } else {
    res.setHeader('Access-Control-Expose-Headers', 'ETag, Cache-Control, Retry-After');
  }
}

function cacheHeader(cache: Answer['cache']): string {
  return cache === 'private' ? 'private, no-store' : cache === 'no-cache' ? 'no-cache' : 'public, max-age=60';
}

function readIdentity(req: IncomingMessage, cookieName: string): string | null {
  const header = req.headers['x-oas-identity'];
  if (typeof header === 'string' && header) return header;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookieName && value.length) return decodeURIComponent(value.join('='));
  }
  return null;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > MAX_BODY_BYTES)
      return new Error(`413 The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`);
    chunks.push(chunk as Buffer);
  }
  const buffer = Buffer.concat(chunks);
  const header = req.headers['content-type'] ?? '';
  // Lowercased to compare the media type only: a multipart boundary is case-sensitive.
  const type = header.toLowerCase();
  if (buffer.byteLength === 0) return null;
  if (type.startsWith('application/json')) {
    try {
      return JSON.parse(buffer.toString('utf8'));
    } catch {
      return new Error('Malformed JSON body.');
    }
  }
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    try {
      return await new Request('http://demo.local/', {
        method: 'POST',
        headers: { 'content-type': header },
        body: buffer,
      }).formData();
    } catch {
      return new Error('Malformed form body.');
    }
  }
  return new Error(`Unsupported Content-Type "${type || 'none'}": send application/json or multipart/form-data.`);
}

function adminPage(type: string, id: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Edit ${type} ${id} – Demo CMS</title></head><body><main><h1>Editing ${type} ${id}</h1><p>This is the demo CMS's stand-in for its editor. A real CMS opens the ${type} here.</p></main></body></html>`;
}

function landingPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fieldhouse demo CMS</title></head><body><main><h1>Fieldhouse demo CMS</h1><p>The content API is served under <a href="${DEMO_API_PREFIX}/website-config">${DEMO_API_PREFIX}</a>; see docs/content-api.md for every endpoint.</p><ul><li><a href="${DEMO_API_PREFIX}/sports?per_page=100&amp;include=icon">${DEMO_API_PREFIX}/sports</a></li><li><a href="${DEMO_API_PREFIX}/articles">${DEMO_API_PREFIX}/articles</a></li><li><a href="${DEMO_REDIRECT_PATH}/redirects">${DEMO_REDIRECT_PATH}/redirects</a></li></ul></main></body></html>`;
}

const RUNAWAY_CHUNK = Buffer.alloc(65536, 'x');

/** An answer that never ends: a JSON string streamed as fast as the client reads, until it hangs up. */
function sendRunaway(res: ServerResponse): void {
  let sent = 0;
  let closed = false;
  res.once('close', () => (closed = true));
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.write('{"data":"');
  const pump = () => {
    while (!closed && sent < RUNAWAY_BYTES) {
      sent += RUNAWAY_CHUNK.length;
      if (!res.write(RUNAWAY_CHUNK)) return void res.once('drain', pump);
    }
    if (!closed) res.end('"}');
  };
  pump();
}
