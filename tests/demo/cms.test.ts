import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDIT_TOKEN } from '../../src/demo/cms/cms.ts';
import { generateDataset, isPublic, type Dataset } from '../../src/demo/dataset.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import { ChangeFeedPage, ContentWebhook, parseChangedList, type ContentChange } from '../../src/webhooks/change.ts';
import { signWebhook, verifyWebhook, webhookHeaders } from '../../src/webhooks/signature.ts';

const SECRET = 'whsec_' + Buffer.from('a test secret of the receiver').toString('base64');

/** A webhook receiver that records what it is sent; `answers` are the statuses it gives, in turn (then 200). */
async function startReceiver(answers: number[] = []) {
  const received: { headers: IncomingMessage['headers']; body: string; status: number }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = answers.shift() ?? 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface Rec {
  [key: string]: unknown;
}
/** An answer of the API, loosely typed: tests read the fields they check. */
interface Answer {
  data: Rec & Rec[];
  meta?: { change: ContentChange };
  message?: string;
}

let dataset: Dataset;
let demo: DemoServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const api = (path: string) => `${demo.origin}${demo.apiPrefix}${path}`;
const get = async (path: string) => {
  const res = await fetch(api(path));
  return { status: res.status, body: (await res.json()) as Answer };
};
const write = async (method: string, path: string, body?: unknown, token = DEMO_EDIT_TOKEN) => {
  const res = await fetch(api(path), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer };
};

describe('the demo CMS, edited', () => {
  beforeAll(async () => {
    // Edits change the dataset: this file has one of its own, not the shared one.
    dataset = generateDataset();
    receiver = await startReceiver([503, 503]);
    demo = await startDemoServer({
      dataset,
      webhooks: [{ url: receiver.url, secret: SECRET }],
      webhookRetryDelaysMs: [20, 40, 80],
    });
  });
  afterAll(async () => {
    await demo.close();
    await receiver.close();
  });

  it('refuses writes without the token, and changes nothing', async () => {
    const before = await get('/articles?per_page=1');
    const refused = await write('POST', '/articles', { title: 'Sneaky' }, 'wrong');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/Authorization: Bearer/);
    expect((await get('/articles?per_page=1')).body).toEqual(before.body);
    expect(demo.cms.log.latest).toBe(0);
  });

  it('creates an article as a draft, publishes it, and every endpoint answers it', async () => {
    const created = await write('POST', '/articles', {
      title: 'Hawks Clinch the Conference Title',
      summary: 'A late goal sends Cedar Valley to the tournament.',
      body: '<p>It was a night to remember.</p>',
      date: '2026-11-16T21:00:00-06:00',
      sport_id: 1,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ slug: 'hawks-clinch-the-conference-title', status: 'draft' });
    expect((await get(`/articles/${id}`)).status).toBe(404);

    const published = await write('POST', `/articles/${id}/publish`);
    expect(published.status).toBe(200);
    const newest = await get('/articles?per_page=1');
    expect(newest.body.data[0]).toMatchObject({ id, title: 'Hawks Clinch the Conference Title' });
    expect((await get('/articles/by/slug/hawks-clinch-the-conference-title')).body.data.body).toBe(
      '<p>It was a night to remember.</p>',
    );

    const edited = await write('PATCH', `/articles/${id}`, { title: 'Hawks Clinch the Title', body: '<p>Fixed.</p>' });
    expect(edited.body.meta!.change).toMatchObject({ resource: 'article', record_id: id, action: 'update' });
    expect(edited.body.meta!.change.fields).toEqual(['title', 'body']);
    const detail = await get(`/articles/${id}`);
    expect(detail.body.data).toMatchObject({ title: 'Hawks Clinch the Title', body: '<p>Fixed.</p>' });
    expect(detail.body.data.updated_at).toBe(edited.body.meta!.change.at);
  });

  it('refuses an edit the API could not serve, naming the field, and logs nothing', async () => {
    const id = dataset.articles.findLast((a) => a.status === 'published')!.id;
    const before = demo.cms.log.latest;
    const refused = await write('PATCH', `/articles/${id}`, { title: '' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(new RegExp(`article ${id}, field title`));
    const unknown = await write('PATCH', `/articles/${id}`, { headline: 'x' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toMatch(/no field "headline"/);
    expect((await write('PATCH', '/articles/99999999', { title: 'x' })).status).toBe(404);
    expect(demo.cms.log.latest).toBe(before);
  });

  it('enters a game result: the schedule and the all-sports list show it', async () => {
    const event = dataset.events.find((e) => e.result === null && e.opponent && e.date > '2026-11-15')!;
    const season = dataset.seasons.find((s) => s.id === event.season_id)!;
    const entered = await write('PATCH', `/events/${event.id}`, {
      result: { status: 'final', team_score: 3, opponent_score: 1, outcome: 'W' },
    });
    expect(entered.status).toBe(200);
    const schedule = await get(`/schedules?sport_id=${event.sport_id}&season=${season.slug}`);
    const row = (schedule.body.data.events as { id: number; result: unknown }[]).find((e) => e.id === event.id);
    expect(row?.result).toMatchObject({ team_score: 3, opponent_score: 1, outcome: 'W', status: 'final' });
    const day = event.date.slice(0, 10);
    const listed = await get(`/events?start=${day}&end=${day}&per_page=100`);
    expect(
      (listed.body.data as unknown as { id: number; result: unknown }[]).find((e) => e.id === event.id)?.result,
    ).toMatchObject({ team_score: 3 });
  });

  it('updates a player: the bio everywhere, the jersey on the newest season only', async () => {
    const player = dataset.players.find((p) => p.seasons.length >= 2)!;
    const oldJersey = player.seasons[0]!.entry.jersey_number;
    const res = await write('PATCH', `/players/${player.id}`, { bio: '<p>Team captain.</p>', jersey_number: '99' });
    expect(res.status).toBe(200);
    const profile = await get(`/players/by/slug/${player.slug}?sport_id=${player.sport_id}`);
    const seasons = profile.body.data.seasons as { entry: { bio: string; jersey_number: string } }[];
    expect(seasons.every((s) => s.entry.bio === '<p>Team captain.</p>')).toBe(true);
    expect(String(seasons.at(-1)!.entry.jersey_number)).toBe('99');
    expect(String(seasons[0]!.entry.jersey_number)).toBe(String(oldJersey));
  });

  it('unpublishes and deletes a gallery, and changes the site settings', async () => {
    const gallery = dataset.galleries.findLast((g) => isPublic(g.summary))!.summary;
    expect((await get(`/galleries/by/slug/${gallery.slug}`)).status).toBe(200);
    expect((await write('POST', `/galleries/${gallery.id}/unpublish`)).status).toBe(200);
    expect((await get(`/galleries/by/slug/${gallery.slug}`)).status).toBe(404);
    const list = await get('/galleries?per_page=100');
    expect((list.body.data as unknown as { id: number }[]).some((g) => g.id === gallery.id)).toBe(false);
    expect((await write('DELETE', `/galleries/${gallery.id}`)).status).toBe(200);
    expect((await write('POST', `/galleries/${gallery.id}/publish`)).status).toBe(404);

    const settings = await write('PATCH', '/website-config', { site_name: 'Cedar Valley Hawks' });
    expect(settings.status, settings.body.message).toBe(200);
    expect((await get('/website-config')).body.data.site_name).toBe('Cedar Valley Hawks');
    expect((await write('POST', '/events/1/publish')).status).toBe(405);
  });

  it('lists every change in the feed, and signs a webhook for each, retried until delivered', async () => {
    const first = ChangeFeedPage.parse((await get('/changes?since=0&limit=2')).body);
    expect(first.data.map((c) => c.seq)).toEqual([1, 2]);
    expect(first.meta.has_more).toBe(true);
    const rest = ChangeFeedPage.parse((await get(`/changes?since=2`)).body);
    expect(rest.meta.has_more).toBe(false);
    const all = [...first.data, ...rest.data];
    expect(all.map((c) => `${c.resource}:${c.action}`)).toEqual([
      'article:create',
      'article:publish',
      'article:update',
      'event:update',
      'player:update',
      'gallery:unpublish',
      'gallery:delete',
      'settings:update',
    ]);

    await demo.cms.webhooks.idle();
    // The receiver answered 503 twice: the first change was tried three times, with the same id each time.
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids.slice(0, 3)).toEqual([all[0]!.id, all[0]!.id, all[0]!.id]);
    const delivered = receiver.received.filter((r) => r.status === 200);
    expect(delivered.map((r) => ContentWebhook.parse(JSON.parse(r.body)).data)).toEqual(all);
    for (const r of delivered) {
      const verdict = verifyWebhook(SECRET, r.headers, r.body, Math.floor(Date.now() / 1000));
      expect(verdict.ok).toBe(true);
    }
  });
});

describe('the demo CMS store', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps edits across a restart, and refuses a store of another department', async () => {
    dir = mkdtempSync(join(tmpdir(), 'fh-cms-store-'));
    const first = await startDemoServer({ dataset: generateDataset(), store: dir });
    const article = first.dataset.articles.findLast((a) => a.status === 'published')!;
    const res = await fetch(`${first.origin}${first.apiPrefix}/articles/${article.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${DEMO_EDIT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Kept Across Restarts' }),
    });
    expect(res.status).toBe(200);
    await first.close();
    expect(readFileSync(join(dir, 'changes.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);

    const again = await startDemoServer({ dataset: generateDataset(), store: dir });
    try {
      const answer = (await (await fetch(`${again.origin}${again.apiPrefix}/articles/${article.id}`)).json()) as {
        data: { title: string };
      };
      expect(answer.data.title).toBe('Kept Across Restarts');
      expect(again.cms.log.latest).toBe(1);
    } finally {
      await again.close();
    }
    await expect(startDemoServer({ dataset: generateDataset({ seed: 'other' }), store: dir })).rejects.toThrow(
      /another department \(seed "fieldhouse".*--store/,
    );
  });
});

describe('webhook signatures', () => {
  const body = '{"type":"content.changed"}';
  const now = 1_800_000_000;

  it('accepts its own signature and refuses any other', () => {
    const headers = webhookHeaders(SECRET, 'chg_1', now, body);
    expect(verifyWebhook(SECRET, headers, body, now + 10)).toEqual({ ok: true, id: 'chg_1', timestamp: now });
    expect(verifyWebhook('whsec_b3RoZXI=', headers, body, now).ok).toBe(false);
    expect(verifyWebhook(SECRET, headers, body + ' ', now)).toMatchObject({ ok: false, reason: /does not match/ });
    expect(verifyWebhook(SECRET, { ...headers, 'webhook-id': 'chg_2' }, body, now).ok).toBe(false);
  });

  it('refuses old or future timestamps, missing headers, and takes any of several signatures', () => {
    const headers = webhookHeaders(SECRET, 'chg_1', now, body);
    expect(verifyWebhook(SECRET, headers, body, now + 301)).toMatchObject({ ok: false, reason: /replayed/ });
    expect(verifyWebhook(SECRET, headers, body, now - 301).ok).toBe(false);
    expect(verifyWebhook(SECRET, { 'webhook-id': 'x' }, body, now)).toMatchObject({
      ok: false,
      reason: 'missing webhook-timestamp, webhook-signature header',
    });
    const rotated = `v1,${Buffer.from('nope').toString('base64')} ${signWebhook(SECRET, 'chg_1', now, body)}`;
    expect(verifyWebhook(SECRET, { ...headers, 'webhook-signature': rotated }, body, now).ok).toBe(true);
  });

  it('reads a list of changed records', () => {
    expect(parseChangedList('article:123, event:9,settings')).toEqual([
      { resource: 'article', recordId: 123 },
      { resource: 'event', recordId: 9 },
      { resource: 'settings', recordId: null },
    ]);
    expect(() => parseChangedList('post:1')).toThrow(/resource one of article/);
    expect(() => parseChangedList('article:abc')).toThrow(/positive whole number/);
  });
});
