import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/load.ts';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import type { Logger } from '../../src/logger/logger.ts';
import { freePort } from '../e2e/engines.ts';

const repo = join(import.meta.dirname, '../..');

/**
 * `site dev` on a copy of the project (sources, public/, config; node_modules linked), so a test or benchmark can
 * edit templates and styles without touching the repository's files. The demo CMS gets a free port.
 */
export async function startDevOnCopy(
  logger: Logger,
  overrides: Record<string, unknown> = {},
): Promise<{ dev: DevServer; project: string; close(): Promise<void> }> {
  const project = mkdtempSync(join(tmpdir(), 'fieldhouse-dev-project-'));
  for (const part of ['templates', 'runtime', 'src', 'public', 'site.config.ts', 'package.json'])
    cpSync(join(repo, part), join(project, part), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(project, 'node_modules'));
  // The repository's image cache: the copy's own would start cold (every photo fetched and read again).
  const all = { demo: { port: await freePort() }, images: { cacheDir: join(repo, '.cache/images') }, ...overrides };
  const { config, file } = await loadConfig({ cwd: project, overrides: all });
  const dev = await startDevServer({
    config,
    root: project,
    sourceRoot: project,
    configFile: file,
    reloadConfig: async () => (await loadConfig({ cwd: project, overrides: all })).config,
    port: 0,
    logger,
  });
  return {
    dev,
    project,
    async close() {
      await dev.close();
      rmSync(project, { recursive: true, force: true });
    },
  };
}
