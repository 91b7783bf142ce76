import { isFieldhouseError } from '../../src/errors/error.ts';
import type { createStaticSearch, SearchAnswer } from '../../src/search/query.ts';
import { SEARCH_DIR, urlOf } from '../../src/output/layout.ts';
import { onNewContent } from '../content.ts';
import type { DraftKind, DraftResult, Drafts, RuntimeActions, SubmitResult } from '../../templates/actions.ts';
import type { SiteData } from '../../src/contract/index.ts';
import { reportError } from '../errors.ts';
import { addHistoryEntry } from '../navigation.ts';
import { router } from '../pages.ts';
import { searchHref } from '../../src/search/url.ts';
import { liveApi } from '../live-api.ts';
import type { LiveApi } from './api.ts';
import { recaptchaToken } from './recaptcha.ts';

const RECAPTCHA_FIELD = 'g-recaptcha-response';

const statusOf = (error: unknown) => (isFieldhouseError(error) ? error.status : undefined);
const serverMessage = (error: unknown) => (isFieldhouseError(error) ? error.statusMessage : undefined);
const fieldErrors = (error: unknown): Record<string, string> => {
  const body = isFieldhouseError(error)
    ? (error.details as { body?: { errors?: unknown } } | undefined)?.body
    : undefined;
  return body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
};

/** A submission as JSON (fields by name, checkboxes as lists), or the FormData itself when files are attached. */
function submissionBody(
  form: Parameters<RuntimeActions['submitForm']>[0],
  data: FormData,
): Record<string, unknown> | FormData {
  const hasFiles = [...data.values()].some((v) => typeof v !== 'string' && v.size > 0);
  if (hasFiles) return data;
  const body: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (field.type === 'paragraph' || field.type === 'file') continue;
    body[field.name] =
      field.type === 'checkboxes' ? data.getAll(field.name).map(String) : String(data.get(field.name) ?? '');
  }
  if (data.has(RECAPTCHA_FIELD)) body[RECAPTCHA_FIELD] = data.get(RECAPTCHA_FIELD);
  return body;
}

/** The runtime's side of templates/actions.ts: the browser's API calls, reCAPTCHA, the search index. */
export function createActions(
  site: SiteData,
  buildId: string,
  live: () => Promise<LiveApi> = () => liveApi(site),
): RuntimeActions {
  // The static search's client (about 2 KB) is its own chunk, fetched at the first search: the forms, drafts
  // and locked pages that load these actions do not pay for it.
  let staticSearch: Promise<ReturnType<typeof createStaticSearch>> | null = null;
  const searchIndex = () =>
    (staticSearch ??= import('../../src/search/query.ts')
      .then(({ createStaticSearch }) =>
        createStaticSearch(async (file) => {
          const response = await fetch(`${urlOf(SEARCH_DIR)}/${file}?${buildId}`);
          if (!response.ok) throw new Error(`The search index file ${file} answered ${response.status}`);
          return response.json();
        }),
      )
      .catch((error: unknown) => {
        staticSearch = null; // a chunk that failed to load (offline, a deploy) is fetched again next time
        throw error;
      }));
  // A client still loading is dropped once it comes; one that failed to load has nothing to drop (and its failure
  // is the search's to report, not an unhandled rejection here).
  onNewContent(
    () =>
      void staticSearch?.then(
        (search) => search.drop(),
        () => undefined,
      ),
  );

  // The shell is one file for every id; the id is the route's parameter in the address (digits, checked by the route).
  const draftId = () => {
    const match = router.match(location.pathname);
    return match.type === 'match' ? Number(match.params.id) : NaN;
  };
  const drafts: { [K in DraftKind]: (id: number) => Promise<Drafts[K]> } = {
    'article-preview': async (id) => (await live()).articlePreview(id),
    'article-revision': async (id) => (await live()).articleRevision(id),
    'page-preview': async (id) => (await live()).pagePreview(id),
    'page-revision': async (id) => (await live()).pageRevision(id),
  };

  return {
    async submitForm(form, data): Promise<SubmitResult> {
      const key = site.settings.recaptcha_site_key;
      if (key) {
        try {
          data.set(RECAPTCHA_FIELD, await recaptchaToken(key));
        } catch {
          return {
            ok: false,
            message:
              'The spam check (reCAPTCHA) could not load. Check your connection or content blocker, then send again: what you typed is kept.',
            errors: {},
          };
        }
      }
      try {
        const answer = await (await live()).submitForm(form.id, submissionBody(form, data));
        return { ok: true, message: answer.message || form.success_message };
      } catch (error) {
        if (statusOf(error) === 422)
          return {
            ok: false,
            message: serverMessage(error) ?? 'Please correct the highlighted fields.',
            errors: fieldErrors(error),
          };
        reportError(error, { form: form.id });
        return {
          ok: false,
          message: 'Your message could not be sent just now. What you typed is kept: please try again in a moment.',
          errors: {},
        };
      }
    },

    async unlockPage(pageId, password) {
      try {
        return { ok: true, page: await (await live()).unlockPage(pageId, password) };
      } catch (error) {
        if (statusOf(error) === 422)
          return {
            ok: false,
            message: fieldErrors(error).password ?? serverMessage(error) ?? 'The password is incorrect.',
          };
        reportError(error, { page: pageId });
        return { ok: false, message: 'The password could not be checked just now. Please try again in a moment.' };
      }
    },

    async loadDraft<K extends DraftKind>(kind: K): Promise<DraftResult<Drafts[K]>> {
      try {
        return { ok: true, draft: await drafts[kind](draftId()) };
      } catch (error) {
        const status = statusOf(error) ?? 500;
        if (status >= 500) reportError(error, { draft: kind });
        const message =
          status === 404 ? `Page Not Found: ${location.pathname}` : (serverMessage(error) ?? 'Unexpected error');
        return { ok: false, status, message };
      }
    },

    async search(query): Promise<SearchAnswer> {
      if (site.runtime.search === 'static') return (await searchIndex()).search(query);
      const answer = await (
        await live()
      ).search({
        s: query.s,
        sport: query.sport ?? undefined,
        team_name: query.teamName ?? undefined,
        page: query.page,
        per_page: query.perPage ?? 20,
      });
      const { current_page: page, total_pages: pages, total } = answer.meta.pagination;
      const hits = answer.data.map((r) => ({
        type: r.type,
        title: r.title,
        path: r.path,
        summary: r.summary,
        date: r.date,
        sport: r.sport ? { slug: r.sport.slug, name: r.sport.name } : null,
      }));
      return { hits, total, page, pages };
    },

    showSearch(query) {
      const url = new URL(searchHref(query), location.href);
      if (url.href !== location.href) addHistoryEntry(url);
    },
  };
}
