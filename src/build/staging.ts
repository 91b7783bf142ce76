import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, parse, resolve, sep } from 'node:path';
import { OutputNotOurs } from '../errors/catalogue.ts';
import { createError } from '../errors/error.ts';
import { commitOverlay, type OverlayPlan } from './overlay.ts';

/**
 * Every folder the build writes (the output, its staging folder) carries this file. The build replaces or
 * removes a folder only when it is missing, empty or carries it: a folder of anybody else's files is never touched.
 */
export const OUTPUT_MARKER = '.fieldhouse-output';

export interface OutputOwner {
  /** The project root (the config file's folder): never an output, nor any folder that holds it. */
  root: string;
  /** The Fieldhouse version, written into the marker. */
  version: string;
}

/** The marker's content: who wrote the folder. */
export function markerText(version: string): string {
  return `${JSON.stringify({ generator: 'fieldhouse', version, note: 'Written by `site build`; it replaces this folder on the next build.' })}\n`;
}

/** Does the folder carry the marker, and for which Fieldhouse version (null: not ours, or unreadable)? */
export function outputVersion(dir: string): string | null {
  try {
    const marker = JSON.parse(readFileSync(join(dir, OUTPUT_MARKER), 'utf8')) as {
      generator?: unknown;
      version?: unknown;
    };
    return marker.generator === 'fieldhouse' && typeof marker.version === 'string' ? marker.version : null;
  } catch {
    return null;
  }
}

/** The real path of a folder that may not exist yet: its deepest existing ancestor resolved, the rest appended. */
function realPath(path: string): string {
  const absolute = resolve(path);
  const missing: string[] = [];
  let at = absolute;
  while (!existsSync(at)) {
    missing.unshift(basename(at));
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  return join(realpathSync(at), ...missing);
}

const isWithin = (child: string, parent: string) =>
  child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);

/**
 * Why the build may not write `outDir`, or null when it may: the folder must be missing, empty, or a previous
 * build's (it carries the marker), and never the filesystem root, the home folder, the project or a folder that
 * holds it.
 */
export function outputRefusal(outDir: string, owner: Pick<OutputOwner, 'root'>, cwd = process.cwd()): string | null {
  const target = realPath(outDir);
  if (target === parse(target).root) return 'it is the root of the file system';
  if (target === realPath(homedir())) return 'it is your home folder';
  for (const [what, place] of [
    ['the project (the folder of the config file)', owner.root],
    ['the current folder', cwd],
  ] as const) {
    const held = realPath(place);
    if (isWithin(held, target)) return target === held ? `it is ${what}` : `it holds ${what} (${held})`;
  }
  if (!existsSync(target)) return null;
  if (!statSync(target).isDirectory()) return 'it is a file, not a folder';
  const entries = readdirSync(target);
  if (entries.length === 0 || outputVersion(target) !== null) return null;
  const sample = entries.slice(0, 3).join(', ');
  return `it holds ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} that no Fieldhouse build wrote (${sample}${entries.length > 3 ? ', …' : ''})`;
}

/** Refuse, with the catalogue's error (exit 2), an output folder the build must not replace. */
export function claimOutput(outDir: string, owner: Pick<OutputOwner, 'root'>): void {
  const reason = outputRefusal(outDir, owner);
  if (reason)
    throw createError(OutputNotOurs, [resolve(outDir), reason], { details: { outDir: resolve(outDir), reason } });
}

/**
 * The build writes into a staging folder beside out/ and swaps it in only when everything succeeded, so a
 * failed build leaves the previous output exactly as it was.
 */
export interface Staging {
  dir: string;
  /** Replace the output folder with the staging folder (rename, then remove the old one). */
  commit(): Promise<void>;
  /**
   * Move the staging folder's files over the output's instead, and remove the files `plan` names (an incremental
   * build whose build id did not change: overlay.ts). `journal` marks the commit as under way until the build
   * cache replaces it.
   */
  commitOver(plan: OverlayPlan, journal: string): void;
  /** Throw the staging folder away. */
  discard(): Promise<void>;
}

export async function createStaging(outDir: string, owner: OutputOwner): Promise<Staging> {
  const target = resolve(outDir);
  claimOutput(target, owner);
  const prefix = `.${basename(target)}-staging-`;
  const dir = join(dirname(target), `${prefix}${process.pid}-${Date.now()}`);
  await sweepLeftovers(dirname(target), prefix, removeInBackground);
  await mkdir(dir, { recursive: true });
  writeFileSync(join(dir, OUTPUT_MARKER), markerText(owner.version));
  return {
    dir,
    async commit() {
      // Checked again at the swap: the folder may have changed hands during the build.
      claimOutput(target, owner);
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
    commitOver(plan, journal) {
      claimOutput(target, owner);
      commitOverlay(dir, target, plan, journal);
      // Its files are in the output. What is left (the files the commit replaced, parked; those that came out the
      // same; a folder per page touched) is removed on the thread pool, not by a shell: spawning one from the main
      // thread of a process of a gigabyte takes it 12-16 ms, a tenth of an edit's build. A process that exits waits
      // for the removal; one stopped leaves the folder to the next build's sweep.
      rm(dir, { recursive: true, force: true }).catch(() => undefined);
    },
    discard: () => rm(dir, { recursive: true, force: true }),
  };
}

/** What a folder being removed in the background is renamed to: its name, this, and the remover's pid. */
const REMOVING = '.rm-';

/**
 * The previous output is no longer served once the swap is done; deleting tens of thousands of files takes
 * seconds, so a detached process does it and the build finishes at once. The folder is first renamed to carry the
 * remover's pid (a shell that becomes `rm`), so a build starting meanwhile leaves it to that process instead of
 * removing it a second time at once; of two sweeps, only the first rename succeeds. Leftovers of a remover that
 * was stopped are swept by the next build.
 */
function removeInBackground(dir: string): void {
  if (process.platform === 'win32') {
    void rm(dir, { recursive: true, force: true });
    return;
  }
  const base = dir.includes(REMOVING) ? dir.slice(0, dir.indexOf(REMOVING)) : dir;
  const script = `mv -- "$1" "$2$$" 2>/dev/null && exec rm -rf -- "$2$$"`;
  spawn('sh', ['-c', script, 'sh', dir, `${base}${REMOVING}`], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * Staging folders of builds that crashed, and old outputs whose background removal was cut short or is still
 * under way (a build started right after another): only folders of the staging name, of a process that is gone,
 * that carry the marker, so a look-alike folder of someone else's is left alone. Removed in the background as
 * well: a whole old output takes seconds (16 s at demo scale 10), and the new build's staging folder has a name of
 * its own.
 */
async function sweepLeftovers(parent: string, prefix: string, remove: (dir: string) => void): Promise<void> {
  const entries = await readdir(parent).catch(() => [] as string[]);
  for (const name of entries) {
    if (!name.startsWith(prefix)) continue;
    const [own, remover] = name.slice(prefix.length).split(REMOVING);
    // The build that made it, or the process removing it, is still at work.
    if (isRunning(Number(own!.split('-')[0])) || (remover !== undefined && isRunning(Number(remover)))) continue;
    if (outputVersion(join(parent, name)) !== null) remove(join(parent, name));
  }
}

/** Is there a process of this id (one of another user's counts: signalling it is refused, not unknown)? */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
