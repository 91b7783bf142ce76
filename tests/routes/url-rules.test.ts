import { describe, expect, it } from 'vitest';
import { checkedRedirect, isSafeTarget, redirectCheckUrl } from '../../src/routes/redirect-service.ts';
import {
  canonicalPath,
  isPagePath,
  isWellFormedPath,
  lowerPath,
  redirectLocation,
  urlRedirect,
} from '../../src/routes/url-rules.ts';

describe('URL rules (behaviour §2): one permanent hop, keeping the query', () => {
  it.each([
    ['/News', '', '/news'],
    ['/news/', '', '/news'],
    ['/Sports/Football/Roster/', '?season=2025', '/sports/football/roster?season=2025'],
    ['/news//', '', '/news'],
    ['/tickets.aspx', '', '/tickets'],
    ['/Tickets/Season-Tickets.ASPX', '?x=1', '/tickets/season-tickets?x=1'],
    ['/news/2026/11/14/hawks-win.aspx', '', '/news/2026/11/14/hawks-win'],
    ['/default.aspx', '', '/'],
    ['/Index.aspx', '?a=b', '/?a=b'],
    ['/searchresults.aspx', '?q=volleyball', '/search?s=volleyball'],
    ['/SearchResults.aspx', '?query=hall+of+fame&page=2', '/search?s=hall+of+fame'],
    ['/search.aspx', '', '/search'],
  ])('%s%s → %s', (path, search, location) => {
    expect(urlRedirect(path, search)).toMatchObject({ status: 301, location });
  });

  it.each([
    '/',
    '/news',
    '/sports/football',
    '/_site/assets/boot-ABC123.js',
    '/media/Logo.SVG',
    '/documents/AB-12.pdf',
    '/vendor/seat-map.js',
  ])('%s is left alone', (path) => expect(urlRedirect(path, '?a=1')).toBeNull());

  it('tells pages from files', () => {
    expect(isPagePath('/news/page/2')).toBe(true);
    expect(isPagePath('/old.aspx')).toBe(true);
    expect(isPagePath('/_site/builds/latest.json')).toBe(false);
    expect(canonicalPath('/A/B/')).toBe('/a/b');
  });

  it('passes the query through only when the rule says so', () => {
    expect(redirectLocation({ target: '/x', passQuery: true }, '?a=1')).toBe('/x?a=1');
    expect(redirectLocation({ target: '/x?b=2', passQuery: true }, '?a=1')).toBe('/x?b=2&a=1');
    expect(redirectLocation({ target: '/x', passQuery: false }, '?a=1')).toBe('/x');
    expect(redirectLocation({ target: '/x', passQuery: true }, '')).toBe('/x');
  });

  it('lowercases letters but never a percent-escape (issue 18: /caf%C3%A9 is already canonical)', () => {
    expect(urlRedirect('/caf%C3%A9', '')).toBeNull();
    expect(urlRedirect('/Caf%C3%A9/', '?a=1')).toMatchObject({ status: 301, location: '/caf%C3%A9?a=1' });
    expect(lowerPath('/ABC%2Fdef%E0')).toBe('/abc%2Fdef%E0');
  });

  it('tells a path a host can look up from a bad request', () => {
    expect(isWellFormedPath('/news/caf%C3%A9')).toBe(true);
    expect(isWellFormedPath('/%00')).toBe(false);
    expect(isWellFormedPath('/news%E0%A4%A')).toBe(false);
    expect(isWellFormedPath('/%ZZ')).toBe(false);
  });
});

describe("the redirect service's check (behaviour §7), read the same way by the preview, the edge and the runtime", () => {
  it('asks about the path, escaped', () => {
    expect(redirectCheckUrl('https://r.example/svc/', '/old page')).toBe(
      'https://r.example/svc/check?url=%2Fold%20page',
    );
  });

  it.each([
    [
      { target_url: '/tickets', query_parameters: null, redirect_type: 301 },
      '?a=1',
      { status: 301, location: '/tickets' },
    ],
    [{ target_url: '/tickets', query_parameters: 'ignore_pass' }, '?a=1', { status: 307, location: '/tickets?a=1' }],
    [
      { target_url: 'https://shop.example/', redirect_type: 302 },
      '',
      { status: 302, location: 'https://shop.example/' },
    ],
  ])('%j%s gives a redirect', (answer, search, expected) => {
    expect(checkedRedirect(answer, search)).toEqual(expected);
  });

  it.each([
    null,
    'text',
    { target_url: null },
    { target_url: '' },
    { target_url: 'javascript:alert(1)' },
    { target_url: '//evil.example/' },
    { target_url: '/x', redirect_type: 200 },
    { target_url: '/x', redirect_type: '301' },
  ])('%j gives none', (answer) => expect(checkedRedirect(answer, '?a=1')).toBeNull());

  it('allows only root-relative paths and http(s) URLs as targets', () => {
    expect(isSafeTarget('/a')).toBe(true);
    expect(isSafeTarget('HTTPS://x.example')).toBe(true);
    expect(isSafeTarget('data:text/html,x')).toBe(false);
  });
});
