/**
 * `site check-api`: what a web team runs while writing the adapter for their CMS. It reads a content API as the
 * build does (the same page sources, client and schemas) without rendering or writing anything, and reports every
 * record that does not fit the contract (docs/content-api.md) and what the build would do with it: leave it out,
 * normalise it, skip a page, or fail a page. Findings are grouped by endpoint and field.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { PACKAGE_ROOT } from '../build/bundle.ts';
import { createMemo, withMemo } from '../build/memo.ts';
import { planPages, type PlannedPage } from '../build/plan.ts';
import { loadSiteData } from '../build/site-data.ts';
import { openContentSource } from '../build/source.ts';
import type { SiteConfig } from '../config/schema.ts';
import { formatError, isFieldhouseError } from '../errors/error.ts';
import type { Logger } from '../logger/logger.ts';
import { ROUTES, sourceOf, type PageContext } from '../pages/index.ts';
import { createRouter } from '../routes/match.ts';

/** What the build would do with a record. */
export type Outcome = 'normalised or left out' | 'page skipped' | 'page fails';

export interface Finding {
  /** The endpoint, without its query: `GET /api/v1/rosters`. */
  endpoint: string;
  /** The field the finding is about (`players[3].weight` → `players[].weight`), or '' for a whole record or page. */
  field: string;
  outcome: Outcome;
  /** How many times it was found, and the first few messages (each names its record). */
  count: number;
  examples: string[];
}

export interface CheckReport {
  pages: number;
  requests: number;
  findings: Finding[];
}

const EXAMPLES = 3;

/** The endpoint and field a message is about, from the forms the client and the boundary write. */
export function locate(message: string): { endpoint: string; field: string } {
  const endpoint = /\b(GET|POST) (?:https?:\/\/[^/\s]+)?(\/[^\s?:]*)/.exec(message);
  const field = /\b(?:field|at) ([A-Za-z_][\w.[\]]*)/.exec(message);
  return {
    endpoint: endpoint ? `${endpoint[1]} ${endpoint[2]!.replace(/\/\d+(?=\/|$)/g, '/{id}')}` : '(site)',
    field: field ? field[1]!.replace(/\[\d+\]/g, '[]').replace(/^data(\[\])?\.?/, '') : '',
  };
}

export async function checkApi(options: {
  config: SiteConfig;
  /** Project root (the icon cache lives under it, as for a build). */
  root: string;
  logger: Logger;
  onProgress?: (done: number, total: number) => void;
}): Promise<CheckReport> {
  const groups = new Map<string, Finding>();
  const add = (outcome: Outcome, message: string) => {
    const { endpoint, field } = locate(message);
    const key = `${endpoint}\t${field}\t${outcome}`;
    let finding = groups.get(key);
    if (!finding) groups.set(key, (finding = { endpoint, field, outcome, count: 0, examples: [] }));
    finding.count++;
    if (finding.examples.length < EXAMPLES) finding.examples.push(message);
  };
  const warn = (message: string) =>
    add(
      /^skipped |answered 404|left out of|is not built/.test(message) ? 'page skipped' : 'normalised or left out',
      message,
    );

  // Beside Fieldhouse's own node_modules, as a build's: the demo CMS's bundle resolves its packages from there.
  const cacheDir = join(PACKAGE_ROOT, 'node_modules/.cache/fieldhouse', `check-${process.pid}-${Date.now()}`);
  mkdirSync(cacheDir, { recursive: true });
  const source = await openContentSource(options.config, options.logger, cacheDir, warn);
  try {
    const { site } = await loadSiteData({
      api: source.api,
      config: options.config,
      root: options.root,
      endpoints: source.endpoints,
      clock: new Date(),
      logger: options.logger,
      warn,
    });
    const router = createRouter(ROUTES);
    const memo = createMemo(2_000);
    const ctx: PageContext = withMemo({ api: source.api, site, router, warn }, memo);
    const pages: PlannedPage[] = [];
    const { refused } = await planPages({ ctx, memo, router, into: { push: (page) => pages.push(page) } });
    for (const r of refused) add('page fails', r.message);
    const limit = pLimit(source.concurrency);
    let done = 0;
    await Promise.all(
      pages.map((page) =>
        limit(async () => {
          const pageSource = sourceOf(page.route.name);
          try {
            if (page.route.render === 'static' && 'load' in pageSource) {
              const loaded = await pageSource.load(ctx, page.params);
              if ('skip' in loaded) add('page skipped', `${page.path}: ${loaded.skip}`);
            }
          } catch (error) {
            const text = `${page.path} (${page.label}): ${formatError(error)}`;
            add(isFieldhouseError(error) && error.status === 404 ? 'page skipped' : 'page fails', text);
          }
          options.onProgress?.(++done, pages.length);
        }),
      ),
    );
    const order: Outcome[] = ['page fails', 'page skipped', 'normalised or left out'];
    const findings = [...groups.values()].sort(
      (a, b) =>
        order.indexOf(a.outcome) - order.indexOf(b.outcome) ||
        a.endpoint.localeCompare(b.endpoint) ||
        a.field.localeCompare(b.field),
    );
    return { pages: pages.length, requests: source.client.stats.requests, findings };
  } finally {
    await source.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
