import { createHash } from 'node:crypto';
import { access, copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { existsSync } from 'node:fs';
import { LAYOUT_NAMES } from '../../templates/layouts/index.ts';
import { ASSETS_DIR } from '../output/layout.ts';
import { outputPath } from '../output/writer.ts';
import { PAGE_TEMPLATES, ROUTES } from '../pages/index.ts';
import type { AssetManifest } from './render/document.ts';
import { cachedBundle, storeBundle } from './bundle-cache.ts';
import { commonJsPackages } from '../../bin/cjs-packages.js';

/** A template's component: the file the browser loads as its chunk (runtime/templates.ts) and the server renders. */
export const templateFile = (name: string) => `templates/pages/${name}.tsx`;
/** A layout's component. */
export const layoutFile = (name: string) => `templates/layouts/${name}.tsx`;

/** Fieldhouse's own sources (templates, runtime): next to this file, whatever project is being built. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface BundleOptions {
  /** The staging output folder. */
  outDir: string;
  /** Where the server bundle goes (outside the output). */
  cacheDir: string;
  /** Where bundlings are kept between builds (default BUNDLE_CACHE_DIR). */
  bundleCacheDir?: string;
}

export interface BundleResult {
  /** Without siteData: the finish stage adds it. */
  assets: Omit<AssetManifest, 'siteData'>;
  /** Absolute path of the server bundle each render worker runs (src/build/render/worker.ts and all it needs). */
  workerBundle: string;
  /** Absolute path of the bundle the search index is written by, in a thread of its own (src/search/worker.ts). */
  searchBundle: string;
  /** Cloudflare Pages' edge worker (src/build/hosts/edge/cloudflare-worker.ts), without the site's rules. */
  edgeWorker: string;
  /** Every emitted file with its bytes, for the build id and the size report. */
  files: { path: string; bytes: number; hash: string }[];
}

/** The browser bundle's entry points: the runtime, the stylesheet, and one chunk per template and layout. */
export function browserEntryPoints(root: string): Record<string, string> {
  const entryPoints: Record<string, string> = {
    // The one script a page names; it loads `boot` (React and hydration) when the page has loaded.
    hydrate: join(root, 'runtime/hydrate.ts'),
    boot: join(root, 'runtime/boot.tsx'),
    // Loaded after hydration; named entries so the asset list says what they are.
    'runtime-start': join(root, 'runtime/start.ts'),
    'error-reporting': join(root, 'runtime/sentry.ts'),
    site: join(root, 'templates/styles/site.css'),
  };
  for (const name of PAGE_TEMPLATES) {
    const file = join(root, templateFile(name));
    if (!existsSync(file)) throw new Error(`Template "${name}" (src/pages) has no component at ${templateFile(name)}`);
    entryPoints[`page-${name}`] = file;
  }
  for (const name of LAYOUT_NAMES) entryPoints[`layout-${name}`] = join(root, layoutFile(name));
  return entryPoints;
}

/** What the browser bundle and the server bundle know at bundle time. */
const DEFINE = {
  'process.env.NODE_ENV': '"production"',
  // The route table reaches the browser and the server bundle as data: the page sources stay in Node.
  __FH_ROUTES__: JSON.stringify(ROUTES),
};

/** esbuild's options for the browser bundle (`site build` and `site dev` alike: one set, so they cannot drift). */
export function browserBundleOptions(root: string, outDir: string) {
  return {
    entryPoints: browserEntryPoints(root),
    outdir: join(outDir, ASSETS_DIR),
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
    define: DEFINE,
  } satisfies BuildOptions;
}

/**
 * esbuild's options for a server bundle: `entry` and everything it imports but packages, as one ESM file; the packages
 * that are CommonJS loaded with `require` (bin/cjs-packages.js: `packages.keyInputs` gives a cache key's files).
 */
export function serverBundleOptions(entry: string, outfile: string, packages = commonJsPackages()) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'silent',
    define: DEFINE,
    plugins: [packages.plugin],
  } satisfies BuildOptions;
}

/** The edge worker's options: `write: false`, its code goes into the host files with the site's rules. */
function edgeBundleOptions(root: string) {
  return {
    entryPoints: [join(root, 'src/build/hosts/edge/cloudflare-worker.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  } satisfies BuildOptions;
}

/** Where bundlings are kept between builds (bundle-cache.ts): beside the packages they are made from. */
export const BUNDLE_CACHE_DIR = join(PACKAGE_ROOT, 'node_modules/.cache/fieldhouse/bundles');

/**
 * Bundle the runtime and templates for the browser, and the renderer for the workers; or take the last bundling's
 * outputs when nothing it read has changed (bundle-cache.ts): a content change does not bundle again.
 */
export async function bundle(options: BundleOptions): Promise<BundleResult> {
  const root = PACKAGE_ROOT;
  const cacheDir = options.bundleCacheDir ?? BUNDLE_CACHE_DIR;
  await mkdir(join(options.outDir, ASSETS_DIR), { recursive: true });
  await mkdir(options.cacheDir, { recursive: true });
  const workerBundle = join(options.cacheDir, 'worker.mjs');
  const searchBundle = join(options.cacheDir, 'search-worker.mjs');
  const packages = commonJsPackages();
  const server = (entry: string, outfile: string) => ({
    ...serverBundleOptions(join(root, entry), outfile, packages),
    metafile: true,
    absWorkingDir: root,
  });
  // Every option but the output folders, which change from build to build.
  const settings = JSON.stringify([
    browserBundleOptions(root, '<out>'),
    server('src/build/render/worker.ts', '<worker>'),
    server('src/search/worker.ts', '<search>'),
    { ...edgeBundleOptions(root), metafile: true, absWorkingDir: root },
  ]);
  const cached = await cachedBundle<BundleResult['assets']>(cacheDir, root, settings);
  if (cached) {
    try {
      for (const name of [WORKER_FILE, SEARCH_FILE]) await access(join(cached.dir, name));
      // Each file's path is checked to lie inside both folders, as the output writer's are: an edited entry.json
      // cannot make a build read or write elsewhere.
      await Promise.all(
        cached.files.map((f) =>
          copyFile(
            outputPath(join(cached.dir, SITE_FILES), f.path, 'kept bundle'),
            outputPath(options.outDir, f.path, 'kept bundle'),
          ),
        ),
      );
      return {
        assets: cached.assets,
        files: cached.files,
        edgeWorker: cached.edgeWorker,
        workerBundle: join(cached.dir, WORKER_FILE),
        searchBundle: join(cached.dir, SEARCH_FILE),
      };
    } catch {
      // A kept bundling missing files (its folder cleaned by hand) or naming one outside: bundled again below,
      // and kept anew. A build that raced another here bundles too: every way out of a kept bundling is a bundling.
      await rm(cached.dir, { recursive: true, force: true });
    }
  }
  const [browser, worker, search, edge] = await Promise.all([
    build(browserBundleOptions(root, options.outDir)),
    build(server('src/build/render/worker.ts', workerBundle)),
    build(server('src/search/worker.ts', searchBundle)),
    build({ ...edgeBundleOptions(root), metafile: true, absWorkingDir: root }),
  ]);

  const meta = browser.metafile;
  const url = assetUrl(root, options.outDir);
  const files = await Promise.all(
    Object.keys(meta.outputs).map(async (output) => {
      const bytes = await readFile(join(root, output));
      return { path: url(output), bytes: bytes.byteLength, hash: createHash('sha256').update(bytes).digest('hex') };
    }),
  );
  const result: BundleResult = {
    assets: assetManifest(meta, root, options.outDir),
    workerBundle,
    searchBundle,
    edgeWorker: edge.outputFiles[0]!.text,
    files: files.sort((a, b) => a.path.localeCompare(b.path)),
  };
  // The files read, not esbuild's virtual modules (`<define:…>`, `(disabled):…`), which the options hold; the CommonJS
  // packages' manifests in place of their stand-ins (bin/cjs-packages.js); and the package's manifest, whose
  // dependencies name the packages' versions.
  const inputs = packages
    .keyInputs(
      [browser, worker, search, edge].flatMap((made) => Object.keys(made.metafile!.inputs)),
      root,
    )
    .filter((input) => !/^[<(]/.test(input))
    .concat('package.json');
  const kept = new Map<string, string>([
    [workerBundle, WORKER_FILE],
    [searchBundle, SEARCH_FILE],
    ...result.files.map((f): [string, string] => [join(options.outDir, f.path), join(SITE_FILES, f.path)]),
  ]);
  const { assets, edgeWorker } = result;
  await storeBundle(cacheDir, root, settings, inputs, kept, { assets, files: result.files, edgeWorker });
  return result;
}

/** Names inside a kept bundling's folder. */
const SITE_FILES = 'site';
const WORKER_FILE = 'worker.mjs';
const SEARCH_FILE = 'search-worker.mjs';

/** The site URL of one of esbuild's outputs (a path relative to `root`, as the metafile names it). */
export function assetUrl(root: string, outDir: string): (output: string) => string {
  return (file) => `/${relative(outDir, join(root, file)).split('\\').join('/')}`;
}

/** What the pages link to, from the browser bundle's metafile: the scripts, the stylesheet, what hydration loads. */
export function assetManifest(meta: Metafile, root: string, outDir: string): Omit<AssetManifest, 'siteData'> {
  const url = assetUrl(root, outDir);
  const entryPoints = browserEntryPoints(root);
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
  for (const name of PAGE_TEMPLATES)
    preloads[name] = closure(entryOutput(join(root, templateFile(name)))).filter((u) => !bootClosure.includes(u));
  for (const name of LAYOUT_NAMES)
    preloads[`layout:${name}`] = closure(entryOutput(join(root, layoutFile(name)))).filter(
      (u) => !bootClosure.includes(u),
    );
  const cssOutput = Object.keys(meta.outputs).find(
    (o) => o.endsWith('.css') && meta.outputs[o]!.entryPoint?.endsWith('site.css'),
  );
  if (!cssOutput) throw new Error('esbuild produced no stylesheet');
  return {
    hydrate: url(entryOutput(entryPoints.hydrate!)),
    boot: url(bootOutput),
    css: url(cssOutput),
    preloads,
    bootPreloads: bootClosure.filter((u) => u !== url(bootOutput)),
  };
}
