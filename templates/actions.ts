import { createContext, useContext, useEffect, useState } from 'react';
import type { Article, ArticleRevision, ContentPage, Form, PageRevision } from '../src/api/schemas/index.ts';
import type { SearchAnswer, SearchQuery } from '../src/search/query.ts';

export type SubmitResult =
  { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string> };
export type UnlockResult = { ok: true; page: ContentPage } | { ok: false; message: string };
/** A draft the editor may see, or why not (403 without the editor identity, 404 for an unknown id). */
export type DraftResult<T> = { ok: true; draft: T } | { ok: false; status: number; message: string };
export interface Drafts {
  'article-preview': Article;
  'article-revision': ArticleRevision;
  'page-preview': ContentPage;
  'page-revision': PageRevision;
}
export type DraftKind = keyof Drafts;

/**
 * What the browser runtime lets templates do. Templates never fetch: they call these. During the build (and until
 * the page has hydrated) there is no runtime: forms fall back to a plain HTML post.
 */
export interface RuntimeActions {
  submitForm(form: Form, data: FormData): Promise<SubmitResult>;
  unlockPage(pageId: number, password: string): Promise<UnlockResult>;
  /** The draft or revision whose id is in the current URL, with the editor's identity. */
  loadDraft<K extends DraftKind>(kind: K): Promise<DraftResult<Drafts[K]>>;
  search(query: SearchQuery): Promise<SearchAnswer>;
  /** Put a new search in the address bar (a history entry), so it can be shared and reloaded. */
  showSearch(query: SearchQuery): void;
}

export const ActionsContext = createContext<RuntimeActions | null>(null);

/**
 * The runtime's actions once the page has hydrated; null on the server and during hydration, so the first
 * browser render matches the HTML exactly.
 */
export function useActions(): RuntimeActions | null {
  const actions = useContext(ActionsContext);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? actions : null;
}
