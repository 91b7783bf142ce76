import { resolve } from 'node:path';
import pLimit from 'p-limit';
import type { IconData, SiteData, SportSections, SportSummary } from '../contract/index.ts';
import { isFieldhouseError } from '../errors/error.ts';
import { seasonHas, type SeasonKind } from '../pages/shared.ts';
import { collectAll, type ContentApi } from '../api/endpoints.ts';
import { IconSet } from '../api/schemas/services.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { Logger } from '../logger/logger.ts';
import type { ApiEndpoints } from './source.ts';
import { analyticsCode, type AnalyticsFile } from './analytics.ts';
import { localDate } from '../util/dates.ts';
import { resolveIcons } from './icons.ts';

export interface SiteDataOptions {
  api: ContentApi;
  config: SiteConfig;
  root: string;
  endpoints: ApiEndpoints;
  /** The build's clock; the site's today is its date in the site timezone. */
  clock: Date;
  logger: Logger;
  warn(message: string): void;
}

/** Site-wide data, and files it refers to that the build must write (the analytics scripts). */
export interface LoadedSiteData {
  site: SiteData;
  files: AnalyticsFile[];
}

/** Which sections of a sport have pages: what its seasons have, and whether it has any news. */
async function sectionsOf(api: ContentApi, sportId: number): Promise<SportSections> {
  const [seasons, news] = await Promise.all([
    api.seasons(sportId).catch(notFoundAs([])),
    api.articles({ sport_id: sportId, per_page: 1 }).catch(notFoundAs(null)),
  ]);
  const any = (kind: SeasonKind) => seasons.some((season) => seasonHas(season, kind));
  return { schedule: any('schedule'), roster: any('roster'), stats: any('stats'), news: (news?.data.length ?? 0) > 0 };
}

/** A 404 stands for "none"; any other error goes on. */
const notFoundAs =
  <T>(value: T) =>
  (error: unknown): T => {
    if (isFieldhouseError(error) && error.status === 404) return value;
    throw error;
  };

/** Everything every page shares: settings, menus, the sports list, icons, theme. Fetched once per build. */
export async function loadSiteData(options: SiteDataOptions): Promise<LoadedSiteData> {
  const { api, config } = options;
  const fetched = await api.websiteConfig();
  const analytics = analyticsCode(fetched.analytics_code);
  for (const message of analytics.notices) options.warn(message);
  const settings = { ...fetched, analytics_code: analytics.html || null };
  const sports = await collectAll((page) => api.sports(settings.sport_sorting_behavior, page));
  const limit = pLimit(6);
  const summaries: SportSummary[] = await Promise.all(
    sports.map((s) =>
      limit(async () => ({
        id: s.id,
        name: s.name,
        slug: s.slug,
        short_name: s.short_name,
        gender: s.gender,
        format: s.format,
        icon: s.icon?.name ?? null,
        hide_from_dropdown: s.hide_from_dropdown,
        has: await sectionsOf(api, s.id),
      })),
    ),
  );
  const iconNames = [
    ...summaries.flatMap((s) => (s.icon ? [s.icon] : [])),
    ...settings.website_icon_menu.flatMap((i) => (i.icon ? [i.icon] : [])),
  ];
  const icons: Record<string, IconData> = await resolveIcons(iconNames, {
    // resolve, not join: an absolute cacheDir is used as it is.
    cacheFile: resolve(options.root, config.icons.cacheDir, 'icons.json'),
    warn: options.warn,
    fetchSet: async (prefix, names, signal) => {
      const base = config.icons.serviceUrl ?? `${options.endpoints.baseUrl}${options.endpoints.prefix}/icons`;
      const response = await fetch(
        `${base.replace(/\/$/, '')}/${encodeURIComponent(prefix)}.json?icons=${names.map(encodeURIComponent).join(',')}`,
        { signal },
      );
      if (!response.ok) throw new Error(`the icon service answered ${response.status}`);
      return IconSet.parse(await response.json());
    },
  });
  const site: SiteData = {
    settings,
    sports: summaries,
    icons,
    theme: config.theme,
    siteUrl: config.siteUrl.replace(/\/$/, ''),
    api: {
      baseUrl: options.endpoints.publicBaseUrl,
      prefix: options.endpoints.prefix,
      dashboardUrl: options.endpoints.publicDashboardUrl,
      redirectServiceUrl: options.endpoints.publicRedirectServiceUrl,
    },
    bypassCookie: config.bypassCookie,
    today: localDate(options.clock, settings.website_timezone),
    runtime: {
      ...config.runtime,
      pageScripts: config.scripts.pages,
      sportScripts: config.scripts.sports,
      errorReporting: config.errorReporting,
      search: config.search.provider,
    },
    // The build adds what it encoded of the site-wide images (index.ts) before the site data is written.
    images: {
      settings: { widths: config.images.widths, formats: config.images.formats, cdn: config.images.cdn },
      known: {},
    },
  };
  return { site, files: analytics.files };
}
