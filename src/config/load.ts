import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForNode } from '../util/bundle-node.ts';
import type { z } from 'zod';
import { ConfigInvalid, ConfigLoadFailed, ConfigNotFound } from '../errors/catalogue.ts';
import { createError, errorMessage } from '../errors/error.ts';
import { SiteConfigSchema, type SiteConfig } from './schema.ts';

export interface LoadedConfig {
  config: SiteConfig;
  /** The file it came from (absolute), or null for built-in defaults. */
  file: string | null;
  /** The project root: the config file's folder. */
  root: string;
}

export const CONFIG_FILE = 'site.config.ts';

/** Load, bundle and validate site.config.ts. `overrides` (from CLI flags) win over the file. */
export async function loadConfig(
  options: { file?: string; cwd?: string; overrides?: Record<string, unknown> } = {},
): Promise<LoadedConfig> {
  const cwd = options.cwd ?? process.cwd();
  const file = resolve(cwd, options.file ?? CONFIG_FILE);
  if (!existsSync(file)) {
    if (options.file) throw createError(ConfigNotFound, [file]);
    return {
      config: validateConfig({ siteUrl: 'http://localhost:4173', ...options.overrides }, '(defaults)'),
      file: null,
      root: cwd,
    };
  }
  const raw = await importConfigFile(file);
  return { config: validateConfig(merge(raw, options.overrides ?? {}), file), file, root: dirname(file) };
}

/** Validate a config object; errors name each bad key and say what is expected. */
export function validateConfig(raw: unknown, source: string): SiteConfig {
  const result = SiteConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  throw createError(ConfigInvalid, [source, result.error.issues.map(describeIssue)], {
    details: { issues: result.error.issues },
  });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const at = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `unknown key "${at ? `${at}.` : ''}${key}"`).join('; ');
  }
  return `${at || '(root)'}: ${issue.message}`;
}

async function importConfigFile(file: string): Promise<unknown> {
  // Beside the project's packages when it has any (the bundle leaves them external and resolves them from there);
  // otherwise in a temporary folder of its own, removed once loaded: loading a config adds no folder anywhere.
  const modules = join(dirname(file), 'node_modules');
  const own = existsSync(modules) ? null : await mkdtemp(join(tmpdir(), 'fieldhouse-config-'));
  const cacheDir = own ?? join(modules, '.cache', 'fieldhouse');
  if (!own) await mkdir(cacheDir, { recursive: true });
  const outfile = join(cacheDir, `site.config.${process.pid}.${Date.now()}.mjs`);
  try {
    await bundleForNode(file, outfile);
    const module = (await import(pathToFileURL(outfile).href)) as { default?: unknown };
    if (module.default === undefined)
      throw new Error('it has no default export: write `export default defineConfig({ … })`');
    return module.default;
  } catch (error) {
    throw createError(ConfigLoadFailed, [file, errorMessage(error)], {
      cause: error,
    });
  } finally {
    await rm(own ?? outfile, { recursive: true, force: true });
  }
}

function merge(base: unknown, overrides: Record<string, unknown>): unknown {
  if (!base || typeof base !== 'object' || Array.isArray(base)) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] =
      current &&
      typeof current === 'object' &&
      !Array.isArray(current) &&
      value &&
      typeof value === 'object' &&
      !Array.isArray(value)
        ? merge(current, value as Record<string, unknown>)
        : value;
  }
  return out;
}
