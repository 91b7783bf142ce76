import type { LayoutComponent, PageComponent } from '../templates/app.tsx';
import type { HeadData, Payload } from '../templates/data.ts';

/** What the app shows: a page with its template and layout code, or an error. */
export interface View {
  payload: Payload;
  Page: PageComponent | null;
  Layout: LayoutComponent | null;
  error: { status: number; message: string } | null;
}

export function errorView(path: string, buildId: string, status: number, message: string): View {
  const head: HeadData = { title: message, description: null, image: null, type: 'website', noindex: true };
  const payload: Payload = {
    buildId,
    route: 'error',
    path,
    template: 'document',
    params: {},
    head,
    data: {},
    error: { status, message },
  };
  return { payload, Page: null, Layout: null, error: payload.error! };
}
