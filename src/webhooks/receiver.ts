/**
 * `site webhook`'s HTTP side: `POST /webhook` takes a CMS's signed content webhook (src/webhooks/signature.ts),
 * refuses a bad signature, a stale timestamp or a replayed id with 401 (nothing is built), and answers 202 at once;
 * the build queue does the rest in the background. `GET /status` shows the queue, the build under way, the last
 * build and the last error. The change feed covers what webhooks miss: the receiver reads it at start (changes
 * made while it was down) and whenever a webhook's seq skips a number.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChangeFeedPage, ContentWebhook, type ContentChange } from './change.ts';
import type { BuildQueue, QueueStatus } from './queue.ts';
import { verifyWebhook, WEBHOOK_TOLERANCE_SECONDS } from './signature.ts';
import { errorMessage } from '../errors/error.ts';

export const WEBHOOK_PATH = '/webhook';
const MAX_BODY_BYTES = 256 * 1024;
const FEED_TIMEOUT_MS = 15_000;
const FEED_PAGE = 500;
/** After the feed could not be read, wait this long before the next try. */
const FEED_RETRY_MS = 30_000;

export interface ReceiverOptions {
  port: number;
  host: string;
  secret: string;
  queue: BuildQueue;
  /** The CMS's change feed (`…/changes`); null: no catching up (logged once). */
  feedUrl: string | null;
  log(line: string): void;
  toleranceSeconds?: number;
  feedRetryMs?: number;
}

/** What `GET /status` answers. */
export type ReceiverStatus = QueueStatus & {
  webhooks: { received: number; accepted: number; refused: number };
  /** The newest seq seen in a webhook or the feed. */
  highestSeq: number;
  feed: string | null;
};

export interface WebhookReceiver {
  origin: string;
  /** Read the change feed from the newest change seen now (also done at start). */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(options: ReceiverOptions): Promise<WebhookReceiver> {
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  /** Ids seen lately (for replays), with when they may be forgotten: after the timestamp window has passed. */
  const seen = new Map<string, number>();
  const counts = { received: 0, accepted: 0, refused: 0 };
  let highestSeq = options.queue.status().builtSeq;
  let catchingUp: Promise<void> | null = null;
  let feedTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log(`webhook: ${req.method} ${req.url} failed: ${errorMessage(error)}`);
      if (!res.headersSent) answer(res, 500, { error: 'unexpected error' });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/status') {
      const status: ReceiverStatus = {
        ...options.queue.status(),
        webhooks: { ...counts },
        highestSeq,
        feed: options.feedUrl,
      };
      return answer(res, 200, status);
    }
    if (path !== WEBHOOK_PATH)
      return answer(res, 404, { error: `nothing here: POST webhooks to ${WEBHOOK_PATH}, GET /status` });
    if (req.method !== 'POST') return answer(res, 405, { error: `POST webhooks to ${WEBHOOK_PATH}` });
    counts.received++;
    const body = await readBody(req);
    if (body === null) {
      counts.refused++;
      options.log(`webhook refused (413): body over ${MAX_BODY_BYTES / 1024} KB`);
      return answer(res, 413, { error: 'body too large' });
    }
    const nowSeconds = Math.floor(Date.now() / 1000);
    const verdict = verifyWebhook(options.secret, req.headers, body, nowSeconds, tolerance);
    const refuse = (reason: string) => {
      counts.refused++;
      options.log(`webhook refused (401): ${reason}; nothing built`);
      answer(res, 401, { error: reason });
    };
    if (!verdict.ok) return refuse(verdict.reason);
    forgetOld(nowSeconds);
    if (seen.has(verdict.id)) return refuse(`message ${verdict.id} was received already (a replay)`);
    let message: ContentWebhook;
    try {
      message = ContentWebhook.parse(JSON.parse(body));
    } catch {
      counts.refused++;
      options.log(`webhook ${verdict.id} refused (400): signed, but not a content.changed message`);
      return answer(res, 400, { error: 'not a content.changed message (docs/content-api.md, "Webhooks")' });
    }
    seen.set(verdict.id, verdict.timestamp + tolerance);
    counts.accepted++;
    const change = message.data;
    const skipped = change.seq > highestSeq + 1;
    highestSeq = Math.max(highestSeq, change.seq);
    options.queue.add([change]);
    const queued = options.queue.status().queue.changes;
    options.log(
      `webhook ${change.id}: ${change.resource}${change.record_id === null ? '' : ` ${change.record_id}`} ${change.action}${change.fields.length ? ` (${change.fields.join(', ')})` : ''} → queued (${queued} waiting)`,
    );
    answer(res, 202, { accepted: change.id, queued });
    // A seq skipped: some webhook never came (the CMS gave up, or this receiver was down). The feed has it.
    if (skipped) void catchUp();
  }

  function forgetOld(nowSeconds: number): void {
    for (const [id, until] of seen) if (until < nowSeconds - tolerance) seen.delete(id);
  }

  function catchUp(): Promise<void> {
    if (!options.feedUrl || closed) return Promise.resolve();
    catchingUp ??= readFeed(options.feedUrl).finally(() => (catchingUp = null));
    return catchingUp;
  }

  async function readFeed(url: string): Promise<void> {
    const from = options.queue.status().builtSeq;
    const found: ContentChange[] = [];
    try {
      let since = from;
      for (;;) {
        const res = await fetch(`${url}${url.includes('?') ? '&' : '?'}since=${since}&limit=${FEED_PAGE}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        const page = ChangeFeedPage.parse(await res.json());
        found.push(...page.data);
        since = page.data.at(-1)?.seq ?? since;
        highestSeq = Math.max(highestSeq, page.meta.latest);
        if (!page.meta.has_more || !page.data.length) break;
      }
    } catch (error) {
      const message =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      options.log(
        `change feed: could not read ${url} (${message}); trying again in ${Math.round((options.feedRetryMs ?? FEED_RETRY_MS) / 1000)} s`,
      );
      if (!closed && !feedTimer)
        feedTimer = setTimeout(() => {
          feedTimer = null;
          void catchUp();
        }, options.feedRetryMs ?? FEED_RETRY_MS);
      return;
    }
    if (found.length) options.queue.add(found, `change feed since ${from}`);
    else options.log(`change feed: nothing new since ${from}`);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  if (!options.feedUrl)
    options.log(
      'no change feed (no `api` in the config, no --feed): changes made while this receiver is down are missed',
    );
  return {
    origin: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    catchUp,
    async close() {
      closed = true;
      if (feedTimer) clearTimeout(feedTimer);
      await catchingUp;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(text);
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
