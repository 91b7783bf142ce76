import type { SiteConfigInput } from './schema.ts';

/** Typed helper for site.config.ts: `export default defineConfig({ … })`. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
export type { SiteConfigInput };
