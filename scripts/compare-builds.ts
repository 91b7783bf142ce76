/**
 * Compare two built sites file by file, as a refactor must leave them: equal but for the build id and the
 * content hashes in asset names (any change to the runtime's code renames its chunks), and the lists of chunks a
 * page preloads or its boot data names (how esbuild splits shared code follows the module graph). Prints what
 * differs.
 *
 *   npx tsx scripts/compare-builds.ts <before> <after>
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: npx tsx scripts/compare-builds.ts <before> <after>');
  process.exit(2);
}

function files(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.set(relative(root, path), path);
    }
  };
  walk(root);
  return out;
}

const buildIdOf = (root: string) =>
  (JSON.parse(readFileSync(join(root, '_site/builds/latest.json'), 'utf8')) as { id: string }).id;
const ids = [buildIdOf(before), buildIdOf(after)];
/** Asset names without their hashes, build ids as one placeholder. */
const normalise = (text: string) =>
  text
    .replace(/<link rel="modulepreload" href="[^"]*">/g, '')
    .replace(/"modules":\[[^\]]*\]/g, '"modules":[]')
    .replace(/(\/_site\/assets\/[\w-]*?)-[A-Z0-9]{8}\.(js|css)/g, '$1.$2')
    .replace(
      /(["/(])(chunk|boot|page-[a-z-]+|layout-[a-z-]+|runtime-start|error-reporting|site)-[A-Z0-9]{8}\.(js|css)/g,
      '$1$2.$3',
    )
    .replaceAll(ids[0]!, 'BUILD-ID')
    .replaceAll(ids[1]!, 'BUILD-ID');
const key = (path: string) => normalise(path);

const a = new Map([...files(before)].map(([rel, full]) => [key(rel), full]));
const b = new Map([...files(after)].map(([rel, full]) => [key(rel), full]));
const onlyBefore = [...a.keys()].filter((k) => !b.has(k) && !k.startsWith('_site/assets/'));
const onlyAfter = [...b.keys()].filter((k) => !a.has(k) && !k.startsWith('_site/assets/'));
const differ: string[] = [];
for (const [k, path] of a) {
  const other = b.get(k);
  if (!other || k.startsWith('_site/assets/')) continue;
  const x = readFileSync(path);
  const y = readFileSync(other);
  if (x.equals(y)) continue;
  if (normalise(x.toString('utf8')) !== normalise(y.toString('utf8'))) differ.push(k);
}
console.log(
  `${a.size} files before, ${b.size} after; assets compared by name only (their hashes change with the code)`,
);
console.log(`only before: ${onlyBefore.length}${onlyBefore.length ? ` (${onlyBefore.slice(0, 10).join(', ')})` : ''}`);
console.log(`only after: ${onlyAfter.length}${onlyAfter.length ? ` (${onlyAfter.slice(0, 10).join(', ')})` : ''}`);
console.log(`differ: ${differ.length}${differ.length ? ` (${differ.slice(0, 20).join(', ')})` : ''}`);
process.exit(onlyBefore.length || onlyAfter.length || differ.length ? 1 : 0);
