/**
 * What fans see with real content (issue 17), page by page, rendered from the demo CMS's own answers: empty parts
 * leave no trace, records follow the sport's kind and settings, and a person without a photo keeps a whole header.
 */
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payload, SiteData } from '../../src/contract/index.ts';
import { HIDDEN_RECORD_SPORT } from '../../src/demo/dataset.ts';
import { rosterWithoutStaff, statsWithoutTables } from '../../src/demo/server/wire.ts';
import type { DemoServer } from '../../src/demo/server/server.ts';
import type { Loaded, PageSource } from '../../src/pages/define.ts';
import { sourceOf, type PageContext } from '../../src/pages/index.ts';
import type { HomeData } from '../../src/pages/families/home.ts';
import type { PlayerData } from '../../src/pages/families/roster.ts';
import type { BoxScoreData, ScheduleData } from '../../src/pages/families/schedule.ts';
import type { SportHomeData } from '../../src/pages/families/sport.ts';
import type { Params } from '../../src/routes/params.ts';
import BoxScore from '../../templates/pages/boxscore.tsx';
import Home from '../../templates/pages/home.tsx';
import Player from '../../templates/pages/player.tsx';
import Roster from '../../templates/pages/roster.tsx';
import Schedule from '../../templates/pages/schedule.tsx';
import SportHome from '../../templates/pages/sport-home.tsx';
import Stats from '../../templates/pages/stats.tsx';
import { demoDataset, startDemo } from '../helpers/demo.ts';
import { demoPageContext } from '../helpers/site.ts';

let demo: DemoServer;
let ctx: PageContext;
let site: SiteData;
let close: () => Promise<void>;
beforeAll(async () => {
  demo = await startDemo();
  ({ ctx, close } = await demoPageContext(demo));
  site = ctx.site;
});
afterAll(async () => {
  await close?.();
  await demo?.close();
});

async function load<D>(route: string, params: Params): Promise<D> {
  const loaded = (await (sourceOf(route) as PageSource<unknown>).load(ctx, params)) as Loaded<D>;
  if ('skip' in loaded) throw new Error(`skipped: ${loaded.skip}`);
  return loaded.data;
}
const payload = {} as Payload;
/** The page's visible text, tags gone, so separators can be read as a fan reads them. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
const headings = (html: string) => [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);

const dataset = demoDataset();
const sportOf = (slug: string) => dataset.sports.find((s) => s.slug === slug)!;

describe('a person without a photo', () => {
  it('gets a full-width header when there is no headshot and no default photo; the default photo otherwise', async () => {
    const data = await load<PlayerData>('sports-sport-roster-player-slug', {
      sport: 'football',
      slug: dataset.players.find((p) => p.sport_id === sportOf('football').id)!.slug,
    });
    const entry = data.player.seasons.at(-1)!.entry;
    const bare = {
      ...data,
      player: { ...data.player, seasons: [{ ...data.player.seasons.at(-1)!, entry: { ...entry, headshot: null } }] },
    };
    const without = renderToString(
      <Player
        data={bare}
        site={{ ...site, settings: { ...site.settings, default_player_photo: null } }}
        payload={payload}
      />,
    );
    expect(without).toContain('class="profile-header no-photo"');
    expect(without).not.toContain('<img');
    const fallback = renderToString(<Player data={bare} site={site} payload={payload} />);
    expect(fallback).toContain('class="profile-header"');
    expect(fallback).toContain(`src="${site.settings.default_player_photo!.url}"`);
  });
});

describe('empty parts leave no trace', () => {
  it('an emptied biography has no Biography heading', async () => {
    const data = await load<PlayerData>('sports-sport-roster-player-slug', {
      sport: 'football',
      slug: dataset.players.find((p) => p.sport_id === sportOf('football').id)!.slug,
    });
    const last = data.player.seasons.at(-1)!;
    const withBio = (bio: string | null) => ({
      ...data,
      player: { ...data.player, seasons: [{ ...last, entry: { ...last.entry, bio } }] },
    });
    for (const bio of ['<p>&nbsp;</p>', '<p> </p><br>', null])
      expect(
        headings(renderToString(<Player data={withBio(bio)} site={site} payload={payload} />)),
        String(bio),
      ).not.toContain('Biography');
    expect(
      headings(renderToString(<Player data={withBio('<p>Four-year starter.</p>')} site={site} payload={payload} />)),
    ).toContain('Biography');
  });

  it('a roster without coaches has no Coaching staff heading (a season the demo CMS sends so)', async () => {
    const [sport, season] = dataset.rosters
      .map((r) => [dataset.sports.find((s) => s.id === r.sport_id)!, r.season] as const)
      .find(([s, season]) => rosterWithoutStaff(s.id, season.id))!;
    const data = await load<Parameters<typeof Roster>[0]['data']>('sports-sport-roster-season-season', {
      sport: sport.slug,
      season: season.slug,
    });
    expect(data.roster.staff).toEqual([]);
    const html = renderToString(<Roster data={data} site={site} payload={payload} />);
    expect(headings(html)).not.toContain('Coaching staff');
  });

  it('a season whose stats have no tables says so and links its schedule', async () => {
    const found = dataset.sports.flatMap((s) =>
      dataset
        .seasonsOf(s.id)!
        .flatMap((season) => (season.has_stats && statsWithoutTables(s.id, season.id) ? [{ sport: s, season }] : [])),
    )[0]!;
    const data = await load<Parameters<typeof Stats>[0]['data']>('sports-sport-stats-season-season', {
      sport: found.sport.slug,
      season: found.season.slug,
    });
    expect(data.stats.tables).toEqual([]);
    const html = renderToString(<Stats data={data} site={site} payload={payload} />);
    expect(text(html)).toContain(`No statistics have been published for the ${found.season.name} season yet.`);
    expect(html).toContain(`href="/sports/${found.sport.slug}/schedule/season/${found.season.slug}"`);
  });

  it('a box score without a venue or attendance has no dangling separator', async () => {
    const event = dataset.schedules.flatMap((s) => s.events).find((e) => e.boxscore_id)!;
    const data = await load<BoxScoreData>('boxscore-id', { id: String(event.boxscore_id) });
    const bare = { ...data, box: { ...data.box, venue: '', attendance: null } };
    const meta = /<p class="meta">(.*?)<\/p>/.exec(
      renderToString(<BoxScore data={bare} site={site} payload={payload} />),
    )![1]!;
    expect(text(meta).trim()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  it('a home page without stories shows the latest results and what comes next, not an empty Headlines', async () => {
    // A department whose headline and featured categories hold no stories.
    const settings = { ...site.settings, headlines_category: { id: 990_001 }, featured_category: { id: 990_002 } };
    const storyless = { ...ctx, site: { ...site, settings: settings as typeof site.settings } };
    const loaded = (await (sourceOf('index') as PageSource<unknown>).load(storyless, {})) as { data: HomeData };
    const data = loaded.data;
    expect(data.headlines).toEqual([]);
    expect(data.results.length).toBeGreaterThan(0);
    expect(data.results.every((e) => e.result?.status === 'final')).toBe(true);
    const html = renderToString(<Home data={data} site={storyless.site} payload={payload} />);
    expect(headings(html)).not.toContain('Headlines');
    expect(text(html)).not.toContain('No stories yet');
    expect(headings(html)).toContain('Latest results');
    expect(html).toMatch(/class="result (win|loss)/);
    // With stories, none of that.
    const home = await load<HomeData>('index', {});
    expect(home.results).toEqual([]);
    expect(headings(renderToString(<Home data={home} site={site} payload={payload} />))).toContain('Headlines');
  });
});

describe('records follow the sport', () => {
  it('a meet sport shows placings, never a won-lost record, on its home page and its schedule', async () => {
    const meet = dataset.sports.find((s) => s.format === 'meet' && s.slug !== HIDDEN_RECORD_SPORT)!;
    const home = await load<SportHomeData>('sports-sport-slug', { sport: meet.slug });
    const homeHtml = text(renderToString(<SportHome data={home} site={site} payload={payload} />));
    expect(homeHtml).toMatch(/Best finish \d+(st|nd|rd|th)( of \d+)? · /);
    expect(homeHtml).not.toMatch(/Overall \d+-\d+/);
    const schedule = await load<ScheduleData>('sports-sport-schedule', { sport: meet.slug });
    const scheduleHtml = renderToString(<Schedule data={schedule} site={site} payload={payload} />);
    expect(scheduleHtml).not.toContain('record-table');
    expect(text(scheduleHtml)).toMatch(/Best finish \d+/);
  });

  it('remove_overall_score_table hides the record on every page that shows one', async () => {
    const hidden = sportOf(HIDDEN_RECORD_SPORT);
    expect(hidden.remove_overall_score_table).toBe(true);
    const home = await load<SportHomeData>('sports-sport-slug', { sport: hidden.slug });
    expect(home.standing).toBeNull();
    expect(renderToString(<SportHome data={home} site={site} payload={payload} />)).not.toContain('class="record"');
    const schedule = await load<ScheduleData>('sports-sport-schedule', { sport: hidden.slug });
    expect(renderToString(<Schedule data={schedule} site={site} payload={payload} />)).not.toContain('record-table');
    const loaded = (await (sourceOf('sports-sport-schedule') as PageSource<unknown>).load(ctx, {
      sport: hidden.slug,
    })) as {
      head: { description: string };
    };
    expect(loaded.head.description).not.toMatch(/\(\d+-\d+/);
    // A game sport without the setting keeps its record.
    const football = await load<SportHomeData>('sports-sport-slug', { sport: 'football' });
    expect(text(renderToString(<SportHome data={football} site={site} payload={payload} />))).toMatch(
      /Overall \d+-\d+(-\d+)? · Conference \d+-\d+/,
    );
  });
});
