import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiClientOptions } from '../../src/api/client.ts';
import { createNodeTransport } from '../../src/api/transport-node.ts';
import { createApiClient, createContentApi, SPORT_SORT, sportSortParam } from '../../src/api/index.ts';
import { backoffDelay, parseRetryAfter } from '../../src/api/retry.ts';
import { z } from 'zod';
import { FieldhouseError } from '../../src/errors/error.ts';
import type { DemoServer } from '../../src/demo/server/server.ts';
import { clientFor, recordingTransport, startDemo } from '../helpers/demo.ts';

let server: DemoServer;
const rec = recordingTransport();

beforeAll(async () => {
  server = await startDemo();
});
afterAll(async () => {
  await rec.close();
  await server.close();
});

async function caught(promise: Promise<unknown>): Promise<FieldhouseError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FieldhouseError);
    return error as FieldhouseError;
  }
  throw new Error('expected the call to fail');
}

describe('request headers (behaviour §7)', () => {
  it('sends X-Requested-With, Accept, Origin and, only with an identity, X-Oas-Identity', async () => {
    let identity: string | null = null;
    const { api } = clientFor(server, rec.transport, {
      origin: 'https://www.cedarvalleyhawks.example',
      identity: () => identity,
    });
    rec.sent.length = 0;
    await api.websiteConfig();
    identity = 'demo-editor';
    await api.websiteConfig();
    const [anonymous, signedIn] = rec.sent;
    expect(anonymous!.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json, text/plain, */*',
      Origin: 'https://www.cedarvalleyhawks.example',
    });
    expect(signedIn!.headers['X-Oas-Identity']).toBe('demo-editor');
    expect(anonymous!.url).toBe(`${server.origin}/api/v1/website-config`);
  });

  it('encodes query arrays as comma-separated lists', async () => {
    const { api } = clientFor(server, rec.transport);
    rec.sent.length = 0;
    await api.sportBySlug('football');
    const zones = server.dataset.adZones.slice(0, 2).map((z) => z.uuid);
    await api.ads(zones);
    expect(rec.sent[0]!.url).toContain(
      'include=schedulePageImage,rosterPageImage,defaultSeason,defaultRoster,heroPresentedByLogo,rosterPlayersTemplateFields,rosterStaffMembersTemplateFields,metaImage,icon',
    );
    expect(rec.sent[1]!.url).toContain(`zones=${zones[0]},${zones[1]}`);
  });

  it('asks for sports 100 at a time, with icons, sorted by the settings', async () => {
    const { api } = clientFor(server, rec.transport);
    rec.sent.length = 0;
    const byName = await api.sports('name_descending');
    const url = new URL(rec.sent[0]!.url);
    expect(url.searchParams.get('per_page')).toBe('100');
    expect(url.searchParams.get('include')).toBe('icon');
    expect(url.searchParams.get('sort')).toBe('-name');
    const names = byName.data.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    expect(byName.data.every((s) => s.icon?.name.startsWith('fieldhouse:'))).toBe(true);
  });
});

describe('POST encodings', () => {
  it('sends a plain object as JSON with Content-Type application/json', async () => {
    const { api } = clientFor(server, rec.transport);
    rec.sent.length = 0;
    const result = await api.submitForm(3, {
      name: 'Pat Doe',
      outlet: 'Valley Gazette',
      email: 'pat@gazette.example',
      needs: ['photo', 'press'],
    });
    expect(result.message).toMatch(/Request received/);
    expect(rec.sent[0]!.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(rec.sent[0]!.body as string)).toMatchObject({ name: 'Pat Doe', needs: ['photo', 'press'] });
  });

  it('sends FormData as is, so files travel as multipart', async () => {
    const { api } = clientFor(server, rec.transport);
    rec.sent.length = 0;
    const form = new FormData();
    form.set('camper_name', 'Sam Lee');
    form.set('birth_date', '2014-05-02');
    form.set('guardian_email', 'parent@example.com');
    form.set('camp', 'soccer');
    form.set('waiver', new Blob(['%PDF-1.4 waiver'], { type: 'application/pdf' }), 'waiver.pdf');
    const result = await api.submitForm(2, form);
    expect(result.message).toMatch(/Registration received/);
    expect(rec.sent[0]!.body).toBeInstanceOf(FormData);
    expect(rec.sent[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('gets field errors back for an invalid submission', async () => {
    const { api } = clientFor(server, rec.transport);
    const form = new FormData();
    form.set('camper_name', 'Sam Lee');
    form.set('guardian_email', 'not-an-email');
    form.set('camp', 'soccer');
    form.set('birth_date', '2014-05-02');
    form.set('waiver', new Blob(['GIF89a'], { type: 'image/gif' }), 'waiver.gif');
    const error = await caught(api.submitForm(2, form));
    expect(error.status).toBe(422);
    expect(error.fatal).toBe(false);
    expect(error.details.body).toMatchObject({
      errors: {
        guardian_email: 'Parent or guardian email must be a valid email address.',
        waiver: 'Signed waiver must be one of: application/pdf.',
      },
    });
  });
});

describe('error mapping (behaviour §8)', () => {
  it('404 is not fatal and is not reported', async () => {
    const { api } = clientFor(server, rec.transport);
    const error = await caught(api.sportBySlug('curling'));
    expect(error.status).toBe(404);
    expect(error.fatal).toBe(false);
    expect(error.details.report).toBe(false);
    expect(error.statusMessage).toBe('Sport not found');
  });

  it('403 is fatal and carries the server message', async () => {
    const { api } = clientFor(server, rec.transport);
    const error = await caught(api.articlePreview(1));
    expect(error).toMatchObject({ status: 403, fatal: true, code: 'ApiHttpError' });
    expect(error.statusMessage).toMatch(/do not have access to previews/);
  });

  it('500 and above is fatal, with "Unexpected error" when the server gives no message', async () => {
    const client = createApiClient({
      baseUrl: 'http://cms.invalid',
      prefix: '/api/v1',
      transport: async () => ({ status: 500, headers: {}, body: new TextEncoder().encode('<html>oops</html>') }),
    });
    const error = await caught(createContentApi(client).websiteConfig());
    expect(error).toMatchObject({ status: 500, fatal: true, statusMessage: 'Unexpected error' });
    // The host is named: an API behind a proxy or a CDN answers from more than one place.
    expect(error.message).toBe('GET http://cms.invalid/api/v1/website-config answered 500: Unexpected error');
  });

  it('401 on the user call means anonymous; the editor identity is a user', async () => {
    let identity: string | null = null;
    const { api } = clientFor(server, rec.transport, { identity: () => identity });
    expect(await api.currentUser()).toBeNull();
    identity = 'demo-editor';
    expect(await api.currentUser()).toMatchObject({ name: 'Jamie Editor', roles: ['editor'] });
  });

  it('says "Redirect base url is not set." without a redirect service', async () => {
    const { client } = clientFor(server, rec.transport);
    const error = await caught(createContentApi(client, {}).redirectCheck('/x'));
    expect(error.message).toBe('Redirect base url is not set.');
    expect(error.code).toBe('RedirectBaseUrlMissing');
  });
});

describe('answers larger than the build reads', () => {
  /** A loopback server whose answers are as large as the test says, announced or streamed without a length. */
  async function bigServer() {
    const answered: { path: string; aborted: boolean }[] = [];
    const server = createServer((req, res) => {
      const entry = { path: req.url!, aborted: false };
      answered.push(entry);
      res.once('close', () => (entry.aborted = !res.writableFinished));
      const size = Number(new URL(req.url!, 'http://x').searchParams.get('mb')) * 1048576;
      const chunk = Buffer.alloc(65536, 'x');
      const head = '{"data":"';
      if (req.url!.includes('announced')) res.writeHead(200, { 'content-length': String(size + head.length + 2) });
      else res.writeHead(200, { 'content-type': 'application/json' });
      res.write(head);
      let sent = 0;
      const pump = () => {
        while (!res.destroyed && sent < size) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end('"}');
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { origin, answered, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  /** A client over the Node transport, talking to a server of big answers; both closed after `run`. */
  async function withBigServer(
    options: Omit<ApiClientOptions, 'baseUrl' | 'transport'>,
    run: (client: ApiClient, big: Awaited<ReturnType<typeof bigServer>>) => Promise<void>,
  ): Promise<void> {
    const big = await bigServer();
    const node = createNodeTransport();
    try {
      await run(createApiClient({ ...options, baseUrl: big.origin, transport: node.transport }), big);
    } finally {
      await node.close();
      await big.close();
    }
  }

  it('stops reading a JSON answer at fetch.maxJsonMb, announced or not, and does not try it again', async () => {
    const limits = { prefix: '/api/v1', maxJsonBytes: 2 * 1048576, retry: { baseDelayMs: 5, maxDelayMs: 50 } };
    await withBigServer(limits, async (client, big) => {
      const schema = z.object({ data: z.string() });
      // Within the limit: read whole.
      const small = await client.get('/small', { query: { mb: 1 }, schema });
      expect(small.data.data).toHaveLength(1048576);
      // A stream with no length (a runaway export): the client hangs up after 2 MB of it.
      const streamed = await caught(client.get('/runaway', { query: { mb: 50 }, schema }));
      expect(streamed).toMatchObject({ code: 'ApiResponseTooLarge', status: 502, fatal: true });
      expect(streamed.message).toBe(
        `GET ${big.origin}/api/v1/runaway?mb=50 sent more than 2.0 MB, over the 2.0 MB the build reads of a JSON answer (fetch.maxJsonMb in site.config.ts); the rest was not read`,
      );
      expect(streamed.hint).toMatch(/fix it in the CMS/);
      // A Content-Length over the limit: refused before its body is read.
      const announced = await caught(client.get('/announced', { query: { mb: 30 }, schema }));
      expect(announced.message).toMatch(/announced\?mb=30 sent 30 MB, over the 2\.0 MB/);
      // Neither was tried again, and the server saw both cut short.
      await expect
        .poll(() => big.answered.map((a) => [a.path.split('?')[0], a.aborted]))
        .toEqual([
          ['/api/v1/small', false],
          ['/api/v1/runaway', true],
          ['/api/v1/announced', true],
        ]);
      expect(client.stats.retries).toBe(0);
    });
  });

  it('stops reading a file at fetch.maxFileMb, or at the smaller limit a call gives', async () => {
    await withBigServer({ prefix: '', maxFileBytes: 8 * 1048576 }, async (client, big) => {
      expect((await client.getBytes('/guide.pdf', { query: { mb: 3 } })).byteLength).toBe(3 * 1048576 + 11);
      expect((await caught(client.getBytes('/guide.pdf', { query: { mb: 9 } }))).message).toMatch(
        /sent more than 8\.0 MB, over the 8\.0 MB the build reads of a file \(fetch\.maxFileMb/,
      );
      const image = { bytes: 1048576, what: 'an image may be' };
      expect((await caught(client.getBytesIfChanged(`${big.origin}/photo.jpg?mb=3`, null, image))).message).toMatch(
        /photo\.jpg\?mb=3 sent more than 1\.0 MB, over the 1\.0 MB an image may be; the rest was not read/,
      );
    });
  });

  it("checks the size itself when a transport does not (the browser's fetch)", async () => {
    const client = createApiClient({
      baseUrl: 'http://cms.invalid',
      prefix: '/api/v1',
      maxJsonBytes: 1048576,
      transport: async () => ({ status: 200, headers: {}, body: new Uint8Array(1.5 * 1048576) }),
    });
    const error = await caught(createContentApi(client).websiteConfig());
    expect(error.message).toMatch(/website-config sent 1\.5 MB, over the 1\.0 MB the build reads of a JSON answer/);
  });
});

describe('retries and backoff', () => {
  it('retries 502/503/504 and succeeds when the API recovers', async () => {
    const flaky = await startDemo({ faults: { failFirst: 2, errorStatus: 503 } });
    try {
      const { api, client } = clientFor(flaky, rec.transport, { retry: { retries: 3, baseDelayMs: 5 } });
      const retries: number[] = [];
      const { api: logged } = clientFor(flaky, rec.transport, {
        retry: { retries: 3, baseDelayMs: 5 },
        onRetry: (r) => retries.push(r.attempt),
      });
      await expect(api.websiteConfig()).resolves.toMatchObject({ site_title: 'Cedar Valley Hawks' });
      expect(client.stats.retries).toBe(2);
      await expect(logged.categories()).resolves.toHaveLength(9);
      expect(retries).toEqual([1, 2]);
    } finally {
      await flaky.close();
    }
  });

  it('gives up after the bounded number of retries with a fatal error', async () => {
    const down = await startDemo({ faults: { errorRate: 1, errorStatus: 504 } });
    try {
      const { api, client } = clientFor(down, rec.transport, { retry: { retries: 2, baseDelayMs: 5 } });
      const error = await caught(api.websiteConfig());
      expect(error).toMatchObject({ status: 504, fatal: true });
      expect(client.stats.requests).toBe(3);
    } finally {
      await down.close();
    }
  });

  it('sends a POST once, whatever happens to it: the server may have stored it', async () => {
    const broken = await startDemo({ faults: { resetRate: 1 } });
    const busy = await startDemo({ faults: { errorRate: 1, errorStatus: 503 } });
    try {
      for (const server of [broken, busy]) {
        const { api, client } = clientFor(server, rec.transport, { retry: { retries: 3, baseDelayMs: 5 } });
        const error = await caught(api.submitForm(3, { name: 'Pat Doe', email: 'pat@gazette.example' }));
        expect(error.code).toBe(server === broken ? 'ApiNetworkError' : 'ApiHttpError');
        expect(client.stats.requests).toBe(1);
        expect(client.stats.retries).toBe(0);
        // The same client still retries what is safe to ask again.
        await caught(api.categories());
        expect(client.stats.requests).toBe(5);
      }
    } finally {
      await broken.close();
      await busy.close();
    }
  });

  it('honours Retry-After on 429', async () => {
    const limited = await startDemo({ faults: { failFirst: 1, errorStatus: 429, retryAfterSeconds: 1 } });
    try {
      const { api } = clientFor(limited, rec.transport, { retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 5_000 } });
      const started = performance.now();
      await api.categories();
      expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    } finally {
      await limited.close();
    }
  });

  it('retries reset connections and timeouts, then reports the network failure', async () => {
    const broken = await startDemo({ faults: { resetRate: 1 } });
    const slow = await startDemo({ faults: { latencyMs: 400 } });
    try {
      const reset = await caught(
        clientFor(broken, rec.transport, { retry: { retries: 2, baseDelayMs: 5 } }).api.categories(),
      );
      expect(reset.code).toBe('ApiNetworkError');
      expect(reset.message).toMatch(/failed after 3 attempts/);
      const timeout = await caught(
        clientFor(slow, rec.transport, { timeoutMs: 100, retry: { retries: 1, baseDelayMs: 5 } }).api.categories(),
      );
      expect(timeout.message).toMatch(/timed out after 100 ms/);
    } finally {
      await broken.close();
      await slow.close();
    }
  });

  it('grows the delay exponentially with full jitter, capped, and reads Retry-After', () => {
    const policy = { retries: 5, baseDelayMs: 100, maxDelayMs: 1_000 };
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(policy, n, undefined, () => 1))).toEqual([
      100, 200, 400, 800, 1_000,
    ]);
    expect(backoffDelay(policy, 3, undefined, () => 0)).toBe(0);
    expect(backoffDelay(policy, 0, '0')).toBe(0);
    expect(backoffDelay(policy, 0, '120')).toBe(1_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:05 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(5_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('validation at the boundary', () => {
  it('names the endpoint, the record and the field path, and what was expected', async () => {
    const corrupting = recordingTransport();
    const client = createApiClient({
      baseUrl: server.origin,
      prefix: server.apiPrefix,
      transport: async (request) => {
        const response = await corrupting.transport(request);
        const json = JSON.parse(new TextDecoder().decode(response.body));
        json.data[3].default_season_id = 'six';
        return { ...response, body: new TextEncoder().encode(JSON.stringify(json)) };
      },
    });
    try {
      const error = await caught(createContentApi(client).sports());
      expect(error.code).toBe('ApiInvalidResponse');
      expect(error.message).toContain(
        '/api/v1/sports?include=icon&per_page=100&sort=order returned an invalid record data[3] (id 4, slug "baseball")',
      );
      expect(error.message).toContain('at data[3].default_season_id: Invalid input: expected number, received string');
    } finally {
      await corrupting.close();
    }
  });

  it('reports a body that is not JSON, naming the endpoint', async () => {
    const garbled = await startDemo({ faults: { malformedRate: 1 } });
    try {
      rec.sent.length = 0;
      const error = await caught(clientFor(garbled, rec.transport).api.categories());
      expect(error.code).toBe('ApiNotJson');
      expect(error.message).toMatch(
        /^GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/categories returned a body that is not valid JSON/,
      );
      // A body cut short may come whole on a later try: it was tried again before the error.
      expect(rec.sent.filter((r) => r.url.includes('/categories')).length).toBeGreaterThan(1);
    } finally {
      await garbled.close();
    }
  });

  it('records no-cache and no-store from Cache-Control', async () => {
    const { client } = clientFor(server, rec.transport);
    const search = await client.get('/search', { query: { s: 'basketball' }, schema: z.unknown() });
    expect(search.cache).toEqual({ header: 'no-cache', noCache: true, noStore: false });
    const user = await clientFor(server, rec.transport, { identity: () => 'demo-editor' }).client.get(
      `${server.dashboardApiUrl}/user`,
      {
        schema: z.unknown(),
        absolute: true,
      },
    );
    expect(user.cache).toMatchObject({ noStore: true });
  });
});

describe('sport sorting (behaviour §4)', () => {
  it.each([
    ['order_ascending', 'order'],
    ['order_descending', '-order'],
    ['name_ascending', 'name'],
    ['name_descending', '-name'],
  ] as const)('%s → sort=%s', (behavior, sort) => {
    expect(sportSortParam(behavior)).toBe(sort);
    expect(SPORT_SORT[behavior]).toBe(sort);
  });
  it('defaults to order when the setting is empty', () => {
    expect(sportSortParam(null)).toBe('order');
  });
});
