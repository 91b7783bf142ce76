import { z } from 'zod';
import { DashboardUrlMissing, RecordNotPublic, RedirectBaseUrlMissing } from '../errors/catalogue.ts';
import { recordName, unpublishedReason } from './boundary.ts';
import { createError, isFieldhouseError } from '../errors/error.ts';
import type { ApiClient } from './client.ts';
import type { Query } from './query.ts';
import * as S from './schemas/index.ts';
import { sportSortParam } from './sorting.ts';

export interface ContentApiOptions {
  /** Base URL of the dashboard API that answers `/user`. */
  dashboardApiUrl?: string | null;
  /** Base URL of the redirect service that answers `/check` and `/redirects`. */
  redirectServiceUrl?: string | null;
}

export interface ListQuery {
  page?: number;
  per_page?: number;
}

/** The API's page size limit; lists are walked page by page. */
export const MAX_PER_PAGE = 100;
/** Behaviour §7: the sports list is fetched 100 at a time. */
export const SPORTS_PER_PAGE = 100;

// Lists of records editors publish: public ones only (the others are left out and reported at the boundary).
const ArticleList = S.paginatedPublic(S.ArticleSummary, 'article');
const PageList = S.paginatedPublic(S.PageSummary, 'page');
const VideoList = S.paginatedPublic(S.Video, 'video');
const GalleryList = S.paginatedPublic(S.GallerySummary, 'gallery');
const DocumentList = S.paginatedPublic(S.DocumentMeta, 'document');
const YearList = z.array(z.number().int());

/** Every call of the content API contract (docs/content-api.md), typed and validated. */
export function createContentApi(client: ApiClient, options: ContentApiOptions = {}) {
  const get = async <T extends z.ZodType>(path: string, schema: T, query?: Query) =>
    (await client.get(path, { schema, query })).data;
  const data = <T extends z.ZodType>(path: string, schema: T, query?: Query) =>
    get(path, S.envelope(schema), query).then((r) => (r as { data: z.output<T> }).data);
  const list = <T extends z.ZodType>(path: string, item: T, query?: Query) =>
    get(path, S.paginated(item), query) as Promise<S.Page<z.output<T>>>;
  const publicList = <T>(path: string, schema: z.ZodType<S.Page<T>>, query?: Query) => get(path, schema, query);
  /** One record editors publish: a draft or private one the API answers anyway is refused like a missing one. */
  const publicData = async <T extends z.ZodType>(kind: string, path: string, schema: T, query?: Query) => {
    const record = await data(path, schema, query);
    const reason = unpublishedReason(record as { status?: unknown; visibility?: unknown });
    if (reason)
      throw createError(
        RecordNotPublic,
        [`GET ${client.url(path, query)}`, recordName(kind, record as { id?: unknown }), reason],
        {
          status: 404,
          details: { report: false },
        },
      );
    return record;
  };
  const seg = encodeURIComponent;

  const redirectBase = () => {
    if (!options.redirectServiceUrl) throw createError(RedirectBaseUrlMissing, [], { fatal: true });
    return options.redirectServiceUrl.replace(/\/+$/, '');
  };

  return {
    client,

    /** The website configuration view (site settings, menus). */
    websiteConfig: () => data('/website-config', S.SiteSettings),

    /** GET /sports: per_page 100, sort from sport_sorting_behavior, include icon. */
    sports: (sortingBehavior?: S.SportSortingBehavior | null, page?: number) =>
      list('/sports', S.Sport, {
        per_page: SPORTS_PER_PAGE,
        sort: sportSortParam(sortingBehavior),
        include: ['icon'],
        page,
      }),
    sportBySlug: (slug: string) =>
      data(`/sports/by/slug/${seg(slug)}`, S.Sport, { include: [...S.SPORT_DETAIL_INCLUDES] }),
    seasons: (sportId: number) => data(`/sports/${sportId}/seasons`, S.arrayOf(S.Season)),
    roster: (sportId: number, season: string) => data('/rosters', S.Roster, { sport_id: sportId, season }),
    allTimeRoster: (sportId: number) => data(`/sports/${sportId}/all-time-roster`, S.arrayOf(S.AllTimePlayer)),
    /** Everyone who coached the sport, with their seasons (lists the staff pages without fetching every roster). */
    allTimeStaff: (sportId: number) => data(`/sports/${sportId}/all-time-staff`, S.arrayOf(S.AllTimeStaff)),
    playerBySlug: (sportId: number, slug: string) =>
      data(`/players/by/slug/${seg(slug)}`, S.Player, { sport_id: sportId }),
    coachBySlug: (sportId: number, slug: string) =>
      data(`/coaches/by/slug/${seg(slug)}`, S.CoachProfile, { sport_id: sportId }),
    schedule: (sportId: number, season: string) => data('/schedules', S.Schedule, { sport_id: sportId, season }),
    events: (
      query: ListQuery & {
        start?: string;
        end?: string;
        sport_id?: number;
        broadcast?: boolean;
        sort?: 'date' | '-date';
      },
    ) => list('/events', S.EventWithSport, { ...query }),
    stats: (sportId: number, season: string) => data('/stats', S.SeasonStats, { sport_id: sportId, season }),
    boxScore: (id: number) => data(`/boxscores/${id}`, S.BoxScore),

    articles: (
      query: ListQuery & { sport_id?: number; category_id?: number; year?: number; sort?: 'date' | '-date' } = {},
    ) => publicList('/articles', ArticleList, { ...query }),
    articleYears: (sportId?: number) => data('/articles/years', YearList, { sport_id: sportId }),
    article: (id: number) => publicData('article', `/articles/${id}`, S.Article),
    articleBySlug: (slug: string, date: string) =>
      publicData('article', `/articles/by/slug/${seg(slug)}`, S.Article, { date }),
    articlePreview: (id: number) => data(`/articles/${id}/preview`, S.Article),
    articleRevision: (id: number) => data(`/article-revisions/${id}`, S.ArticleRevision),
    categories: () => data('/categories', S.arrayOf(S.Category)),

    videos: (query: ListQuery & { sport_id?: number } = {}) => publicList('/videos', VideoList, { ...query }),
    galleries: (query: ListQuery & { sport_id?: number } = {}) => publicList('/galleries', GalleryList, { ...query }),
    gallery: (slug: string) => publicData('gallery', `/galleries/by/slug/${seg(slug)}`, S.Gallery),

    staffDirectory: () => data('/staff-directory', S.arrayOf(S.Department)),
    department: (slug: string) => data(`/staff-directory/departments/${seg(slug)}`, S.Department),
    staffMember: (slug: string) => data(`/staff/by/slug/${seg(slug)}`, S.StaffMember),

    pages: (query: ListQuery = {}) => publicList('/pages', PageList, { ...query }),
    page: (id: number) => publicData('page', `/pages/${id}`, S.ContentPage),
    pageBySlug: (path: string) => publicData('page', '/pages/by/slug', S.ContentPage, { path }),
    pagePreview: (id: number) => data(`/pages/${id}/preview`, S.ContentPage),
    pageRevision: (id: number) => data(`/page-revisions/${id}`, S.PageRevision),
    /** Answers the page's content for the right password; 422 with a message for a wrong one. */
    unlockPage: async (id: number, password: string) =>
      (await client.post(`/pages/${id}/unlock`, { body: { password }, schema: S.envelope(S.ContentPage) })).data.data,

    form: (id: number) => data(`/forms/${id}`, S.Form),
    /** POST as JSON, or as multipart when the values are FormData (files attached). */
    submitForm: async (id: number, values: Record<string, unknown> | FormData) =>
      (await client.post(`/forms/${id}/submissions`, { body: values, schema: S.envelope(S.FormSubmissionResult) })).data
        .data,

    documents: (query: ListQuery = {}) => publicList('/documents', DocumentList, { ...query }),
    document: (uuid: string) => publicData('document', `/documents/${seg(uuid)}`, S.DocumentMeta),
    documentFile: (uuid: string) => client.getBytes(`/documents/${seg(uuid)}.pdf`),

    adZones: () => data('/ad-zones', S.arrayOf(S.AdZone)),
    /** GET /simages with the zones' uuids: ads keyed by zone uuid. */
    ads: (zones: readonly string[]) => data('/simages', S.AdsByZone, { zones: [...zones] }),
    ad: (id: number, query?: Query) => data(`/simages/${id}`, S.Ad, query),

    search: (query: ListQuery & { s: string; team_name?: string; sport?: string }) =>
      list('/search', S.SearchResult, { ...query }),

    icons: (prefix: string, names: readonly string[]) =>
      get(`/icons/${seg(prefix)}.json`, S.IconSet, { icons: [...names] }),

    /** The signed-in user, or null when anonymous (no identity, or a 401). */
    currentUser: async (): Promise<S.CurrentUser | null> => {
      if (!options.dashboardApiUrl) throw createError(DashboardUrlMissing, [], { fatal: true });
      try {
        const result = await client.get(`${options.dashboardApiUrl.replace(/\/+$/, '')}/user`, {
          schema: S.envelope(S.CurrentUser),
          absolute: true,
        });
        return result.data.data;
      } catch (error) {
        if (isFieldhouseError(error) && error.status === 401) return null;
        throw error;
      }
    },

    /** Ask the redirect service about a path (behaviour §7); the answer is not enveloped. */
    redirectCheck: async (path: string) =>
      (await client.get(`${redirectBase()}/check`, { schema: S.RedirectCheck, query: { url: path }, absolute: true }))
        .data,
    /** The redirect service's whole table, for the host redirect files. */
    redirects: async (query: ListQuery = {}) =>
      (
        await client.get(`${redirectBase()}/redirects`, {
          schema: S.paginated(S.RedirectRule),
          query: { ...query },
          absolute: true,
        })
      ).data,
  };
}

export type ContentApi = ReturnType<typeof createContentApi>;

/** Pages of a list asked for at once after its first: a long list is walked in a few round trips' time. */
const LIST_READ_AHEAD = 4;

/** Walk every page of a paginated list, in order. */
export async function* allPages<T>(fetchPage: (page: number) => Promise<S.Page<T>>): AsyncGenerator<T> {
  const first = await fetchPage(1);
  yield* first.data;
  // The pages after the first are asked for LIST_READ_AHEAD at a time, and yielded in order.
  let total = first.meta.pagination.total_pages;
  let next = 2;
  const pending: { page: number; answer: Promise<S.Page<T>> }[] = [];
  const fill = () => {
    while (next <= total && pending.length < LIST_READ_AHEAD) {
      const answer = fetchPage(next);
      // A page asked for ahead and never awaited (the walk stopped first) must not fail the process.
      answer.catch(() => undefined);
      pending.push({ page: next++, answer });
    }
  };
  fill();
  while (pending.length) {
    const { page, answer } = pending.shift()!;
    const got = await answer;
    // The list may grow or shrink while it is walked: each answer's own count says whether more follow.
    if (page >= got.meta.pagination.total_pages) {
      yield* got.data;
      return;
    }
    total = Math.max(total, got.meta.pagination.total_pages);
    fill();
    yield* got.data;
  }
}

export async function collectAll<T>(fetchPage: (page: number) => Promise<S.Page<T>>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of allPages(fetchPage)) out.push(item);
  return out;
}
