import { describe, expect, it } from 'vitest';
import { canonicalPath, isPagePath, redirectLocation, urlRedirect } from '../../src/routes/url-rules.ts';

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
});
