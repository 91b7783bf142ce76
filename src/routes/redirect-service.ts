/**
 * Behaviour §7: the redirect service's check, asked about a path the site does not have. One reading of its answer
 * for everyone who asks: `site preview`, the Cloudflare edge worker and the browser runtime (plain code, no
 * dependencies, safe in all three).
 */
import { redirectLocation } from './url-rules.ts';

/** The check's address for a path. */
export const redirectCheckUrl = (base: string, path: string): string =>
  `${base.replace(/\/+$/, '')}/check?url=${encodeURIComponent(path)}`;

/** Where a redirect may lead: a root-relative path or an http(s) URL (never `javascript:`, never `//host`). */
export const isSafeTarget = (target: string): boolean => /^\/(?!\/)/.test(target) || /^https?:\/\//i.test(target);

/**
 * The redirect a check's answer gives, or null when it gives none (no target, an unsafe target, a status that is
 * not a redirect). A missing status is 307; `query_parameters: 'ignore_pass'` passes the query string through.
 */
export function checkedRedirect(answer: unknown, search: string): { status: number; location: string } | null {
  if (!answer || typeof answer !== 'object') return null;
  const { target_url: target, query_parameters: query, redirect_type: type } = answer as Record<string, unknown>;
  if (typeof target !== 'string' || !isSafeTarget(target)) return null;
  const status = type ?? 307;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 300 || status > 399) return null;
  return { status, location: redirectLocation({ target, passQuery: query === 'ignore_pass' }, search) };
}
