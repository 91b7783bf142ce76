import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.ts';
import { DEMO_EDIT_TOKEN } from '../../src/demo/cms/cms.ts';
import { generateDataset } from '../../src/demo/dataset.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import type { ContentChange } from '../../src/webhooks/change.ts';
import type { BuildRequest } from '../../src/webhooks/queue.ts';
import { startWebhookService, WEBHOOK_STATE_FILE, type WebhookService } from '../../src/webhooks/service.ts';
import type { ReceiverStatus } from '../../src/webhooks/receiver.ts';
import { webhookHeaders } from '../../src/webhooks/signature.ts';

const SECRET = 'a shared secret';
const config = validateConfig({ siteUrl: 'https://www.example.edu' }, 'test');

let root: string;
let service: WebhookService | null = null;
let demo: DemoServer | null = null;
afterEach(async () => {
  await service?.close();
  await demo?.close();
  service = null;
  demo = null;
  rmSync(root, { recursive: true, force: true });
});

function change(
  seq: number,
  resource: ContentChange['resource'] = 'article',
  recordId: number | null = seq,
): ContentChange {
  return {
    seq,
    id: `chg_${seq}`,
    at: '2026-11-21T21:00:00Z',
    resource,
    record_id: recordId,
    action: 'update',
    fields: ['title'],
  };
}

/** A build that takes `ms`, records what it was asked and how many ran at once, and fails while `failing` is set. */
function fakeBuild(ms = 50) {
  const requests: BuildRequest[] = [];
  let running = 0;
  const control = { maxAtOnce: 0, failing: false };
  const build = async (request: BuildRequest) => {
    running++;
    control.maxAtOnce = Math.max(control.maxAtOnce, running);
    requests.push(request);
    await new Promise((r) => setTimeout(r, ms));
    running--;
    return control.failing
      ? { ok: false, summary: 'the API answered 503' }
      : { ok: true, summary: `${request.changes.length} changes built`, buildId: 'b1', outDir: join(root, 'out') };
  };
  return { build, requests, control };
}

async function start(
  build: ReturnType<typeof fakeBuild>['build'],
  extra: Partial<Parameters<typeof startWebhookService>[0]> = {},
) {
  const lines: string[] = [];
  service = await startWebhookService({
    config,
    root,
    secret: SECRET,
    port: 0,
    host: '127.0.0.1',
    debounceMs: 150,
    feedUrl: null,
    retryDelaysMs: [100],
    logger: createLogger({ write: (line) => lines.push(line), color: false }),
    build,
    ...extra,
  });
  return { lines, origin: service.receiver.origin };
}

function send(origin: string, body: unknown, headers?: Record<string, string>) {
  const text = JSON.stringify(body);
  const id = (body as { data: ContentChange }).data.id;
  return fetch(`${origin}/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(headers ?? webhookHeaders(SECRET, id, Math.floor(Date.now() / 1000), text)),
    },
    body: text,
  });
}
const message = (c: ContentChange) => ({ type: 'content.changed', timestamp: c.at, data: c });

/** A root whose state file says the site covers changes up to `builtSeq` (no first full build). */
function rootWithState(builtSeq: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'fh-webhook-'));
  mkdirSync(join(dir, '.fieldhouse'));
  writeFileSync(join(dir, WEBHOOK_STATE_FILE), JSON.stringify({ builtSeq, builtAt: '2026-11-20T00:00:00Z' }));
  return dir;
}

describe('site webhook', () => {
  it('refuses bad signatures, stale timestamps and replays with 401, and builds nothing for them', async () => {
    root = rootWithState(0);
    const fake = fakeBuild();
    const { origin, lines } = await start(fake.build);
    const body = message(change(1));
    const text = JSON.stringify(body);
    const now = Math.floor(Date.now() / 1000);
    const forged = await send(origin, body, webhookHeaders('another secret', 'chg_1', now, text));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { error: string }).error).toMatch(/signature does not match/);
    const stale = await send(origin, body, webhookHeaders(SECRET, 'chg_1', now - 3600, text));
    expect(stale.status).toBe(401);
    expect((await send(origin, body)).status).toBe(202);
    const replay = await send(origin, body);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: string }).error).toMatch(/received already/);
    await service!.queue.idle();
    expect(fake.requests.map((r) => r.changes.map((c) => c.seq))).toEqual([[1]]);
    const status = (await (await fetch(`${origin}/status`)).json()) as ReceiverStatus;
    expect(status.webhooks).toEqual({ received: 4, accepted: 1, refused: 3 });
    expect(status.builtSeq).toBe(1);
    expect(lines.filter((l) => l.includes('refused (401)'))).toHaveLength(3);
    expect(JSON.parse(readFileSync(join(root, WEBHOOK_STATE_FILE), 'utf8')).builtSeq).toBe(1);
  });

  it('coalesces a burst into one build, never runs two at once, and builds what came meanwhile next', async () => {
    root = rootWithState(0);
    const fake = fakeBuild(400);
    const { origin } = await start(fake.build);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((seq) => send(origin, message(change(seq)))));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    // While the first build runs, two more changes come: they wait for the next build, together.
    await new Promise((r) => setTimeout(r, 250));
    const status = (await (await fetch(`${origin}/status`)).json()) as ReceiverStatus;
    expect(status.state).toBe('building');
    await send(origin, message(change(6)));
    await send(origin, message(change(7)));
    await service!.queue.idle();
    expect(fake.requests.map((r) => r.changes.map((c) => c.seq))).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7],
    ]);
    expect(fake.control.maxAtOnce).toBe(1);
  });

  it('keeps the changes of a failed build, shows the error, and builds them when the API is back', async () => {
    root = rootWithState(0);
    const fake = fakeBuild();
    fake.control.failing = true;
    const { origin, lines } = await start(fake.build);
    await send(origin, message(change(1)));
    await new Promise((r) => setTimeout(r, 400));
    const status = (await (await fetch(`${origin}/status`)).json()) as ReceiverStatus;
    expect(status.lastError?.message).toBe('build failed: the API answered 503');
    expect(status.builtSeq).toBe(0);
    fake.control.failing = false;
    await service!.queue.idle();
    expect(fake.requests.at(-1)!.changes.map((c) => c.seq)).toEqual([1]);
    expect(service!.queue.status().builtSeq).toBe(1);
    expect(lines.some((l) => /build #1 FAILED .*trying again/.test(l))).toBe(true);
  });

  it('runs the deploy command after a build, with the output folder, and reports a failing one', async () => {
    root = rootWithState(0);
    const fake = fakeBuild();
    const deployed = join(root, 'deployed.txt');
    const { origin } = await start(fake.build, {
      deploy: `node -e "require('fs').writeFileSync('deployed.txt', process.env.FIELDHOUSE_OUT_DIR + ' ' + process.env.FIELDHOUSE_BUILD_ID)"`,
    });
    await send(origin, message(change(1)));
    await service!.queue.idle();
    expect(readFileSync(deployed, 'utf8')).toBe(`${join(root, 'out')} b1`);
    await service!.close();

    const failing = await start(fakeBuild().build, {
      deploy: 'node -e "console.error(\'no route to host\'); process.exit(3)"',
    });
    await send(failing.origin, message(change(2)));
    await new Promise((r) => setTimeout(r, 500));
    expect(service!.queue.status().lastError?.message).toMatch(/deploy failed: .*exited with 3 .*no route to host/);
    // A failed deploy is not a covered change: it is built and deployed again.
    expect(service!.queue.status().builtSeq).toBe(1);
  });

  it('catches up from the change feed: changes made while it was down, and a skipped seq', async () => {
    root = rootWithState(1);
    demo = await startDemoServer({ dataset: generateDataset() });
    const edit = (id: number, title: string) =>
      fetch(`${demo!.origin}${demo!.apiPrefix}/articles/${id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${DEMO_EDIT_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      });
    const ids = demo.dataset.articles
      .filter((a) => a.status === 'published')
      .slice(-4)
      .map((a) => a.id);
    for (const [i, id] of ids.slice(0, 3).entries()) expect((await edit(id, `Edited ${i}`)).status).toBe(200);
    const fake = fakeBuild();
    // The state says change 1 is built: 2 and 3 were made while the receiver was down.
    const { origin } = await start(fake.build, { feedUrl: `${demo.origin}${demo.apiPrefix}/changes` });
    await service!.queue.idle();
    expect(fake.requests.map((r) => r.changes.map((c) => c.seq))).toEqual([[2, 3]]);
    expect(fake.requests[0]!.changes.map((c) => c.record_id)).toEqual(ids.slice(1, 3));

    // Change 4 is made but its webhook never comes; change 5's does: the receiver reads the feed for 4.
    await edit(ids[3]!, 'Edited 3');
    await edit(ids[3]!, 'Edited 4');
    const feed = (await (await fetch(`${demo.origin}${demo.apiPrefix}/changes?since=4`)).json()) as {
      data: ContentChange[];
    };
    expect((await send(origin, message(feed.data[0]!))).status).toBe(202);
    await new Promise((r) => setTimeout(r, 100));
    await service!.queue.idle();
    expect(fake.requests.slice(1).flatMap((r) => r.changes.map((c) => c.seq))).toEqual([4, 5]);
  });

  it('does a full build on its first start, and then knows where the site stands', async () => {
    root = mkdtempSync(join(tmpdir(), 'fh-webhook-'));
    const fake = fakeBuild();
    await start(fake.build);
    await service!.queue.idle();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.reason).toMatch(/first start/);
    expect(existsSync(join(root, WEBHOOK_STATE_FILE))).toBe(true);
  });
});
