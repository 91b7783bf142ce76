import pLimit from 'p-limit';
import type { z } from 'zod';
import { ApiHttpError, ApiNetworkError, ApiNotJson } from '../errors/catalogue.ts';
import { createError, type FieldhouseError } from '../errors/error.ts';
import { stringifyQuery, type Query } from './query.ts';
import { backoffDelay, DEFAULT_RETRY, RETRYABLE_STATUSES, type RetryPolicy } from './retry.ts';
import { TransportError, type HttpResponse, type Transport } from './transport.ts';
import { parseResponse } from './validate.ts';

export interface ApiClientOptions {
  /** Where the API lives, e.g. https://cms.example.edu */
  baseUrl: string;
  /** Prefix of every content call, e.g. /api/v1 */
  prefix: string;
  transport: Transport;
  /** Sent as the Origin header from Node; browsers set it themselves. */
  origin?: string;
  /** The bypass-cookie identity, read at each call; sent as X-Oas-Identity when it has a value. */
  identity?: () => string | null | undefined;
  /** Requests in flight at once. */
  concurrency?: number;
  retry?: Partial<RetryPolicy>;
  /** Per attempt. */
  timeoutMs?: number;
  /** Told about each retry, so long runs can say why they slow down. */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  method: string;
  url: string;
  attempt: number;
  delayMs: number;
  reason: string;
}

export interface CacheControl {
  /** The raw Cache-Control header, or null. */
  header: string | null;
  noCache: boolean;
  noStore: boolean;
}

export interface ApiResult<T> {
  data: T;
  status: number;
  cache: CacheControl;
}

export interface RequestOptions<S extends z.ZodType> {
  query?: Query;
  schema: S;
  /** Absolute URL services (dashboard, redirect service) skip the base URL and prefix. */
  absolute?: boolean;
}

export interface PostOptions<S extends z.ZodType> extends RequestOptions<S> {
  /** A plain object is sent as JSON; FormData is sent as is (multipart). */
  body: Record<string, unknown> | FormData;
}

export interface ApiStats {
  requests: number;
  retries: number;
  bytes: number;
}

export interface ApiClient {
  get<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<ApiResult<z.output<S>>>;
  post<S extends z.ZodType>(path: string, options: PostOptions<S>): Promise<ApiResult<z.output<S>>>;
  /** Raw bytes (documents, media). */
  getBytes(path: string, options?: { query?: Query; absolute?: boolean }): Promise<Uint8Array>;
  /** The full URL of a content call. */
  url(path: string, query?: Query): string;
  readonly stats: ApiStats;
}

const ACCEPT = 'application/json, text/plain, */*';
const UNEXPECTED = 'Unexpected error';

/** The one API client of spec §7, for the build (undici transport) and the browser (fetch transport). */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const prefix = options.prefix ? `/${options.prefix.replace(/^\/+|\/+$/g, '')}` : '';
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const timeoutMs = options.timeoutMs ?? 30_000;
  const limit = pLimit(options.concurrency ?? 16);
  const stats: ApiStats = { requests: 0, retries: 0, bytes: 0 };

  const url = (path: string, query?: Query, absolute = false): string => {
    const qs = stringifyQuery(query);
    const target = absolute ? path : `${base}${prefix}${path.startsWith('/') ? path : `/${path}`}`;
    return qs ? `${target}${target.includes('?') ? '&' : '?'}${qs}` : target;
  };

  const headers = (extra?: Record<string, string>): Record<string, string> => {
    const out: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: ACCEPT, ...extra };
    if (options.origin) out.Origin = options.origin;
    const identity = options.identity?.();
    if (identity) out['X-Oas-Identity'] = identity;
    return out;
  };

  /** One call with retries; returns the final response or throws the mapped error. */
  async function send(
    method: 'GET' | 'POST',
    target: string,
    body?: string | FormData,
    extra?: Record<string, string>,
  ): Promise<HttpResponse> {
    for (let attempt = 0; ; attempt++) {
      let response: HttpResponse | undefined;
      let failure: TransportError | undefined;
      try {
        stats.requests++;
        response = await limit(() =>
          options.transport({ method, url: target, headers: headers(extra), body, timeoutMs }),
        );
        stats.bytes += response.body.byteLength;
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        failure = error;
      }
      const retryable = failure !== undefined || (response !== undefined && RETRYABLE_STATUSES.has(response.status));
      if (!retryable || attempt >= policy.retries) {
        if (failure)
          throw createError(ApiNetworkError, [method, target, failure.message, attempt + 1], {
            fatal: true,
            cause: failure,
          });
        return response!;
      }
      const delayMs = backoffDelay(policy, attempt, response?.headers['retry-after']);
      const reason = failure ? failure.message : `HTTP ${response!.status}`;
      stats.retries++;
      options.onRetry?.({ method, url: target, attempt: attempt + 1, delayMs, reason });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }

  async function handle<S extends z.ZodType>(
    method: 'GET' | 'POST',
    target: string,
    response: HttpResponse,
    schema: S,
  ): Promise<ApiResult<z.output<S>>> {
    const endpoint = `${method} ${stripOrigin(target)}`;
    const text = decode(response.body);
    if (response.status < 200 || response.status >= 300) throw httpError(method, target, response.status, text);
    let json: unknown;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch (cause) {
      throw createError(ApiNotJson, [endpoint, snippet(text)], { status: 502, fatal: true, cause });
    }
    return {
      data: parseResponse(schema, json, endpoint),
      status: response.status,
      cache: readCacheControl(response.headers['cache-control']),
    };
  }

  return {
    stats,
    url: (path, query) => url(path, query),
    async get(path, { query, schema, absolute }) {
      const target = url(path, query, absolute);
      return handle('GET', target, await send('GET', target), schema);
    },
    async post(path, { query, schema, absolute, body }) {
      const target = url(path, query, absolute);
      const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
      const payload = isForm ? (body as FormData) : JSON.stringify(body);
      const extra: Record<string, string> | undefined = isForm ? undefined : { 'Content-Type': 'application/json' };
      return handle('POST', target, await send('POST', target, payload, extra), schema);
    },
    async getBytes(path, { query, absolute } = {}) {
      const target = url(path, query, absolute);
      const response = await send('GET', target);
      if (response.status < 200 || response.status >= 300)
        throw httpError('GET', target, response.status, decode(response.body));
      return response.body;
    },
  };
}

/**
 * Spec §8: 403 and 5xx are fatal, with the server's `message` or 'Unexpected error'; 404 is not fatal (and is
 * not reported); 401 is not fatal (the user call reads it as anonymous); other statuses are plain errors.
 */
function httpError(method: string, target: string, status: number, text: string): FieldhouseError {
  const serverMessage = readMessage(text) ?? UNEXPECTED;
  const fatal = status === 403 || status >= 500;
  return createError(ApiHttpError, [method, stripOrigin(target), status, serverMessage], {
    status,
    statusMessage: serverMessage,
    fatal,
    details: { url: target, report: status !== 404, body: readBody(text) },
  });
}

function readMessage(text: string): string | undefined {
  const body = readBody(text);
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message)
    return body.message;
  return undefined;
}

function readBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function readCacheControl(header: string | undefined): CacheControl {
  const value = header ?? null;
  const directives = (value ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  return { header: value, noCache: directives.includes('no-cache'), noStore: directives.includes('no-store') };
}

const decoder = new TextDecoder();
function decode(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 80)}…` : flat);
}

function stripOrigin(target: string): string {
  return target.replace(/^[a-z]+:\/\/[^/]+/i, '');
}
