import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Sample URLs and how every host, `site preview` and the runtime must answer them (issue 6). `status` is the
 * first answer over HTTP; `location` its Location header; `final` where the visitor ends up (path and query);
 * `found` whether that is a page; `title` a part of the final page's title once the runtime has run.
 */
export interface UrlCase {
  url: string;
  status: number;
  location?: string;
  final: string;
  found: boolean;
  title?: string;
  note: string;
}

/** Rules an editor adds to the redirect service after the build: only the service's check knows them. */
export const SERVICE_ONLY_RULES = [
  {
    source: '/summer-camp-2027',
    target_url: '/tickets/season-tickets',
    query_parameters: 'ignore_pass',
    redirect_type: 301,
  },
  { source: '/old-store', target_url: '/tickets', query_parameters: null, redirect_type: 307 },
] as const;

const SHOP = 'https://shop.cedarvalleyhawks.example/';

export function urlTable(outDir: string): UrlCase[] {
  const latest = JSON.parse(readFileSync(join(outDir, '_site/builds/latest.json'), 'utf8')) as { id: string };
  const meta = JSON.parse(readFileSync(join(outDir, '_site/builds/meta', `${latest.id}.json`), 'utf8')) as {
    prerendered: string[];
  };
  const article = meta.prerendered.find((p) => /^\/news\/\d{4}\/\d\d\/\d\d\/[a-z0-9-]+$/.test(p))!;
  const deep = meta.prerendered.find((p) => /^\/about\/[a-z0-9-]+\/[a-z0-9-]+$/.test(p))!;
  const doc = `/documents/${readdirSync(join(outDir, 'documents'))[0]!}`;
  const asset = `/_site/assets/${readdirSync(join(outDir, '_site/assets')).find((f) => /^boot-[A-Z0-9]+\.js$/.test(f))!}`;
  const [year, month, day] = article.split('/').slice(2, 5);
  const redirect = (url: string, status: number, location: string, note: string, final = location): UrlCase => ({
    url,
    status,
    location,
    final,
    found: true,
    note,
  });
  const missing = (url: string, note: string, title = `Page Not Found: ${url}`): UrlCase => ({
    url,
    status: 404,
    final: url,
    found: false,
    title,
    note,
  });
  const page = (url: string, note: string): UrlCase => ({ url, status: 200, final: url, found: true, note });
  return [
    // Case and trailing slashes: one permanent hop to the lowercase path without the slash, query kept.
    redirect('/News', 301, '/news', 'uppercase'),
    redirect('/news/', 301, '/news', 'trailing slash'),
    redirect('/NEWS//', 301, '/news', 'uppercase and slashes, one hop'),
    redirect('/Sports/Football/Roster/?view=table', 301, '/sports/football/roster?view=table', 'query kept'),
    redirect('/sports/football/', 301, '/sports/football', 'trailing slash on a sport'),
    redirect('/Staff-Directory', 301, '/staff-directory', 'mixed case'),
    redirect(`${deep.toUpperCase()}/`, 301, deep, 'deep page, uppercase and slash'),
    // .aspx
    redirect('/tickets.aspx', 301, '/tickets', '.aspx dropped'),
    redirect('/Tickets/Season-Tickets.ASPX', 301, '/tickets/season-tickets', '.aspx and case, one hop'),
    redirect(`${article}.aspx`, 301, article, 'news date-slug route .aspx'),
    redirect(`${article}.aspx?utm_source=mail`, 301, `${article}?utm_source=mail`, 'news .aspx with a query'),
    redirect('/default.aspx', 301, '/', 'old home page'),
    redirect('/index.aspx?ref=flyer', 301, '/?ref=flyer', 'old home page with a query'),
    // The legacy search results page.
    redirect('/searchresults.aspx?q=volleyball', 301, '/search?s=volleyball', 'legacy search'),
    redirect('/SearchResults.aspx?q=hall+of+fame', 301, '/search?s=hall+of+fame', 'legacy search, spaces'),
    redirect('/searchresults.aspx?query=football&page=2', 301, '/search?s=football', 'legacy search, other parameter'),
    redirect('/search.aspx', 301, '/search', 'legacy search without text'),
    // Parameters that fail behaviour §5.
    missing('/boxscore/12x', 'id not digits'),
    missing('/boxscore/-1', 'id with a sign'),
    missing('/article-preview/abc', 'preview id not digits'),
    missing(`/news/${year}/13/${day}/story`, 'month 13'),
    missing(`/news/${year}/02/30/story`, 'no such date'),
    missing(`/news/${year}/${month}/${day}/bad--slug`, 'double hyphen in a slug'),
    {
      ...missing(`/news/${year}/${month}/${day}/bad_slug`, 'uppercase and underscore: lowercased, then 404'),
      url: `/news/${year}/${month}/${day}/Bad_Slug`,
      status: 301,
      location: `/news/${year}/${month}/${day}/bad_slug`,
      final: `/news/${year}/${month}/${day}/bad_slug`,
      title: `Page Not Found: /news/${year}/${month}/${day}/bad_slug`,
    },
    missing('/news/20x6', 'year not 4 digits'),
    missing('/staff-directory/department/-bad', 'slug with a leading hyphen'),
    missing('/a--b', 'slug with a double hyphen'),
    missing('/about/history/no-such-page', 'deep slug, no page'),
    missing('/sports/football/roster/player/no-such-player', 'valid slug, no such player'),
    // Unknown sport.
    missing('/sports/curling', 'unknown sport', 'Sport not found'),
    missing('/sports/curling/roster', 'unknown sport under roster', 'Sport not found'),
    // The redirect service's table (written into the host files by the build).
    redirect('/sports/mbkb', 301, '/sports/mens-basketball', 'table, ignore_pass'),
    redirect(
      '/sports/mbkb?season=2025-26',
      301,
      '/sports/mens-basketball?season=2025-26',
      'table, ignore_pass keeps the query',
    ),
    redirect('/staff?from=old', 301, '/staff-directory', 'table without ignore_pass drops the query'),
    redirect('/donate', 307, '/hawks-club', 'table, 307'),
    redirect('/season-tickets?utm=x', 302, '/tickets/season-tickets?utm=x', 'table, 302, query kept'),
    redirect('/shop', 302, SHOP, 'table, another site'),
    {
      ...redirect('/SPORTS/MBKB/', 301, '/sports/mbkb', 'case first, then the table'),
      final: '/sports/mens-basketball',
    },
    // Rules only the service's check knows (added after the build).
    redirect('/summer-camp-2027?ref=radio', 301, '/tickets/season-tickets?ref=radio', 'service check, ignore_pass'),
    redirect('/old-store?ref=radio', 307, '/tickets', 'service check, query dropped'),
    // Pages that exist, with and without queries, deep slugs, shells and files.
    page('/news?page=2', 'a page with a query'),
    page(deep, 'three-segment slug'),
    page('/hawks-club/donor-portal', 'password-protected page shell'),
    page('/search?s=hawks', 'search shell with its query'),
    page('/article-preview/12', 'preview shell'),
    page(doc, 'document file'),
    page(asset, 'hashed asset keeps its case'),
  ];
}
