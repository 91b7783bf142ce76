import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../src/build/index.ts';
import { loadConfig } from '../src/config/index.ts';
import { createLogger } from '../src/logger/logger.ts';
import { ROUTES } from '../src/pages/index.ts';
import { startPreview, type Preview } from '../src/preview/server.ts';
import { createRouter } from '../src/routes/match.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** For the review scripts: the demo site built into out/ (unless it is there already) and served on a free port. */
export async function serveDemoSite(options: { rebuild?: boolean } = {}): Promise<Preview & { outDir: string }> {
  const logger = createLogger({ level: 'warn' });
  const { config } = await loadConfig({ cwd: ROOT });
  const outDir = join(ROOT, config.build.outDir);
  if (options.rebuild || !existsSync(join(outDir, 'serve.json'))) {
    const summary = await buildSite({ config, root: ROOT, logger });
    if (!summary.ok) throw new Error(`The build failed: ${summary.failed[0]?.message}`);
  }
  const preview = await startPreview({
    outDir,
    port: 0,
    demo: config.api ? null : { port: config.demo.port, seed: config.demo.seed, scale: config.demo.scale },
  });
  return { ...preview, outDir };
}

export { CHROMIUM } from './chromium.ts';

/** The first page a built site has of a route (by name) or of a template, from its build manifest. */
export function firstPageOf(outDir: string): (which: { route: string } | { template: string }) => string {
  const latest = JSON.parse(readFileSync(join(outDir, '_site/builds/latest.json'), 'utf8')) as { id: string };
  const meta = JSON.parse(readFileSync(join(outDir, '_site/builds/meta', `${latest.id}.json`), 'utf8')) as {
    prerendered: string[];
  };
  const router = createRouter(ROUTES);
  return (which) =>
    meta.prerendered.find((path) => {
      const match = router.match(path);
      if (match.type !== 'match') return false;
      return 'route' in which ? match.route.name === which.route : match.route.template === which.template;
    })!;
}
