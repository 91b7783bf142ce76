// An esbuild plugin for the server bundles (the CLI's, the render and search workers', `site dev`'s): the packages
// that are CommonJS are loaded with `require`, not `import`. Node imports a CommonJS file into an ES module by first
// reading its source through its own lexer (cjs-module-lexer, in JavaScript) for the names it exports, in every
// thread, and the lexer runs long enough for V8 to optimise it: React's server renderer, undici and sanitize-html
// cost a render thread about 0.2 s of CPU more to load that way (README, Benchmarks, "CommonJS packages"). `require`
// gives the same objects (Node keeps one module cache for both) without the lexer. Plain JavaScript: bin/cli-bundle.js
// uses it before anything could compile TypeScript.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The namespace of the modules the plugin writes: esbuild's metafile names them `<namespace>:<specifier>`. */
const PACKAGE_NAMESPACE = 'fieldhouse-cjs-package';
/** This file: the stand-ins are what it writes, so a bundle's cache key covers it. */
const PLUGIN_FILE = fileURLToPath(import.meta.url);
/** The one `require` a bundle's packages share, made from the bundle's own URL: it resolves as the imports did. */
const REQUIRE_MODULE = 'fieldhouse-cjs-require';

/**
 * The plugin, and `keyInputs`: the files a bundle made with it was read from, for its cache key, relative to `root`.
 * Those are esbuild's metafile inputs but the stand-ins (not files), and this file and the manifests of the packages
 * made `require`d (a bundle keeps the names each exported when it was made: their versions are part of it).
 * @returns {{ plugin: import('esbuild').Plugin, keyInputs: (inputs: string[], root: string) => string[] }}
 */
export function commonJsPackages() {
  const manifests = new Set();
  // By folder and specifier: every module of a folder that imports a package asks the same question.
  const found = new Map();
  /** @type {import('esbuild').Plugin} */
  const plugin = {
    // The bundles' cache keys cover this file itself (keyInputs), so an edit to what it writes makes new bundles.
    name: 'fieldhouse-cjs-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path === REQUIRE_MODULE) return { path: REQUIRE_MODULE, namespace: PACKAGE_NAMESPACE };
        if (args.kind !== 'import-statement' || args.namespace !== 'file' || args.path.startsWith('node:')) return;
        const key = `${args.resolveDir}\0${args.path}`;
        if (!found.has(key)) found.set(key, commonJsPackage(args.path, args.resolveDir));
        const pkg = found.get(key);
        if (!pkg) return;
        manifests.add(pkg.manifest);
        return { path: args.path, namespace: PACKAGE_NAMESPACE, pluginData: pkg.file };
      });
      build.onLoad({ filter: /.*/, namespace: PACKAGE_NAMESPACE }, async (args) => ({
        contents:
          args.path === REQUIRE_MODULE
            ? `import { createRequire } from 'node:module';\nexport default createRequire(import.meta.url);\n`
            : await packageModule(args.path, args.pluginData),
        loader: 'js',
      }));
    },
  };
  const keyInputs = (inputs, root) => [
    ...new Set([
      ...inputs.filter((input) => !input.startsWith(`${PACKAGE_NAMESPACE}:`)),
      ...[PLUGIN_FILE, ...manifests].map((file) => relative(root, file)),
    ]),
  ];
  return { plugin, keyInputs };
}

/**
 * The file a package specifier names from `resolveDir`, and its package's manifest, when the file is CommonJS and
 * `import` and `require` load the same file (its exports name no condition that parts them); null otherwise (an ES
 * module, a builtin, a package whose conditions part), and the specifier stays an import.
 * @param {string} specifier
 * @param {string} resolveDir
 */
function commonJsPackage(specifier, resolveDir) {
  let file;
  try {
    file = createRequire(join(resolveDir, 'index.js')).resolve(specifier);
  } catch {
    return null;
  }
  if (!/\.c?js$/.test(file)) return null; // a builtin (`fs`), a native addon
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  const at = file.lastIndexOf(`${sep}node_modules${sep}${name}${sep}`);
  if (at < 0) return null; // linked from elsewhere: its manifest is not where a key would look
  const manifest = join(file.slice(0, at), 'node_modules', name, 'package.json');
  let exports;
  try {
    ({ exports } = JSON.parse(readFileSync(manifest, 'utf8')));
  } catch {
    return null;
  }
  // Conditions that can send `import` and `require` to different files: such a package stays an import.
  if (/"(import|require|module-sync)"/.test(JSON.stringify(exports ?? null))) return null;
  return isCommonJs(file) ? { file, manifest } : null;
}

/** @param {string} file A `.js` file is CommonJS unless the nearest package.json says `"type": "module"`. */
function isCommonJs(file) {
  if (file.endsWith('.cjs')) return true;
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    let text;
    try {
      text = readFileSync(join(dir, 'package.json'), 'utf8');
    } catch {
      continue;
    }
    return JSON.parse(text).type !== 'module';
  }
  return true;
}

/**
 * An ES module standing for the package: `require`d, with the names Node's import gives it (its lexer's, read here
 * once, when bundling) bound to the same values.
 * @param {string} specifier
 * @param {string} file
 */
async function packageModule(specifier, file) {
  const names = Object.keys(await import(pathToFileURL(file).href)).filter((name) => name !== 'default');
  const lines = [
    `import require from ${JSON.stringify(REQUIRE_MODULE)};`,
    `const m = require(${JSON.stringify(specifier)});`,
    'export default m;',
    ...names.map((name, i) => `const e${i} = m[${JSON.stringify(name)}];`),
  ];
  if (names.length) lines.push(`export { ${names.map((name, i) => `e${i} as ${JSON.stringify(name)}`).join(', ')} };`);
  return `${lines.join('\n')}\n`;
}
