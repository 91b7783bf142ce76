// An esbuild plugin for the server bundles (the CLI's, the render and search workers', `site dev`'s): the packages
// that are CommonJS are loaded with `require`, not `import`. Node imports a CommonJS file into an ES module by first
// reading its source through its own lexer (cjs-module-lexer, in JavaScript) for the names it exports, in every
// thread, and the lexer runs long enough for V8 to optimise it: React's server renderer, undici and sanitize-html
// cost a render thread about 0.2 s of CPU more to load that way (README, Benchmarks, "CommonJS packages"). `require`
// gives the same objects (Node keeps one module cache for both) without the lexer. Plain JavaScript: bin/cli-bundle.js
// uses it before anything could compile TypeScript.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The namespace of the modules the plugin writes: esbuild's metafile names them `<namespace>:<specifier>`. */
export const PACKAGE_NAMESPACE = 'fieldhouse-cjs-package';
/** The one `require` a bundle's packages share, made from the bundle's own URL: it resolves as the imports did. */
const REQUIRE_MODULE = 'fieldhouse-cjs-require';

/**
 * The plugin, and the package manifests (absolute paths) of the packages it made `require`d: a bundle keeps the
 * names each exported when it was made, so its cache key must cover their versions.
 * @returns {{ plugin: import('esbuild').Plugin, manifests: Set<string> }}
 */
export function commonJsPackages() {
  const manifests = new Set();
  /** @type {import('esbuild').Plugin} */
  const plugin = {
    // Part of the bundles' cache keys (src/build/bundle.ts): change it when the modules it writes change.
    name: 'fieldhouse-cjs-packages-1',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path === REQUIRE_MODULE) return { path: REQUIRE_MODULE, namespace: PACKAGE_NAMESPACE };
        if (args.kind !== 'import-statement' || args.namespace !== 'file' || args.path.startsWith('node:')) return;
        const found = commonJsPackage(args.path, args.resolveDir);
        if (!found) return;
        manifests.add(found.manifest);
        return { path: args.path, namespace: PACKAGE_NAMESPACE, pluginData: found.file };
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
  return { plugin, manifests };
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
