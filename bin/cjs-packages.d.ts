import type { Plugin } from 'esbuild';

/** The namespace of the modules the plugin writes: esbuild's metafile names them `<namespace>:<specifier>`. */
export const PACKAGE_NAMESPACE: string;
/** The plugin, and the package manifests (absolute paths) of the packages it made `require`d. */
export function commonJsPackages(): { plugin: Plugin; manifests: Set<string> };
