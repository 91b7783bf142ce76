/**
 * esbuild's outputs kept between builds: the bundles depend only on Fieldhouse's own sources (runtime, templates,
 * renderer) and the packages they import, never on the site's content or config, so a build that changes content
 * (an editor's change, through `site webhook`) need not bundle again. Kept under
 * `node_modules/.cache/fieldhouse/bundles/` (beside the packages the bundles were made from):
 * - `<key>/`: one bundling's outputs (the browser assets, the render and search workers) and `entry.json`, what
 *   the build takes from them (the asset manifest, the emitted files' hashes, the edge worker's code);
 * - `latest.json`: the key of the last bundling and the files it read (esbuild's metafiles' inputs).
 * The key is a digest of esbuild's version, the bundles' options and the bytes of every input: a build reads the
 * inputs the last bundling read and uses its outputs only when they give the same key. Anything else (an edited
 * source, another version of a package, a template added: the options name every entry point) bundles again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { version as esbuildVersion } from 'esbuild';

/** What a build takes from a bundling besides its files (bundle.ts's BundleResult, without its paths). */
export interface BundleEntry<Assets> {
  assets: Assets;
  files: { path: string; bytes: number; hash: string }[];
  edgeWorker: string;
}

/** The outputs of one bundling, by name inside its folder: `assets/<file>`, `worker.mjs`, `search-worker.mjs`. */
export interface CachedBundle<Assets> extends BundleEntry<Assets> {
  dir: string;
}

interface Latest {
  key: string;
  /** Relative to the package root, as esbuild's metafiles name them. */
  inputs: string[];
}

const LATEST_FILE = 'latest.json';
const ENTRY_FILE = 'entry.json';

/** The key of a bundling: esbuild's version, its options (`settings`), and each input's path and bytes. */
function keyOf(root: string, settings: string, inputs: readonly string[]): string | null {
  const hash = createHash('sha256').update(`${esbuildVersion}\0${settings}\0`);
  // Read one after the other, synchronously: hundreds of small files, each read faster than a thread-pool round trip.
  for (const input of inputs) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(root, input));
    } catch {
      return null; // an input that is gone: the bundle would not be the same
    }
    hash.update(`${input}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex').slice(0, 32);
}

/** The last bundling's outputs, when its inputs and options are what they were; null otherwise. */
export async function cachedBundle<Assets>(
  cacheDir: string,
  root: string,
  settings: string,
): Promise<CachedBundle<Assets> | null> {
  let latest: Latest;
  try {
    latest = JSON.parse(await readFile(join(cacheDir, LATEST_FILE), 'utf8')) as Latest;
  } catch {
    return null;
  }
  if (typeof latest.key !== 'string' || !Array.isArray(latest.inputs)) return null;
  if (keyOf(root, settings, latest.inputs) !== latest.key) return null;
  const dir = join(cacheDir, latest.key);
  try {
    const entry = JSON.parse(await readFile(join(dir, ENTRY_FILE), 'utf8')) as BundleEntry<Assets>;
    return { ...entry, dir };
  } catch {
    return null;
  }
}

/**
 * Keep a bundling's outputs for the next build: `files` (absolute path → name in the entry's folder) are copied
 * into a folder of their own, written under a temporary name and renamed, so builds running at once never see half
 * an entry. Then `latest.json` names it. A failure to keep it costs the next build a bundling, nothing else.
 */
export async function storeBundle<Assets>(
  cacheDir: string,
  root: string,
  settings: string,
  inputs: readonly string[],
  files: ReadonlyMap<string, string>,
  entry: BundleEntry<Assets>,
): Promise<void> {
  const sorted = [...new Set(inputs)].sort();
  const key = keyOf(root, settings, sorted);
  if (!key) return;
  const dir = join(cacheDir, key);
  if (!existsSync(join(dir, ENTRY_FILE))) {
    // A folder of this key without its entry (cut short, or emptied by hand) is made again.
    await rm(dir, { recursive: true, force: true });
    const pending = `${dir}.${process.pid}-${Date.now()}`;
    try {
      for (const [from, name] of files) {
        await mkdir(join(pending, name, '..'), { recursive: true });
        await copyFile(from, join(pending, name));
      }
      await writeFile(join(pending, ENTRY_FILE), JSON.stringify(entry));
      await rename(pending, dir);
    } catch {
      // Another build stored the same key meanwhile, or the disk said no: the next build bundles again.
      await rm(pending, { recursive: true, force: true });
      if (!existsSync(join(dir, ENTRY_FILE))) return;
    }
  }
  const latest = join(cacheDir, `${LATEST_FILE}.${process.pid}`);
  await writeFile(latest, JSON.stringify({ key, inputs: sorted } satisfies Latest));
  await rename(latest, join(cacheDir, LATEST_FILE));
  // Bundlings of sources as they were before: gone once no build can still be copying from them.
  for (const name of await readdir(cacheDir)) {
    if (name === key || name.startsWith(LATEST_FILE)) continue;
    const old = join(cacheDir, name);
    if (Date.now() - (await stat(old)).mtimeMs > STALE_MS) await rm(old, { recursive: true, force: true });
  }
}

/** A kept bundling that is not the last is removed after this long (a build takes its outputs in its first seconds). */
const STALE_MS = 60 * 60 * 1000;
