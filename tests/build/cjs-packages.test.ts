import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { commonJsPackages } from '../../bin/cjs-packages.js';
import { serverBundleOptions } from '../../src/build/bundle.ts';

// Inside the package, where the server bundles live: the bundle resolves its packages from its own folder.
const cacheRoot = join(process.cwd(), 'node_modules/.cache');
mkdirSync(cacheRoot, { recursive: true });
const work = mkdtempSync(join(cacheRoot, 'fieldhouse-cjs-packages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const require = createRequire(join(process.cwd(), 'index.js'));

describe('CommonJS packages in the server bundles', () => {
  it('are required, with the names and values an import gives; ES modules and packages whose conditions part stay imports', async () => {
    const entry = join(work, 'entry.ts');
    writeFileSync(
      entry,
      [
        "import React, { createElement, version } from 'react';",
        "import { renderToString } from 'react-dom/server';",
        "import * as server from 'react-dom/server';",
        "import { z } from 'zod';",
        "import { Command } from 'commander';",
        "import { join } from 'path';",
        "import parted from 'parted';",
        'export const got = { React, createElement, version, renderToString, server, z, Command, join, parted };',
      ].join('\n'),
    );
    // A package whose `require` condition names another file than `import` gets: it stays an import.
    const parted = join(work, 'node_modules/parted');
    mkdirSync(parted, { recursive: true });
    writeFileSync(
      join(parted, 'package.json'),
      JSON.stringify({ name: 'parted', exports: { require: './main.cjs', default: './main.mjs' } }),
    );
    writeFileSync(join(parted, 'main.cjs'), "module.exports = 'required';");
    writeFileSync(join(parted, 'main.mjs'), "export default 'imported';");
    const outfile = join(work, 'bundle.mjs');
    const packages = commonJsPackages();
    await build(serverBundleOptions(entry, outfile, packages));

    const text = readFileSync(outfile, 'utf8');
    // The lexer is what the plugin saves: Node runs it on a CommonJS file an import statement names.
    expect(text).not.toMatch(/from "react(-dom\/server)?"/);
    expect(text).toContain('from "zod"'); // an ES module
    expect(text).toContain('from "commander"'); // its exports name an `import` condition (an ES wrapper)
    expect(text).toContain('from "path"'); // a builtin
    expect(text).toContain('from "parted"');

    const { got } = (await import(pathToFileURL(outfile).href)) as { got: Record<string, unknown> };
    // The same objects as `require` gives (Node keeps one module cache for both) …
    expect(got.React).toBe(require('react'));
    expect(got.createElement).toBe(require('react').createElement);
    expect(got.version).toBe(require('react').version);
    expect(got.renderToString).toBe(require('react-dom/server').renderToString);
    expect(got.parted).toBe('imported');
    // … under the names Node's import gives the package (its lexer's), no more and no fewer.
    const imported = await import('react-dom/server');
    expect(Object.keys(got.server as object).sort()).toEqual(Object.keys(imported).sort());
    expect((got.server as { default: unknown }).default).toBe(imported.default);

    // The bundle keeps those names, so a cache key must cover the packages' versions, and the plugin; the stand-ins
    // are not files.
    const inputs = packages.keyInputs(['entry.ts', 'fieldhouse-cjs-package:react'], process.cwd());
    const manifest = (name: string) => relative(process.cwd(), realpathSync(`node_modules/${name}/package.json`));
    expect(inputs.sort()).toEqual(['bin/cjs-packages.js', 'entry.ts', manifest('react'), manifest('react-dom')].sort());
  }, 60_000);
});
