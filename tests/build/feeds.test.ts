import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine, icalendar, icalText } from '../../src/build/feeds/ical.ts';
import { rssFeed } from '../../src/build/feeds/rss.ts';
import { robotsTxt, sitemaps, type SitemapPiece } from '../../src/build/feeds/sitemap.ts';
import type { Event } from '../../src/api/schemas/schedule.ts';

const xml = new XMLParser({ ignoreAttributes: false });
const SITE = 'https://www.example.edu';

describe('sitemaps', () => {
  it('is one urlset up to the limit, and an index of parts past it', () => {
    const entries = [
      { path: '/a', lastmod: null },
      { path: '/b', lastmod: '2026-01-02T00:00:00Z' },
      { path: '/c', lastmod: '2026-03-01T00:00:00Z' },
    ];
    const files = (pieces: Iterable<SitemapPiece>) => {
      const joined = new Map<string, string>();
      for (const { file, text } of pieces) joined.set(file, (joined.get(file) ?? '') + text);
      return joined;
    };
    const single = files(sitemaps(entries, 3, SITE, 3));
    expect([...single.keys()]).toEqual(['sitemap.xml']);
    expect(xml.parse(single.get('sitemap.xml')!).urlset.url.map((u: { loc: string }) => u.loc)).toEqual([
      `${SITE}/a`,
      `${SITE}/b`,
      `${SITE}/c`,
    ]);
    const split = files(sitemaps(entries, 3, SITE, 2));
    expect([...split.keys()]).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap.xml']);
    const index = xml.parse(split.get('sitemap.xml')!).sitemapindex.sitemap;
    expect(index.map((s: { loc: string }) => s.loc)).toEqual([`${SITE}/sitemap-1.xml`, `${SITE}/sitemap-2.xml`]);
    expect(index[1].lastmod).toBe('2026-03-01T00:00:00Z');
    expect(robotsTxt(SITE)).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    // Streamed from the build's sorted page list: out of order is a bug, said so.
    expect(() => [...sitemaps([entries[1]!, entries[0]!], 2, SITE)]).toThrow(/path order/);
    expect(() => [...sitemaps(entries, 2, SITE)]).toThrow(/told of 2 entries and given 3/);
    expect(xml.parse(files(sitemaps([], 0, SITE)).get('sitemap.xml')!).urlset).toBeDefined();
    // Exactly a full part: no empty part after it.
    expect([...files(sitemaps(entries.slice(0, 2), 2, SITE, 2)).keys()]).toEqual(['sitemap.xml']);
  });

  it('writes what the text of each page gives, from pages given as bytes, past ASCII and XML’s special characters', () => {
    // Paths as a CMS may make them, in JavaScript's order (not UTF-8's past U+D7FF: '😀' < '\uE000' in JavaScript).
    const paths = ['/a&b', "/it's", '/news/<1>', '/plain', '/ümlaut', '/\uE000', '/😀'].sort();
    const entries = paths.map((path, i) => ({ path, lastmod: i % 3 ? `2026-0${i + 1}-01T00:00:00Z` : null }));
    const esc = (text: string) =>
      text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;');
    const url = (e: (typeof entries)[number]) =>
      `<url><loc>${esc(SITE + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>\n`;
    const open =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    const joined = new Map<string, string>();
    for (const { file, text } of sitemaps(entries, entries.length, `${SITE}/`, 3))
      joined.set(file, (joined.get(file) ?? '') + text);
    expect([...joined.keys()]).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml']);
    for (const [n, part] of [entries.slice(0, 3), entries.slice(3, 6), entries.slice(6)].entries())
      expect(joined.get(`sitemap-${n + 1}.xml`)).toBe(`${open}${part.map(url).join('')}</urlset>\n`);
    // Each part's latest lastmod, in the index.
    const index = xml.parse(joined.get('sitemap.xml')!).sitemapindex.sitemap;
    expect(index.map((s: { lastmod?: string }) => s.lastmod ?? null)).toEqual([
      entries[2]!.lastmod,
      entries[5]!.lastmod,
      null,
    ]);
    // JavaScript's order, not the bytes': an astral character comes before U+E000, and after it is refused.
    expect(() => [
      ...sitemaps(
        [
          { path: '/\uE000', lastmod: null },
          { path: '/😀', lastmod: null },
        ],
        2,
        SITE,
      ),
    ]).toThrow(/path order/);
  });
});

describe('iCalendar text', () => {
  it('escapes TEXT values and folds long lines at 75 octets without splitting a character', () => {
    expect(icalText('Arena, Field; "A\\B"\nSecond')).toBe('Arena\\, Field\\; "A\\\\B"\\nSecond');
    const long = `SUMMARY:${'Hawks vs. Señoras Ñandú '.repeat(8)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('parses with ical.js, TBA times as whole days', () => {
    const base: Event = {
      id: 7,
      sport_id: 1,
      season_id: 1,
      date: '2026-09-05T13:30:00-05:00',
      time_tba: false,
      timezone: 'America/Chicago',
      title: null,
      opponent: { id: 2, name: 'Red Mesa', nickname: null, logo: null },
      location_type: 'home',
      location: { venue: 'Hawk Stadium', city: 'Cedar Valley', state: 'Iowa', country: null },
      is_conference: true,
      tournament: null,
      result: {
        status: 'final',
        team_score: 24,
        opponent_score: 17,
        outcome: 'W',
        note: null,
        place: null,
        field_size: null,
      },
      broadcasts: [{ type: 'tv', name: 'ESPN+', url: null }],
      tickets_url: null,
      boxscore_id: 3,
      preview_article_id: null,
      recap_article_id: null,
      layout: null,
    };
    const text = icalendar({
      name: 'Hawks Football',
      description: 'Schedule',
      page: '/sports/football/schedule',
      team: 'Hawks',
      siteUrl: SITE,
      timeZone: 'America/Chicago',
      stamp: '20261122T000000Z',
      events: [
        { event: base, sport: { name: 'Football', slug: 'football' } },
        {
          event: { ...base, id: 8, time_tba: true, result: null, date: '2026-09-12T00:00:00-05:00' },
          sport: { name: 'Football', slug: 'football' },
        },
      ],
    });
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events[0]!.summary).toBe('Hawks Football vs. Red Mesa (W 24-17)');
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2026-09-05T18:30:00.000Z');
    expect(events[0]!.location).toBe('Hawk Stadium, Cedar Valley, Iowa');
    expect(events[0]!.description).toContain('TV: ESPN+');
    expect(events[1]!.startDate.isDate).toBe(true);
  });
});

describe('RSS', () => {
  it('is RSS 2.0 with the required channel and item elements', () => {
    const text = rssFeed(
      {
        title: 'News & Notes',
        link: '/news',
        self: '/news/rss.xml',
        description: 'Latest',
        articles: [
          {
            id: 1,
            slug: 'hawks-win',
            date: '2026-11-14T20:00:00-06:00',
            title: 'Hawks <win>',
            summary: 'Big game',
            author: null,
            sport: null,
            categories: [],
            featured_image: null,
            status: 'published',
          },
        ],
      },
      SITE,
      'America/Chicago',
    );
    const rss = xml.parse(text).rss;
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.title).toBe('News & Notes');
    expect(rss.channel.item.title).toBe('Hawks <win>');
    expect(rss.channel.item.link).toBe(`${SITE}/news/2026/11/14/hawks-win`);
    expect(rss.channel.item.pubDate).toBe('Sun, 15 Nov 2026 02:00:00 GMT');
  });
});
