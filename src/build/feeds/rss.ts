import type { ArticleSummary } from '../../api/schemas/content.ts';
import { absoluteUrl } from '../../head/values.ts';
import { ROUTES } from '../../pages/index.ts';
import { createLinks } from '../../routes/links.ts';
import { xmlEscape } from './xml.ts';

const paths = createLinks(ROUTES);

export interface RssChannel {
  title: string;
  /** The page the feed mirrors (root-relative). */
  link: string;
  /** The feed's own address (root-relative). */
  self: string;
  description: string;
  articles: ArticleSummary[];
}

/** An RSS 2.0 feed of articles, newest first, with atom:link rel=self as feed validators ask. */
export function rssFeed(channel: RssChannel, siteUrl: string, timeZone: string): string {
  const abs = (p: string) => absoluteUrl(p, siteUrl);
  // An article whose slug the router refuses has no page (skipped, with a warning): no item either.
  const linked = channel.articles.flatMap((a) => {
    const path = paths.article(a, timeZone);
    return path ? [{ a, path }] : [];
  });
  const items = linked.map(({ a, path }) => {
    const link = abs(path);
    return [
      '<item>',
      `<title>${xmlEscape(a.title)}</title>`,
      `<link>${xmlEscape(link)}</link>`,
      `<guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `<pubDate>${new Date(a.date).toUTCString()}</pubDate>`,
      `<description>${xmlEscape(a.summary)}</description>`,
      a.author ? `<dc:creator>${xmlEscape(a.author)}</dc:creator>` : '',
      a.sport ? `<category>${xmlEscape(a.sport.name)}</category>` : '',
      ...a.categories.map((c) => `<category>${xmlEscape(c.name)}</category>`),
      a.featured_image
        ? `<enclosure url="${xmlEscape(abs(a.featured_image.url))}" length="0" type="${a.featured_image.url.endsWith('.svg') ? 'image/svg+xml' : 'image/jpeg'}"/>`
        : '',
      '</item>',
    ].join('');
  });
  const updated = channel.articles[0] ? new Date(channel.articles[0].date).toUTCString() : null;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xmlEscape(channel.title)}</title>`,
    `<link>${xmlEscape(abs(channel.link))}</link>`,
    `<description>${xmlEscape(channel.description)}</description>`,
    '<language>en-us</language>',
    `<atom:link href="${xmlEscape(abs(channel.self))}" rel="self" type="application/rss+xml"/>`,
    updated ? `<lastBuildDate>${updated}</lastBuildDate>` : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
