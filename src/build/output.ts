import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UnsafeOutputPath } from '../errors/catalogue.ts';
import { createError } from '../errors/error.ts';

/**
 * The build writes into a staging folder beside out/ and swaps it in only when everything succeeded, so a
 * failed build leaves the previous output exactly as it was.
 */
export interface Staging {
  dir: string;
  /** Replace the output folder with the staging folder (rename, then remove the old one). */
  commit(): Promise<void>;
  /** Throw the staging folder away. */
  discard(): Promise<void>;
}

export async function createStaging(outDir: string): Promise<Staging> {
  const target = resolve(outDir);
  const prefix = `.${basename(target)}-staging-`;
  const dir = join(dirname(target), `${prefix}${process.pid}-${Date.now()}`);
  await sweepLeftovers(dirname(target), prefix);
  await mkdir(dir, { recursive: true });
  return {
    dir,
    async commit() {
      const old = `${dir}-old`;
      if (existsSync(target)) await rename(target, old);
      try {
        await rename(dir, target);
      } catch (error) {
        if (existsSync(old)) await rename(old, target);
        throw error;
      }
      removeInBackground(old);
    },
    discard: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The previous output is no longer served once the swap is done; deleting tens of thousands of files takes
 * seconds, so a detached process does it and the build finishes at once. Leftovers are swept by the next build.
 */
function removeInBackground(dir: string): void {
  if (process.platform === 'win32') {
    void rm(dir, { recursive: true, force: true });
    return;
  }
  spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
}

/** Staging folders of builds that crashed, and old outputs whose background removal was cut short. */
async function sweepLeftovers(parent: string, prefix: string): Promise<void> {
  const entries = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith(prefix) && !isRunning(Number(name.slice(prefix.length).split('-')[0])))
      .map((name) => rm(join(parent, name), { recursive: true, force: true })),
  );
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const UNSAFE_SEGMENT = /^\.{1,2}$|[\\/\0]|%2e|%2f|%5c/i;

/** Join a site path under the output folder, refusing anything that would land outside it. */
export function outputPath(root: string, sitePath: string, record: string): string {
  const segments = sitePath.split('/').filter(Boolean);
  const bad = segments.find((s) => UNSAFE_SEGMENT.test(s));
  const full = resolve(root, ...segments);
  if (bad !== undefined || (full !== resolve(root) && !full.startsWith(resolve(root) + sep))) {
    throw createError(UnsafeOutputPath, [sitePath, record], { details: { record } });
  }
  return full;
}

/** A params value that would make an unsafe path segment (before it reaches outputPath). */
export function unsafeParam(value: string | string[]): boolean {
  return (Array.isArray(value) ? value : [value]).some((v) => v === '' || UNSAFE_SEGMENT.test(v) || v.includes('/'));
}
