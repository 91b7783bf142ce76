import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../src/demo/server/server.ts';
import { startDemo } from '../helpers/demo.ts';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemo();
});
afterAll(async () => {
  await server.close();
});

const api = (path: string, init?: RequestInit) => fetch(`${server.origin}/api/v1${path}`, init);

describe('demo CMS over HTTP', () => {
  it('answers 404 with a message for unknown ids, slugs and endpoints', async () => {
    for (const path of [
      '/sports/by/slug/curling',
      '/articles/999999',
      '/boxscores/abc',
      '/pages/by/slug?path=no/such/page',
      '/nope',
    ]) {
      const response = await api(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).message, path).toMatch(/not found|No endpoint/i);
    }
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const first = await api('/website-config');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const second = await api('/website-config', { headers: { 'If-None-Match': etag! } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    const stale = await api('/website-config', { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
  });

  it('answers 401 on /user when anonymous, and the user for the bypass identity (header or cookie)', async () => {
    expect((await fetch(`${server.dashboardApiUrl}/user`)).status).toBe(401);
    expect(
      (await fetch(`${server.dashboardApiUrl}/user`, { headers: { 'X-Oas-Identity': 'someone-else' } })).status,
    ).toBe(401);
    const byHeader = await fetch(`${server.dashboardApiUrl}/user`, { headers: { 'X-Oas-Identity': 'demo-editor' } });
    expect(byHeader.status).toBe(200);
    expect(byHeader.headers.get('cache-control')).toBe('private, no-store');
    const byCookie = await fetch(`${server.dashboardApiUrl}/user`, {
      headers: { Cookie: 'other=1; fh_identity=demo-editor' },
    });
    expect((await byCookie.json()).data.name).toBe('Jamie Editor');
  });

  it('allows the browser’s credentialed cross-origin calls (CORS)', async () => {
    const origin = 'http://127.0.0.1:4173';
    const preflight = await api('/simages?zones=x', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-oas-identity, x-requested-with',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-oas-identity, x-requested-with');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const actual = await fetch(`${server.dashboardApiUrl}/user`, { headers: { Origin: origin } });
    expect(actual.headers.get('access-control-allow-origin')).toBe(origin);
    expect(actual.headers.get('vary')).toBe('Origin');
  });

  it('paginates with limits', async () => {
    const page = await (await api('/articles?per_page=100&page=2')).json();
    expect(page.data).toHaveLength(100);
    expect(page.meta.pagination).toMatchObject({ per_page: 100, current_page: 2 });
    expect(page.meta.pagination.total_pages).toBe(Math.ceil(page.meta.pagination.total / 100));
    const tooMany = await api('/articles?per_page=1000');
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).message).toBe('per_page must be between 1 and 100, got 1000.');
    expect((await api('/articles?per_page=ten')).status).toBe(422);
  });

  it('keeps drafts out of public lists and serves them only as previews to the editor', async () => {
    const draft = server.dataset.articles.find((a) => a.status === 'draft')!;
    expect((await api(`/articles/${draft.id}`)).status).toBe(404);
    expect((await api(`/articles/${draft.id}/preview`)).status).toBe(403);
    const preview = await api(`/articles/${draft.id}/preview`, { headers: { 'X-Oas-Identity': 'demo-editor' } });
    expect((await preview.json()).data.title).toBe(draft.title);
    const all = await (await api('/articles?per_page=100')).json();
    expect(all.data.every((a: { status: string }) => a.status === 'published')).toBe(true);
  });

  it('unlocks the password-protected page only with the right password', async () => {
    const locked = server.dataset.pages.find((p) => p.password_protected)!;
    const shell = await (await api(`/pages/by/slug?path=${locked.slug}`)).json();
    expect(shell.data.blocks).toEqual([]);
    const post = (password: string) =>
      api(`/pages/${locked.id}/unlock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    const wrong = await post('guess');
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).message).toBe('The password is incorrect.');
    const right = await post('hawks-club-2026');
    expect((await right.json()).data.blocks.length).toBeGreaterThan(0);
  });

  it('takes a form submission as multipart with a browser-style mixed-case boundary', async () => {
    const boundary = '----WebKitFormBoundaryAbCdEf012345';
    const part = (name: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/png` : ''}\r\n\r\n${value}\r\n`;
    const body =
      [
        part('full_name', 'Pat'),
        part('email', 'pat@example.com'),
        part('topic', 'tickets'),
        part('message', 'Hi'),
        part('attachment', 'PNGDATA', 'a.png'),
      ].join('') + `--${boundary}--\r\n`;
    const response = await api('/forms/1/submissions', {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(201);
    expect((await response.json()).data.message).toMatch(/^Thanks!/);
  });

  it('serves generated images, a WAV and real PDFs', async () => {
    const logo = await fetch(`${server.origin}${server.dataset.settings.website_logo!.url}`);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(await logo.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const url of [
      server.dataset.players[0]!.seasons[0]!.entry.headshot?.url ?? '/media/headshot/default-player.svg',
      server.dataset.articles[0]!.featured_image!.url,
      server.dataset.ads[0]!.image.url,
    ]) {
      expect((await fetch(`${server.origin}${url}`)).status, url).toBe(200);
    }
    expect((await fetch(`${server.origin}/media/photo/curling/1.svg`)).status).toBe(404);
    const doc = server.dataset.documents[0]!;
    const pdf = await api(`/documents/${doc.uuid}.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = new TextDecoder().decode(await pdf.arrayBuffer());
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
  });

  it('checks redirects and lists them in bulk', async () => {
    const hit = await (await fetch(`${server.redirectServiceUrl}/check?url=/sports/MBKB/?x=1`)).json();
    expect(hit).toEqual({ target_url: '/sports/mens-basketball', query_parameters: 'ignore_pass', redirect_type: 301 });
    const miss = await (await fetch(`${server.redirectServiceUrl}/check?url=/nothing-here`)).json();
    expect(miss).toEqual({ target_url: null, query_parameters: null, redirect_type: 307 });
    const list = await (await fetch(`${server.redirectServiceUrl}/redirects`)).json();
    expect(list.data.length).toBe(server.dataset.redirects.length);
  });

  it('searches players and articles, filtered by sport', async () => {
    const player = server.dataset.players.find((p) => p.sport_id === 2)!;
    const found = await (await api(`/search?s=${encodeURIComponent(player.full_name)}&sport=mens-basketball`)).json();
    expect(found.data[0]).toMatchObject({
      type: 'player',
      title: player.full_name,
      path: `/sports/mens-basketball/roster/player/${player.slug}`,
    });
    const elsewhere = await (await api(`/search?s=${encodeURIComponent(player.full_name)}&sport=softball`)).json();
    expect(elsewhere.data.some((r: { id: number; type: string }) => r.type === 'player' && r.id === player.id)).toBe(
      false,
    );
    expect((await api('/search')).status).toBe(422);
  });
});
