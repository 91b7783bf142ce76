/** Real departments' records at the boundary (issue 16): lenient where real data varies, strict where safety matters. */
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import * as S from '../../src/api/schemas/index.ts';
import { parseResponse } from '../../src/api/validate.ts';
import { calendarDateTime, canonicalDateTime, readIsoDate } from '../../src/util/iso-dates.ts';
import { eventTime, ymd } from '../../templates/ui/format.ts';
import { event, player } from '../helpers/api-records.ts';

const parse = <T extends ZodType>(schema: T, body: unknown) =>
  parseResponse(schema, JSON.stringify(body), body, 'GET /test');

describe('ISO 8601 dates as real APIs write them', () => {
  it.each([
    ['2023-11-06T00:00Z', '2023-11-06T00:00:00Z'],
    ['2023-11-06T19:00:00-0500', '2023-11-06T19:00:00-05:00'],
    ['2023-11-06T19:00-05', '2023-11-06T19:00:00-05:00'],
    ['2023-11-06 19:00:00+01:00', '2023-11-06T19:00:00+01:00'],
    ['2023-11-06T19:00:00.250Z', '2023-11-06T19:00:00.250Z'],
    ['2026-11-21T19:00:00-06:00', '2026-11-21T19:00:00-06:00'],
  ])('%s is read as %s', (written, canonical) => {
    expect(canonicalDateTime(written, 'UTC')).toBe(canonical);
  });

  it('reads a time without an offset in the zone given, across daylight saving', () => {
    expect(canonicalDateTime('2026-07-04T19:00', 'America/Chicago')).toBe('2026-07-04T19:00:00-05:00');
    expect(canonicalDateTime('2026-12-04T19:00', 'America/Chicago')).toBe('2026-12-04T19:00:00-06:00');
  });

  it.each(['2026-02-30', '2026-13-01', '2026-11-21T25:00', 'next Saturday', '21/11/2026'])('refuses %s', (text) => {
    expect(readIsoDate(text)).toBeNull();
  });

  it('makes a calendar date noon of that date, read as that date from Hawaii to Berlin', () => {
    const noon = calendarDateTime('2026-11-21', 'America/Chicago');
    expect(noon).toBe('2026-11-21T12:00:00-06:00');
    for (const zone of ['Pacific/Honolulu', 'America/Los_Angeles', 'America/New_York', 'UTC', 'Europe/Berlin'])
      expect(ymd(noon, zone)).toBe('2026-11-21');
  });
});

describe('an event at the boundary', () => {
  it.each([
    ['a date alone', '2026-11-21'],
    ['midnight UTC', '2026-11-21T00:00:00Z'],
    ['midnight Eastern', '2026-11-21T00:00:00-05:00'],
  ])('a game without a set time written as %s is on its written date, in every view', (_, date) => {
    const { data } = parse(S.Event, event({ date, time_tba: date.length === 10 ? false : true }));
    expect(data.time_tba).toBe(true);
    expect(data.date.slice(0, 10)).toBe('2026-11-21');
    expect(ymd(data.date, 'America/Chicago')).toBe('2026-11-21');
    expect(ymd(data.date, 'America/Los_Angeles')).toBe('2026-11-21');
    expect(eventTime(data, 'America/Chicago')).toBe('TBA');
  });

  it('keeps a timed game’s instant, written where it is played, and names the zone when it is not the site’s', () => {
    const { data } = parse(S.Event, event({ date: '2026-03-10T17:05Z', timezone: 'America/New_York' }));
    expect(data.date).toBe('2026-03-10T13:05:00-04:00');
    expect(eventTime(data, 'America/Chicago')).toBe('1:05 PM ET');
    expect(eventTime(data, 'America/New_York')).toBe('1:05 PM');
    const winnipeg = parse(S.Event, event({ date: '2026-11-20T19:00', timezone: 'America/Winnipeg' })).data;
    expect(winnipeg.date).toBe('2026-11-20T19:00:00-06:00');
    expect(eventTime(winnipeg, 'America/Chicago')).toBe('7:00 PM UTC-06:00');
  });

  it('takes an unknown venue, city or state (an away game, a foreign city), and a country when one is sent', () => {
    const { data } = parse(
      S.Event,
      event({ location: { venue: null, city: 'Winnipeg', state: null }, timezone: 'America/Winnipeg' }),
    );
    expect(data.location).toEqual({ venue: null, city: 'Winnipeg', state: null, country: null });
    expect(parse(S.Event, event({ location: null })).data.location).toEqual({
      venue: null,
      city: null,
      state: null,
      country: null,
    });
    const abroad = { venue: 'Imperial Arena', city: 'Paradise Island', state: ' ', country: 'Bahamas' };
    expect(parse(S.Event, event({ location: abroad })).data.location).toEqual({ ...abroad, state: null });
  });

  it('leaves one broken event out of its schedule, naming its id and field, and keeps the rest', () => {
    const schedule = {
      id: 1,
      sport_id: 1,
      season: { id: 6, name: '2026-27', slug: '2026-27' },
      record: { overall: '1-0', conference: '0-0', home: '1-0', away: '0-0', neutral: '0-0' },
      events: [event({ id: 1 }), event({ id: 2, date: 'Saturday' }), event({ id: 3 })],
    };
    const { data, notices } = parse(S.Schedule, schedule);
    expect(data.events.map((e) => e.id)).toEqual([1, 3]);
    expect(notices).toEqual([expect.stringMatching(/^event 2 left out: field date: expected an ISO 8601 date/)]);
  });
});

describe('a roster at the boundary', () => {
  it('takes jerseys, heights and weights as rosters print them', () => {
    const read = (extra: Record<string, unknown>) => parse(S.RosterPlayer, player(extra)).data;
    expect(read({ jersey_number: 7 }).jersey_number).toBe('7');
    expect(read({ jersey_number: '07' }).jersey_number).toBe('07');
    expect(read({ jersey_number: '' }).jersey_number).toBeNull();
    expect(read({ weight: '198 lbs' }).weight).toBe(198);
    expect(read({ weight: 198.6 }).weight).toBe(199);
    expect(read({ height: 74 }).height).toBe('6-2');
  });

  it('keeps a player whose weight is no weight, without it, and says so', () => {
    const { data, notices } = parse(S.RosterPlayer, player({ weight: 'N/A' }));
    expect(data.weight).toBeNull();
    expect(notices.join('\n')).toMatch(/weight "N\/A" is not a weight in pounds/);
  });

  it('takes a player without biography, headshot size or known social network', () => {
    const { data } = parse(
      S.RosterPlayer,
      player({
        bio: null,
        headshot: { url: '/media/x.jpg', alt: 'Sam Lee' },
        social_links: [{ network: 'mastodon', url: 'https://mastodon.social/@sam' }],
      }),
    );
    expect(data.bio).toBeNull();
    expect(data.headshot).toEqual({ url: '/media/x.jpg', alt: 'Sam Lee', width: null, height: null });
    expect(data.social_links).toEqual([{ network: 'mastodon', url: 'https://mastodon.social/@sam' }]);
  });

  it('keeps only http(s) social links, whatever the network', () => {
    const { data, notices } = parse(
      S.RosterPlayer,
      player({
        social_links: [
          { network: 'x', url: 'java\tscript:alert(1)' },
          { network: 'bluesky', url: 'https://bsky.app/profile/sam' },
        ],
      }),
    );
    expect(data.social_links).toEqual([{ network: 'bluesky', url: 'https://bsky.app/profile/sam' }]);
    expect(notices.join('\n')).toMatch(/is not an http\(s\) address, left out/);
  });

  it('leaves out one broken player, not the roster, naming the id and field', () => {
    const roster = {
      id: 1,
      sport_id: 1,
      season: { id: 6, name: '2026-27', slug: '2026-27' },
      players: [player({ id: 1 }), player({ id: 2, full_name: '' }), player({ id: 3 })],
      staff: [],
    };
    const { data, notices } = parse(S.Roster, roster);
    expect(data.players.map((p) => p.id)).toEqual([1, 3]);
    expect(notices).toEqual([expect.stringMatching(/^roster player 2 \(slug "sam-lee"\) left out: field full_name:/)]);
  });

  it('stays strict where safety matters: rich text is still sanitised', () => {
    const { data } = parse(S.RosterPlayer, player({ bio: '<p onclick="x()">Hi<script>alert(1)</script></p>' }));
    expect(data.bio).toBe('<p>Hi</p>');
  });
});

describe('a list of publishable records at the boundary', () => {
  const article = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    slug: `story-${id}`,
    date: '2026-11-20T10:00:00-06:00',
    title: `Story ${id}`,
    summary: '',
    author: null,
    sport: null,
    categories: [],
    featured_image: null,
    status: 'published',
    ...extra,
  });
  const list = (data: unknown[]) => ({
    data,
    meta: { pagination: { total: data.length, count: data.length, per_page: 20, current_page: 1, total_pages: 1 } },
  });

  it('leaves out one broken article, not the listing (or the build), naming it and its field', () => {
    const { data, notices } = parse(
      S.paginatedPublic(S.ArticleSummary, 'article'),
      list([article(1), article(2, { date: 'yesterday' }), article(3, { status: 'draft' }), article(4)]),
    );
    expect(data.data.map((a) => a.id)).toEqual([1, 4]);
    expect(notices).toEqual([
      expect.stringMatching(/^article 2 \(slug "story-2"\) left out: field date: expected an ISO 8601 date-time/),
      expect.stringMatching(/^article 3 \(slug "story-3"\) left out: status "draft"/),
    ]);
  });
});
