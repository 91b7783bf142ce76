import type { Query } from '../../src/api/query.ts';
import type {
  Article,
  ArticleRevision,
  ContentPage,
  CurrentUser,
  PageRevision,
  SearchResult,
} from '../../src/api/schemas/index.ts';
import type { Page } from '../../src/api/schemas/common.ts';
import type { SiteData } from '../../src/contract/index.ts';
import { readCookie } from '../cookies.ts';
import { isFieldhouseError } from '../../src/errors/error.ts';
import { createApiCalls, type ApiCalls } from '../api-calls.ts';
import type * as SanitiserModule from './sanitize.ts';

/**
 * The live features' calls to the API (behaviour §4, §6, §7): previews, revisions, protected pages, forms, search
 * and the signed-in user, through the browser's caller (runtime/api-calls.ts: the build's URL, header and error
 * rules, fetch with credentials, cross-origin mode and no caching). The ads call with the caller alone (runtime/ads.ts).
 */
export interface LiveApi {
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

/** The sanitiser: its own chunk, loaded by the calls that need it (previews, revisions, unlocked pages). */
type Sanitiser = typeof SanitiserModule;
const sanitiser = () => import('./sanitize.ts');

/** An answer, sanitised once both it and the sanitiser have arrived (an error of either is the call's). */
async function cleaned<T>(answer: Promise<T>, clean: (sanitiser: Sanitiser) => (value: T) => T): Promise<T> {
  const [module, value] = await Promise.all([sanitiser(), answer]);
  return clean(module)(value);
}

/** The live features' calls, through the page's one caller (`calls`: the ads use it too, runtime/live-api.ts). */
export function createLiveApi(site: SiteData, calls: ApiCalls = createApiCalls(site)): LiveApi {
  const data = async <T>(path: string, query?: Query) => ((await calls.get(path, query)) as { data: T }).data;
  const post = async <T>(path: string, body: Record<string, unknown> | FormData) =>
    ((await calls.post(path, body)) as { data: T }).data;

  return {
    async currentUser() {
      if (!readCookie(site.bypassCookie) || !site.api.dashboardUrl) return null;
      try {
        const url = `${site.api.dashboardUrl.replace(/\/+$/, '')}/user`;
        return ((await calls.get(url, undefined, true)) as { data: CurrentUser }).data;
      } catch (error) {
        if (isFieldhouseError(error) && error.status === 401) return null;
        throw error;
      }
    },
    // Rich text the browser shows straight from the API is sanitised here, by the build's allow-list. The
    // sanitiser's chunk loads while the API answers, not before it asks.
    articlePreview: (id) => cleaned(data<Article>(`/articles/${id}/preview`), (s) => s.cleanArticle),
    articleRevision: (id) => cleaned(data<ArticleRevision>(`/article-revisions/${id}`), (s) => s.cleanArticleRevision),
    pagePreview: (id) => cleaned(data<ContentPage>(`/pages/${id}/preview`), (s) => s.cleanPage),
    pageRevision: (id) => cleaned(data<PageRevision>(`/page-revisions/${id}`), (s) => s.cleanPageRevision),
    unlockPage: (id, password) => cleaned(post<ContentPage>(`/pages/${id}/unlock`, { password }), (s) => s.cleanPage),
    submitForm: (id, body) => post<{ id: number; message: string }>(`/forms/${id}/submissions`, body),
    search: async (query) => (await calls.get('/search', { ...query })) as Page<SearchResult>,
  };
}
