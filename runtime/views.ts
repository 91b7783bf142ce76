import type { LayoutComponent, PageComponent } from '../templates/app.tsx';
import { errorPayload } from '../src/contract/error-document.ts';
import type { Payload } from '../src/contract/index.ts';

/** What the app shows: a page with its template and layout code, or an error. */
export interface View {
  payload: Payload;
  Page: PageComponent | null;
  Layout: LayoutComponent | null;
  error: { status: number; message: string } | null;
}

/** An error shown in place of a page: the same payload as the build's 404.html (src/contract/error-document.ts). */
export function errorView(path: string, buildId: string, status: number, message: string): View {
  const payload: Payload = { buildId, ...errorPayload(path, status, message) };
  return { payload, Page: null, Layout: null, error: payload.error! };
}
