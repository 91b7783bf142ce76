import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenLinks, createLinkFinder, createLinkLedger, internalLinks } from '../../src/build/links.ts';

const SITE = 'https://www.cedarvalleyhawks.example';
const out = mkdtempSync(join(tmpdir(), 'fh-links-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the link check', () => {
  it('finds the site paths a page links to, decoded, without query or fragment', () => {
    const html = [
      '<a href="/news?page=2#top">',
      `<link rel="canonical" href="${SITE}/sports/football">`,
      '<a href="https://elsewhere.example/x">',
      '<a href="//cdn.example/y">',
      '<a href="mailto:a@b.example">',
      '<a href="/caf%C3%A9">',
      '<a href="/search?s=a&amp;b">',
    ].join('');
    expect(internalLinks(html, SITE).sort()).toEqual(['/café', '/news', '/search', '/sports/football']);
  });

  it('reports each target once per worker (menus repeat on every page)', () => {
    const find = createLinkFinder(SITE);
    expect(find('<a href="/news"><a href="/about">')).toEqual(['/news', '/about']);
    expect(find('<a href="/news"><a href="/tickets">')).toEqual(['/tickets']);
  });

  it('finds broken links: not a page, a file or a rule; never looks outside the output', () => {
    mkdirSync(join(out, 'news'), { recursive: true });
    writeFileSync(join(out, 'news.html'), '');
    writeFileSync(join(out, 'feed.xml'), '');
    const ledger = createLinkLedger();
    ledger.add('/', ['/news', '/news/', '/feed.xml', '/gone', '/article-preview/12', '/../../etc/passwd']);
    ledger.add('/news', ['/gone', '/old-page']);
    const broken = brokenLinks(ledger, out, {
      answered: (path) => path.startsWith('/article-preview/') || path === '/old-page',
    });
    expect(broken).toEqual([
      { target: '/../../etc/passwd', page: '/' },
      { target: '/gone', page: '/' },
    ]);
  });
});
