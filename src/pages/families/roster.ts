/** Rosters: a sport's roster by season, its all-time roster, and the pages of its players and coaches. */
import type * as S from '../../api/schemas/index.ts';
import type { SeasonPicker, SportPage } from '../../contract/index.ts';
import type { Params } from '../../routes/params.ts';
import { family, template, type Loaded, type PageContext } from '../define.ts';
import {
  describe,
  missingSkip,
  perSeason,
  perSport,
  perSportWith,
  seasonView,
  shared,
  sportPage,
  sportSectionDoc,
  str,
} from '../shared.ts';

export interface RosterData extends SportPage, SeasonPicker {
  season: S.SeasonRef;
  roster: S.Roster;
}

export interface RosterAllData extends SportPage {
  players: S.AllTimePlayer[];
}

export interface PlayerData extends SportPage {
  player: S.Player;
  /** The season the page is about; null on the player's own page (their latest season shows). */
  season: S.SeasonRef | null;
}

export interface CoachData extends SportPage {
  coach: S.CoachProfile;
  season: S.SeasonRef;
}

const loadRoster = seasonView<RosterData>('roster', async (ctx, page, season) => {
  const roster = await shared.roster(ctx, page.sport.id, season.slug);
  if (!roster.data) return missingSkip(`${season.name} roster`, roster.missing);
  return {
    data: { ...page, season, roster: roster.data },
    head: {
      title: `${season.name} ${page.sport.name} Roster`,
      description: `The ${season.name} ${ctx.site.settings.current_team_name} ${page.sport.name} roster: players and coaching staff.`,
      image: page.sport.roster_page_image ?? null,
      type: 'website',
    },
  };
});

async function loadPlayer(ctx: PageContext, params: Params): Promise<Loaded<PlayerData>> {
  const page = await sportPage(ctx, str(params, 'sport'));
  const found = await shared.player(ctx, page.sport.id, str(params, 'slug'));
  const seasonSlug = params.season as string | undefined;
  const season = seasonSlug ? (found.seasons.find((s) => s.season.slug === seasonSlug)?.season ?? null) : null;
  if (seasonSlug && !season) return { skip: `${found.full_name} was not on the ${seasonSlug} roster` };
  const entry = (season ? found.seasons.find((s) => s.season.id === season.id) : found.seasons.at(-1))!.entry;
  const label = [entry.position_long, entry.class_year].filter(Boolean).join(', ');
  return {
    data: { sport: page.sport, player: found, season },
    head: {
      title: `${found.full_name} – ${season ? `${season.name} ` : ''}${page.sport.name}`,
      description: describe(
        `${found.full_name}${label ? ` (${label})` : ''}, ${ctx.site.settings.current_team_name} ${page.sport.name}${entry.hometown ? `, from ${entry.hometown}` : ''}.`,
        null,
      ),
      image: entry.headshot,
      type: 'profile',
    },
  };
}

export default family({
  name: 'roster',
  templates: {
    roster: template<RosterData>({
      component: () => import('../../../templates/pages/roster.tsx'),
      searchDoc: (data, path) => sportSectionDoc('roster', data, path),
    }),
    'roster-all': template<RosterAllData>({ component: () => import('../../../templates/pages/roster-all.tsx') }),
    player: template<PlayerData>({
      component: () => import('../../../templates/pages/player.tsx'),
      searchDoc({ player, season, sport }, path) {
        if (season) return null; // the season pages repeat the player's own page
        const latest = player.seasons.at(-1)!.entry;
        return {
          type: 'player',
          title: player.full_name,
          path,
          summary: [sport.name, latest.position_long, latest.class_year, latest.hometown].filter(Boolean).join(' · '),
          date: null,
          sport: { slug: sport.slug, name: sport.name },
          keywords: [latest.jersey_number ? `#${latest.jersey_number}` : '', latest.position ?? ''].join(' '),
          boost: 0.3,
        };
      },
    }),
    coach: template<CoachData>({
      component: () => import('../../../templates/pages/coach.tsx'),
      searchDoc({ coach, season, sport }, path) {
        const entry = coach.seasons.find((s) => s.season.slug === season.slug)?.entry ?? coach.seasons.at(-1)!.entry;
        return {
          type: 'coach',
          title: coach.full_name,
          path,
          summary: `${sport.name} · ${entry.title}`,
          date: null,
          sport: { slug: sport.slug, name: sport.name },
          keywords: 'coach staff',
          boost: 0.3,
          // A coach has a page per season: the index keeps one, the latest season's.
          key: `coach:${coach.id}`,
          version: season.slug,
        };
      },
    }),
  },
  routes: [
    {
      name: 'sports-sport-roster',
      pattern: '/sports/:sport/roster',
      params: { sport: 'presence' },
      template: 'roster',
      source: { paths: (ctx) => perSportWith(ctx, 'roster'), load: loadRoster },
    },
    {
      name: 'sports-sport-roster-all',
      pattern: '/sports/:sport/roster/all',
      params: { sport: 'presence' },
      template: 'roster-all',
      source: {
        paths: (ctx) => perSport(ctx),
        async load(ctx, params) {
          const page = await sportPage(ctx, str(params, 'sport'));
          return {
            data: { sport: page.sport, players: await shared.allTime(ctx, page.sport.id) },
            head: {
              title: `All-Time ${page.sport.name} Roster`,
              description: `Every player in the history of ${page.sport.name} at ${ctx.site.settings.current_team_name}.`,
              image: null,
              type: 'website',
            },
          };
        },
      },
    },
    {
      name: 'sports-sport-roster-player-slug',
      pattern: '/sports/:sport/roster/player/:slug',
      params: { sport: 'presence', slug: 'slug' },
      template: 'player',
      source: {
        async *paths(ctx) {
          for (const sport of ctx.site.sports) {
            for (const p of await shared.allTime(ctx, sport.id))
              yield {
                params: { sport: sport.slug, slug: p.slug },
                label: `player ${p.player_id} (slug "${p.slug}") of sport "${sport.slug}"`,
              };
          }
        },
        load: loadPlayer,
      },
    },
    {
      name: 'sports-sport-roster-season-season',
      pattern: '/sports/:sport/roster/season/:season',
      params: { sport: 'presence', season: 'presence' },
      template: 'roster',
      source: { paths: (ctx) => perSeason(ctx, 'roster'), load: loadRoster },
    },
    {
      // Player and staff pages per season are listed from the all-time lists (one request per sport), not from
      // every season's full roster.
      name: 'sports-sport-roster-season-season-player-slug',
      pattern: '/sports/:sport/roster/season/:season/player/:slug',
      params: { sport: 'presence', season: 'presence', slug: 'slug' },
      template: 'player',
      source: {
        async *paths(ctx) {
          for (const sport of ctx.site.sports) {
            for (const p of await shared.allTime(ctx, sport.id)) {
              for (const season of p.season_slugs)
                yield {
                  params: { sport: sport.slug, season, slug: p.slug },
                  label: `player ${p.player_id} (slug "${p.slug}") in season "${season}" of sport "${sport.slug}"`,
                };
            }
          }
        },
        load: loadPlayer,
      },
    },
    {
      name: 'sports-sport-roster-season-season-staff-slug',
      pattern: '/sports/:sport/roster/season/:season/staff/:slug',
      params: { sport: 'presence', season: 'presence', slug: 'slug' },
      template: 'coach',
      source: {
        async *paths(ctx) {
          for (const sport of ctx.site.sports) {
            for (const s of await shared.allTimeStaff(ctx, sport.id)) {
              for (const season of s.season_slugs)
                yield {
                  params: { sport: sport.slug, season, slug: s.slug },
                  label: `staff member ${s.staff_id} (slug "${s.slug}") in season "${season}" of sport "${sport.slug}"`,
                };
            }
          }
        },
        async load(ctx, params) {
          const page = await sportPage(ctx, str(params, 'sport'));
          const found = await shared.coach(ctx, page.sport.id, str(params, 'slug'));
          const season = found.seasons.find((s) => s.season.slug === params.season)?.season;
          if (!season) return { skip: `${found.full_name} was not on the ${String(params.season)} staff` };
          const entry = found.seasons.find((s) => s.season.id === season.id)!.entry;
          return {
            data: { sport: page.sport, coach: found, season },
            head: {
              title: `${found.full_name} – ${entry.title} – ${page.sport.name}`,
              description: `${found.full_name}, ${entry.title}, ${ctx.site.settings.current_team_name} ${page.sport.name}.`,
              image: entry.photo,
              type: 'profile',
            },
          };
        },
      },
    },
  ],
});
