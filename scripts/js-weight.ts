/**
 * What JavaScript weighs as fans download it, measured on a built site: each file gzipped at level 9 (as a host
 * serves it). Shared by `npm run bench:client` and the budget test (tests/e2e/budgets.spec.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BootData } from '../src/contract/index.ts';

/** Gzipped bytes of a file of the site, by its URL path; memoised per site. */
export function gzipWeigher(outDir: string): (urlPath: string) => number {
  const sizes = new Map<string, number>();
  return (urlPath) => {
    let size = sizes.get(urlPath);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(outDir, urlPath)), { level: 9 }).byteLength;
      sizes.set(urlPath, size);
    }
    return size;
  };
}

/** A module and its static imports, as URL paths. */
export function staticClosure(outDir: string, entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(join(outDir, entry), 'utf8');
  for (const [, spec] of code.matchAll(/(?:import|from)\s*"(\.\/[^"]+\.js)"/g))
    staticClosure(outDir, `${entry.slice(0, entry.lastIndexOf('/'))}/${spec!.slice(2)}`, seen);
  return seen;
}

/** The HTML file a page path is written to. */
export function htmlFileOf(outDir: string, path: string): string {
  const candidates = path === '/' ? ['index.html'] : [`${path}.html`, `${path}/index.html`];
  const found = candidates.map((file) => join(outDir, file)).find((file) => existsSync(file));
  if (!found) throw new Error(`No HTML file for ${path} in ${outDir}`);
  return found;
}

/** The module scripts an HTML document names: its module script tags and modulepreload links, as written. */
export function namedScripts(html: string): string[] {
  return [...html.matchAll(/<script type="module" src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map(
    (m) => m[1] ?? m[2]!,
  );
}

/**
 * First-load JavaScript of a page: every script its HTML names (module scripts and modulepreloads, Fieldhouse's own
 * under /_site/) and their static imports, with their gzipped bytes.
 */
export function firstLoad(outDir: string, path: string): { files: string[]; bytes: number } {
  const files = new Set<string>();
  for (const entry of namedScripts(readFileSync(htmlFileOf(outDir, path), 'utf8'))) staticClosure(outDir, entry, files);
  return weighed(outDir, files);
}

/**
 * What a page loads to hydrate, once runtime/hydrate.ts starts it: the modules its boot data lists and their static
 * imports, with their gzipped bytes, beside what its first load already has.
 */
export function hydrationLoad(outDir: string, path: string): { files: string[]; bytes: number } {
  const files = new Set<string>();
  for (const entry of bootDataOf(readFileSync(htmlFileOf(outDir, path), 'utf8')).modules)
    staticClosure(outDir, entry, files);
  for (const file of firstLoad(outDir, path).files) files.delete(file);
  return weighed(outDir, files);
}

/** The boot data an HTML document gives the runtime (#__FH_BOOT__). */
export function bootDataOf(html: string): BootData {
  const boot = /<script type="application\/json" id="__FH_BOOT__">(.*?)<\/script>/.exec(html);
  if (!boot) throw new Error('The document has no boot data (#__FH_BOOT__)');
  return JSON.parse(boot[1]!) as BootData;
}

function weighed(outDir: string, files: Set<string>): { files: string[]; bytes: number } {
  const weigh = gzipWeigher(outDir);
  return { files: [...files], bytes: [...files].reduce((sum, file) => sum + weigh(file), 0) };
}
