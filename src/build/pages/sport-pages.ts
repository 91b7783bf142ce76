import { collectAll } from '../../api/endpoints.ts';
import type { SeasonRef } from '../../api/schemas/common.ts';
import type { Params } from '../../routes/params.ts';
import {
  describe,
  pickSeason,
  settingPage,
  shared,
  source,
  sportPage,
  str,
  type Loaded,
  type PageContext,
} from './context.ts';

const SPORT_NEWS = 6;
const SPORT_RECENT = 3;
const SPORT_MEDIA = 48;

type Item = { params: Params; record: string };

/** Every sport of the site. */
async function* perSport(ctx: PageContext, extra: Params = {}): AsyncIterable<Item> {
  for (const sport of ctx.site.sports)
    yield { params: { sport: sport.slug, ...extra }, record: `sport ${sport.id} (slug "${sport.slug}")` };
}

/** Every season of every sport. */
async function* perSeason(ctx: PageContext): AsyncIterable<Item & { sportId: number }> {
  for (const sport of ctx.site.sports) {
    for (const season of await shared.seasons(ctx, sport.id)) {
      yield {
        params: { sport: sport.slug, season: season.slug },
        record: `season ${season.id} (slug "${season.slug}") of sport "${sport.slug}"`,
        sportId: sport.id,
      };
    }
  }
}

/**
 * A view shown for the sport's default season at /sports/{sport}/{view} and for any season at
 * /sports/{sport}/{view}/season/{season}: the two routes share one loader.
 */
function seasonViews<T extends 'roster' | 'schedule' | 'stats'>(
  template: T,
  build: (ctx: PageContext, page: Awaited<ReturnType<typeof sportPage>>, season: SeasonRef) => Promise<Loaded<T>>,
) {
  const load = async (ctx: PageContext, params: Params): Promise<Loaded<T>> => {
    const page = await sportPage(ctx, str(params, 'sport'));
    const season = pickSeason(page, params.season as string | undefined);
    if (!season) return { skip: `season "${String(params.season)}" is not a season of ${page.sport.name}` };
    return build(ctx, page, season);
  };
  return [
    source(template, { paths: (ctx) => perSport(ctx), load }),
    source(template, { paths: (ctx) => perSeason(ctx), load }),
  ] as const;
}

const sportHome = source('sport-home', {
  paths: (ctx) => perSport(ctx),
  async load(ctx, params) {
    const page = await sportPage(ctx, str(params, 'sport'));
    const { sport } = page;
    const season = pickSeason(page, undefined);
    const { settings } = ctx.site;
    const [schedule, news, blocksPage] = await Promise.all([
      season ? shared.schedule(ctx, sport.id, season.slug) : Promise.resolve(null),
      ctx.api.articles({ sport_id: sport.id, category_id: settings.sport_page_category?.id, per_page: SPORT_NEWS }),
      settingPage(ctx, 'sport_static_page', settings.sport_static_page),
    ]);
    const events = schedule?.events ?? [];
    const nextEvent = sport.display_next_event_on_sports_schedule
      ? (events.find((e) => e.date.slice(0, 10) >= ctx.site.today && !e.result) ?? null)
      : null;
    const recent = events
      .filter((e) => e.result?.status === 'final')
      .slice(-SPORT_RECENT)
      .reverse();
    return {
      data: {
        sport,
        nextEvent,
        recent,
        news: news.data,
        blocks: blocksPage?.blocks ?? [],
        record: schedule?.record ?? null,
      },
      head: {
        title: sport.name,
        description: `${settings.current_team_name} ${sport.name}: news, schedule, roster and stats.`,
        image: sport.meta_image ?? null,
        type: 'website',
      },
    };
  },
});

const SPORT_NEWS_PAGE_SIZE = 24;

const sportNews = source('news', {
  paths: (ctx) => perSport(ctx),
  load: (ctx, params) => loadSportNewsPage(ctx, str(params, 'sport'), 1),
});

/** Older news of a sport: /sports/{sport}/news/page/2 … */
const sportNewsPage = source('news', {
  async *paths(ctx) {
    for (const sport of ctx.site.sports) {
      const first = await ctx.api.articles({ sport_id: sport.id, per_page: SPORT_NEWS_PAGE_SIZE });
      for (let page = 2; page <= first.meta.pagination.total_pages; page++)
        yield {
          params: { sport: sport.slug, page: String(page) },
          record: `news page ${page} of sport "${sport.slug}"`,
        };
    }
  },
  load: (ctx, params) => loadSportNewsPage(ctx, str(params, 'sport'), Number(str(params, 'page'))),
});

async function loadSportNewsPage(ctx: PageContext, slug: string, page: number): Promise<Loaded<'news'>> {
  const sport = await sportPage(ctx, slug);
  const [list, years] = await Promise.all([
    ctx.api.articles({ sport_id: sport.sport.id, per_page: SPORT_NEWS_PAGE_SIZE, page }),
    shared.years(ctx, sport.sport.id),
  ]);
  if (list.data.length === 0) return { skip: `${sport.sport.name} news page ${page} is empty` };
  return {
    data: {
      sport: { sport: sport.sport },
      year: null,
      years,
      articles: list.data,
      total: list.meta.pagination.total,
      page,
      pages: list.meta.pagination.total_pages,
    },
    head: {
      title: `${sport.sport.name} News${page > 1 ? ` – Page ${page}` : ''}`,
      description: `The latest ${sport.sport.name} news.`,
      image: sport.sport.meta_image ?? null,
      type: 'website',
    },
  };
}

const sportNewsYear = source('news', {
  async *paths(ctx) {
    for (const sport of ctx.site.sports) {
      for (const year of await shared.years(ctx, sport.id))
        yield {
          params: { sport: sport.slug, year: String(year) },
          record: `news year ${year} of sport "${sport.slug}"`,
        };
    }
  },
  async load(ctx, params) {
    const page = await sportPage(ctx, str(params, 'sport'));
    const year = Number(str(params, 'year'));
    const [articles, years] = await Promise.all([
      collectAll((n) => ctx.api.articles({ sport_id: page.sport.id, year, per_page: 100, page: n })),
      shared.years(ctx, page.sport.id),
    ]);
    if (!articles.length) return { skip: `no ${page.sport.name} articles in ${year}` };
    return {
      data: { sport: { sport: page.sport }, year, years, articles, total: articles.length, page: 1, pages: 1 },
      head: {
        title: `${year} ${page.sport.name} News`,
        description: `${page.sport.name} news from ${year}.`,
        image: null,
        type: 'website',
      },
    };
  },
});

const [roster, rosterSeason] = seasonViews('roster', async (ctx, page, season) => ({
  data: { ...page, season, roster: await shared.roster(ctx, page.sport.id, season.slug) },
  head: {
    title: `${season.name} ${page.sport.name} Roster`,
    description: `The ${season.name} ${ctx.site.settings.current_team_name} ${page.sport.name} roster: players and coaching staff.`,
    image: page.sport.roster_page_image ?? null,
    type: 'website',
  },
}));

const rosterAll = source('roster-all', {
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
});

const player = source('player', {
  async *paths(ctx) {
    for (const sport of ctx.site.sports) {
      for (const p of await shared.allTime(ctx, sport.id))
        yield {
          params: { sport: sport.slug, slug: p.slug },
          record: `player ${p.player_id} (slug "${p.slug}") of sport "${sport.slug}"`,
        };
    }
  },
  load: (ctx, params) => loadPlayer(ctx, params),
});

// Player and staff pages per season are listed from the all-time lists (one request per sport), not from
// every season's full roster.
const playerSeason = source('player', {
  async *paths(ctx) {
    for (const sport of ctx.site.sports) {
      for (const p of await shared.allTime(ctx, sport.id)) {
        for (const season of p.season_slugs)
          yield {
            params: { sport: sport.slug, season, slug: p.slug },
            record: `player ${p.player_id} (slug "${p.slug}") in season "${season}" of sport "${sport.slug}"`,
          };
      }
    }
  },
  load: (ctx, params) => loadPlayer(ctx, params),
});

async function loadPlayer(ctx: PageContext, params: Params) {
  const page = await sportPage(ctx, str(params, 'sport'));
  const found = await ctx.api.playerBySlug(page.sport.id, str(params, 'slug'));
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
      type: 'profile' as const,
    },
  };
}

const coach = source('coach', {
  async *paths(ctx) {
    for (const sport of ctx.site.sports) {
      for (const s of await shared.allTimeStaff(ctx, sport.id)) {
        for (const season of s.season_slugs)
          yield {
            params: { sport: sport.slug, season, slug: s.slug },
            record: `staff member ${s.staff_id} (slug "${s.slug}") in season "${season}" of sport "${sport.slug}"`,
          };
      }
    }
  },
  async load(ctx, params) {
    const page = await sportPage(ctx, str(params, 'sport'));
    const found = await ctx.api.coachBySlug(page.sport.id, str(params, 'slug'));
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
});

const [schedule, scheduleSeason] = seasonViews('schedule', async (ctx, page, season) => {
  const data = await shared.schedule(ctx, page.sport.id, season.slug);
  return {
    data: { ...page, season, schedule: data },
    head: {
      title: `${season.name} ${page.sport.name} Schedule`,
      description: `${season.name} ${ctx.site.settings.current_team_name} ${page.sport.name} schedule and results (${data.record.overall}).`,
      image: page.sport.schedule_page_image ?? null,
      type: 'website',
    },
  };
});

const [stats, statsSeason] = seasonViews('stats', async (ctx, page, season) => ({
  data: { ...page, season, stats: await ctx.api.stats(page.sport.id, season.slug) },
  head: {
    title: `${season.name} ${page.sport.name} Statistics`,
    description: `${season.name} ${page.sport.name} team and individual statistics.`,
    image: null,
    type: 'website',
  },
}));

const sportVideos = source('videos', {
  paths: (ctx) => perSport(ctx),
  async load(ctx, params) {
    const page = await sportPage(ctx, str(params, 'sport'));
    const list = await ctx.api.videos({ sport_id: page.sport.id, per_page: SPORT_MEDIA });
    return {
      data: { sport: { sport: page.sport }, videos: list.data, total: list.meta.pagination.total },
      head: {
        title: `${page.sport.name} Videos`,
        description: `${page.sport.name} highlights and features.`,
        image: null,
        type: 'website',
      },
    };
  },
});

const sportGalleries = source('galleries', {
  paths: (ctx) => perSport(ctx),
  async load(ctx, params) {
    const page = await sportPage(ctx, str(params, 'sport'));
    const list = await ctx.api.galleries({ sport_id: page.sport.id, per_page: SPORT_MEDIA });
    return {
      data: { sport: { sport: page.sport }, galleries: list.data, total: list.meta.pagination.total },
      head: {
        title: `${page.sport.name} Photo Galleries`,
        description: `${page.sport.name} photos.`,
        image: null,
        type: 'website',
      },
    };
  },
});

export const sportPages = {
  'sports-sport-slug': sportHome,
  'sports-sport-news': sportNews,
  'sports-sport-news-year-year': sportNewsYear,
  'sports-sport-news-page-page': sportNewsPage,
  'sports-sport-roster': roster,
  'sports-sport-roster-all': rosterAll,
  'sports-sport-roster-player-slug': player,
  'sports-sport-roster-season-season': rosterSeason,
  'sports-sport-roster-season-season-player-slug': playerSeason,
  'sports-sport-roster-season-season-staff-slug': coach,
  'sports-sport-schedule': schedule,
  'sports-sport-schedule-season-season': scheduleSeason,
  'sports-sport-stats': stats,
  'sports-sport-stats-season-season': statsSeason,
  'sports-sport-videos': sportVideos,
  'sports-sport-photo-galleries': sportGalleries,
};
