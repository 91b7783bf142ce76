import type { ArticleSummary } from '../../api/schemas/content.ts';
import type { Sport } from '../../api/schemas/sports.ts';
import { isPublic, type Dataset } from '../dataset.ts';
import type { ContentPage } from '../../api/schemas/pages.ts';
import { iconSet, ICON_PREFIX } from '../icons.ts';
import { validateSubmission } from './forms.ts';
import {
  fail,
  intParam,
  isAnswer,
  listParam,
  notFound,
  ok,
  paginate,
  raw,
  type Answer,
  type RequestContext,
} from './http.ts';
import { createSearch } from './search.ts';

export type Handler = (ctx: RequestContext) => Answer | Promise<Answer>;

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path with `:name` parameters, relative to the mount point. */
  pattern: string;
  handler: Handler;
}

/** Sport fields that only come with `include=…` (behaviour §7). */
const SPORT_INCLUDES: Record<string, keyof Sport> = {
  icon: 'icon',
  schedulePageImage: 'schedule_page_image',
  rosterPageImage: 'roster_page_image',
  defaultSeason: 'default_season',
  defaultRoster: 'default_roster',
  heroPresentedByLogo: 'heroPresentedByLogo',
  rosterPlayersTemplateFields: 'rosterPlayersTemplateFields',
  rosterStaffMembersTemplateFields: 'rosterStaffMembersTemplateFields',
  metaImage: 'meta_image',
};
const INCLUDE_ONLY = new Set(Object.values(SPORT_INCLUDES));

const SPORT_SORTS: Record<string, (a: Sport, b: Sport) => number> = {
  order: (a, b) => a.order - b.order,
  '-order': (a, b) => b.order - a.order,
  name: (a, b) => a.name.localeCompare(b.name),
  '-name': (a, b) => b.name.localeCompare(a.name),
};

/** The filtered lists kept of one list (routes made again at each edit start with none). */
const FILTERS_KEPT = 1000;

const NO_ACCESS = 'You do not have access to previews and revisions. Sign in to the CMS first.';

/** The content API of docs/content-api.md, mounted under the API prefix. */
/**
 * `leaky`: answer as a careless CMS would, with drafts, scheduled and private records in its public lists and
 * password-protected pages' blocks in their public answer (for the build's trust tests: none may be published).
 */
export function contentRoutes(
  dataset: Dataset,
  users: (identity: string | null) => boolean,
  { leaky = false }: { leaky?: boolean } = {},
): Route[] {
  const shown = (record: { status?: string | null; visibility?: string | null }) => leaky || isPublic(record);
  const sportById = new Map(dataset.sports.map((s) => [s.id, s]));
  const sportBySlug = new Map(dataset.sports.map((s) => [s.slug, s]));
  const seasonBySlug = new Map(dataset.seasons.map((s) => [s.slug, s]));
  const byKey = <T>(items: T[], key: (t: T) => string) => new Map(items.map((t) => [key(t), t]));
  const rosters = byKey(dataset.rosters, (r) => `${r.sport_id}/${r.season.slug}`);
  const schedules = byKey(dataset.schedules, (s) => `${s.sport_id}/${s.season.slug}`);
  const players = byKey(dataset.players, (p) => `${p.sport_id}/${p.slug}`);
  const coaches = byKey(dataset.coaches, (c) => `${c.sport_id}/${c.slug}`);
  const published = dataset.articles.filter(shown);
  const newestFirst = [...published].reverse();
  const articlesById = new Map(dataset.articles.map((a) => [a.id, a]));
  const articlesBySlug = new Map<string, ArticleSummary[]>();
  for (const a of published) articlesBySlug.set(a.slug, [...(articlesBySlug.get(a.slug) ?? []), a]);
  const pagesById = new Map(dataset.pages.map((p) => [p.id, p]));
  const pagesBySlug = new Map(dataset.pages.filter(shown).map((p) => [p.slug, p]));
  /** A page as its public answer gives it: a protected page's blocks only when leaky. */
  const pageAnswer = (page: ContentPage) => {
    const locked = leaky ? dataset.protectedContent.get(page.id) : undefined;
    return locked
      ? { ...page, blocks: locked.blocks, summary: 'Members only: priority points and seat selection.' }
      : page;
  };
  const staffBySlug = byKey(dataset.staff, (s) => s.slug);
  const departments = byKey(dataset.departments, (d) => d.slug);
  const documents = byKey(dataset.documents.filter(shown), (d) => d.uuid);
  const forms = new Map(dataset.forms.map((f) => [f.id, f]));
  const adsById = new Map(dataset.ads.map((a) => [a.id, a]));
  const galleriesNewest = [...dataset.galleries]
    .reverse()
    .map((g) => g.summary)
    .filter(shown);
  const videosShown = dataset.videos.filter(shown);
  const pageRevisions = new Map(dataset.pageRevisions.map((r) => [r.id, r]));
  // These routes are made again after every edit (server.ts), so what is derived from the content below is made at
  // most once per version of it: the search index at the first search, a filtered list at its first request.
  let searchIndex: ReturnType<typeof createSearch> | null = null;
  const search: ReturnType<typeof createSearch> = (...args) => (searchIndex ??= createSearch(dataset))(...args);
  let submissions = 0;

  const sportParam = (query: URLSearchParams): Sport | Answer => {
    const id = intParam(query, 'sport_id');
    if (typeof id !== 'number') return id;
    return sportById.get(id) ?? notFound(`Sport ${id}`);
  };
  const seasonParam = (query: URLSearchParams): string | Answer => {
    const slug = query.get('season');
    if (!slug) return fail(422, 'The season parameter is required (a season slug such as 2026-27).');
    return seasonBySlug.has(slug) ? slug : notFound(`Season "${slug}"`);
  };
  /** Endpoints answered per sport and season: `?sport_id=1&season=2026-27`. */
  const perSportSeason =
    (what: string, find: (sportId: number, season: string) => unknown): Handler =>
    ({ query }) => {
      const sport = sportParam(query);
      if (isAnswer(sport)) return sport;
      const season = seasonParam(query);
      if (typeof season !== 'string') return season;
      const found = find(sport.id, season);
      return found ? ok(found) : notFound(`${what} of ${sport.name} ${season}`);
    };
  const withIncludes = (sport: Sport, includes: string[]) => {
    const wanted = new Set(includes.map((i) => SPORT_INCLUDES[i]).filter(Boolean));
    return Object.fromEntries(
      Object.entries(sport).filter(([key]) => !INCLUDE_ONLY.has(key as keyof Sport) || wanted.has(key as keyof Sport)),
    );
  };
  const editorOnly = (ctx: RequestContext, answer: () => Answer): Answer =>
    users(ctx.identity) ? answer() : fail(403, NO_ACCESS);
  /**
   * A list filtered, kept by the list and the filter's name (a build asks for each page of a year's list), at most
   * FILTERS_KEPT filters of a list: a client asking for endless years cannot fill the memory.
   */
  const filtered = new WeakMap<readonly object[], Map<string, readonly object[]>>();
  const filterOnce = <T extends object>(items: readonly T[], name: string, keep: (item: T) => boolean): T[] => {
    let lists = filtered.get(items);
    if (!lists) filtered.set(items, (lists = new Map()));
    let list = lists.get(name) as T[] | undefined;
    if (!list) {
      if (lists.size >= FILTERS_KEPT) lists.clear();
      lists.set(name, (list = items.filter(keep)));
    }
    return list;
  };
  /** A list's items by sport, grouped in one pass over it (a build asks for every sport's lists). */
  const grouped = new WeakMap<readonly object[], Map<number, readonly object[]>>();
  const bySport = <T extends { sport: { id: number } | null }>(items: readonly T[], query: URLSearchParams) => {
    const id = query.get('sport_id');
    if (!id) return items;
    let sports = grouped.get(items) as Map<number, T[]> | undefined;
    if (!sports) {
      grouped.set(items, (sports = new Map()));
      for (const item of items) {
        const sport = item.sport?.id;
        if (sport === undefined) continue;
        const list = sports.get(sport);
        if (list) list.push(item);
        else sports.set(sport, [item]);
      }
    }
    return sports.get(Number(id)) ?? [];
  };

  return [
    { method: 'GET', pattern: '/website-config', handler: () => ok(dataset.settings) },

    {
      method: 'GET',
      pattern: '/sports',
      handler: ({ query }) => {
        const sort = query.get('sort') ?? 'order';
        const compare = SPORT_SORTS[sort];
        if (!compare) return fail(422, `sort must be one of ${Object.keys(SPORT_SORTS).join(', ')}, got "${sort}".`);
        const includes = listParam(query, 'include');
        return paginate(
          [...dataset.sports].sort(compare).map((s) => withIncludes(s, includes)),
          query,
        );
      },
    },
    {
      method: 'GET',
      pattern: '/sports/by/slug/:slug',
      handler: ({ params, query }) => {
        const sport = sportBySlug.get(params.slug!);
        return sport ? ok(withIncludes(sport, listParam(query, 'include'))) : fail(404, 'Sport not found');
      },
    },
    {
      method: 'GET',
      pattern: '/sports/:id/seasons',
      handler: ({ params }) =>
        sportById.has(Number(params.id)) ? ok(dataset.seasonsOf(Number(params.id))) : notFound(`Sport ${params.id}`),
    },
    {
      method: 'GET',
      pattern: '/sports/:id/all-time-roster',
      handler: ({ params }) => {
        const list = dataset.allTime.get(Number(params.id));
        return list ? ok(list) : notFound(`Sport ${params.id}`);
      },
    },
    {
      method: 'GET',
      pattern: '/sports/:id/all-time-staff',
      handler: ({ params }) => {
        const list = dataset.allTimeStaff.get(Number(params.id));
        return list ? ok(list) : notFound(`Sport ${params.id}`);
      },
    },
    {
      method: 'GET',
      pattern: '/rosters',
      handler: perSportSeason('Roster', (id, season) => rosters.get(`${id}/${season}`)),
    },
    {
      method: 'GET',
      pattern: '/players/by/slug/:slug',
      handler: ({ params, query }) => {
        const sport = sportParam(query);
        if (isAnswer(sport)) return sport;
        const player = players.get(`${sport.id}/${params.slug}`);
        return player ? ok(player) : notFound(`Player "${params.slug}"`);
      },
    },
    {
      method: 'GET',
      pattern: '/coaches/by/slug/:slug',
      handler: ({ params, query }) => {
        const sport = sportParam(query);
        if (isAnswer(sport)) return sport;
        const coach = coaches.get(`${sport.id}/${params.slug}`);
        return coach ? ok(coach) : notFound(`Coach "${params.slug}"`);
      },
    },
    {
      method: 'GET',
      pattern: '/schedules',
      handler: perSportSeason('Schedule', (id, season) => schedules.get(`${id}/${season}`)),
    },
    {
      method: 'GET',
      pattern: '/events',
      handler: ({ query }) => {
        const start = query.get('start');
        const end = query.get('end');
        for (const [name, value] of [
          ['start', start],
          ['end', end],
        ] as const) {
          if (value && !/^\d{4}-\d{2}-\d{2}$/.test(value))
            return fail(422, `${name} must be a date like 2026-11-21, got "${value}".`);
        }
        const sportId = query.get('sport_id');
        const broadcast = query.get('broadcast') === 'true' || query.get('broadcast') === '1';
        let events = dataset.events.filter((e) => {
          const day = e.date.slice(0, 10);
          return (
            (!start || day >= start) &&
            (!end || day <= end) &&
            (!sportId || e.sport_id === Number(sportId)) &&
            (!broadcast || e.broadcasts.length > 0)
          );
        });
        if (query.get('sort') === '-date') events = events.reverse();
        return paginate(events, query);
      },
    },
    { method: 'GET', pattern: '/stats', handler: perSportSeason('Stats', (id, season) => dataset.stats(id, season)) },
    {
      method: 'GET',
      pattern: '/boxscores/:id',
      handler: ({ params }) => {
        const box = /^\d+$/.test(params.id!) ? dataset.boxScore(Number(params.id)) : undefined;
        return box ? ok(box) : notFound(`Box score ${params.id}`);
      },
    },

    { method: 'GET', pattern: '/categories', handler: () => ok(dataset.categories) },
    {
      method: 'GET',
      pattern: '/articles',
      handler: ({ query }) => {
        const category = query.get('category_id');
        const year = query.get('year');
        let list = bySport(query.get('sort') === 'date' ? published : newestFirst, query);
        if (category)
          list = filterOnce(list, `category ${category}`, (a) => a.categories.some((c) => c.id === Number(category)));
        if (year) list = filterOnce(list, `year ${year}`, (a) => a.date.startsWith(`${year}-`));
        return paginate(list, query);
      },
    },
    {
      method: 'GET',
      pattern: '/articles/years',
      handler: ({ query }) => {
        const years = new Set(bySport(published, query).map((a) => Number(a.date.slice(0, 4))));
        return ok([...years].sort((a, b) => b - a));
      },
    },
    {
      method: 'GET',
      pattern: '/articles/by/slug/:slug',
      handler: ({ params, query }) => {
        const date = query.get('date');
        const match = (articlesBySlug.get(params.slug!) ?? []).find((a) => !date || a.date.startsWith(date));
        return match ? ok(dataset.article(match.id)) : notFound(`Article "${params.slug}"${date ? ` on ${date}` : ''}`);
      },
    },
    {
      method: 'GET',
      pattern: '/articles/:id',
      handler: ({ params }) => {
        const summary = articlesById.get(Number(params.id));
        return summary && shown(summary) ? ok(dataset.article(summary.id)) : notFound(`Article ${params.id}`);
      },
    },
    {
      method: 'GET',
      pattern: '/articles/:id/preview',
      handler: (ctx) =>
        editorOnly(ctx, () =>
          articlesById.has(Number(ctx.params.id))
            ? ok(dataset.article(Number(ctx.params.id)), 'private')
            : notFound(`Article ${ctx.params.id}`),
        ),
    },
    {
      method: 'GET',
      pattern: '/article-revisions/:id',
      handler: (ctx) =>
        editorOnly(ctx, () => {
          const revision = dataset.articleRevision(Number(ctx.params.id));
          return revision ? ok(revision, 'private') : notFound(`Article revision ${ctx.params.id}`);
        }),
    },

    {
      method: 'GET',
      pattern: '/videos',
      handler: ({ query }) => paginate(bySport(videosShown, query), query),
    },
    { method: 'GET', pattern: '/galleries', handler: ({ query }) => paginate(bySport(galleriesNewest, query), query) },
    {
      method: 'GET',
      pattern: '/galleries/by/slug/:slug',
      handler: ({ params }) => {
        const gallery = dataset.gallery(params.slug!);
        return gallery && shown(gallery) ? ok(gallery) : notFound(`Gallery "${params.slug}"`);
      },
    },

    { method: 'GET', pattern: '/staff-directory', handler: () => ok(dataset.departments) },
    {
      method: 'GET',
      pattern: '/staff-directory/departments/:slug',
      handler: ({ params }) =>
        departments.has(params.slug!) ? ok(departments.get(params.slug!)) : notFound(`Department "${params.slug}"`),
    },
    {
      method: 'GET',
      pattern: '/staff/by/slug/:slug',
      handler: ({ params }) =>
        staffBySlug.has(params.slug!) ? ok(staffBySlug.get(params.slug!)) : notFound(`Staff member "${params.slug}"`),
    },

    {
      method: 'GET',
      pattern: '/pages',
      handler: ({ query }) =>
        paginate(
          dataset.pages.filter(shown).map(({ id, slug, title, password_protected, updated_at, status }) => ({
            id,
            slug,
            title,
            password_protected,
            updated_at,
            ...(leaky ? { status } : {}),
          })),
          query,
        ),
    },
    {
      method: 'GET',
      pattern: '/pages/by/slug',
      handler: ({ query }) => {
        const path = (query.get('path') ?? '').replace(/^\/+|\/+$/g, '');
        if (!path) return fail(422, 'The path parameter is required, e.g. path=about/history.');
        const page = pagesBySlug.get(path);
        return page ? ok(pageAnswer(page)) : notFound(`Page "${path}"`);
      },
    },
    {
      method: 'GET',
      pattern: '/pages/:id',
      handler: ({ params }) => {
        const page = pagesById.get(Number(params.id));
        return page && shown(page) ? ok(pageAnswer(page)) : notFound(`Page ${params.id}`);
      },
    },
    {
      method: 'GET',
      pattern: '/pages/:id/preview',
      handler: (ctx) =>
        editorOnly(ctx, () => {
          const page = pagesById.get(Number(ctx.params.id));
          if (!page) return notFound(`Page ${ctx.params.id}`);
          const locked = dataset.protectedContent.get(page.id);
          return ok(locked ? { ...page, blocks: locked.blocks } : page, 'private');
        }),
    },
    {
      method: 'GET',
      pattern: '/page-revisions/:id',
      handler: (ctx) =>
        editorOnly(ctx, () =>
          pageRevisions.has(Number(ctx.params.id))
            ? ok(pageRevisions.get(Number(ctx.params.id)), 'private')
            : notFound(`Page revision ${ctx.params.id}`),
        ),
    },
    {
      method: 'POST',
      pattern: '/pages/:id/unlock',
      handler: ({ params, body }) => {
        const page = pagesById.get(Number(params.id));
        if (!page || page.status !== 'published') return notFound(`Page ${params.id}`);
        const locked = dataset.protectedContent.get(page.id);
        if (!locked) return fail(400, `Page ${params.id} is not password-protected.`);
        const password =
          body && typeof body === 'object' && !(body instanceof FormData)
            ? (body as Record<string, unknown>).password
            : body instanceof FormData
              ? body.get('password')
              : undefined;
        if (typeof password !== 'string' || password === '')
          return fail(422, 'Enter the password.', { errors: { password: 'Enter the password.' } });
        if (password !== locked.password)
          return fail(422, 'The password is incorrect.', { errors: { password: 'The password is incorrect.' } });
        return ok({ ...page, blocks: locked.blocks }, 'private');
      },
    },

    {
      method: 'GET',
      pattern: '/forms/:id',
      handler: ({ params }) =>
        forms.has(Number(params.id)) ? ok(forms.get(Number(params.id))) : notFound(`Form ${params.id}`),
    },
    {
      method: 'POST',
      pattern: '/forms/:id/submissions',
      handler: ({ params, body }) => {
        const form = forms.get(Number(params.id));
        if (!form) return notFound(`Form ${params.id}`);
        if (body === undefined || body === null)
          return fail(415, 'Send the submission as JSON or multipart/form-data.');
        const errors = validateSubmission(form, body);
        if (Object.keys(errors).length) return fail(422, 'Please correct the highlighted fields.', { errors });
        submissions++;
        return { status: 201, json: { data: { id: submissions, message: form.success_message } }, cache: 'no-cache' };
      },
    },

    { method: 'GET', pattern: '/documents', handler: ({ query }) => paginate(dataset.documents.filter(shown), query) },
    {
      method: 'GET',
      pattern: '/documents/:file',
      handler: ({ params }) => {
        const file = params.file!;
        if (file.endsWith('.pdf')) {
          const bytes = documents.has(file.slice(0, -4)) ? dataset.documentFile(file.slice(0, -4)) : undefined;
          return bytes
            ? { status: 200, bytes, contentType: 'application/pdf', cache: 'public' }
            : notFound(`Document ${file}`);
        }
        return documents.has(file) ? ok(documents.get(file)) : notFound(`Document ${file}`);
      },
    },

    { method: 'GET', pattern: '/ad-zones', handler: () => ok(dataset.adZones) },
    {
      method: 'GET',
      pattern: '/simages',
      handler: ({ query }) => {
        const zones = listParam(query, 'zones');
        if (zones.length === 0)
          return fail(422, 'The zones parameter is required: a comma-separated list of ad zone uuids.');
        return ok(
          Object.fromEntries(zones.map((uuid) => [uuid, dataset.ads.filter((a) => a.zone_uuid === uuid)])),
          'no-cache',
        );
      },
    },
    {
      method: 'GET',
      pattern: '/simages/:id',
      handler: ({ params }) =>
        adsById.has(Number(params.id)) ? ok(adsById.get(Number(params.id)), 'no-cache') : notFound(`Ad ${params.id}`),
    },

    {
      method: 'GET',
      pattern: '/search',
      handler: ({ query }) => {
        const text = query.get('s') ?? '';
        if (!text.trim()) return fail(422, 'The s parameter (search text) is required.');
        return paginate(
          search(text, { teamName: query.get('team_name'), sport: query.get('sport') }),
          query,
          'no-cache',
        );
      },
    },

    {
      method: 'GET',
      pattern: '/icons/:file',
      handler: ({ params, query }) => {
        if (params.file !== `${ICON_PREFIX}.json`) return notFound(`Icon set "${params.file}"`);
        const names = listParam(query, 'icons');
        if (!names.length) return fail(422, 'The icons parameter is required: a comma-separated list of icon names.');
        return raw(iconSet(names));
      },
    },
  ];
}

/** The dashboard API: only `/user`, which answers 401 when the identity is missing or unknown. */
export function dashboardRoutes(dataset: Dataset): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/user',
      handler: ({ identity }) => {
        const user = identity ? dataset.users.get(identity) : undefined;
        return user ? ok(user, 'private') : fail(401, 'Unauthenticated.');
      },
    },
  ];
}

/**
 * The redirect service: a check for one path, the whole table for the build, and (for editors) adding a rule,
 * as a CMS admin would between builds: such a rule reaches the site through the check until the next build.
 */
export function redirectRoutes(dataset: Dataset, users: (identity: string | null) => boolean): Route[] {
  const key = (path: string) =>
    path
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .toLowerCase() || '/';
  const bySource = new Map(dataset.redirects.map((r) => [key(r.source), r]));
  return [
    {
      method: 'GET',
      pattern: '/check',
      handler: ({ query }) => {
        const url = query.get('url');
        if (!url) return fail(422, 'The url parameter is required.');
        const rule = bySource.get(key(url));
        return raw(
          rule
            ? {
                target_url: rule.target_url,
                query_parameters: rule.query_parameters,
                redirect_type: rule.redirect_type,
              }
            : { target_url: null, query_parameters: null, redirect_type: 307 },
          'no-cache',
        );
      },
    },
    {
      method: 'GET',
      pattern: '/redirects',
      handler: ({ query }) => ({ ...paginate(dataset.redirects, query), cache: 'no-cache' }),
    },
    {
      method: 'POST',
      pattern: '/redirects',
      handler: ({ identity, body }) => {
        if (!users(identity)) return fail(403, 'Only editors can add redirects.');
        const rule =
          body && typeof body === 'object' && !(body instanceof FormData) ? (body as Record<string, unknown>) : {};
        const { source, target_url: target, query_parameters: query = null, redirect_type: type = 307 } = rule;
        const errors: Record<string, string> = {};
        if (typeof source !== 'string' || !source.startsWith('/')) errors.source = 'A path starting with /.';
        else if (bySource.has(key(source))) errors.source = 'A rule for this path exists.';
        if (typeof target !== 'string' || !/^(\/|https?:\/\/)/.test(target))
          errors.target_url = 'A path starting with / or an http(s) URL.';
        if (query !== null && query !== 'ignore_pass') errors.query_parameters = 'null or "ignore_pass".';
        if (typeof type !== 'number' || ![301, 302, 303, 307, 308].includes(type))
          errors.redirect_type = 'One of 301, 302, 303, 307, 308.';
        if (Object.keys(errors).length) return fail(422, 'The redirect is not valid.', { errors });
        const added = {
          source: source as string,
          target_url: target as string,
          query_parameters: query as string | null,
          redirect_type: type as number,
        };
        dataset.redirects.push(added);
        bySource.set(key(added.source), added);
        return { status: 201, json: { data: added }, cache: 'no-cache' };
      },
    },
  ];
}
