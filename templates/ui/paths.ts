import type { ArticleSummary } from '../../src/api/schemas/content.ts';
import { ymd } from './format.ts';

/** Site paths, in one place, so templates never hand-build URLs differently from the route table. */
export const paths = {
  article: (a: Pick<ArticleSummary, 'date' | 'slug'>, timeZone: string) =>
    `/news/${ymd(a.date, timeZone).replace(/-/g, '/')}/${a.slug}`,
  sport: (sport: string) => `/sports/${sport}`,
  sportSection: (
    sport: string,
    section: 'news' | 'roster' | 'schedule' | 'stats' | 'videos' | 'photo-galleries' | 'roster/all',
  ) => `/sports/${sport}/${section}`,
  season: (sport: string, section: 'roster' | 'schedule' | 'stats', season: string) =>
    `/sports/${sport}/${section}/season/${season}`,
  player: (sport: string, slug: string, season?: string | null) =>
    season ? `/sports/${sport}/roster/season/${season}/player/${slug}` : `/sports/${sport}/roster/player/${slug}`,
  coach: (sport: string, season: string, slug: string) => `/sports/${sport}/roster/season/${season}/staff/${slug}`,
  boxscore: (id: number) => `/boxscore/${id}`,
  newsYear: (year: number, sport?: string | null) => (sport ? `/sports/${sport}/news/year/${year}` : `/news/${year}`),
  /** Page 1 is the news page itself. */
  newsPage: (page: number, sport?: string | null) =>
    `${sport ? `/sports/${sport}/news` : '/news'}${page > 1 ? `/page/${page}` : ''}`,
  staff: (slug: string) => `/staff/${slug}`,
  department: (slug: string) => `/staff-directory/department/${slug}`,
  gallery: (slug: string) => `/photo-galleries/${slug}`,
} as const;
