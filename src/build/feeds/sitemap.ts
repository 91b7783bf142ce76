import { absoluteUrl } from '../../../templates/head.ts';
import { xmlEscape } from './xml.ts';

/** The sitemaps protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  path: string;
  /** ISO date-time of the content's last change, when known. */
  lastmod: string | null;
}

/**
 * `sitemap.xml` for every indexable page, given in path order; past 50,000 URLs it becomes an index of
 * `sitemap-N.xml` parts. Yields [file name, XML] one file at a time (the index last), so at most one part's
 * entries are held however large the site.
 */
export function* sitemaps(sorted: Iterable<SitemapEntry>, siteUrl: string, maxPerFile = SITEMAP_MAX_URLS): Generator<[string, string]> {
  const urlset = (list: SitemapEntry[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list
      .map((e) => `<url><loc>${xmlEscape(absoluteUrl(e.path, siteUrl))}</loc>${e.lastmod ? `<lastmod>${xmlEscape(e.lastmod)}</lastmod>` : ''}</url>`)
      .join('\n')}\n</urlset>\n`;
  const parts: { name: string; lastmod: string | null }[] = [];
  let list: SitemapEntry[] = [];
  let previous: string | null = null;
  const part = (): [string, string] => {
    const name = `sitemap-${parts.length + 1}.xml`;
    parts.push({ name, lastmod: list.reduce<string | null>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), null) });
    const file: [string, string] = [name, urlset(list)];
    list = [];
    return file;
  };
  for (const entry of sorted) {
    if (previous !== null && !(previous < entry.path)) throw new Error(`sitemaps() needs entries in path order, without repeats: ${entry.path} came after ${previous}`);
    previous = entry.path;
    // A full part goes out only once another entry shows there will be more than one file.
    if (list.length === maxPerFile) yield part();
    list.push(entry);
  }
  if (!parts.length) {
    yield ['sitemap.xml', urlset(list)];
    return;
  }
  if (list.length) yield part();
  yield [
    'sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts
      .map((p) => `<sitemap><loc>${xmlEscape(absoluteUrl(`/${p.name}`, siteUrl))}</loc>${p.lastmod ? `<lastmod>${xmlEscape(p.lastmod)}</lastmod>` : ''}</sitemap>`)
      .join('\n')}\n</sitemapindex>\n`,
  ];
}

/** robots.txt: everything open except the shells of browser-rendered pages; the sitemap's address. */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /_shells/', 'Disallow: /_site/builds/', 'Disallow: /article-preview/', 'Disallow: /article-revision/', 'Disallow: /page-preview/', 'Disallow: /page-revision/', '', `Sitemap: ${absoluteUrl('/sitemap.xml', siteUrl)}`, ''].join('\n');
}
