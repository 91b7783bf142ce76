/**
 * A page as the build writes it and the browser shows it: its payload (the `_payload.json` file and the inline
 * first-load data are this object), its head, and the data fragments several templates share.
 */
import type * as S from '../api/schemas/index.ts';
import type { ImageMap } from '../images/variants.ts';
import type { PageDataMap, TemplateName } from '../pages/index.ts';

export type { PageDataMap, TemplateName };

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
  | 'timezone'
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

export type PageData<T extends TemplateName = TemplateName> = PageDataMap[T];

/** What the document head says about a page; the build and the runtime both apply it. */
export interface HeadData {
  /** Page title; null uses the site's meta title alone (the home page). */
  title: string | null;
  description: string | null;
  image: { url: string; alt: string; width?: number | null; height?: number | null } | null;
  type: 'website' | 'article' | 'profile';
  /** Keep out of search engines (shells, previews). */
  noindex?: boolean;
}

/**
 * A page's payload: `/<path>/_payload.json` and the inline first-load data are this object. (`PayloadOf<T>` is
 * the same for one template, with its data typed.)
 */
export interface Payload {
  buildId: string;
  route: string;
  path: string;
  template: string;
  params: Record<string, string | string[]>;
  head: HeadData;
  data: unknown;
  /** Set on error documents (404.html): the page shows the error instead of a template. */
  error?: { status: number; message: string };
  /** The page's raster images as the build encoded them, by URL (src/images/variants.ts): absent without any. */
  images?: ImageMap;
}

/** The payload of one template's pages, its data typed. */
export interface PayloadOf<T extends TemplateName> extends Payload {
  template: T;
  data: PageData<T>;
}

/**
 * What every page's HTML tells the runtime, as inline JSON (#__FH_BOOT__). The build id is not here: it sits in
 * <meta name="fh-build">, at a fixed offset the build patches once every page is written.
 */
export interface BootData {
  /** URL of the site-wide data file (hashed). */
  siteData: string;
  /**
   * What hydration loads, when runtime/hydrate.ts starts it: the boot module first, then the chunks it and the
   * page's template import, preloaded side by side.
   */
  modules: string[];
}
