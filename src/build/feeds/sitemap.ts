import { absoluteUrl } from '../../head/values.ts';
import { byteClasses, copyBytes, NON_ASCII, textBefore, XML_SPECIAL } from '../../util/text-bytes.ts';
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

/**
 * A page for the sitemap, as bytes: its path is `bytes[pathStart, pathEnd)`, its lastmod `bytes[lastmodStart,
 * lastmodEnd)` (empty: none), UTF-8. The bytes must stay as they are until the next page is added (the two paths'
 * order is checked).
 */
export type SitemapAdd = (
  bytes: Buffer,
  pathStart: number,
  pathEnd: number,
  lastmodStart: number,
  lastmodEnd: number,
) => void;

/** Bytes per piece: the sitemap is written as it is made, never held whole. */
const PIECE_BYTES = 1 << 16;
const OPEN = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
);
const CLOSE = Buffer.from('</urlset>\n');
const URL_OPEN = Buffer.from('<url><loc>');
const LOC_CLOSE = Buffer.from('</loc>');
const LASTMOD_OPEN = Buffer.from('<lastmod>');
const LASTMOD_CLOSE = Buffer.from('</lastmod>');
const URL_CLOSE = Buffer.from('</url>\n');

/**
 * `sitemap.xml` for every indexable page, added in path order (`count` of them); past 50,000 URLs it becomes an
 * index of `sitemap-N.xml` parts (the index comes last). The files go to `emit` in pieces as they are made (a piece's
 * bytes are valid until `emit` returns), so memory stays the same however large the site. The pages come as bytes
 * (the build's list of pages, read from disk): a path or date is decoded only when it must be escaped, or compared
 * as text past ASCII.
 */
export function createSitemaps(
  count: number,
  siteUrl: string,
  emit: (file: string, bytes: Uint8Array) => void,
  maxPerFile = SITEMAP_MAX_URLS,
): { add: SitemapAdd; end(): void } {
  const split = count > maxPerFile;
  // A page's path (it starts with `/`) goes after the site's address, escaped once.
  const base = Buffer.from(xmlEscape(siteUrl.replace(/\/$/, '')));
  const parts: { name: string; lastmod: string | null }[] = [];
  let file = split ? 'sitemap-1.xml' : 'sitemap.xml';
  let out = Buffer.allocUnsafe(PIECE_BYTES * 2);
  let at = 0;
  let inPart = 0;
  let seen = 0;
  /** The greatest lastmod of the part (a copy of its bytes, and their classes). */
  let latest: { bytes: Buffer; classes: number } | null = null;
  /** The previous page's path (once one is `seen`), in the bytes it came in. */
  const previous: { bytes: Buffer; start: number; end: number; classes: number } = {
    bytes: Buffer.alloc(0),
    start: 0,
    end: 0,
    classes: 0,
  };
  const flush = () => {
    if (at) emit(file, out.subarray(0, at));
    at = 0;
  };
  const put = (bytes: Buffer, start = 0, end = bytes.length) => {
    if (at + end - start > out.length) {
      flush();
      if (end - start > out.length) out = Buffer.allocUnsafe((end - start) * 2);
    }
    at += copyBytes(bytes, start, end, out, at);
  };
  /**
   * ASCII bytes that XML takes as they are; any other text decoded and escaped (so bytes that are not UTF-8 go out as
   * U+FFFD, as the text of the list would give them).
   */
  const putText = (bytes: Buffer, start: number, end: number, classes: number) => {
    if (classes & (XML_SPECIAL | NON_ASCII)) put(Buffer.from(xmlEscape(bytes.toString('utf8', start, end))));
    else put(bytes, start, end);
  };
  put(OPEN);
  return {
    add(bytes, pathStart, pathEnd, lastmodStart, lastmodEnd) {
      const classes = byteClasses(bytes, pathStart, pathEnd);
      if (
        seen > 0 &&
        !textBefore(previous.bytes, previous.start, previous.end, previous.classes, bytes, pathStart, pathEnd, classes)
      ) {
        const [before, now] = [
          previous.bytes.toString('utf8', previous.start, previous.end),
          bytes.toString('utf8', pathStart, pathEnd),
        ];
        throw new Error(`sitemaps need pages in path order, without repeats: ${now} came after ${before}`);
      }
      previous.bytes = bytes;
      previous.start = pathStart;
      previous.end = pathEnd;
      previous.classes = classes;
      if (inPart === maxPerFile) {
        put(CLOSE);
        flush();
        parts.push({ name: file, lastmod: latest && latest.bytes.toString() });
        [file, inPart, latest] = [`sitemap-${parts.length + 1}.xml`, 0, null];
        put(OPEN);
      }
      put(URL_OPEN);
      if (bytes[pathStart] === 0x2f) {
        put(base);
        putText(bytes, pathStart, pathEnd, classes);
      } else put(Buffer.from(xmlEscape(absoluteUrl(bytes.toString('utf8', pathStart, pathEnd), siteUrl))));
      put(LOC_CLOSE);
      if (lastmodEnd > lastmodStart) {
        const dateClasses = byteClasses(bytes, lastmodStart, lastmodEnd);
        put(LASTMOD_OPEN);
        putText(bytes, lastmodStart, lastmodEnd, dateClasses);
        put(LASTMOD_CLOSE);
        if (
          !latest ||
          textBefore(latest.bytes, 0, latest.bytes.length, latest.classes, bytes, lastmodStart, lastmodEnd, dateClasses)
        )
          latest = { bytes: Buffer.from(bytes.subarray(lastmodStart, lastmodEnd)), classes: dateClasses };
      }
      put(URL_CLOSE);
      inPart++;
      seen++;
      if (at >= PIECE_BYTES) flush();
    },
    end() {
      if (seen !== count) throw new Error(`sitemaps were told of ${count} entries and given ${seen}`);
      put(CLOSE);
      flush();
      if (!split) return;
      parts.push({ name: file, lastmod: latest && latest.bytes.toString() });
      file = 'sitemap.xml';
      put(
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts
            .map(
              (p) =>
                `<sitemap><loc>${xmlEscape(absoluteUrl(`/${p.name}`, siteUrl))}</loc>${p.lastmod ? `<lastmod>${xmlEscape(p.lastmod)}</lastmod>` : ''}</sitemap>`,
            )
            .join('\n')}\n</sitemapindex>\n`,
        ),
      );
      flush();
    },
  };
}

/** The sitemap files of pages given as text (createSitemaps, for pages not read from the build's list), in pieces. */
export function* sitemaps(
  sorted: Iterable<SitemapEntry>,
  count: number,
  siteUrl: string,
  maxPerFile = SITEMAP_MAX_URLS,
): Generator<SitemapPiece> {
  let pieces: SitemapPiece[] = [];
  const maker = createSitemaps(
    count,
    siteUrl,
    (file, bytes) => pieces.push({ file, text: Buffer.from(bytes).toString() }),
    maxPerFile,
  );
  for (const entry of sorted) {
    const path = Buffer.from(entry.path);
    const bytes = entry.lastmod ? Buffer.concat([path, Buffer.from(entry.lastmod)]) : path;
    maker.add(bytes, 0, path.length, path.length, bytes.length);
    yield* pieces;
    pieces = [];
  }
  maker.end();
  yield* pieces;
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
