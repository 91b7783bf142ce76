import type { z } from 'zod';
import { createApiClient } from '../../src/api/client.ts';
import type { Query } from '../../src/api/query.ts';
import type {
  Ad,
  Article,
  ArticleRevision,
  ContentPage,
  CurrentUser,
  PageRevision,
  SearchResult,
} from '../../src/api/schemas/index.ts';
import type { Page } from '../../src/api/schemas/common.ts';
import { createBrowserTransport } from '../../src/api/transport-browser.ts';
import { isFieldhouseError } from '../../src/errors/error.ts';
import type { SiteData } from '../../src/contract/index.ts';
import { readCookie } from '../cookies.ts';

/**
 * The browser's own API calls (behaviour §7): the same client as the build, over fetch with credentials, cross-origin
 * mode and no caching, X-Oas-Identity from the bypass cookie. Answers are not re-validated here: zod's schemas
 * would add ~100 KB to every page with an ad; the templates handle the shapes the contract documents, and a
 * broken answer surfaces as a reported render error with the error page.
 */
export interface LiveApi {
  ads(zones: readonly string[]): Promise<Record<string, Ad[]>>;
  /** GET /simages/{id} with query params: the ad's own call, used to count an impression. */
  adEvent(id: number, query: Query): Promise<void>;
  /** Behaviour §4 and §6: null when there is no bypass cookie, or the dashboard answers 401 (anonymous). */
  currentUser(): Promise<CurrentUser | null>;
  articlePreview(id: number): Promise<Article>;
  articleRevision(id: number): Promise<ArticleRevision>;
  pagePreview(id: number): Promise<ContentPage>;
  pageRevision(id: number): Promise<PageRevision>;
  unlockPage(id: number, password: string): Promise<ContentPage>;
  submitForm(id: number, body: Record<string, unknown> | FormData): Promise<{ id: number; message: string }>;
  search(query: {
    s: string;
    sport?: string;
    team_name?: string;
    page?: number;
    per_page?: number;
  }): Promise<Page<SearchResult>>;
}

/** A stand-in for a zod schema that accepts the answer as it is (see above). */
const trusted = <T>() =>
  ({ safeParse: (data: unknown) => ({ success: true, data: data as T }) }) as unknown as z.ZodType<T>;

/** The sanitiser: its own chunk, loaded by the calls that need it (previews, revisions, unlocked pages). */
const clean = () => import('./sanitize.ts');

export function createLiveApi(site: SiteData): LiveApi {
  const identity = () => readCookie(site.bypassCookie);
  const client = createApiClient({
    baseUrl: site.api.baseUrl,
    prefix: site.api.prefix,
    transport: createBrowserTransport(),
    identity,
    concurrency: 4,
    // A fan waits for these: one quick retry of a dropped connection or a 502/503, then a message.
    retry: { retries: 1, baseDelayMs: 300, maxDelayMs: 1000 },
    timeoutMs: 15_000,
  });
  const data = async <T>(path: string, query?: Query) =>
    (await client.get(path, { schema: trusted<{ data: T }>(), query })).data.data;
  const post = async <T>(path: string, body: Record<string, unknown> | FormData) =>
    (await client.post(path, { schema: trusted<{ data: T }>(), body })).data.data;

  return {
    ads: (zones) => data<Record<string, Ad[]>>('/simages', { zones: [...zones] }),
    adEvent: async (id, query) => void (await client.get(`/simages/${id}`, { schema: trusted<unknown>(), query })),
    async currentUser() {
      if (!identity() || !site.api.dashboardUrl) return null;
      try {
        return (
          await client.get(`${site.api.dashboardUrl.replace(/\/+$/, '')}/user`, {
            schema: trusted<{ data: CurrentUser }>(),
            absolute: true,
          })
        ).data.data;
      } catch (error) {
        if (isFieldhouseError(error) && error.status === 401) return null;
        throw error;
      }
    },
    // Rich text the browser shows straight from the API is sanitised here, by the build's allow-list.
    articlePreview: async (id) => (await clean()).cleanArticle(await data<Article>(`/articles/${id}/preview`)),
    articleRevision: async (id) =>
      (await clean()).cleanArticleRevision(await data<ArticleRevision>(`/article-revisions/${id}`)),
    pagePreview: async (id) => (await clean()).cleanPage(await data<ContentPage>(`/pages/${id}/preview`)),
    pageRevision: async (id) => (await clean()).cleanPageRevision(await data<PageRevision>(`/page-revisions/${id}`)),
    unlockPage: async (id, password) =>
      (await clean()).cleanPage(await post<ContentPage>(`/pages/${id}/unlock`, { password })),
    submitForm: (id, body) => post<{ id: number; message: string }>(`/forms/${id}/submissions`, body),
    search: async (query) =>
      (await client.get('/search', { schema: trusted<Page<SearchResult>>(), query: { ...query } })).data,
  };
}
