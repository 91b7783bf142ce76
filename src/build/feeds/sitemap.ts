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
 * `sitemap.xml` for every indexable page; past 50,000 URLs it becomes an index of `sitemap-N.xml` parts. Returns
 * file name → XML text.
 */
export function sitemaps(entries: SitemapEntry[], siteUrl: string, maxPerFile = SITEMAP_MAX_URLS): Map<string, string> {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const urlset = (list: SitemapEntry[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list
      .map((e) => `<url><loc>${xmlEscape(absoluteUrl(e.path, siteUrl))}</loc>${e.lastmod ? `<lastmod>${xmlEscape(e.lastmod)}</lastmod>` : ''}</url>`)
      .join('\n')}\n</urlset>\n`;
  const files = new Map<string, string>();
  if (sorted.length <= maxPerFile) {
    files.set('sitemap.xml', urlset(sorted));
    return files;
  }
  const parts: { name: string; lastmod: string | null }[] = [];
  for (let i = 0; i < sorted.length; i += maxPerFile) {
    const list = sorted.slice(i, i + maxPerFile);
    const name = `sitemap-${parts.length + 1}.xml`;
    files.set(name, urlset(list));
    parts.push({ name, lastmod: list.reduce<string | null>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), null) });
  }
  files.set(
    'sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts
      .map((p) => `<sitemap><loc>${xmlEscape(absoluteUrl(`/${p.name}`, siteUrl))}</loc>${p.lastmod ? `<lastmod>${xmlEscape(p.lastmod)}</lastmod>` : ''}</sitemap>`)
      .join('\n')}\n</sitemapindex>\n`,
  );
  return files;
}

/** robots.txt: everything open except the shells of browser-rendered pages; the sitemap's address. */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /_shells/', 'Disallow: /_site/builds/', 'Disallow: /article-preview/', 'Disallow: /article-revision/', 'Disallow: /page-preview/', 'Disallow: /page-revision/', '', `Sitemap: ${absoluteUrl('/sitemap.xml', siteUrl)}`, ''].join('\n');
}
