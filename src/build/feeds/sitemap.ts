import { absoluteUrl } from '../../head/values.ts';
import { xmlEscape } from './xml.ts';

/** The sitemaps protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  path: string;
  /** ISO date-time of the content's last change, when known. */
  lastmod: string | null;
}

/** A piece of a sitemap file: a file is its pieces joined, in order; each file's pieces come together. */
export interface SitemapPiece {
  file: string;
  text: string;
}

/** Characters per piece: the sitemap is written as it is made, never held whole. */
const PIECE_CHARS = 1 << 16;

/**
 * `sitemap.xml` for every indexable page, given in path order (`count` of them); past 50,000 URLs it becomes an
 * index of `sitemap-N.xml` parts (the index comes last). Yields the files in pieces, so memory stays the same
 * however large the site.
 */
export function* sitemaps(
  sorted: Iterable<SitemapEntry>,
  count: number,
  siteUrl: string,
  maxPerFile = SITEMAP_MAX_URLS,
): Generator<SitemapPiece> {
  const split = count > maxPerFile;
  const open = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  const close = '</urlset>\n';
  const parts: { name: string; lastmod: string | null }[] = [];
  let file = split ? 'sitemap-1.xml' : 'sitemap.xml';
  let text = open;
  let inPart = 0;
  let latest: string | null = null;
  let seen = 0;
  let previous: string | null = null;
  // A page's path (it starts with `/`) goes after the site's address, made once (absoluteUrl, for any other).
  const base = siteUrl.replace(/\/$/, '');
  const locOf = (path: string) => (path.startsWith('/') ? `${base}${path}` : absoluteUrl(path, siteUrl));
  for (const entry of sorted) {
    if (previous !== null && !(previous < entry.path))
      throw new Error(`sitemaps() needs entries in path order, without repeats: ${entry.path} came after ${previous}`);
    previous = entry.path;
    if (inPart === maxPerFile) {
      yield { file, text: text + close };
      parts.push({ name: file, lastmod: latest });
      [file, text, inPart, latest] = [`sitemap-${parts.length + 1}.xml`, open, 0, null];
    }
    text += `<url><loc>${xmlEscape(locOf(entry.path))}</loc>${entry.lastmod ? `<lastmod>${xmlEscape(entry.lastmod)}</lastmod>` : ''}</url>\n`;
    inPart++;
    seen++;
    if (entry.lastmod && (!latest || entry.lastmod > latest)) latest = entry.lastmod;
    if (text.length >= PIECE_CHARS) {
      yield { file, text };
      text = '';
    }
  }
  if (seen !== count) throw new Error(`sitemaps() was told of ${count} entries and given ${seen}`);
  yield { file, text: text + close };
  if (!split) return;
  parts.push({ name: file, lastmod: latest });
  yield {
    file: 'sitemap.xml',
    text: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts
      .map(
        (p) =>
          `<sitemap><loc>${xmlEscape(absoluteUrl(`/${p.name}`, siteUrl))}</loc>${p.lastmod ? `<lastmod>${xmlEscape(p.lastmod)}</lastmod>` : ''}</sitemap>`,
      )
      .join('\n')}\n</sitemapindex>\n`,
  };
}

/** robots.txt: everything open except the shells of browser-rendered pages; the sitemap's address. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /_shells/',
    'Disallow: /_site/builds/',
    'Disallow: /article-preview/',
    'Disallow: /article-revision/',
    'Disallow: /page-preview/',
    'Disallow: /page-revision/',
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', siteUrl)}`,
    '',
  ].join('\n');
}
