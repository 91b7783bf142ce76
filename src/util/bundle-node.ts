import { build } from 'esbuild';

/** Bundle one TypeScript entry into a plain ESM file Node can run (packages stay external, resolved beside it). */
export async function bundleForNode(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
}
