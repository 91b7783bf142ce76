import { layoutOf, type LayoutComponent, type LayoutName, type PageComponent } from '../templates/app.tsx';
import type { Payload } from '../templates/data.ts';
import type { TemplateName } from '../src/routes/table.ts';

type Loader<T> = () => Promise<{ default: T }>;

/** Each template is its own chunk: a page loads only its own template's code. */
export const PAGE_LOADERS: Readonly<Record<Exclude<TemplateName, 'document'>, Loader<PageComponent>>> = {
  home: () => import('../templates/pages/home.tsx') as Promise<{ default: PageComponent }>,
  'all-sports-schedule': () =>
    import('../templates/pages/all-sports-schedule.tsx') as Promise<{ default: PageComponent }>,
  'broadcast-guide': () => import('../templates/pages/broadcast-guide.tsx') as Promise<{ default: PageComponent }>,
  news: () => import('../templates/pages/news.tsx') as Promise<{ default: PageComponent }>,
  article: () => import('../templates/pages/article.tsx') as Promise<{ default: PageComponent }>,
  search: () => import('../templates/pages/search.tsx') as Promise<{ default: PageComponent }>,
  'sport-home': () => import('../templates/pages/sport-home.tsx') as Promise<{ default: PageComponent }>,
  schedule: () => import('../templates/pages/schedule.tsx') as Promise<{ default: PageComponent }>,
  roster: () => import('../templates/pages/roster.tsx') as Promise<{ default: PageComponent }>,
  'roster-all': () => import('../templates/pages/roster-all.tsx') as Promise<{ default: PageComponent }>,
  player: () => import('../templates/pages/player.tsx') as Promise<{ default: PageComponent }>,
  coach: () => import('../templates/pages/coach.tsx') as Promise<{ default: PageComponent }>,
  stats: () => import('../templates/pages/stats.tsx') as Promise<{ default: PageComponent }>,
  videos: () => import('../templates/pages/videos.tsx') as Promise<{ default: PageComponent }>,
  galleries: () => import('../templates/pages/galleries.tsx') as Promise<{ default: PageComponent }>,
  gallery: () => import('../templates/pages/gallery.tsx') as Promise<{ default: PageComponent }>,
  boxscore: () => import('../templates/pages/boxscore.tsx') as Promise<{ default: PageComponent }>,
  'staff-directory': () => import('../templates/pages/staff-directory.tsx') as Promise<{ default: PageComponent }>,
  'staff-profile': () => import('../templates/pages/staff-profile.tsx') as Promise<{ default: PageComponent }>,
  'content-page': () => import('../templates/pages/content-page.tsx') as Promise<{ default: PageComponent }>,
  'article-preview': () => import('../templates/pages/article-preview.tsx') as Promise<{ default: PageComponent }>,
  'page-preview': () => import('../templates/pages/page-preview.tsx') as Promise<{ default: PageComponent }>,
};

export const LAYOUT_LOADERS: Readonly<Record<LayoutName, Loader<LayoutComponent>>> = {
  'game-day': () => import('../templates/layouts/game-day.tsx') as Promise<{ default: LayoutComponent }>,
  ticketing: () => import('../templates/layouts/ticketing.tsx') as Promise<{ default: LayoutComponent }>,
};

/** A page's template and layout code (each its own chunk, fetched once). */
export async function loadCode(
  payload: Payload,
): Promise<{ Page: PageComponent | null; Layout: LayoutComponent | null }> {
  const layout = layoutOf(payload);
  const [page, layoutModule] = await Promise.all([
    payload.template === 'document' ? null : PAGE_LOADERS[payload.template](),
    layout ? LAYOUT_LOADERS[layout]() : null,
  ]);
  return { Page: page?.default ?? null, Layout: layoutModule?.default ?? null };
}
