import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiCalls } from '../../runtime/api-calls.ts';
import { isFieldhouseError } from '../../src/errors/error.ts';
import { createApiClient } from '../../src/api/client.ts';
import { TransportError, type HttpRequest, type HttpResponse, type Transport } from '../../src/api/transport.ts';
import type { SiteData } from '../../src/contract/index.ts';

const site = {
  api: { baseUrl: 'https://cms.example.edu/', prefix: '/api/v1/' },
  bypassCookie: 'fh_identity',
} as unknown as SiteData;

/** A transport that answers from a script, one answer (or failure) per request, and keeps what it was sent. */
function scripted(...answers: (HttpResponse | Error)[]) {
  const sent: HttpRequest[] = [];
  const transport: Transport = async (request) => {
    sent.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error('no answer scripted');
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { sent, transport };
}
const json = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: new TextEncoder().encode(JSON.stringify(body)),
});
const text = (status: number, body: string): HttpResponse => ({
  status,
  headers: {},
  body: new TextEncoder().encode(body),
});

/** The error a call rejects with. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isFieldhouseError(error)) throw new Error(`expected a FieldhouseError, got ${String(error)}`);
  return error;
}

describe("the browser's calls to the API (runtime/api-calls.ts)", () => {
  beforeEach(() => {
    (globalThis as { document?: { cookie: string } }).document = { cookie: '' };
  });
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it("address a call and say who sends it as the build's client does, with the bypass cookie's identity", async () => {
    const { sent, transport } = scripted(json(200, { data: {} }), json(200, { data: {} }));
    const calls = createApiCalls(site, transport);
    const client = createApiClient({ ...site.api, transport });
    await calls.get('/simages', { zones: ['b-zone', 'a zone'] });
    expect(sent[0]!.url).toBe(client.url('/simages', { zones: ['b-zone', 'a zone'] }));
    expect(sent[0]!.url).toBe('https://cms.example.edu/api/v1/simages?zones=b-zone,a%20zone');
    expect(sent[0]!.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json, text/plain, */*',
    });
    document.cookie = 'other=1; fh_identity=demo-editor';
    await calls.get('https://dash.example.edu/user', undefined, true);
    expect(sent[1]!.url).toBe('https://dash.example.edu/user');
    expect(sent[1]!.headers['X-Oas-Identity']).toBe('demo-editor');
  });

  it('try a GET once more after a "try again later" answer or a dropped connection, then give its answer', async () => {
    const { sent, transport } = scripted(json(503, { message: 'Busy' }), json(200, { data: { a: [] } }));
    expect(await createApiCalls(site, transport).get('/simages', { zones: ['a'] })).toEqual({ data: { a: [] } });
    expect(sent).toHaveLength(2);
    const dropped = scripted(new TransportError('socket hang up', 'network'), new TransportError('reset', 'network'));
    const error = await failure(createApiCalls(site, dropped.transport).get('/search', { s: 'hawks' }));
    expect(error.code).toBe('ApiNetworkError');
    expect(error.message).toBe('GET https://cms.example.edu/api/v1/search?s=hawks failed after 2 attempts: reset');
    expect(dropped.sent).toHaveLength(2);
  });

  it('fail as behaviour §8 says, with the server’s message, and do not try again what will not pass', async () => {
    const forbidden = scripted(json(403, { message: 'Not for you' }));
    const error = await failure(createApiCalls(site, forbidden.transport).get('/pages/7/preview'));
    expect(error).toMatchObject({ status: 403, statusMessage: 'Not for you', fatal: true });
    expect(forbidden.sent).toHaveLength(1);
    const missing = scripted(text(404, 'gone'));
    const notFound = await failure(createApiCalls(site, missing.transport).get('/articles/9/preview'));
    expect(notFound).toMatchObject({ status: 404, statusMessage: 'Unexpected error', fatal: false });
    expect(notFound.details.report).toBe(false);
  });

  it('send a POST once, JSON as JSON and a form as it is', async () => {
    const { sent, transport } = scripted(json(503, {}), json(201, { data: { id: 1, message: 'Thanks' } }));
    const calls = createApiCalls(site, transport);
    expect((await failure(calls.post('/forms/3/submissions', { name: 'Ann' }))).status).toBe(503);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', body: '{"name":"Ann"}' });
    expect(sent[0]!.headers['Content-Type']).toBe('application/json');
    const form = new FormData();
    form.set('file', 'x');
    expect(await calls.post('/forms/3/submissions', form)).toEqual({ data: { id: 1, message: 'Thanks' } });
    expect(sent[1]!.body).toBe(form);
    expect(sent[1]!.headers['Content-Type']).toBeUndefined();
  });

  it('take an answer that is not JSON for one cut short: tried again once, then named', async () => {
    const { sent, transport } = scripted(text(200, '<html>proxy'), text(200, '<html>proxy error page</html>'));
    const error = await failure(createApiCalls(site, transport).get('/simages', { zones: ['a'] }));
    expect(error.code).toBe('ApiNotJson');
    expect(error.message).toContain('GET https://cms.example.edu/api/v1/simages?zones=a returned a body that is not');
    expect(sent).toHaveLength(2);
  });
});
