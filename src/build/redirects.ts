import { collectAll, type ContentApi } from '../api/endpoints.ts';
import { isFieldhouseError } from '../errors/error.ts';
import { canonicalPath, isPagePath, type Redirect } from '../routes/url-rules.ts';

export type { Redirect };

const STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The redirect service's whole table (behaviour §7, contract: GET {redirect service}/redirects), checked record by
 * record: a rule that a host could not apply is skipped with a warning naming it, never written half-right.
 */
export async function loadRedirects(api: ContentApi, warn: (message: string) => void): Promise<Redirect[]> {
  let rules;
  try {
    rules = await collectAll((page) => api.redirects({ page, per_page: 100 }));
  } catch (error) {
    if (isFieldhouseError(error) && error.code === 'RedirectBaseUrlMissing') {
      warn(
        `${error.message} Only the built-in URL rules are written; set api.redirectServiceUrl to add the service's redirects.`,
      );
      return [];
    }
    throw error;
  }
  const bySource = new Map<string, Redirect>();
  for (const [index, rule] of rules.entries()) {
    const where = `redirect #${index + 1} (${rule.source} → ${rule.target_url})`;
    if (!isPagePath(rule.source) || /[\s*?#]/.test(rule.source)) {
      warn(`${where} skipped: its source must be a page path without spaces, wildcards, query or hash`);
      continue;
    }
    if (!/^\/(?!\/)|^https?:\/\//.test(rule.target_url) || /\s/.test(rule.target_url)) {
      warn(`${where} skipped: its target must be a root-relative path or an http(s) URL`);
      continue;
    }
    if (!STATUSES.has(rule.redirect_type)) {
      warn(`${where} skipped: redirect_type ${rule.redirect_type} is not one of 301, 302, 303, 307, 308`);
      continue;
    }
    const source = canonicalPath(rule.source);
    if (source === '/' || bySource.has(source)) {
      warn(
        `${where} skipped: ${source === '/' ? 'the home page cannot be redirected' : `another rule already redirects ${source}`}`,
      );
      continue;
    }
    bySource.set(source, {
      source,
      target: rule.target_url,
      status: rule.redirect_type,
      passQuery: rule.query_parameters === 'ignore_pass',
    });
  }
  return [...bySource.values()].sort((a, b) => (a.source < b.source ? -1 : 1));
}
