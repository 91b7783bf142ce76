import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCacheDir } from '../../src/build/deps/cache.ts';
import { buildSite } from '../../src/build/index.ts';
import { loadConfig } from '../../src/config/index.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { startPreview } from '../../src/preview/server.ts';
import { E2E_PORT } from '../../playwright.config.ts';

/** The demo CMS port the e2e build bakes into its pages (not 4000, which a developer may be using); FH_E2E_DEMO_PORT moves it. */
export const E2E_DEMO_PORT = Number(process.env.FH_E2E_DEMO_PORT ?? 4274);

/** The embedded demo at its default scale writes 11,350 pages; a build that writes far fewer lost something. */
const DEMO_PAGES_AT_LEAST = 11_000;

/**
 * Build the demo site once and serve it with `site preview`, as a fan would reach it. FH_E2E_REUSE names a folder
 * built before (with the demo on FH_E2E_DEMO_PORT) to test again without building: for working on the tests only.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = join(import.meta.dirname, '../..');
  const reuse = process.env.FH_E2E_REUSE;
  const outDir = reuse ?? mkdtempSync(join(tmpdir(), 'fieldhouse-e2e-'));
  const { config } = await loadConfig({ cwd: root, overrides: { demo: { port: E2E_DEMO_PORT } } });
  if (!reuse) {
    const summary = await buildSite({ config, root, outDir, logger: createLogger({ level: 'warn' }) });
    if (!summary.ok) throw new Error(`The e2e build failed: ${JSON.stringify(summary.failed.slice(0, 3))}`);
    // The README's `npx site build`: the embedded demo builds whole, none skipped or kept.
    if (summary.pages < DEMO_PAGES_AT_LEAST || summary.skipped || summary.kept.length)
      throw new Error(
        `The e2e build of the embedded demo is short: ${summary.pages} pages of ${summary.routes} routes, ` +
          `${summary.skipped} skipped, ${summary.kept.length} kept from a previous build (expected ≥ ${DEMO_PAGES_AT_LEAST})`,
      );
  }
  const preview = await startPreview({
    outDir,
    port: E2E_PORT,
    demo: { port: E2E_DEMO_PORT, seed: config.demo.seed, scale: config.demo.scale },
  });
  process.env.FH_E2E_OUT = outDir;
  return async () => {
    await preview.close();
    if (reuse) return;
    rmSync(outDir, { recursive: true, force: true });
    rmSync(buildCacheDir(outDir), { recursive: true, force: true });
  };
}
