import pkg from '../package.json' with { type: 'json' };

/** Fieldhouse's version: package.json is its one source (the build id, the output marker and `site --version`). */
export const FIELDHOUSE_VERSION: string = pkg.version;
