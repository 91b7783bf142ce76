import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { context, type BuildFailure, type Message } from 'esbuild';
import { assetManifest, browserBundleOptions, serverBundleOptions } from '../build/bundle.ts';
import type { AssetManifest } from '../build/render/document.ts';
import { errorMessage } from '../errors/error.ts';

/** A file of the browser bundle, served from memory. */
export interface DevAsset {
  body: Uint8Array;
  hash: string;
}

/** One generation of the browser bundle: what the pages link to, and the files. */
export interface DevBundle {
  assets: Omit<AssetManifest, 'siteData'>;
  /** By site URL (/_site/assets/…). */
  files: Map<string, DevAsset>;
}

/** The render worker's bundle file, and a hash of its text (unchanged: no need to restart the worker). */
export interface ServerBundle {
  file: string;
  hash: string;
  /** The packages it imports (left out of the bundle): a spare worker loads them ahead of the code. */
  packages: string[];
}

/** Where a bundle error is, as esbuild says it. */
export interface BundleProblem {
  text: string;
  /** file:line:column (the file as esbuild names it), when esbuild knows it. */
  location: string | null;
  lineText: string | null;
}

export type Outcome<T> = ({ ok: true } & T) | { ok: false; problems: BundleProblem[] };

export interface DevBundler {
  /**
   * Bundle again with esbuild's incremental contexts (only what changed is parsed again). Each bundle resolves on
   * its own: the render worker can start on the server bundle while the browser bundle is still being made.
   */
  rebuild(): { server: Promise<Outcome<ServerBundle>>; browser: Promise<Outcome<DevBundle>> };
  dispose(): Promise<void>;
}

/**
 * The browser bundle and the render worker's bundle as incremental esbuild contexts, with the options `site build`
 * uses (src/build/bundle.ts): the browser files are kept in memory, the server bundle is written to `cacheDir`.
 */
export async function createDevBundler(options: { sourceRoot: string; cacheDir: string }): Promise<DevBundler> {
  const { sourceRoot, cacheDir } = options;
  // The site's files live under this folder's name in the URLs; esbuild writes nothing there (write: false).
  const siteDir = join(cacheDir, 'site');
  const serverFile = join(cacheDir, 'render-worker.mjs');
  await mkdir(cacheDir, { recursive: true });
  const [browser, server] = await Promise.all([
    context({ ...browserBundleOptions(sourceRoot, siteDir), write: false }),
    context({
      ...serverBundleOptions(join(sourceRoot, 'src/dev/render-worker.ts'), serverFile),
      metafile: true,
      sourcemap: true,
    }),
  ]);
  return {
    rebuild() {
      const failed = (error: unknown) => ({ ok: false as const, problems: problemsOf(error) });
      const browserBundle = browser.rebuild().then((b) => {
        const files = new Map<string, DevAsset>();
        for (const file of b.outputFiles)
          files.set(`/${relative(siteDir, file.path).split('\\').join('/')}`, { body: file.contents, hash: file.hash });
        return { ok: true as const, assets: assetManifest(b.metafile, sourceRoot, siteDir), files };
      }, failed);
      const serverBundle = server.rebuild().then(async (result) => {
        const text = await readFile(serverFile);
        const packages = new Set<string>();
        for (const output of Object.values(result.metafile.outputs))
          for (const imported of output.imports) if (imported.external) packages.add(imported.path);
        return {
          ok: true as const,
          file: serverFile,
          hash: createHash('sha256').update(text).digest('hex'),
          packages: [...packages].sort(),
        };
      }, failed);
      return { server: serverBundle, browser: browserBundle };
    },
    async dispose() {
      await Promise.all([browser.dispose(), server.dispose()]);
    },
  };
}

function problemsOf(error: unknown): BundleProblem[] {
  const errors = (error as Partial<BuildFailure>).errors;
  if (!Array.isArray(errors) || errors.length === 0)
    return [{ text: errorMessage(error), location: null, lineText: null }];
  return errors.map((message: Message) => ({
    text: message.text,
    location: message.location
      ? `${message.location.file}:${message.location.line}:${message.location.column + 1}`
      : null,
    lineText: message.location?.lineText ?? null,
  }));
}
