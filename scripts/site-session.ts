import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../src/build/index.ts';
import { loadConfig } from '../src/config/index.ts';
import { createLogger } from '../src/logger/logger.ts';
import { startPreview, type Preview } from '../src/preview/server.ts';

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
