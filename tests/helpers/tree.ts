import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under a folder with the SHA-1 of its bytes, by relative path. */
export function treeDigest(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(relative(root, full), createHash('sha1').update(readFileSync(full)).digest('hex'));
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
