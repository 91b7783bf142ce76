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
  /** Answers that are as safe as `status` (a traversal may be a 400 or a 404, never a file). */
  anyOf?: number[];
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

/** An editor adds SERVICE_ONLY_RULES to the demo CMS's redirect service (again is fine: it answers 422). */
export async function addServiceOnlyRules(demoPort: number): Promise<void> {
  for (const rule of SERVICE_ONLY_RULES) {
    const response = await fetch(`http://127.0.0.1:${demoPort}/redirect-service/redirects`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Oas-Identity': 'demo-editor' },
      body: JSON.stringify(rule),
    });
    if (response.status !== 201 && response.status !== 422)
      throw new Error(`The demo's redirect service refused ${rule.source}: ${response.status}`);
  }
}

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

/**
 * Requests beyond the spec's URL rules that every host must answer safely (issue 18): malformed and encoded paths,
 * traversal, and the files the runtime and crawlers read. Checked over HTTP on every engine.
 */
export function probeTable(outDir: string): UrlCase[] {
  const latest = JSON.parse(readFileSync(join(outDir, '_site/builds/latest.json'), 'utf8')) as { id: string };
  const file = (url: string, note: string): UrlCase => ({ url, status: 200, final: url, found: true, note });
  const missing = (url: string, note: string): UrlCase => ({ url, status: 404, final: url, found: false, note });
  return [
    { url: '/%00', status: 400, final: '/%00', found: false, note: 'NUL byte: a bad request, not an error' },
    { url: '/news%E0%A4%A', status: 400, final: '/news%E0%A4%A', found: false, note: 'broken percent-escape' },
    missing('/caf%C3%A9', 'an escaped letter, no uppercase: no redirect'),
    {
      url: '/Caf%C3%A9',
      status: 301,
      location: '/caf%C3%A9',
      final: '/caf%C3%A9',
      found: false,
      note: 'uppercase lowered, escapes kept as they are',
    },
    { ...missing('/%2e%2e/%2e%2e/etc/passwd', 'traversal, escaped'), anyOf: [400, 404] },
    { ...missing('/_site/..%2f..%2fetc%2fpasswd', 'traversal under the files folder'), anyOf: [400, 404] },
    file('/sitemap.xml', 'sitemap'),
    file('/news/rss.xml', 'RSS feed'),
    file('/news/_payload.json', 'a page payload'),
    file(`/_site/builds/meta/${latest.id}.json`, 'build manifest'),
    file('/_site/builds/latest.json', 'new-build poll'),
    file('/_site/redirects.json', "the runtime's redirect table"),
    missing('/sports/football/roster/season', 'a folder of season pages, no page of its own: 404, not a listing'),
    missing('/_site/search', "the search index's folder: 404, not a listing"),
  ];
}
