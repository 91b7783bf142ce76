import type { ReactNode } from 'react';
import type { Sport } from '../src/api/schemas/sports.ts';
import type { Payload, SiteData, SportPage } from '../src/contract/index.ts';
import type { LayoutName } from './layouts/index.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { ImagesContext, pageImages } from './ui/images.ts';
import { Shell } from './layout/Shell.tsx';
import type { PageProps } from './types.ts';

/**
 * A page template, whatever its data: App renders a payload's data with that payload's own template (the build
 * keeps them together). Written as a method's type so templates of any data fit (method parameters are bivariant).
 */
export type PageComponent = { render(props: PageProps<unknown>): ReactNode }['render'];
export interface LayoutProps {
  site: SiteData;
  payload: Payload;
  children: ReactNode;
}
export type LayoutComponent = (props: LayoutProps) => ReactNode;
export type { LayoutName };

/**
 * The sport a page belongs to, for the single-sport menu: every page whose data has its sport (sport pages hold
 * it as `sport`; news, media and article pages as `sport.sport`). A box score's `sport` is a summary, not a
 * sport page's: it shows no sport menu.
 */
export function sportOf(payload: Payload): Sport | null {
  const { sport } = payload.data as { sport?: unknown };
  if (!sport || typeof sport !== 'object') return null;
  if ('sport' in sport) return (sport as SportPage).sport;
  return 'default_season_id' in sport ? (sport as Sport) : null;
}

/**
 * The layout a page selects (behaviour §2: game-day and ticketing): a content page's own, or the one its event asks
 * for (a box score's game).
 */
export function layoutOf(payload: Payload): LayoutName | null {
  const data = payload.data as { page?: { layout?: LayoutName | null }; event?: { layout?: LayoutName | null } | null };
  return data.page?.layout ?? data.event?.layout ?? null;
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
    <ImagesContext.Provider value={pageImages(site, payload)}>
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
    </ImagesContext.Provider>
  );
}
