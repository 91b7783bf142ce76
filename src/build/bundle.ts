import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { LAYOUT_FILES, TEMPLATE_FILES } from '../../templates/files.ts';
import type { AssetManifest } from './render/document.ts';

export const ASSETS_DIR = '_site/assets';

/** Fieldhouse's own sources (templates, runtime): next to this file, whatever project is being built. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface BundleOptions {
  /** The staging output folder. */
  outDir: string;
  /** Where the server bundle goes (outside the output). */
  cacheDir: string;
}

export interface BundleResult {
  /** Without siteData: the finish stage adds it. */
  assets: Omit<AssetManifest, 'siteData'>;
  /** Absolute path of the server bundle the render workers import. */
  serverBundle: string;
  /** Every emitted file with its bytes, for the build id and the size report. */
  files: { path: string; bytes: number; hash: string }[];
}

/** Bundle the runtime and templates for the browser, and the renderer for the workers. */
export async function bundle(options: BundleOptions): Promise<BundleResult> {
  const root = PACKAGE_ROOT;
  const assetsDir = join(options.outDir, ASSETS_DIR);
  await mkdir(assetsDir, { recursive: true });
  await mkdir(options.cacheDir, { recursive: true });
  const entryPoints: Record<string, string> = {
    boot: join(root, 'runtime/boot.tsx'),
    // Loaded after hydration; named entries so the asset list says what they are.
    'runtime-start': join(root, 'runtime/start.ts'),
    'error-reporting': join(root, 'runtime/sentry.ts'),
    site: join(root, 'templates/styles/site.css'),
  };
  for (const [name, file] of Object.entries(TEMPLATE_FILES)) entryPoints[`page-${name}`] = join(root, file);
  for (const [name, file] of Object.entries(LAYOUT_FILES)) entryPoints[`layout-${name}`] = join(root, file);

  const [browser] = await Promise.all([
    build({
      entryPoints,
      outdir: assetsDir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
      minify: true,
      treeShaking: true,
      jsx: 'automatic',
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      assetNames: '[name]-[hash]',
      metafile: true,
      legalComments: 'none',
      logLevel: 'silent',
      absWorkingDir: root,
      define: { 'process.env.NODE_ENV': '"production"' },
    }),
    build({
      entryPoints: [join(root, 'src/build/render/ssr.tsx')],
      outfile: join(options.cacheDir, 'ssr.mjs'),
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    }),
  ]);

  const meta = browser.metafile as Metafile;
  const url = (file: string) => `/${relative(options.outDir, join(root, file)).split('\\').join('/')}`;
  const byEntry = new Map<string, string>();
  for (const [output, info] of Object.entries(meta.outputs))
    if (info.entryPoint) byEntry.set(info.entryPoint.split('\\').join('/'), output);
  const entryOutput = (file: string) => {
    const key = relative(root, file).split('\\').join('/');
    const found = [...byEntry.entries()].find(([entry]) => entry.endsWith(key));
    if (!found) throw new Error(`esbuild produced no output for ${key}`);
    return found[1];
  };
  /** A chunk and everything it imports statically: what to modulepreload. */
  const closure = (output: string): string[] => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imp of meta.outputs[file]?.imports ?? []) if (imp.kind === 'import-statement') visit(imp.path);
    };
    visit(output);
    return [...seen].map(url);
  };

  const bootOutput = entryOutput(entryPoints.boot!);
  const bootClosure = closure(bootOutput);
  const preloads: Record<string, string[]> = {};
  for (const [name, file] of Object.entries(TEMPLATE_FILES))
    preloads[name] = closure(entryOutput(join(root, file))).filter((u) => !bootClosure.includes(u));
  for (const [name, file] of Object.entries(LAYOUT_FILES))
    preloads[`layout:${name}`] = closure(entryOutput(join(root, file))).filter((u) => !bootClosure.includes(u));
  const cssOutput = Object.keys(meta.outputs).find(
    (o) => o.endsWith('.css') && meta.outputs[o]!.entryPoint?.endsWith('site.css'),
  );
  if (!cssOutput) throw new Error('esbuild produced no stylesheet');

  const files = await Promise.all(
    Object.keys(meta.outputs).map(async (output) => {
      const bytes = await readFile(join(root, output));
      return { path: url(output), bytes: bytes.byteLength, hash: createHash('sha256').update(bytes).digest('hex') };
    }),
  );
  return {
    assets: {
      boot: url(bootOutput),
      css: url(cssOutput),
      preloads,
      bootPreloads: bootClosure.filter((u) => u !== url(bootOutput)),
    },
    serverBundle: join(options.cacheDir, 'ssr.mjs'),
    files: files.sort((a, b) => a.path.localeCompare(b.path)),
  };
}
