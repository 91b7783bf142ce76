import type * as S from '../src/api/schemas/index.ts';
import type { TemplateName } from '../src/routes/table.ts';

/** A sport as the menus and cards need it. */
export interface SportSummary {
  id: number;
  name: string;
  slug: string;
  short_name: string;
  gender: S.Sport['gender'];
  format: S.Sport['format'];
  icon: string | null;
  hide_from_dropdown: boolean;
}

export interface IconData {
  body: string;
  width: number;
  height: number;
}

export interface Theme {
  colors: { primary: string; secondary: string; accent: string; text: string; background: string };
  fonts: { body: string; heading: string };
}

/** Site-wide data: written once per build (not repeated in payloads) and shared by every page. */
export interface SiteData {
  settings: S.SiteSettings;
  /** In the settings' sport_sorting_behavior order. */
  sports: SportSummary[];
  /** Inline SVG icons by name ("fieldhouse:football"), resolved at build time from the icon service. */
  icons: Record<string, IconData>;
  theme: Theme;
  siteUrl: string;
  /** Where the browser's own API calls go (ads, search, previews, forms). */
  api: { baseUrl: string; prefix: string; dashboardUrl: string | null; redirectServiceUrl: string | null };
  bypassCookie: string;
  /** The build's "today" in the site timezone (YYYY-MM-DD). */
  today: string;
  /** What the browser runtime does beyond rendering, from site.config.ts. */
  runtime: RuntimeConfig;
}

export interface ExternalScript {
  src: string;
  attributes: Record<string, string>;
}

/** site.config.ts's runtime, scripts and error-reporting settings, as the browser needs them. */
export interface RuntimeConfig {
  buildPollIntervalMs: number;
  reloadOnNewBuild: 'navigation' | 'immediate';
  reloadGuardMs: number;
  /** Where /search looks: the build's static index, or the content API's /search. */
  search: 'static' | 'api';
  pageScripts: (ExternalScript & { path: string; match: 'exact' | 'prefix' | 'pattern' })[];
  sportScripts: { default: ExternalScript | null; bySlug: Record<string, ExternalScript> };
  errorReporting: {
    dsn: string | null;
    sampleRates: { error: number; traces: number; replays: number; replaysOnError: number };
    ignoreErrors: string[];
    dropRejectionUrls: string[];
    logLevel: 'debug' | 'info' | 'warn' | 'error';
  };
}

/** The sport context of every page under /sports/{sport}. */
export interface SportPage {
  sport: S.Sport;
}

/** Pages with a season picker also list the sport's seasons. */
export interface SeasonPicker {
  seasons: S.SeasonRef[];
}

/** An event trimmed for lists and calendars. */
export type EventItem = Pick<
  S.EventWithSport,
  | 'id'
  | 'sport'
  | 'date'
  | 'time_tba'
  | 'title'
  | 'location_type'
  | 'location'
  | 'is_conference'
  | 'tournament'
  | 'result'
  | 'broadcasts'
  | 'tickets_url'
  | 'boxscore_id'
  | 'recap_article_id'
> & {
  opponent: { name: string; logo: S.Image | null } | null;
};

export interface PageDataMap {
  home: {
    blocks: S.Block[];
    forms: Record<string, S.Form>;
    headlines: S.ArticleSummary[];
    featured: S.ArticleSummary[];
    ticker: EventItem[];
  };
  'all-sports-schedule': { month: string; events: EventItem[] };
  'broadcast-guide': { from: string; to: string; events: EventItem[] };
  news: {
    sport: SportPage | null;
    year: number | null;
    years: number[];
    articles: S.ArticleSummary[];
    total: number;
    page: number;
    pages: number;
  };
  article: { article: S.Article; sport: SportPage | null };
  search: Record<string, never>;
  'sport-home': SportPage & {
    nextEvent: S.Event | null;
    recent: S.Event[];
    news: S.ArticleSummary[];
    blocks: S.Block[];
    record: S.Schedule['record'] | null;
  };
  schedule: SportPage & SeasonPicker & { season: S.SeasonRef; schedule: S.Schedule };
  roster: SportPage & SeasonPicker & { season: S.SeasonRef; roster: S.Roster };
  'roster-all': SportPage & { players: S.AllTimePlayer[] };
  player: SportPage & { player: S.Player; season: S.SeasonRef | null };
  coach: SportPage & { coach: S.CoachProfile; season: S.SeasonRef };
  stats: SportPage & SeasonPicker & { season: S.SeasonRef; stats: S.SeasonStats };
  videos: { sport: SportPage | null; videos: S.Video[]; total: number };
  galleries: { sport: SportPage | null; galleries: S.GallerySummary[]; total: number };
  gallery: { gallery: S.Gallery };
  boxscore: { box: S.BoxScore; sport: SportSummary; event: S.Event | null };
  'staff-directory': { departments: S.Department[]; department: S.Department | null };
  'staff-profile': { member: S.StaffMember; departments: { slug: string; name: string }[] };
  'content-page': { page: S.ContentPage; forms: Record<string, S.Form> };
  'article-preview': { kind: 'preview' | 'revision'; id: string };
  'page-preview': { kind: 'preview' | 'revision'; id: string };
  document: Record<string, never>;
}

export type PageData<T extends TemplateName = TemplateName> = PageDataMap[T];

/** What the document head says about a page; the build and the runtime both apply it. */
export interface HeadData {
  /** Page title; null uses the site's meta title alone (the home page). */
  title: string | null;
  description: string | null;
  image: { url: string; alt: string; width?: number; height?: number } | null;
  type: 'website' | 'article' | 'profile';
  /** Keep out of search engines (shells, previews). */
  noindex?: boolean;
}

/** A page's payload: `/<path>/_payload.json` and the inline first-load data are this object. */
export interface Payload<T extends TemplateName = TemplateName> {
  buildId: string;
  route: string;
  path: string;
  template: T;
  params: Record<string, string | string[]>;
  head: HeadData;
  data: PageData<T>;
  /** Set on error documents (404.html): the page shows the error instead of a template. */
  error?: { status: number; message: string };
}
