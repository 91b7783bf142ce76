import type { ReactNode } from 'react';
import type { TemplateName } from '../src/routes/table.ts';
import type { Sport } from '../src/api/schemas/sports.ts';
import type { Payload, SiteData, SportPage } from './data.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { Shell } from './layout/Shell.tsx';
import type { PageProps } from './types.ts';

export type PageComponent = (props: PageProps<TemplateName>) => ReactNode;
export interface LayoutProps {
  site: SiteData;
  payload: Payload;
  children: ReactNode;
}
export type LayoutComponent = (props: LayoutProps) => ReactNode;
export type LayoutName = 'game-day' | 'ticketing';

const SPORT_TEMPLATES = new Set<TemplateName>([
  'sport-home',
  'schedule',
  'roster',
  'roster-all',
  'player',
  'coach',
  'stats',
]);

/** The sport a page belongs to, for the single-sport menu. */
export function sportOf(payload: Payload): Sport | null {
  const data = payload.data as unknown as Record<string, unknown>;
  if (SPORT_TEMPLATES.has(payload.template)) return (data as unknown as SportPage).sport;
  const page = data.sport as SportPage | null | undefined;
  return page && typeof page === 'object' && 'sport' in page ? page.sport : null;
}

/** The layout a page or event selects (spec §2: game-day and ticketing). */
export function layoutOf(payload: Payload): LayoutName | null {
  if (payload.template === 'content-page') return (payload as Payload<'content-page'>).data.page.layout;
  if (payload.template === 'boxscore') return (payload as Payload<'boxscore'>).data.event?.layout ?? null;
  return null;
}

export interface AppProps {
  site: SiteData;
  payload: Payload;
  Page: PageComponent | null;
  Layout?: LayoutComponent | null;
  /** Shown instead of the page: a 404 from route validation, or a fatal error. */
  error?: { status: number; message: string } | null;
}

/** The whole document body: the same tree on the server and in the browser. */
export function App({ site, payload, Page, Layout, error }: AppProps) {
  const content =
    error || !Page ? (
      <ErrorPage status={error?.status ?? 500} message={error?.message ?? 'Unexpected error'} site={site} />
    ) : (
      <Page key={payload.path} data={payload.data} site={site} payload={payload} />
    );
  return (
    <Shell
      site={site}
      sport={error ? null : sportOf(payload)}
      path={payload.path}
      layout={error ? null : layoutOf(payload)}
    >
      {Layout && !error ? (
        <Layout site={site} payload={payload}>
          {content}
        </Layout>
      ) : (
        content
      )}
    </Shell>
  );
}
