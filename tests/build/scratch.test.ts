import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCRATCH_QUIET_MS, sweepScratch } from '../../src/build/resources.ts';

const parent = mkdtempSync(join(tmpdir(), 'fh-scratch-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** The id of a process that has exited (its id free again, as a killed build's is). */
const gonePid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** A scratch folder with a line file in a folder of its own, every part of it last changed `age` ms ago. */
function scratch(name: string, age: number): string {
  const dir = join(parent, name);
  mkdirSync(join(dir, 'deps'), { recursive: true });
  writeFileSync(join(dir, 'deps', 'pages.jsonl'), '["/"]\n');
  const when = new Date(Date.now() - age);
  for (const path of [join(dir, 'deps', 'pages.jsonl'), join(dir, 'deps'), dir]) utimesSync(path, when, when);
  return dir;
}

describe('the scratch folders of builds that were killed', () => {
  it('are removed when their process is gone and nothing in them changed for a while; nothing else is', async () => {
    const hour = 60 * 60_000;
    const dead = gonePid();
    scratch(`build-${dead}-1796000000000`, hour);
    // A build of this process (alive), one of a gone process written to a minute ago (a build in another container
    // has a process table of its own), the bundle cache, and a folder of someone else's.
    scratch(`build-${process.pid}-1796000000001`, hour);
    const recent = scratch(`build-${dead}-1796000000002`, 60_000);
    scratch('bundles', hour);
    scratch(`build-${dead}-x`, hour);
    // Its folders are old; a file deep inside it changed a moment ago.
    const touched = scratch(`build-${dead}-1796000000003`, hour);
    writeFileSync(join(touched, 'deps', 'pages.jsonl'), '["/"]\n["/news"]\n');

    expect(await sweepScratch(parent)).toEqual([`build-${dead}-1796000000000`]);
    expect(readdirSync(parent).sort()).toEqual(
      [
        `build-${dead}-1796000000002`,
        `build-${dead}-1796000000003`,
        `build-${dead}-x`,
        `build-${process.pid}-1796000000001`,
        'bundles',
      ].sort(),
    );
    // Once it has been quiet long enough, the recent one goes too.
    expect(await sweepScratch(parent, Date.now() + SCRATCH_QUIET_MS)).toContain(`build-${dead}-1796000000002`);
    expect(existsSync(recent)).toBe(false);
    expect(existsSync(join(parent, `build-${process.pid}-1796000000001`))).toBe(true);
  });

  it('leaves everything when the folder cannot be read', async () => {
    expect(await sweepScratch(join(parent, 'missing'))).toEqual([]);
  });
});
