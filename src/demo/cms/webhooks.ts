/**
 * The demo CMS's webhook sender: each change is POSTed, signed (src/webhooks/signature.ts), to every configured
 * URL. Each URL has its own queue, delivered in order; a delivery that fails (no answer, or any status but 2xx)
 * is tried again after a growing wait, and the messages behind it wait their turn. After the last try a message is
 * dropped with a log line: a receiver that was down that long catches up from the change feed instead.
 */
import { webhookHeaders } from '../../webhooks/signature.ts';
import type { ContentChange, ContentWebhook } from '../../webhooks/change.ts';

export interface WebhookTarget {
  url: string;
  secret: string;
}

/** Waits before each retry: 1 s, 2 s, 4 s … 60 s, about 8 minutes in all. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000, 60_000, 60_000,
];
const DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookSenderOptions {
  targets: readonly WebhookTarget[];
  retryDelaysMs?: readonly number[];
  log?: (line: string) => void;
}

export interface WebhookSender {
  send(change: ContentChange): void;
  /** Register one more receiver (as an admin does in a CMS's settings): it gets the changes from now on. */
  add(target: WebhookTarget): void;
  /** Deliveries waiting or under way, per URL (for tests and the landing page). */
  pending(): number;
  /** Resolves when every queue is empty (or given up). */
  idle(): Promise<void>;
  close(): void;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const delays = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const queueOf = (target: WebhookTarget) => ({ target, messages: [] as ContentChange[], running: false });
  const queues = options.targets.map(queueOf);
  const timers = new Set<NodeJS.Timeout>();
  const waiting: (() => void)[] = [];
  let closed = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function deliver(target: WebhookTarget, change: ContentChange): Promise<void> {
    const message: ContentWebhook = { type: 'content.changed', timestamp: change.at, data: change };
    const body = JSON.stringify(message);
    for (let attempt = 0; attempt <= delays.length && !closed; attempt++) {
      if (attempt > 0) await sleep(delays[attempt - 1]!);
      if (closed) return;
      // Signed afresh on every try: the timestamp is the send time, so a retry is not refused as a replay.
      const headers = webhookHeaders(target.secret, change.id, Math.floor(Date.now() / 1000), body);
      const outcome = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Fieldhouse-Demo-CMS', ...headers },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      }).then(
        async (res) => {
          await res.arrayBuffer().catch(() => undefined);
          return res.ok ? null : `answered ${res.status}`;
        },
        (error: unknown) =>
          `failed: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`,
      );
      if (outcome === null) {
        options.log?.(
          `webhook ${change.id} (${change.resource} ${change.record_id ?? ''} ${change.action}) → ${target.url}: delivered`,
        );
        return;
      }
      const next = delays[attempt];
      options.log?.(
        `webhook ${change.id} → ${target.url} ${outcome}${next === undefined ? ': given up (the receiver can catch up from the change feed)' : `: trying again in ${next / 1000} s`}`,
      );
    }
  }

  async function run(queue: (typeof queues)[number]): Promise<void> {
    queue.running = true;
    while (queue.messages.length && !closed) {
      await deliver(queue.target, queue.messages[0]!);
      queue.messages.shift();
    }
    queue.running = false;
    if (queues.every((q) => !q.running)) for (const resolve of waiting.splice(0)) resolve();
  }

  return {
    send(change) {
      if (closed) return;
      for (const queue of queues) {
        queue.messages.push(change);
        if (!queue.running) void run(queue);
      }
    },
    add: (target) => void queues.push(queueOf(target)),
    pending: () => queues.reduce((sum, q) => sum + q.messages.length, 0),
    idle: () => (queues.every((q) => !q.running) ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}
