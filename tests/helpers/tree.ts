import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every file under a folder with the SHA-1 of its bytes, by relative path. A file with several names (hard links: the
 * demo's media name one photo many times over, and a build links what it keeps) is read once per call.
 */
export function treeDigest(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const byInode = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const stat = statSync(full, { bigint: true });
      if (stat.isDirectory()) {
        walk(full);
        continue;
      }
      const inode = `${stat.dev}:${stat.ino}`;
      let digest = stat.nlink > 1n ? byInode.get(inode) : undefined;
      if (digest === undefined) {
        digest = createHash('sha1').update(readFileSync(full)).digest('hex');
        if (stat.nlink > 1n) byInode.set(inode, digest);
      }
      out.set(relative(root, full), digest);
    }
  };
  walk(root);
  return out;
}

/** Every folder under a folder, by relative path (an empty one left behind shows here and not in treeDigest). */
export function treeFolders(root: string): Set<string> {
  const out = new Set<string>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true }))
    if (entry.isDirectory()) out.add(relative(root, join(entry.parentPath, entry.name)));
  return out;
}

/**
 * A copy of an output folder whose files are hard links to the original's: a build never writes into an output's
 * files (it replaces them by renames), so the two stay apart, and the copy costs no room. The demo's media name one
 * photo many times over (hard links of one file): a byte copy of the small department's output is 4 GB where the
 * output is 0.3 GB, and the tests keep their sites in memory.
 */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (entry.isDirectory()) linkTree(source, target);
    else linkSync(source, target);
  }
}
