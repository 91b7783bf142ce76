import { isFieldhouseError } from '../../errors/error.ts';
import { createRouter } from '../../routes/match.ts';
import type { Params } from '../../routes/params.ts';
import type { SearchDoc } from '../../search/writer.ts';
import type { SiteData } from '../../../templates/data.ts';
import { connectApi, type ApiConnection } from '../api-connection.ts';
import { lastmodOf } from '../feeds/lastmod.ts';
import { createMemo } from '../memo.ts';
import { PAGE_SOURCES, type PageContext } from '../pages/index.ts';
import { searchDocOf } from '../search-docs.ts';

/** How a render worker reaches the API (a connection of its own, so loading uses every core) and what it builds. */
export interface LoaderConfig extends ApiConnection {
  /** Answers shared by many pages (rosters, schedules) kept per worker. */
  memoEntries: number;
  /** Build a search document for each indexable page. */
  search: boolean;
}

/** A payload without its build id (written as a placeholder, patched at the end), and its JSON. */
export interface SpooledPayload {
  route: string;
  path: string;
  template: string;
  params: Params;
  head: unknown;
  data: unknown;
}

/** One planned page, as the main thread sends it. */
export interface LoadTask {
  route: string;
  params: Params;
  path: string;
  record: string;
}

/** What loading a page gave: its payload (to render), a reason to skip it, or why it failed. */
export type LoadOutcome =
  | {
      kind: 'page';
      payload: SpooledPayload;
      spool: string;
      indexable: { lastmod: string | null; search: SearchDoc | null } | null;
    }
  | { kind: 'skip'; reason: string }
  | { kind: 'error'; message: string; status: number | null };

/** The page loading of the build, inside a render worker: the page sources with a client, memo and router of its own. */
export function createPageLoader(config: LoaderConfig, site: SiteData, warn: (message: string) => void) {
  const { api, client, close } = connectApi(config, warn);
  const ctx: PageContext = { api, site, router: createRouter(), memo: createMemo(config.memoEntries), warn };

  return {
    stats: client.stats,
    async load(task: LoadTask): Promise<LoadOutcome> {
      const source = PAGE_SOURCES[task.route];
      if (!source)
        return { kind: 'error', message: `Route "${task.route}" has no page source in src/build/pages`, status: null };
      try {
        const loaded = await source.load(ctx, task.params);
        if ('skip' in loaded) return { kind: 'skip', reason: loaded.skip };
        // The payload without its build id: the worker writes a placeholder that is patched once every page is known.
        const payload: SpooledPayload = {
          route: task.route,
          path: task.path,
          template: source.template,
          params: task.params,
          head: loaded.head,
          data: loaded.data,
        };
        const spool = JSON.stringify(payload);
        const indexable = loaded.head.noindex
          ? null
          : {
              lastmod: lastmodOf(source.template, loaded.data),
              search: config.search ? searchDocOf(source.template, loaded.data, task.path, site) : null,
            };
        return { kind: 'page', payload, spool, indexable };
      } catch (error) {
        // The error names the call that answered 404 (or the record that is not public): the warning says which.
        if (isFieldhouseError(error) && error.status === 404) return { kind: 'skip', reason: error.message };
        return {
          kind: 'error',
          message: error instanceof Error ? error.message : String(error),
          status: isFieldhouseError(error) ? (error.status ?? null) : null,
        };
      }
    },
    close,
  };
}
