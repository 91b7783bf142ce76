import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/schema.ts';
import type { HostRules } from './hosts/index.ts';

/** Both ids are this many hex digits. */
export const BUILD_ID_LENGTH = 16;

/**
 * What every page shares, each as a digest or plain data: the build id is made from these. The build id is what
 * each page carries (`<meta name="fh-build">`, its payload's `buildId`, the key of its payload URL) and what the
 * new-build poller compares (spec §1, §4, §7): it changes when the code or the chrome of the pages changes (a new
 * Fieldhouse, config, site settings, menus, assets), never with content alone. So a content change leaves every
 * page it does not touch byte for byte as it was, and an open tab keeps navigating without a reload.
 */
export interface BuildIdInputs {
  /** Fieldhouse's version (package.json). */
  version: string;
  /** The config that reaches the pages. */
  config: Pick<SiteConfig, 'siteUrl' | 'theme' | 'scripts' | 'runtime' | 'errorReporting'>;
  /** Hash of the site data file (settings, menus, sports). */
  site: string;
  /** Every emitted asset, as `path:sha256`. */
  assets: string[];
}

/** What the content of a build is, each as a digest: the content id is made from these. */
export interface ContentIdInputs {
  /** Over every media URL and its bytes. */
  media: string;
  hosts: HostRules;
  /** Over every feed's path and bytes. */
  feeds: string;
  /** Over the search index's files; null without a static index. */
  search: string | null;
  /** Over every page's and file's path and content. */
  content: string;
}

/** The part of the config that reaches the pages (and so the build id). */
export function pageConfigOf(config: SiteConfig): BuildIdInputs['config'] {
  const { siteUrl, theme, scripts, runtime, errorReporting } = config;
  return { siteUrl, theme, scripts, runtime, errorReporting };
}

const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, BUILD_ID_LENGTH);

/** The build id: the same for the same code and chrome, whatever the content (see BuildIdInputs). */
export function buildIdOf({ version, config, site, assets }: BuildIdInputs): string {
  return digest({ version, config, site, assets });
}

/**
 * The content id: over everything else in the output, so an unchanged site rebuilds to the same ids (and identical
 * files) and any change of content gives a new one. `latest.json` carries it beside the build id: a tab whose build
 * id is still current drops the payloads it holds when the content id moves on.
 */
export function contentIdOf(buildId: string, { media, hosts, feeds, search, content }: ContentIdInputs): string {
  return digest({ buildId, media, hosts, feeds, search, content });
}
