import pLimit from 'p-limit';
import type { z } from 'zod';
import { ApiNetworkError, ApiNotJson, ApiResponseTooLarge } from '../errors/catalogue.ts';
import { createError, isFieldhouseError, type FieldhouseError } from '../errors/error.ts';
import { httpError } from './http-error.ts';
import type { Query } from './query.ts';
import { apiHeaders, apiUrl } from './request.ts';
import { backoffDelay, createRetryBudget, DEFAULT_RETRY, RETRYABLE_STATUSES, type RetryPolicy } from './retry.ts';
import {
  DEFAULT_MAX_FILE_MB,
  DEFAULT_MAX_JSON_MB,
  megabytes,
  ResponseTooLarge,
  TransportError,
  type HttpResponse,
  type Transport,
} from './transport.ts';
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
  /** Told what the trust boundary changed or left out of an answer (src/api/boundary.ts), for warnings. */
  onNotice?: (endpoint: string, message: string) => void;
  /** The largest JSON answer read (default 64 MB: config `fetch.maxJsonMb`). */
  maxJsonBytes?: number;
  /** The largest file read by getBytes and getBytesIfChanged, unless the call says less (default 512 MB: `fetch.maxFileMb`). */
  maxFileBytes?: number;
}

/** What a call reads at most, and what the limit is, for the error that names it. */
export interface SizeLimit {
  bytes: number;
  /** Completes "over the N MB …": what is limited, and where it is set. */
  what: string;
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
  /** Raw bytes (documents, media), at most the client's maxFileBytes, or `limit` when given. */
  getBytes(path: string, options?: { query?: Query; absolute?: boolean; limit?: SizeLimit }): Promise<Uint8Array>;
  /**
   * A file as getBytes, asked for only if it changed since the copy `validators` describe (HTTP's conditional GET):
   * `null` when the server says it did not (304), else the bytes with the validators to send next time.
   */
  getBytesIfChanged(
    url: string,
    validators: Validators | null,
    limit?: SizeLimit,
  ): Promise<{ bytes: Uint8Array; validators: Validators } | null>;
  /** The full URL of a content call. */
  url(path: string, query?: Query): string;
  readonly stats: ApiStats;
}

/** What a server said identifies the version of a file it sent (for conditional requests). */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/**
 * The API client of behaviour §7 for the build and the CLI (undici transport). The browser calls with
 * runtime/api-calls.ts, from the same URL, header and error rules (request.ts, http-error.ts), without the limiter,
 * retry budget, size limits and answer checks a build of thousands of calls needs.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const timeoutMs = options.timeoutMs ?? 30_000;
  const slots = pLimit(options.concurrency ?? 16);
  const stats: ApiStats = { requests: 0, retries: 0, bytes: 0 };
  const budget = createRetryBudget(policy);
  const jsonLimit: SizeLimit = {
    bytes: options.maxJsonBytes ?? DEFAULT_MAX_JSON_MB * 1048576,
    what: 'the build reads of a JSON answer (fetch.maxJsonMb in site.config.ts)',
  };
  const fileLimit: SizeLimit = {
    bytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_MB * 1048576,
    what: 'the build reads of a file (fetch.maxFileMb in site.config.ts)',
  };

  const url = (path: string, query?: Query, absolute = false): string => apiUrl(options, path, query, absolute);
  const headers = (extra?: Record<string, string>) => apiHeaders(options.identity?.(), options.origin, extra);

  /**
   * One call with retries: a dropped connection, a time-out, a "try again later" status (429, 502, 503, 504) and
   * an answer cut short (a 2xx whose body is not the JSON it claims) are tried again with backoff, while the
   * request has attempts left and the client's retry budget allows. `read` turns the final answer into a result
   * or throws the mapped error; errors of failures that might pass on a later try carry `details.transient`.
   * A POST is sent once: when its connection drops, the server may have stored it, and a fan's message must not be
   * stored twice (the contract has no idempotency key). An answer over `limit` is not read on, nor tried again
   * (the transport stops reading it; a transport that cannot is checked here).
   */
  async function call<T>(
    method: 'GET' | 'POST',
    target: string,
    read: (response: HttpResponse) => T,
    limit: SizeLimit,
    body?: string | FormData,
    extra?: Record<string, string>,
  ): Promise<T> {
    const tooLarge = (size: string) =>
      createError(ApiResponseTooLarge, [method, target, size, megabytes(limit.bytes), limit.what], {
        status: 502,
        fatal: true,
      });
    for (let attempt = 0; ; attempt++) {
      let response: HttpResponse | undefined;
      let failure: FieldhouseError;
      try {
        stats.requests++;
        response = await slots(() =>
          options.transport({ method, url: target, headers: headers(extra), body, timeoutMs, maxBytes: limit.bytes }),
        );
        stats.bytes += response.body.byteLength;
        if (response.body.byteLength > limit.bytes) throw tooLarge(megabytes(response.body.byteLength));
        if (RETRYABLE_STATUSES.has(response.status))
          throw httpError(method, target, response.status, decode(response.body));
        return read(response);
      } catch (error) {
        if (error instanceof ResponseTooLarge) throw tooLarge(error.size);
        if (error instanceof TransportError) {
          failure = createError(ApiNetworkError, [method, target, error.message, attempt + 1], {
            fatal: true,
            cause: error,
          });
        } else if (isFieldhouseError(error) && error.details.transient) failure = error;
        else throw error;
      }
      const budgetLeft = budget.allows(stats.requests);
      if (attempt >= (method === 'POST' ? 0 : policy.retries) || !budgetLeft) {
        if (!budgetLeft) {
          failure.message = `${failure.message} (not retried: ${budget.describe(stats.requests)})`;
          // Not worth another pass either: the API is failing as a whole, not here and there.
          failure.details.retryBudgetSpent = true;
        }
        throw failure;
      }
      const delayMs = backoffDelay(policy, attempt, response?.headers['retry-after']);
      budget.spend();
      stats.retries++;
      options.onRetry?.({ method, url: target, attempt: attempt + 1, delayMs, reason: failure.message });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }

  function readJson<S extends z.ZodType>(method: 'GET' | 'POST', target: string, schema: S) {
    return (response: HttpResponse): ApiResult<z.output<S>> => {
      const endpoint = `${method} ${target}`;
      const text = decode(response.body);
      if (response.status < 200 || response.status >= 300) throw httpError(method, target, response.status, text);
      let json: unknown;
      try {
        json = text === '' ? null : JSON.parse(text);
      } catch (cause) {
        // A body cut short on the way is worth another try; the same body again is reported as it is.
        throw createError(ApiNotJson, [endpoint, snippet(text)], {
          status: 502,
          fatal: true,
          cause,
          details: { transient: true },
        });
      }
      const parsed = parseResponse(schema, text, json, endpoint);
      for (const message of parsed.notices) options.onNotice?.(endpoint, message);
      return { data: parsed.data, status: response.status, cache: readCacheControl(response.headers['cache-control']) };
    };
  }

  return {
    stats,
    url: (path, query) => url(path, query),
    async get(path, { query, schema, absolute }) {
      const target = url(path, query, absolute);
      return call('GET', target, readJson('GET', target, schema), jsonLimit);
    },
    async post(path, { query, schema, absolute, body }) {
      const target = url(path, query, absolute);
      const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
      const payload = isForm ? (body as FormData) : JSON.stringify(body);
      const extra: Record<string, string> | undefined = isForm ? undefined : { 'Content-Type': 'application/json' };
      return call('POST', target, readJson('POST', target, schema), jsonLimit, payload, extra);
    },
    async getBytes(path, { query, absolute, limit } = {}) {
      const target = url(path, query, absolute);
      return call(
        'GET',
        target,
        (response) => {
          if (response.status < 200 || response.status >= 300)
            throw httpError('GET', target, response.status, decode(response.body));
          return response.body;
        },
        limit ?? fileLimit,
      );
    },
    async getBytesIfChanged(target, validators, limit) {
      const conditions: Record<string, string> = {};
      if (validators?.etag) conditions['If-None-Match'] = validators.etag;
      if (validators?.lastModified) conditions['If-Modified-Since'] = validators.lastModified;
      return call(
        'GET',
        target,
        (response) => {
          if (response.status === 304 && validators) return null;
          if (response.status < 200 || response.status >= 300)
            throw httpError('GET', target, response.status, decode(response.body));
          const { etag, 'last-modified': lastModified } = response.headers;
          return { bytes: response.body, validators: { etag, lastModified } };
        },
        limit ?? fileLimit,
        undefined,
        conditions,
      );
    },
  };
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
