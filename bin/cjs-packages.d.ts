import type { Plugin } from 'esbuild';

/**
 * The plugin, and `keyInputs`: the files a bundle made with it was read from, for its cache key, relative to `root`
 * (esbuild's metafile inputs but the stand-ins, this plugin's file, the manifests of the packages made `require`d).
 */
export function commonJsPackages(): { plugin: Plugin; keyInputs: (inputs: string[], root: string) => string[] };
