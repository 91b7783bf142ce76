import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** What an endpoint of the demo CMS answers: JSON, bytes, or an error with a message. */
export interface Answer {
  status: number;
  /** JSON-serialisable body, or raw bytes with a content type. */
  json?: unknown;
  bytes?: Uint8Array | string;
  contentType?: string;
  /** 'public' (cacheable, shared), 'private' (per identity) or 'no-cache' (always revalidate). */
  cache?: 'public' | 'private' | 'no-cache';
  headers?: Record<string, string>;
}

export interface RequestContext {
  method: string;
  headers: IncomingHttpHeaders;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The X-Oas-Identity header, or the bypass cookie. */
  identity: string | null;
  /** Parsed JSON or FormData of a POST. */
  body: unknown;
}

export const ok = (data: unknown, cache: Answer['cache'] = 'public'): Answer => ({
  status: 200,
  json: { data },
  cache,
});
export const raw = (json: unknown, cache: Answer['cache'] = 'public'): Answer => ({ status: 200, json, cache });
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  json: { message, status, ...extra },
  cache: 'no-cache',
});
export const notFound = (what: string) => fail(404, `${what} not found.`);

/** Comma-separated list parameter (`include=a,b`, `zones=x,y`). */
export function listParam(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A positive integer parameter, or an error answer naming it. */
export function intParam(query: URLSearchParams, name: string, fallback?: number): number | Answer {
  const value = query.get(name);
  if (value === null || value === '') {
    return fallback ?? fail(422, `The ${name} parameter is required.`);
  }
  if (!/^\d+$/.test(value)) return fail(422, `The ${name} parameter must be a positive whole number, got "${value}".`);
  return Number(value);
}

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

/** Slice a list into one page with the `{ data, meta: { pagination } }` envelope. */
export function paginate<T>(items: readonly T[], query: URLSearchParams, cache: Answer['cache'] = 'public'): Answer {
  const perPage = intParam(query, 'per_page', DEFAULT_PER_PAGE);
  const page = intParam(query, 'page', 1);
  if (typeof perPage !== 'number') return perPage;
  if (typeof page !== 'number') return page;
  if (perPage < 1 || perPage > MAX_PER_PAGE)
    return fail(422, `per_page must be between 1 and ${MAX_PER_PAGE}, got ${perPage}.`);
  if (page < 1) return fail(422, `page must be 1 or more, got ${page}.`);
  const totalPages = Math.ceil(items.length / perPage);
  const data = items.slice((page - 1) * perPage, page * perPage);
  return {
    status: 200,
    json: {
      data,
      meta: {
        pagination: {
          total: items.length,
          count: data.length,
          per_page: perPage,
          current_page: page,
          total_pages: totalPages,
        },
      },
    },
    cache,
  };
}

export function isAnswer(value: unknown): value is Answer {
  return (
    typeof value === 'object' && value !== null && 'status' in value && typeof (value as Answer).status === 'number'
  );
}

/** A strong ETag: a hash of the body's bytes. */
export function etagOf(body: Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether a GET or HEAD may be answered 304: If-None-Match names the current ETag or, without If-None-Match,
 * If-Modified-Since is no earlier than `lastModified` (RFC 9110, 13.2.2).
 */
export function notModified(req: IncomingMessage, etag: string | null, lastModified?: Date): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined)
    return (
      etag !== null &&
      ifNoneMatch
        .split(',')
        .map((t) => t.trim())
        .some((t) => t === etag || t === `W/${etag}` || t === '*')
    );
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return (
    lastModified !== undefined && !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since
  );
}
