import { createContext, useContext } from 'react';
import type { ContentPage, Form } from '../src/api/schemas/pages.ts';

/**
 * What the browser runtime lets templates do (submit a form, unlock a page). Templates never fetch: they call
 * these. During the build there is no runtime, and forms fall back to a plain HTML post.
 */
export interface RuntimeActions {
  submitForm(form: Form, data: FormData): Promise<{ ok: true; message: string } | { ok: false; message: string; errors: Record<string, string> }>;
  unlockPage(pageId: number, password: string): Promise<{ ok: true; page: ContentPage } | { ok: false; message: string }>;
}

export const ActionsContext = createContext<RuntimeActions | null>(null);
export const useActions = () => useContext(ActionsContext);
