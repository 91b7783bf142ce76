/** What the page sources of several families share: one-page routes, shared API answers, sport context. */
import { allPages } from '../api/endpoints.ts';
import type * as S from '../api/schemas/index.ts';
import type { EventItem, SportPage } from '../contract/index.ts';
import { isFieldhouseError } from '../errors/error.ts';
import type { Params } from '../routes/params.ts';
import { eventItemOf } from '../contract/event-item.ts';
import type { Loaded, PageContext, PageRef } from './define.ts';

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
  return ctx.memo.run(`setting-page/${ref.id}`, async () => {
    try {
      return await ctx.api.page(ref.id);
    } catch (error) {
      if (!isFieldhouseError(error) || error.status !== 404) throw error;
      ctx.warn(`${setting} names page ${ref.id}, which is not built: ${error.message}`);
      return null;
    }
  });
}

/** Memoised calls shared by many pages (a roster feeds the roster page and every player of that season). */
export const shared = {
  sport: (ctx: PageContext, slug: string) => ctx.memo.run(`sport/${slug}`, () => ctx.api.sportBySlug(slug)),
  seasons: (ctx: PageContext, sportId: number) => ctx.memo.run(`seasons/${sportId}`, () => ctx.api.seasons(sportId)),
  roster: (ctx: PageContext, sportId: number, season: string) =>
    ctx.memo.run(`roster/${sportId}/${season}`, () => ctx.api.roster(sportId, season)),
  schedule: (ctx: PageContext, sportId: number, season: string) =>
    ctx.memo.run(`schedule/${sportId}/${season}`, () => ctx.api.schedule(sportId, season)),
  allTime: (ctx: PageContext, sportId: number) =>
    ctx.memo.run(`all-time/${sportId}`, () => ctx.api.allTimeRoster(sportId)),
  allTimeStaff: (ctx: PageContext, sportId: number) =>
    ctx.memo.run(`all-time-staff/${sportId}`, () => ctx.api.allTimeStaff(sportId)),
  years: (ctx: PageContext, sportId?: number) =>
    ctx.memo.run(`years/${sportId ?? 'all'}`, () => ctx.api.articleYears(sportId)),
  form: (ctx: PageContext, id: number) => ctx.memo.run(`form/${id}`, () => ctx.api.form(id)),
  directory: (ctx: PageContext) => ctx.memo.run('directory', () => ctx.api.staffDirectory()),
};

/** The sport and its seasons; pages keep `sport`, and `seasons` only where they show a season picker. */
export async function sportPage(ctx: PageContext, slug: string): Promise<SportPage & { seasons: S.SeasonRef[] }> {
  const sport = await shared.sport(ctx, slug);
  const seasons = (await shared.seasons(ctx, sport.id)).map(({ id, name, slug: s }) => ({ id, name, slug: s }));
  return { sport, seasons };
}

/** The season a sport page shows: the one named in the path, or the sport's default season. */
export function pickSeason(page: SportPage & { seasons: S.SeasonRef[] }, slug: string | undefined): S.SeasonRef | null {
  const season = slug
    ? page.seasons.find((s) => s.slug === slug)
    : (page.seasons.find((s) => s.id === page.sport.default_season_id) ?? page.seasons.at(-1));
  return season ? { id: season.id, name: season.name, slug: season.slug } : null;
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

/** Every sport of the site. */
export async function* perSport(ctx: PageContext, extra: Params = {}): AsyncIterable<PageRef> {
  for (const sport of ctx.site.sports)
    yield { params: { sport: sport.slug, ...extra }, label: `sport ${sport.id} (slug "${sport.slug}")` };
}

/** Every season of every sport. */
export async function* perSeason(ctx: PageContext): AsyncIterable<PageRef> {
  for (const sport of ctx.site.sports) {
    for (const season of await shared.seasons(ctx, sport.id)) {
      yield {
        params: { sport: sport.slug, season: season.slug },
        label: `season ${season.id} (slug "${season.slug}") of sport "${sport.slug}"`,
      };
    }
  }
}

/**
 * The loader of a view shown for the sport's default season at /sports/{sport}/{view} and for any season at
 * /sports/{sport}/{view}/season/{season}: the two routes share it.
 */
export function seasonView<D>(
  build: (ctx: PageContext, page: SportPage & { seasons: S.SeasonRef[] }, season: S.SeasonRef) => Promise<Loaded<D>>,
): (ctx: PageContext, params: Params) => Promise<Loaded<D>> {
  return async (ctx, params) => {
    const page = await sportPage(ctx, str(params, 'sport'));
    const season = pickSeason(page, params.season as string | undefined);
    if (!season) return { skip: `season "${String(params.season)}" is not a season of ${page.sport.name}` };
    return build(ctx, page, season);
  };
}
