/**
 * The demo CMS's editing side: an authenticated write API over the dataset, a change log (kept in a store folder
 * when one is given, and replayed at start), signed webhooks to every configured URL, and the change feed.
 * docs/content-api.md, "Writing content, webhooks and the change feed".
 */
import type { ContentAction, ContentChange, ContentResource } from '../../webhooks/change.ts';
import type { Dataset } from '../dataset.ts';
import { fail, intParam, type Answer, type RequestContext } from '../server/http.ts';
import { openChangeLog, type ChangeLog } from './change-log.ts';
import { createEditor, EditRefused } from './editor.ts';
import { createWebhookSender, type WebhookSender, type WebhookTarget } from './webhooks.ts';

/** The demo CMS's write token when none is given: send it as `Authorization: Bearer demo-editor-token`. */
export const DEMO_EDIT_TOKEN = 'demo-editor-token';
const FEED_DEFAULT_LIMIT = 100;
const FEED_MAX_LIMIT = 1000;

export interface CmsOptions {
  /** A folder to keep edits in across restarts; none: edits live in memory. */
  store?: string | null;
  /** The bearer token the write API takes. */
  editToken?: string;
  webhooks?: readonly WebhookTarget[];
  webhookRetryDelaysMs?: readonly number[];
  log?: (line: string) => void;
  /** Called after every change applied (the server drops its answer cache and reindexes). */
  onChange(): void;
}

export interface WriteRoute {
  method: 'POST' | 'PATCH' | 'DELETE';
  pattern: string;
  handler: (ctx: RequestContext) => Answer;
}

export interface Cms {
  log: ChangeLog;
  webhooks: WebhookSender;
  writeRoutes: WriteRoute[];
  /** The change feed: `GET /changes?since=N&limit=L`. */
  feed(ctx: RequestContext): Answer;
  close(): void;
}

const PATHS: Record<Exclude<ContentResource, 'settings'>, string> = {
  article: 'articles',
  event: 'events',
  player: 'players',
  gallery: 'galleries',
};

export function createCms(dataset: Dataset, options: CmsOptions): Cms {
  const editor = createEditor(dataset);
  const log = openChangeLog(options.store ?? null, {
    seed: dataset.seed,
    scale: dataset.scale,
    seasons: dataset.seasons.length,
    asOf: dataset.asOf,
  });
  for (const { change, input } of log.entries) {
    try {
      editor.apply(change.resource, change.action, change.record_id, input, change.at);
    } catch (error) {
      options.log?.(
        `demo CMS: stored change ${change.id} could not be replayed (${(error as Error).message}); skipped`,
      );
    }
  }
  const webhooks = createWebhookSender({
    targets: options.webhooks ?? [],
    retryDelaysMs: options.webhookRetryDelaysMs,
    log: options.log,
  });
  const token = options.editToken ?? DEMO_EDIT_TOKEN;

  function edit(resource: ContentResource, action: ContentAction, ctx: RequestContext): Answer {
    const auth = ctx.headers.authorization ?? '';
    if (auth !== `Bearer ${token}`)
      return {
        ...fail(401, 'Writing needs the CMS token: send "Authorization: Bearer <token>".'),
        headers: { 'WWW-Authenticate': 'Bearer realm="demo-cms"' },
      };
    const id = ctx.params.id === undefined ? null : Number(ctx.params.id);
    if (id !== null && !/^[1-9]\d{0,15}$/.test(ctx.params.id!)) return fail(404, `No ${resource} ${ctx.params.id}.`);
    const at = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    let result;
    try {
      result = editor.apply(resource, action, id, ctx.body, at);
    } catch (error) {
      if (error instanceof EditRefused) return fail(error.status, error.message);
      throw error;
    }
    const seq = log.latest + 1;
    const change: ContentChange = {
      seq,
      id: `chg_${String(seq).padStart(6, '0')}_${dataset.seed.replace(/[^a-z0-9]/gi, '').slice(0, 12)}`,
      at,
      resource,
      record_id: result.recordId,
      action,
      fields: action === 'update' || action === 'create' ? result.fields : [],
    };
    log.append({ change, input: ctx.body ?? null });
    options.onChange();
    webhooks.send(change);
    options.log?.(`demo CMS: ${resource} ${result.recordId ?? ''} ${action} (${change.id})`);
    return {
      status: action === 'create' ? 201 : 200,
      json: { data: result.record, meta: { change } },
      cache: 'no-cache',
    };
  }

  const writeRoutes: WriteRoute[] = [];
  for (const [resource, path] of Object.entries(PATHS) as [Exclude<ContentResource, 'settings'>, string][]) {
    writeRoutes.push(
      { method: 'POST', pattern: `/${path}`, handler: (ctx) => edit(resource, 'create', ctx) },
      { method: 'PATCH', pattern: `/${path}/:id`, handler: (ctx) => edit(resource, 'update', ctx) },
      { method: 'DELETE', pattern: `/${path}/:id`, handler: (ctx) => edit(resource, 'delete', ctx) },
      { method: 'POST', pattern: `/${path}/:id/publish`, handler: (ctx) => edit(resource, 'publish', ctx) },
      { method: 'POST', pattern: `/${path}/:id/unpublish`, handler: (ctx) => edit(resource, 'unpublish', ctx) },
    );
  }
  writeRoutes.push({ method: 'PATCH', pattern: '/website-config', handler: (ctx) => edit('settings', 'update', ctx) });

  return {
    log,
    webhooks,
    writeRoutes,
    feed({ query }) {
      const since = intParam(query, 'since', 0);
      const limit = intParam(query, 'limit', FEED_DEFAULT_LIMIT);
      if (typeof since !== 'number') return since;
      if (typeof limit !== 'number') return limit;
      if (limit < 1 || limit > FEED_MAX_LIMIT)
        return fail(422, `limit must be between 1 and ${FEED_MAX_LIMIT}, got ${limit}.`);
      const data = log.since(since, limit);
      const last = data.at(-1)?.seq ?? since;
      return {
        status: 200,
        json: { data, meta: { latest: log.latest, has_more: last < log.latest } },
        cache: 'no-cache',
      };
    },
    close: () => webhooks.close(),
  };
}
