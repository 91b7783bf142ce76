// The CLI's code, from one bundle of its TypeScript sources (esbuild) kept under node_modules/.cache/fieldhouse/cli/
// and made again when a source changes. Loading its 300-odd modules one by one through tsx's loader (a second
// thread transpiling and resolving every import) cost every command about 0.6 s of CPU before it did anything.
// Plain JavaScript: it runs before anything could compile TypeScript.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commonJsPackages } from './cjs-packages.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.cache/fieldhouse/cli');
const LATEST = join(CACHE, 'latest.json');
const BUNDLE = 'cli.mjs';
const BUNDLES_KEPT = 4;

/** The CLI module (cli/index.ts): from the bundle of its sources as they are now, or through tsx when none can be made. */
export async function loadCli() {
  // Stacks of unexpected errors name the sources' files and lines, not the bundle's.
  process.setSourceMapsEnabled(true);
  try {
    const current = currentBundle();
    if (current) {
      try {
        return await import(pathToFileURL(current).href);
      } catch (error) {
        // Pruned between the check and the import by a command of another checkout sharing these packages.
        if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
      }
    }
    const made = await bundleCli().catch(() => null);
    if (made) return await import(pathToFileURL(made).href);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  }
  // No bundle (a read-only install, esbuild missing): the sources through tsx, as they always can be.
  const { register } = await import('tsx/esm/api');
  register();
  return import('../cli/index.ts');
}

/**
 * A digest of esbuild's version, the checkout's folder (the bundle names its files) and each input's path and bytes:
 * the bundle is current when the files its last bundling read give the same digest (an edited source, a package
 * upgraded: another).
 */
function keyOf(inputs) {
  const version = JSON.parse(readFileSync(join(ROOT, 'node_modules/esbuild/package.json'), 'utf8')).version;
  const hash = createHash('sha256').update(`${version}\0${ROOT}\0`);
  for (const input of inputs) {
    const bytes = readFileSync(join(ROOT, input));
    hash.update(`${input}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex').slice(0, 32);
}

/** The last bundle, if what it was made from is unchanged; null otherwise. */
function currentBundle() {
  let latest;
  try {
    latest = JSON.parse(readFileSync(LATEST, 'utf8'));
    const file = join(CACHE, latest.key, BUNDLE);
    return keyOf(latest.inputs) === latest.key && existsSync(file) ? file : null;
  } catch {
    return null; // none yet, a source gone, or a record cut short: bundle again
  }
}

/** Bundle cli/index.ts and what it imports (not packages), keep it under its key, and say it is the latest. */
async function bundleCli() {
  const esbuild = await import('esbuild');
  const staging = join(CACHE, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(CACHE, { recursive: true });
  // A server bundle as src/build/bundle.ts's serverBundleOptions makes the workers' (this file cannot import it).
  const packages = commonJsPackages();
  const result = await esbuild.build({
    entryPoints: [join(ROOT, 'cli/index.ts')],
    outfile: join(staging, BUNDLE),
    absWorkingDir: ROOT,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    plugins: [ownImportMetaUrl, packages.plugin],
  });
  // The sources read, the plugin, and the manifests of the packages it made `require`d (bin/cjs-packages.js).
  const inputs = packages.keyInputs(Object.keys(result.metafile.inputs), ROOT);
  const key = keyOf(inputs);
  const dir = join(CACHE, key);
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another command made the same bundle first
  }
  const record = join(CACHE, `.latest-${process.pid}.json`);
  writeFileSync(record, JSON.stringify({ key, inputs }));
  renameSync(record, LATEST);
  prune();
  return join(dir, BUNDLE);
}

/**
 * The latest few bundles stay (checkouts sharing these packages take turns); older ones go, and so do the staging
 * folders and records of commands stopped while they bundled, an hour on. Best effort: a command of another checkout
 * may be pruning too.
 */
function prune() {
  const entries = [];
  for (const name of readdirSync(CACHE)) {
    try {
      entries.push({ name, made: statSync(join(CACHE, name)).mtimeMs });
    } catch {
      // gone meanwhile
    }
  }
  const bundles = entries.filter(({ name }) => /^[0-9a-f]{32}$/.test(name)).sort((a, b) => b.made - a.made);
  const leftovers = entries.filter(
    ({ name, made }) => /^\.(staging|latest)-/.test(name) && made < Date.now() - 3_600_000,
  );
  for (const { name } of [...bundles.slice(BUNDLES_KEPT), ...leftovers])
    rmSync(join(CACHE, name), { recursive: true, force: true });
}

/**
 * Each module's `import.meta.url` stays its source file's URL, so the paths it resolves from it (the package's root,
 * the demo's files) are the same from the bundle as from the sources.
 */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};
