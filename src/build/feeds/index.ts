import { createHash, type Hash } from 'node:crypto';
import pLimit from 'p-limit';
import { feedPaths } from '../../head/feeds.ts';
import type { OutputStream, OutputWriter } from '../../output/writer.ts';
import type { PageContext } from '../../pages/index.ts';
import { pickSeason, shared, sportPage } from '../../pages/shared.ts';
import { icalendar, type CalendarEvent } from './ical.ts';
import { rssFeed } from './rss.ts';
import { createSitemaps, robotsTxt, type SitemapAdd } from './sitemap.ts';

export type { SitemapAdd } from './sitemap.ts';

/** Articles in the site-wide feed and in each sport's. */
export const RSS_ITEMS = { site: 50, sport: 25 } as const;

export interface FeedsResult {
  files: string[];
  bytes: number;
  /** Over every feed's path and bytes: part of the build id. */
  digest: string;
}

/** The feeds made from the API's answers (robots.txt, RSS, calendars), by path: made while the pages are built. */
export type ApiFeeds = Map<string, string>;

/** The sitemap files written (site paths, in order), each with its SHA-256, and their bytes. */
export interface SitemapsWritten {
  files: [path: string, digest: string][];
  bytes: number;
}

/**
 * The sitemap (or its parts and their index) of the pages `indexable.each` adds, in path order, as bytes
 * (createSitemaps): streamed out in pieces as it is made, so the site's list of pages is never held.
 */
export function writeSitemaps(
  writer: OutputWriter,
  siteUrl: string,
  indexable: { count: number; each(add: SitemapAdd): void },
): SitemapsWritten {
  const files: [string, string][] = [];
  let bytes = 0;
  let current: { path: string; stream: OutputStream; hash: Hash } | null = null;
  const endSitemap = () => {
    if (!current) return;
    current.stream.close();
    files.push([current.path, current.hash.digest('hex')]);
  };
  try {
    const sitemap = createSitemaps(indexable.count, siteUrl, (file, piece) => {
      if (current?.path !== `/${file}`) {
        endSitemap();
        current = { path: `/${file}`, stream: writer.stream(`/${file}`, `feed /${file}`), hash: createHash('sha256') };
      }
      current.stream.write(piece);
      current.hash.update(piece);
      bytes += piece.byteLength;
    });
    indexable.each(sitemap.add);
    sitemap.end();
  } finally {
    endSitemap();
  }
  return { files, bytes };
}

/**
 * The files crawlers and fans' apps read: sitemap(s) and robots.txt, RSS 2.0 news feeds (the site's and each
 * sport's), and iCalendar feeds of each sport's current schedule and of all sports. The sitemap needs the list of
 * pages, known at the end, and is written from it elsewhere (`sitemaps`: writeSitemaps, on a render thread:
 * ../page-list.ts); the others (`made`) need only the API, and are made from it while the pages are built. Their
 * digest covers both.
 */
export async function writeFeeds(
  writer: OutputWriter,
  sitemaps: Promise<SitemapsWritten>,
  made: Promise<ApiFeeds>,
): Promise<FeedsResult> {
  // Each file's digest, by path; the feeds' digest is made over them in path order.
  const digests = new Map<string, string>();
  let bytes = 0;
  const files = await made;
  for (const path of [...files.keys()].sort()) {
    const text = files.get(path)!;
    bytes += writer.write(path, text, `feed ${path}`);
    digests.set(path, createHash('sha256').update(text).digest('hex'));
  }
  const written = await sitemaps;
  for (const [path, digest] of written.files) digests.set(path, digest);
  bytes += written.bytes;
  const paths = [...digests.keys()].sort();
  const hash = createHash('sha256');
  for (const path of paths) hash.update(`${path}\0${digests.get(path)}\0`);
  return { files: paths, bytes, digest: hash.digest('hex') };
}

/** The feeds writeFeeds writes besides the sitemap, made from the API. */
export async function apiFeeds(ctx: PageContext): Promise<ApiFeeds> {
  const { site } = ctx;
  const { settings } = site;
  const tz = settings.website_timezone;
  const team = settings.current_team_name;
  const files: ApiFeeds = new Map();
  files.set('/robots.txt', robotsTxt(site.siteUrl));

  const limit = pLimit(6);
  const news = await ctx.api.articles({ per_page: RSS_ITEMS.site, sort: '-date' });
  files.set(
    feedPaths.news,
    rssFeed(
      {
        title: `${settings.site_title} News`,
        link: '/news',
        self: feedPaths.news,
        description: `The latest news from ${settings.site_title}.`,
        articles: news.data,
      },
      site.siteUrl,
      tz,
    ),
  );

  const stamp = `${site.today.replace(/-/g, '')}T000000Z`;
  const all: CalendarEvent[] = [];
  await Promise.all(
    site.sports.map((summary) =>
      limit(async () => {
        const articles = await ctx.api.articles({ sport_id: summary.id, per_page: RSS_ITEMS.sport, sort: '-date' });
        const self = feedPaths.sportNews(summary.slug);
        files.set(
          self,
          rssFeed(
            {
              title: `${team} ${summary.name} News`,
              // A sport without news has no news page: the feed points at the sport's home page.
              link: articles.data.length ? `/sports/${summary.slug}/news` : `/sports/${summary.slug}`,
              self,
              description: `The latest ${summary.name} news from ${settings.site_title}.`,
              articles: articles.data,
            },
            site.siteUrl,
            tz,
          ),
        );
        // The season the schedule page shows; a sport without one has no schedule page and no calendar (the
        // page's skip says why).
        const page = await sportPage(ctx, summary.slug, 'schedule');
        const season = pickSeason(page, undefined);
        const schedule = season ? (await shared.schedule(ctx, page.sport.id, season.slug)).data : null;
        if (!season || !schedule) return;
        const events = schedule.events.map((event) => ({
          event,
          sport: { name: summary.name, slug: summary.slug },
        }));
        all.push(...events);
        files.set(
          feedPaths.sportCalendar(summary.slug),
          icalendar({
            name: `${team} ${summary.name} ${season.name}`,
            description: `${team} ${summary.name} schedule and results.`,
            page: `/sports/${summary.slug}/schedule`,
            events,
            team,
            siteUrl: site.siteUrl,
            timeZone: tz,
            stamp,
          }),
        );
      }),
    ),
  );
  files.set(
    feedPaths.calendar,
    icalendar({
      name: `${team} Athletics`,
      description: `Every ${team} game, meet and match this season.`,
      page: '/all-sports-schedule',
      events: all,
      team,
      siteUrl: site.siteUrl,
      timeZone: tz,
      stamp,
    }),
  );

  return files;
}
