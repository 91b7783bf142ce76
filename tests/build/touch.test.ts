// Which pages a change touches, from what they read: the conservative rule and the incremental build's sorter.
import { describe, expect, it } from 'vitest';
import { answerDep, answerOf, orderedDep, orderedOf } from '../../src/build/deps/refs.ts';
import type { ContentApi } from '../../src/api/endpoints.ts';
import {
  askAfterChanges,
  changedRecords,
  createAnswerCheck,
  createTouchSorter,
  touchTest,
} from '../../src/build/deps/touch.ts';
import { RecordNotPublic } from '../../src/errors/catalogue.ts';
import { createError } from '../../src/errors/error.ts';
import type { ContentChange } from '../../src/webhooks/change.ts';

const change = (action: ContentChange['action'], id: number, fields: string[] = []): ContentChange => ({
  seq: 1,
  id: 'chg_1',
  at: '2026-11-21T21:00:00Z',
  resource: 'article',
  record_id: id,
  action,
  fields,
});
const yearList = (year: number, page = 1, sport?: number) =>
  `q:articles:${JSON.stringify([{ ...(sport ? { sport_id: sport } : {}), year, per_page: 100, page }])}`;
const years = (answer: number[], sport?: number) => answerDep('articleYears', [sport ?? null], answer)!;
const newsPage = (page: number, sport?: number) =>
  `q:articles:${JSON.stringify([{ ...(sport ? { sport_id: sport } : {}), per_page: 12, page }])}`;

describe('which pages a change touches', () => {
  it('keys a summarising answer by its content, and reads the call back from the key', () => {
    const dep = years([2024, 2025, 2026]);
    expect(dep).toMatch(/^a:articleYears:\[null\]=[0-9a-f]{16}$/);
    expect(answerOf(dep)).toEqual({ method: 'articleYears', args: [null] });
    expect(years([2024, 2025])).not.toBe(dep);
    expect(answerDep('articles', [{}], [])).toBeNull();
  });

  it('conservatively: every list of the kind and every answer summarising it, for a change that can move a record', () => {
    const published = touchTest(changedRecords([change('publish', 7)]))!;
    expect(published([yearList(2001)])).toBe(true);
    expect(published([years([2001])])).toBe(true);
    expect(published(['q:roster:[1]'])).toBe(false);
    const retitled = touchTest(changedRecords([change('update', 7, ['title'])]))!;
    expect(retitled([yearList(2001), years([2001])])).toBe(false);
    expect(retitled(['article:7'])).toBe(true);
  });

  it('an article published in 2026: the paginated lists, and only the year lists around 2026', () => {
    const asked = new Set<string>();
    const sorter = createTouchSorter(
      changedRecords([change('publish', 7)]),
      { articleYears: [[2025, 2026, 2027]] },
      (dep) => asked.add(dep),
    );
    expect(sorter.verdict([newsPage(3)])).toBe(true);
    // The years asked for and not answered (the page was made without them): judged as the call.
    expect(sorter.verdict(['q:articleYears:[null]'])).toBe(true);
    expect(Array.isArray(sorter.verdict(['q:articleYears:[null]', years([2019, 2026])]))).toBe(true);
    expect(sorter.verdict([yearList(2026, 2), years([2019, 2026])])).toBe(true);
    // Another year's list, and the years' answer: pending on whether the article was in that list, and on the
    // answer asked again.
    const pending = sorter.verdict([yearList(2019), yearList(2019, 2), years([2019, 2026])]);
    expect(pending).toEqual(['f:articles:[["year",2019]]', 'f:articles:[["year",2019]]', years([2019, 2026])]);
    expect(asked).toEqual(new Set([years([2019, 2026])]));
    expect(sorter.settle(pending as string[], new Set())).toBe(false);
    // The years the site has changed (the first article of a year): every page that shows them.
    expect(sorter.settle(pending as string[], new Set([years([2019, 2026])]))).toBe(true);
  });

  it('an article moved from 2019 to 2026: the 2019 lists it was in, every page of them, and the sport’s', () => {
    const sorter = createTouchSorter(changedRecords([change('update', 7, ['date'])]), {
      articleYears: [[2025, 2026, 2027]],
    });
    // Pages of lists it was not in stay pending, whatever the order the cache is read in.
    const other = sorter.verdict([yearList(2019, 1, 4)]);
    const second = sorter.verdict([yearList(2019, 2)]);
    // The page that showed it, in the 2019 list of all sports: touched, and its list is remembered.
    expect(sorter.verdict([yearList(2019, 1), 'article:7'])).toBe(true);
    expect(sorter.settle(second as string[], new Set())).toBe(true);
    expect(sorter.settle(other as string[], new Set())).toBe(false);
  });

  it('an article unpublished (in no list now), or one the API could not place (every year)', () => {
    const gone = createTouchSorter(changedRecords([change('unpublish', 7)]), { articleYears: [[]] });
    expect(Array.isArray(gone.verdict([yearList(2026)]))).toBe(true);
    const unknown = createTouchSorter(changedRecords([change('publish', 7)]), { articleYears: [null] });
    expect(unknown.verdict([yearList(1990)])).toBe(true);
    // Another kind's change leaves the lists of articles alone.
    const event = createTouchSorter([{ resource: 'event', recordId: 3, listed: true }], { articleYears: [] });
    expect(event.verdict([yearList(2026), years([2026])])).toBe(false);
    expect(event.verdict(['q:schedule:[1]'])).toBe(true);
  });

  it('an article published in one sport: the lists of all sports and of its own, not the other sports’ lists', () => {
    const sorter = createTouchSorter(changedRecords([change('publish', 7)]), {
      articleYears: [[2025, 2026, 2027]],
      articleSports: { now: new Set([3]), kept: true },
    });
    expect(sorter.verdict([newsPage(40)])).toBe(true);
    expect(sorter.verdict([newsPage(40, 3)])).toBe(true);
    expect(sorter.verdict([yearList(2026, 2, 3)])).toBe(true);
    // Another sport's news pages, its year archive, its home page's headlines: kept, with nothing pending.
    expect(sorter.verdict([newsPage(1, 5)])).toBe(false);
    expect(sorter.verdict([yearList(2019, 1, 5), yearList(2026, 1, 5)])).toBe(false);
    expect(sorter.verdict([`q:articles:${JSON.stringify([{ sport_id: 5, category_id: 2, per_page: 3 }])}`])).toBe(
      false,
    );
    // Its own sport's year archive of another year: pending on whether it was in it, as for any sport.
    expect(sorter.verdict([yearList(2019, 1, 3)])).toEqual(['f:articles:[["sport_id",3],["year",2019]]']);
    // A page of another sport that read the article itself is touched all the same.
    expect(sorter.verdict([newsPage(1, 5), 'article:7'])).toBe(true);
    // Its sport now unknown (the API could not say): every sport's lists.
    const unknown = createTouchSorter(changedRecords([change('publish', 7)]), {
      articleYears: [null],
      articleSports: null,
    });
    expect(unknown.verdict([newsPage(1, 5)])).toBe(true);
  });

  it('an article deleted, or moved to another sport: the lists of the sport it was in, found by a page that showed it', () => {
    for (const [records, now] of [
      [changedRecords([change('delete', 7)]), []],
      [changedRecords([change('update', 7, ['sport_id'])]), [3]],
    ] as const) {
      const sorter = createTouchSorter(records, {
        articleYears: [now.length ? [2025, 2026, 2027] : []],
        articleSports: { now: new Set(now), kept: false },
      });
      // Read before the page that showed it, and after: pending on the sport's lists either way.
      const before = sorter.verdict([newsPage(4, 5)]);
      const home = sorter.verdict([`q:articles:${JSON.stringify([{ sport_id: 5, category_id: 2, per_page: 3 }])}`]);
      expect(before).toEqual(['s:articles:5']);
      expect(sorter.verdict([newsPage(2, 5), 'article:7'])).toBe(true);
      const after = sorter.verdict([newsPage(9, 5)]);
      const other = sorter.verdict([newsPage(1, 6)]);
      // The sport's year archives: pending on the year's list, found by the archive's page that showed it.
      const year2019 = sorter.verdict([yearList(2019, 1, 5)]);
      const year2024 = sorter.verdict([yearList(2024, 2, 5)]);
      expect(year2019).toEqual(['f:articles:[["sport_id",5],["year",2019]]']);
      expect(sorter.verdict([yearList(2024, 1, 5), 'article:7'])).toBe(true);
      for (const pending of [before, home, after, year2024])
        expect(sorter.settle(pending as string[], new Set())).toBe(true);
      for (const pending of [other, year2019]) expect(sorter.settle(pending as string[], new Set())).toBe(false);
      expect(sorter.verdict([newsPage(1, 3)])).toEqual(now.length ? true : ['s:articles:3']);
    }
  });

  it('asks the API for each moved article’s sport now, and says whether a change can have taken it from another', async () => {
    expect(
      changedRecords([
        change('create', 1),
        change('publish', 2),
        change('update', 3, ['date', 'title']),
        change('update', 4, ['sport_id']),
        change('unpublish', 5),
        change('delete', 6),
      ]).map((c) => c.sportKept),
    ).toEqual([true, true, true, false, false, false]);
    // The API now: article 7 is of sport 3, 8 of no sport, 9 is gone (404), 10 cannot be had.
    const api = {
      async article(id: number) {
        if (id === 9) throw createError(RecordNotPublic, ['GET /articles/9', 'article 9', 'a draft'], { status: 404 });
        if (id === 10) throw new Error('503');
        return { date: '2026-11-20T12:00:00Z', sport: id === 7 ? { id: 3 } : null };
      },
    } as unknown as ContentApi;
    const after = (...records: ContentChange[]) => askAfterChanges(api, changedRecords(records));
    const at = Date.parse('2026-11-20T12:00:00Z');
    expect(await after(change('publish', 7), change('create', 8), change('create', 9))).toEqual({
      articlePlaces: [{ date: at, sport: 3 }, { date: at, sport: null }, 'none'],
      articleYears: [[2026], [2026], []],
      articleSports: { now: new Set([3]), kept: true },
    });
    expect((await after(change('publish', 7), change('update', 8, ['sport_id']))).articleSports).toEqual({
      now: new Set([3]),
      kept: false,
    });
    expect((await after(change('delete', 9))).articleSports).toEqual({ now: new Set(), kept: false });
    expect(await after(change('publish', 7), change('publish', 10))).toEqual({
      articlePlaces: [{ date: at, sport: 3 }, null],
      articleYears: [[2026], null],
      articleSports: null,
    });
    // Near a new year, the years either side it may be filed under in another timezone.
    const dated = (date: string) => ({ article: async () => ({ date, sport: null }) }) as unknown as ContentApi;
    const yearsOf = async (date: string) =>
      (await askAfterChanges(dated(date), changedRecords([change('publish', 7)]))).articleYears[0];
    expect(await yearsOf('2026-01-01T03:00:00Z')).toEqual([2025, 2026]);
    expect(await yearsOf('2026-12-31T20:00:00-06:00')).toEqual([2026, 2027]);
    expect(await yearsOf('2026-06-30T20:00:00-06:00')).toEqual([2026]);
    // An update that moves nothing asks nothing.
    expect(await after(change('update', 7, ['title']))).toEqual({
      articlePlaces: [],
      articleYears: [],
      articleSports: { now: new Set(), kept: true },
    });
  });

  it('records where a page of a list in date order ends, and no such thing for a list newest first', () => {
    const query = { sport_id: 3, sort: 'date', per_page: 24, page: 5 };
    const answer = {
      data: [
        { id: 1, date: '2019-03-01T12:00:00-06:00' },
        { id: 2, date: '2019-03-04T09:00:00-06:00' },
      ],
      meta: { pagination: { total: 700 } },
    };
    const dep = orderedDep('articles', [query], answer)!;
    expect(orderedOf(dep)).toEqual({
      filter: '{"per_page":24,"sort":"date","sport_id":3}',
      page: 5,
      total: 700,
      last: Date.parse('2019-03-04T09:00:00-06:00'),
    });
    expect(orderedDep('articles', [{ ...query, sort: undefined }], answer)).toBeNull();
    expect(orderedDep('articles', [query], { ...answer, data: [{ id: 1, date: 'soon' }] })).toBeNull();
    // An API that ignored the sort (its newest first): no dep, so the page is judged by its call.
    expect(orderedDep('articles', [query], { ...answer, data: answer.data.toReversed() })).toBeNull();
    expect(orderedOf(orderedDep('articles', [query], { ...answer, data: [] })!)!.last).toBeNull();
  });

  describe('stable pages of news (in date order, numbered from the oldest)', () => {
    const DAY = 86_400_000;
    const now = Date.parse('2026-11-20T12:00:00Z');
    /** A numbered page of 24 stories whose newest is `last`, of a list of `total` (a sport's: `sport`). */
    const stable = (page: number, last: number, total = 2400, sport?: number) => {
      const query = { ...(sport ? { sport_id: sport } : {}), sort: 'date', per_page: 24, page };
      const data = [
        { id: 1, date: new Date(last - DAY).toISOString() },
        { id: 2, date: new Date(last).toISOString() },
      ];
      return [
        `q:articles:${JSON.stringify([query])}`,
        orderedDep('articles', [query], { data, meta: { pagination: { total } } })!,
      ];
    };
    const old = Date.parse('2024-01-01T00:00:00Z');

    it('an article published today touches the news page and the pages near the newest, not the pages below', () => {
      const sorter = createTouchSorter(changedRecords([change('publish', 7)]), {
        articleYears: [[2025, 2026, 2027]],
        articleSports: { now: new Set([3]), kept: true },
        articlePlaces: [{ date: now, sport: 3 }],
      });
      // 2,400 stories: 99 numbered pages; a pager names two pages up, and the publish may add a page.
      expect(sorter.verdict(stable(96, now - 30 * DAY))).toBe(true);
      expect(sorter.verdict(stable(95, now - 30 * DAY))).toEqual([expect.stringMatching(/^o#/)]);
      const below = sorter.verdict(stable(50, old));
      expect(sorter.settle(below as string[], new Set())).toBe(false);
      // Its own sport's pages alike; another sport's, far from their newest, are not its list.
      expect(sorter.settle(sorter.verdict(stable(10, old, 2400, 3)) as string[], new Set())).toBe(false);
      expect(sorter.settle(sorter.verdict(stable(10, now + 30 * DAY, 2400, 6)) as string[], new Set())).toBe(false);
      // The newest pages of another sport's list: its length is as it was (a publish takes from no sport).
      expect(sorter.settle(sorter.verdict(stable(96, old, 2400, 6)) as string[], new Set())).toBe(false);
      expect(sorter.verdict(stable(96, old, 2400, 3))).toBe(true);
      // A page ending on or after it (within two days: the CMS may sort by another timezone) holds it or moves.
      expect(sorter.verdict(stable(50, now))).toBe(true);
      expect(sorter.verdict(stable(50, now - DAY))).toBe(true);
      expect(sorter.verdict(stable(10, now + DAY, 2400, 3))).toBe(true);
      // The page's call recorded without where it ends (the answer could not be read): touched.
      expect(sorter.verdict([stable(50, old)[0]!])).toBe(true);
    });

    it('an article deleted moves every page of its lists after the one that held it, and none before', () => {
      const sorter = createTouchSorter(changedRecords([change('delete', 7)]), {
        articleYears: [[]],
        articleSports: { now: new Set(), kept: false },
        articlePlaces: ['none'],
      });
      const before = sorter.verdict(stable(39, old));
      const after = sorter.verdict(stable(41, old));
      const otherSport = sorter.verdict(stable(41, old, 2400, 6));
      expect(sorter.verdict([...stable(40, old), 'article:7'])).toBe(true);
      expect(sorter.settle(before as string[], new Set())).toBe(false);
      expect(sorter.settle(after as string[], new Set())).toBe(true);
      expect(sorter.settle(otherSport as string[], new Set())).toBe(false);
      // A numbered page of sport 5 showed it: sport 5's other lists held it (its news page, newest first, is shorter).
      const sportSorter = createTouchSorter(changedRecords([change('delete', 7)]), {
        articleYears: [[]],
        articleSports: { now: new Set(), kept: false },
        articlePlaces: ['none'],
      });
      const latestOf5 = sportSorter.verdict([newsPage(1, 5)]);
      const latestOf6 = sportSorter.verdict([newsPage(1, 6)]);
      expect(sportSorter.verdict([...stable(1, old, 60, 5), 'article:7'])).toBe(true);
      expect(sportSorter.settle(latestOf5 as string[], new Set())).toBe(true);
      expect(sportSorter.settle(latestOf6 as string[], new Set())).toBe(false);
      // The newest numbered pages of a sport's list: their pagers change if the list is shorter, so if the article was
      // of that sport, which a page of the sport's list that showed it tells.
      const newest5 = sorter.verdict(stable(98, old, 2400, 5));
      const newest6 = sorter.verdict(stable(98, old, 2400, 6));
      expect(newest6).toEqual(['s:articles:6', expect.stringMatching(/^o#/)]);
      expect(sorter.verdict([newsPage(1, 5), 'article:7'])).toBe(true);
      expect(sorter.settle(newest5 as string[], new Set())).toBe(true);
      expect(sorter.settle(newest6 as string[], new Set())).toBe(false);
    });

    it('an article moved back in time touches the pages from its new place on; one the API cannot place, every page', () => {
      const moved = createTouchSorter(changedRecords([change('update', 7, ['date'])]), {
        articleYears: [[2019, 2020, 2021]],
        articleSports: { now: new Set(), kept: true },
        articlePlaces: [{ date: Date.parse('2020-06-01T00:00:00Z'), sport: null }],
      });
      expect(moved.verdict(stable(30, Date.parse('2020-07-01T00:00:00Z')))).toBe(true);
      expect(moved.settle(moved.verdict(stable(20, Date.parse('2020-05-01T00:00:00Z'))) as string[], new Set())).toBe(
        false,
      );
      const unplaced = createTouchSorter(changedRecords([change('publish', 7)]), {
        articleYears: [null],
        articleSports: null,
        articlePlaces: [null],
      });
      expect(unplaced.verdict(stable(1, old))).toBe(true);
      // A change that names no article: the API was asked of none, so no list is ruled out.
      const unnamed = createTouchSorter([{ resource: 'article', recordId: null, listed: true }], {
        articleYears: [],
        articleSports: { now: new Set(), kept: true },
        articlePlaces: [],
      });
      expect(unnamed.verdict(stable(1, old, 2400, 6))).toBe(true);
      expect(unnamed.verdict([yearList(1999, 1, 6)])).toBe(true);
      expect(unnamed.verdict([newsPage(3, 6)])).toBe(true);
      // A slug or categories changed move it in no list in date order: only the page that shows it.
      for (const fields of [['slug'], ['category_ids', 'title']]) {
        const renamed = createTouchSorter(changedRecords([change('update', 7, fields)]), {
          articleYears: [[2019, 2020]],
          articleSports: { now: new Set([3]), kept: true },
          articlePlaces: [{ date: Date.parse('2020-06-01T00:00:00Z'), sport: 3 }],
        });
        expect(renamed.verdict(stable(96, now))).toBe(false);
        expect(renamed.verdict(stable(30, Date.parse('2020-07-01T00:00:00Z'), 2400, 3))).toBe(false);
        expect(renamed.verdict([...stable(3, old), 'article:7'])).toBe(true);
      }
      // Its date changed, it may move: as above.
      expect(changedRecords([change('update', 7, ['date'])])[0]!.reordered).toBe(true);
      expect(changedRecords([change('update', 7, ['slug'])])[0]!.reordered).toBe(false);
      // A title edited moves nothing: only the page that shows it.
      const retitled = createTouchSorter(changedRecords([change('update', 7, ['title'])]), { articleYears: [] });
      expect(retitled.verdict(stable(96, now))).toBe(false);
      expect(retitled.verdict([...stable(3, old), 'article:7'])).toBe(true);
    });
  });

  it('a result entered touches the season statistics the API now answers otherwise, and only those', () => {
    const stats = (sport: number, season: string, answer: unknown) => answerDep('stats', [sport, season], answer)!;
    const hockey = stats(4, '2025-26', { players: [{ goals: 3 }] });
    const soccer = stats(7, '2025-26', { players: [{ goals: 9 }] });
    expect(hockey).toMatch(/^a:stats:\[4,"2025-26"\]=[0-9a-f]{16}$/);
    // A score, not a date: the event moves in no list.
    const asked = new Set<string>();
    const result = createTouchSorter([{ resource: 'event', recordId: 3, listed: false }], { articleYears: [] }, (dep) =>
      asked.add(dep),
    );
    const hockeyPage = result.verdict(['q:stats:[4,"2025-26"]', hockey]);
    const soccerPage = result.verdict(['q:stats:[7,"2025-26"]', soccer]);
    expect(hockeyPage).toEqual([hockey]);
    expect(soccerPage).toEqual([soccer]);
    expect([...asked].sort()).toEqual([hockey, soccer].sort());
    // The API answers hockey's statistics otherwise now: its page is touched, soccer's is kept.
    expect(result.settle(hockeyPage as string[], new Set([hockey]))).toBe(true);
    expect(result.settle(soccerPage as string[], new Set([hockey]))).toBe(false);
    // A page made without the statistics (the call failed, so no answer is keyed) is touched.
    expect(result.verdict(['q:stats:[4,"2024-25"]'])).toBe(true);
    // An article's change leaves the statistics alone.
    const article = createTouchSorter(changedRecords([change('publish', 7)]), { articleYears: [[2025, 2026, 2027]] });
    expect(article.verdict(['q:stats:[4,"2025-26"]', hockey])).toBe(false);
  });

  it('asks for each pending answer again once, as the pass finds it, and says which the API answers otherwise', async () => {
    const stats = (sport: number, answer: unknown) => answerDep('stats', [sport, '2025-26'], answer)!;
    const calls: unknown[][] = [];
    // The API now: hockey's statistics changed, soccer's did not, and volleyball's cannot be had.
    const api = {
      async stats(sport: number, season: string) {
        calls.push([sport, season]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (sport === 9) throw new Error('503');
        return sport === 4 ? { players: [{ goals: 4 }] } : { players: [{ goals: 9 }] };
      },
    } as unknown as ContentApi;
    const check = createAnswerCheck(api);
    const sorter = createTouchSorter(
      [{ resource: 'event', recordId: 3, listed: false }],
      { articleYears: [] },
      check.ask,
    );
    const [hockey, soccer, volleyball] = [
      stats(4, { players: [{ goals: 3 }] }),
      stats(7, { players: [{ goals: 9 }] }),
      stats(9, {}),
    ];
    sorter.verdict(['q:stats:[4,"2025-26"]', hockey]);
    // Asked at once, before the pass is over.
    expect(calls).toEqual([[4, '2025-26']]);
    sorter.verdict(['q:stats:[4,"2025-26"]', hockey]);
    sorter.verdict(['q:stats:[7,"2025-26"]', soccer]);
    sorter.verdict(['q:stats:[9,"2025-26"]', volleyball]);
    // A page the change touches anyway asks for nothing.
    sorter.verdict(['event:3', stats(5, {})]);
    expect(await check.changed()).toEqual(new Set([hockey, volleyball]));
    expect(calls).toEqual([
      [4, '2025-26'],
      [7, '2025-26'],
      [9, '2025-26'],
    ]);
  });
  it("asks only the statistics of a result's own season, found beside the event and confirmed by the API", async () => {
    const stats = (sport: number, season: string) => answerDep('stats', [sport, season], { players: [] })!;
    const calls: string[] = [];
    // The API now: event 3 is a game of sport 4's 2025-26 season; every season's statistics answer otherwise.
    const api = (holds: boolean) =>
      ({
        async schedule(sport: number, season: string) {
          calls.push(`schedule ${sport} ${season}`);
          return { events: holds && sport === 4 && season === '2025-26' ? [{ id: 3 }] : [{ id: 8 }] };
        },
        async stats(sport: number, season: string) {
          calls.push(`stats ${sport} ${season}`);
          return { players: [{ goals: 1 }] };
        },
      }) as unknown as ContentApi;
    const pass = async (changes: Parameters<typeof createTouchSorter>[0], holds = true) => {
      calls.length = 0;
      const check = createAnswerCheck(api(holds), changes);
      const sorter = createTouchSorter(changes, { articleYears: [] }, check.ask);
      const pages = [
        // The season's schedule names the event (a page the change touches); the sport's page reads two seasons'.
        ['q:schedule:[4,"2025-26"]', 'event:3'],
        ['q:schedule:[4,"2024-25"]', 'q:schedule:[4,"2025-26"]', 'event:3', 'event:8'],
        ['q:stats:[4,"2025-26"]', stats(4, '2025-26')],
        ['q:stats:[4,"2024-25"]', stats(4, '2024-25')],
        ['q:stats:[7,"2025-26"]', stats(7, '2025-26')],
      ];
      for (const deps of pages) {
        if (deps.includes('event:3')) check.see(deps);
        sorter.verdict(deps);
      }
      // Nothing is asked while the pass goes on: the seasons are known only at its end.
      const during = [...calls];
      return { changed: await check.changed(), during, calls: [...calls].sort() };
    };
    const result = [{ resource: 'event' as const, recordId: 3, listed: false }];
    const narrowed = await pass(result);
    expect(narrowed.during).toEqual([]);
    // The candidate seasons are asked in the order the pass met them, until one holds the event.
    expect(narrowed.calls).toEqual(['schedule 4 2025-26', 'stats 4 2025-26']);
    expect(narrowed.changed).toEqual(new Set([stats(4, '2025-26')]));
    // No schedule holds it now (moved by hand, or the API cannot say): every season's statistics are asked for.
    const unconfirmed = await pass(result, false);
    expect(unconfirmed.calls).toEqual([
      'schedule 4 2024-25',
      'schedule 4 2025-26',
      'stats 4 2024-25',
      'stats 4 2025-26',
      'stats 7 2025-26',
    ]);
    expect(unconfirmed.changed.size).toBe(3);
    // A change that may move the event (its date, its season) asks for every season's at once, as the pass goes.
    const moved = await pass(changedRecords([{ ...change('update', 3, ['season_id']), resource: 'event' }]));
    expect(moved.during).toEqual(['stats 4 2025-26', 'stats 4 2024-25', 'stats 7 2025-26']);
    expect(moved.changed.size).toBe(3);
  });
});
