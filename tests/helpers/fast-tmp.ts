import { accessSync, constants, statfsSync, statSync } from 'node:fs';

/**
 * Where the tests put the sites they build. The suite builds the demo some thirty times and writes gigabytes; on this
 * machine's ext4 disk (mounted with `discard`) a build of the small department took 11.2–12.2 s wall (20–22 s CPU)
 * against 10.1–10.8 s (18–19 s) in memory (tmpfs), and 14.5–15.4 s (26–28 s) right after other builds, while the disk
 * was still writing theirs, as it is all through the suite (whose vitest half went from 606 to 531 s). Nothing the
 * tests prove depends on the disk, so they use memory where the machine has a tmpfs with room for the largest test's
 * sites, and the system's temporary folder otherwise. FH_TEST_TMPDIR names another folder.
 */
export const TMPFS_CANDIDATES = ['/dev/shm'];
/** The incremental tests keep a few copies of the small department (HTML, payloads, copied image variants). */
export const MIN_FREE_BYTES = 6 * 1024 ** 3;

/** The first of `candidates` that exists, is writable and passes `test`, or null. */
function firstWritable(candidates: readonly string[], test: (folder: string) => boolean): string | null {
  for (const folder of candidates) {
    try {
      accessSync(folder, constants.W_OK);
      if (test(folder)) return folder;
    } catch {
      // Not there, or not ours: try the next.
    }
  }
  return null;
}

/** The first of `candidates` that is writable with at least `minFree` bytes free, or null. */
export function roomyFolder(candidates: readonly string[], minFree: number): string | null {
  return firstWritable(candidates, (folder) => {
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize >= minFree;
  });
}

/** Point os.tmpdir() (and so every test's mkdtemp) at a folder in memory when there is one; child processes inherit it. */
export function buildTestsInMemory(): void {
  const chosen = process.env.FH_TEST_TMPDIR ?? roomyFolder(TMPFS_CANDIDATES, MIN_FREE_BYTES);
  if (chosen) process.env.TMPDIR = chosen;
}

/**
 * A writable folder on another file system than `path`: memory when `path` is on the disk, the disk when it is in
 * memory (the tests' own folder, above). For the tests of what a build does across devices (links become copies).
 */
export function folderOnAnotherDevice(path: string): string | null {
  const device = statSync(path).dev;
  return firstWritable([...TMPFS_CANDIDATES, '/var/tmp', '/tmp'], (folder) => statSync(folder).dev !== device);
}
