import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/schema.ts';
import type { HostRules } from './hosts/index.ts';
import { BUILD_ID_LENGTH } from './render/document.ts';

/** Everything that goes into a build's output, each as a digest or plain data: the build id is made from these. */
export interface BuildIdInputs {
  /** Fieldhouse's version (package.json). */
  version: string;
  /** The config that reaches the output. */
  config: Pick<SiteConfig, 'siteUrl' | 'theme' | 'scripts' | 'runtime' | 'errorReporting'>;
  /** Hash of the site data file. */
  site: string;
  /** Every emitted asset, as `path:sha256`. */
  assets: string[];
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

/**
 * The build id: a hash of everything that went into the output, so an unchanged site rebuilds to the same id
 * (and identical files) and any change gives a new one.
 */
export function buildIdOf(inputs: BuildIdInputs): string {
  const { version, config, site, assets, media, hosts, feeds, search, content } = inputs;
  // The keys in this order: the same JSON as before the inputs had a type of their own.
  const text = JSON.stringify({ version, config, site, assets, media, hosts, feeds, search, content });
  return createHash('sha256').update(text).digest('hex').slice(0, BUILD_ID_LENGTH);
}
