import { copyFileSync, renameSync, rmSync } from 'node:fs';

/**
 * Move a file, across file systems too: a rename, or where a rename cannot cross devices (EXDEV: the build's work
 * folder under node_modules/.cache, an output on another disk or a tmpfs), a copy and the original removed.
 */
export function moveFileSync(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(from, to);
    rmSync(from, { force: true });
  }
}
