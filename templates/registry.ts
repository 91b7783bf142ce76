import type { TemplateName } from '../src/routes/table.ts';
import type { LayoutComponent, LayoutName, PageComponent } from './app.tsx';
import GameDayLayout from './layouts/game-day.tsx';
import TicketingLayout from './layouts/ticketing.tsx';
import AllSportsSchedule from './pages/all-sports-schedule.tsx';
import ArticlePreview from './pages/article-preview.tsx';
import Article from './pages/article.tsx';
import BoxScore from './pages/boxscore.tsx';
import BroadcastGuide from './pages/broadcast-guide.tsx';
import Coach from './pages/coach.tsx';
import ContentPage from './pages/content-page.tsx';
import Gallery from './pages/gallery.tsx';
import Galleries from './pages/galleries.tsx';
import Home from './pages/home.tsx';
import News from './pages/news.tsx';
import PagePreview from './pages/page-preview.tsx';
import Player from './pages/player.tsx';
import RosterAll from './pages/roster-all.tsx';
import Roster from './pages/roster.tsx';
import Schedule from './pages/schedule.tsx';
import Search from './pages/search.tsx';
import SportHome from './pages/sport-home.tsx';
import StaffDirectory from './pages/staff-directory.tsx';
import StaffProfile from './pages/staff-profile.tsx';
import Stats from './pages/stats.tsx';
import Videos from './pages/videos.tsx';

/** Every template, for server rendering. The browser loads each one as its own chunk instead (runtime/templates.ts). */
export const PAGES: Readonly<Record<Exclude<TemplateName, 'document'>, PageComponent>> = {
  home: Home,
  'all-sports-schedule': AllSportsSchedule,
  'broadcast-guide': BroadcastGuide,
  news: News,
  article: Article,
  search: Search,
  'sport-home': SportHome,
  schedule: Schedule,
  roster: Roster,
  'roster-all': RosterAll,
  player: Player,
  coach: Coach,
  stats: Stats,
  videos: Videos,
  galleries: Galleries,
  gallery: Gallery,
  boxscore: BoxScore,
  'staff-directory': StaffDirectory,
  'staff-profile': StaffProfile,
  'content-page': ContentPage,
  'article-preview': ArticlePreview,
  'page-preview': PagePreview,
} as unknown as Record<Exclude<TemplateName, 'document'>, PageComponent>;

export const LAYOUTS: Readonly<Record<LayoutName, LayoutComponent>> = {
  'game-day': GameDayLayout,
  ticketing: TicketingLayout,
};
