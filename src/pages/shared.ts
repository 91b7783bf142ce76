/** What the page sources of several families share: one-page routes, shared API answers, sport context. */
import { allPages } from '../api/endpoints.ts';
import type * as S from '../api/schemas/index.ts';
import type { EventItem, SportPage } from '../contract/index.ts';
import { isFieldhouseError } from '../errors/error.ts';
import type { Params } from '../routes/params.ts';
import { eventItemOf } from '../contract/event-item.ts';
import type { Loaded, PageContext, PageRef } from './define.ts';
import type { SearchDoc } from '../search/writer.ts';

/** One page with no parameters. */
export async function* single(): AsyncIterable<PageRef> {
  yield { params: {}, label: 'site' };
}

export const str = (params: Params, name: string): string => params[name] as string;

/**
 * The blocks page a setting names (homepage_static_page, sport_static_page), or null when the API has none to
 * give (missing, unpublished): the page that shows it is built without its blocks, with a warning.
 */
export async function settingPage(
  ctx: PageContext,
  setting: string,
  ref: { id: number } | null,
): Promise<S.ContentPage | null> {
  if (!ref) return null;
  // Memoised with its outcome, so the warning comes once (per render worker), not once per page.
  return ctx.memo.run(`setting-page/${ref.id}`, async ({ api, warn }) => {
    try {
      return await api.page(ref.id);
    } catch (error) {
      if (!isFieldhouseError(error) || error.status !== 404) throw error;
      warn(`${setting} names page ${ref.id}, which is not built: ${error.message}`);
      return null;
    }
  });
}

/**
 * An answer the page can go without: the data, or what is missing (the call that answered 404, and its message).
 * Real departments' records are uneven (a season with a roster and no schedule): an API's honest 404 for optional
 * data costs the part that needs it, never another page or the build (docs/content-api.md, "Seasons").
 */
export type Maybe<T> = { data: T; missing?: undefined } | { data: null; missing: string };

export async function maybe<T>(call: () => Promise<T>): Promise<Maybe<T>> {
  try {
    return { data: await call() };
  } catch (error) {
    if (!isFieldhouseError(error) || error.status !== 404) throw error;
    return { data: null, missing: error.message };
  }
}

/** Memoised calls shared by many pages (a roster feeds the roster page and every player of that season). */
export const shared = {
  sport: (ctx: PageContext, slug: string) => ctx.memo.run(`sport/${slug}`, ({ api }) => api.sportBySlug(slug)),
  seasons: (ctx: PageContext, sportId: number) => ctx.memo.run(`seasons/${sportId}`, ({ api }) => api.seasons(sportId)),
  roster: (ctx: PageContext, sportId: number, season: string) =>
    ctx.memo.run(`roster/${sportId}/${season}`, ({ api }) => maybe(() => api.roster(sportId, season))),
  schedule: (ctx: PageContext, sportId: number, season: string) =>
    ctx.memo.run(`schedule/${sportId}/${season}`, ({ api }) => maybe(() => api.schedule(sportId, season))),
  stats: (ctx: PageContext, sportId: number, season: string) =>
    ctx.memo.run(`stats/${sportId}/${season}`, ({ api }) => maybe(() => api.stats(sportId, season))),
  allTime: (ctx: PageContext, sportId: number) =>
    ctx.memo.run(`all-time/${sportId}`, ({ api }) => api.allTimeRoster(sportId)),
  allTimeStaff: (ctx: PageContext, sportId: number) =>
    ctx.memo.run(`all-time-staff/${sportId}`, ({ api }) => api.allTimeStaff(sportId)),
  years: (ctx: PageContext, sportId?: number) =>
    ctx.memo.run(`years/${sportId ?? 'all'}`, ({ api }) => api.articleYears(sportId)),
  form: (ctx: PageContext, id: number) => ctx.memo.run(`form/${id}`, ({ api }) => api.form(id)),
  directory: (ctx: PageContext) => ctx.memo.run('directory', ({ api }) => api.staffDirectory()),
  // A player has a page of their own and one for each season they played, and a coach one for each season on the
  // staff: asked for by each page, they were a third of a build's calls (pool.ts's affinity keeps them together).
  player: (ctx: PageContext, sportId: number, slug: string) =>
    ctx.memo.run(`player/${sportId}/${slug}`, ({ api }) => api.playerBySlug(sportId, slug)),
  coach: (ctx: PageContext, sportId: number, slug: string) =>
    ctx.memo.run(`coach/${sportId}/${slug}`, ({ api }) => api.coachBySlug(sportId, slug)),
};

/** What a season can have, each with its own pages: a roster, a schedule, statistics. */
export type SeasonKind = 'roster' | 'schedule' | 'stats';
const KIND_NOUN: Record<SeasonKind, string> = { roster: 'roster', schedule: 'schedule', stats: 'statistics' };

/**
 * Whether a season has this kind of record. A season that says nothing (an API without the `has_*` fields) is
 * taken to have it: its page asks, and skips itself, naming the call, when the API answers 404.
 */
export const seasonHas = (season: S.Season, kind: SeasonKind): boolean => season[`has_${kind}`] !== false;

/** A sport's seasons that have this kind of record, oldest first. */
export async function seasonsWith(ctx: PageContext, sportId: number, kind: SeasonKind): Promise<S.Season[]> {
  return (await shared.seasons(ctx, sportId)).filter((season) => seasonHas(season, kind));
}

const refOf = ({ id, name, slug }: S.SeasonRef): S.SeasonRef => ({ id, name, slug });

/** The sport and its seasons (those with `kind` when given); pages keep `seasons` only where they pick one. */
export async function sportPage(
  ctx: PageContext,
  slug: string,
  kind?: SeasonKind,
): Promise<SportPage & { seasons: S.SeasonRef[] }> {
  const sport = await shared.sport(ctx, slug);
  const seasons = kind ? await seasonsWith(ctx, sport.id, kind) : await shared.seasons(ctx, sport.id);
  return { sport, seasons: seasons.map(refOf) };
}

/**
 * The season a sport page shows: the one named in the path, or the sport's default season, or (when the default
 * season has none of what the page shows: a schedule not yet published) the latest season that has.
 */
export function pickSeason(page: SportPage & { seasons: S.SeasonRef[] }, slug: string | undefined): S.SeasonRef | null {
  const season = slug
    ? page.seasons.find((s) => s.slug === slug)
    : (page.seasons.find((s) => s.id === page.sport.default_season_id) ?? page.seasons.at(-1));
  return season ? refOf(season) : null;
}

/** Forms referenced by form blocks, by id. */
export async function formsOf(ctx: PageContext, blocks: S.Block[]): Promise<Record<string, S.Form>> {
  const ids = [...new Set(blocks.flatMap((b) => (b.type === 'form' ? [b.form_id] : [])))];
  const forms = await Promise.all(ids.map((id) => shared.form(ctx, id)));
  return Object.fromEntries(forms.map((f) => [String(f.id), f]));
}

/** An event with its sport, in the list shape the templates take. */
export const eventItem = (e: S.EventWithSport): EventItem => eventItemOf(e, e.sport);

export const describe = (text: string | null | undefined, fallback: string | null) =>
  text && text.trim() ? text.trim().slice(0, 300) : fallback;

/** Lists a paginated endpoint fully, a page at a time (never the whole list at once), as page references. */
export async function* every<T>(
  fetchPage: (page: number) => Promise<S.Page<T>>,
  toRef: (item: T) => PageRef,
): AsyncIterable<PageRef> {
  for await (const item of allPages(fetchPage)) yield toRef(item);
}

type SiteSport = PageContext['site']['sports'][number];

/** A sport's page (with `extra` parameters). */
const sportRef = (sport: SiteSport, extra: Params = {}): PageRef => ({
  params: { sport: sport.slug, ...extra },
  label: `sport ${sport.id} (slug "${sport.slug}")`,
});

/** Every sport of the site. */
export async function* perSport(ctx: PageContext, extra: Params = {}): AsyncIterable<PageRef> {
  for (const sport of ctx.site.sports) yield sportRef(sport, extra);
}

/** How many sports ahead of the one it lists a listing asks for its answer (eachSport). */
const SPORTS_AHEAD = 8;

/**
 * Each sport of the site with what `ask` answers of it, in the sports' order, asked up to SPORTS_AHEAD sports ahead:
 * a listing over 25 sports waits for a few round trips of the API, not 25 one after the other. For small answers
 * (a sport's seasons, its years of news, its count of stories), not for those a small memo holds a few of at a time
 * (the all-time rosters). An ask that fails throws when its sport's turn comes, as a listing a sport at a time would.
 */
export async function* eachSport<T>(
  ctx: PageContext,
  ask: (sport: SiteSport) => Promise<T>,
): AsyncIterable<[SiteSport, T]> {
  const sports = ctx.site.sports;
  const asked: Promise<T>[] = [];
  for (let at = 0; at < sports.length; at++) {
    while (asked.length < Math.min(sports.length, at + 1 + SPORTS_AHEAD)) {
      const answer = ask(sports[asked.length]!);
      // Thrown at its turn (a listing stopped before it leaves it unread).
      answer.catch(() => undefined);
      asked.push(answer);
    }
    yield [sports[at]!, await asked[at]!];
  }
}

/** Every season of every sport that has this kind of record. */
export async function* perSeason(ctx: PageContext, kind: SeasonKind): AsyncIterable<PageRef> {
  for await (const [sport, seasons] of eachSport(ctx, (sport) => seasonsWith(ctx, sport.id, kind))) {
    for (const season of seasons) {
      yield {
        params: { sport: sport.slug, season: season.slug },
        label: `season ${season.id} (slug "${season.slug}") of sport "${sport.slug}"`,
      };
    }
  }
}

/** Every sport with at least one season that has this kind of record. */
export async function* perSportWith(ctx: PageContext, kind: SeasonKind): AsyncIterable<PageRef> {
  for await (const [sport, seasons] of eachSport(ctx, (sport) => seasonsWith(ctx, sport.id, kind)))
    if (seasons.length) yield sportRef(sport);
}

/**
 * The loader of a view shown for the sport's default season at /sports/{sport}/{view} and for any season at
 * /sports/{sport}/{view}/season/{season}: the two routes share it.
 */
export function seasonView<D>(
  kind: SeasonKind,
  build: (ctx: PageContext, page: SportPage & { seasons: S.SeasonRef[] }, season: S.SeasonRef) => Promise<Loaded<D>>,
): (ctx: PageContext, params: Params) => Promise<Loaded<D>> {
  return async (ctx, params) => {
    const page = await sportPage(ctx, str(params, 'sport'), kind);
    const season = pickSeason(page, params.season as string | undefined);
    if (!season) {
      const slug = params.season as string | undefined;
      if (slug && !(await shared.seasons(ctx, page.sport.id)).some((s) => s.slug === slug))
        return { skip: `season "${slug}" is not a season of ${page.sport.name}` };
      return {
        skip: slug
          ? `season "${slug}" of ${page.sport.name} has no ${KIND_NOUN[kind]} (its seasons list says so)`
          : `${page.sport.name} has no ${KIND_NOUN[kind]} in any season (its seasons list says so)`,
      };
    }
    return build(ctx, page, season);
  };
}

/** Why a page was not built: the data it shows is missing (the call and its answer). */
export const missingSkip = (what: string, missing: string) => ({ skip: `no ${what}: ${missing}` });

/** What a sport's schedule or roster page is, as a search result. */
const SECTION_DOCS = {
  schedule: { summary: 'schedule and results', keywords: 'schedule results games calendar' },
  roster: { summary: 'roster: players and coaching staff', keywords: 'roster players team coaches' },
} as const;

/**
 * A sport's schedule or roster as a search result of its own ("football schedule"), at the sport's own address;
 * its season pages repeat it and are not results.
 */
export function sportSectionDoc(
  section: keyof typeof SECTION_DOCS,
  { sport, season }: SportPage & { season: S.SeasonRef },
  path: string,
): SearchDoc | null {
  if (path !== `/sports/${sport.slug}/${section}`) return null;
  return {
    type: section,
    title: `${sport.name} ${section}`,
    path,
    summary: `The ${season.name} ${SECTION_DOCS[section].summary}.`,
    date: null,
    sport: { slug: sport.slug, name: sport.name },
    keywords: SECTION_DOCS[section].keywords,
    boost: 1,
  };
}
