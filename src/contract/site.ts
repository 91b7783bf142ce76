/**
 * Site-wide data: what the build writes once (`_site/data/site-<hash>.json`) and every page shares, in the
 * build and in the browser.
 */
import type * as S from '../api/schemas/index.ts';
import type { ImageMap, ImageSettings } from '../images/variants.ts';

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
  /**
   * Which of the sport's sections have pages (a sport with rosters and no schedule has no schedule page; one
   * without news has no news page): menus link only to those. From the seasons' `has_*` fields and the news list.
   */
  has: SportSections;
}

export interface SportSections {
  schedule: boolean;
  roster: boolean;
  stats: boolean;
  news: boolean;
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
  /** How pages name responsive images (site.config.ts `images`), and the site-wide images the build encoded. */
  images: { settings: ImageSettings; known: ImageMap };
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
