export { defineConfig } from './define.ts';
export { loadConfig, validateConfig, CONFIG_FILE, type LoadedConfig } from './load.ts';
export {
  SiteConfigSchema,
  DEFAULT_SAMPLE_RATES,
  type SiteConfig,
  type SiteConfigInput,
  type ScriptConfig,
} from './schema.ts';
