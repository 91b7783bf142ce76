import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBuildCache } from '../../src/build/deps/cache.ts';
import { buildSite } from '../../src/build/index.ts';
import { createStaging, OUTPUT_MARKER, outputRefusal } from '../../src/build/staging.ts';
import { validateConfig } from '../../src/config/index.ts';
import { isFieldhouseError } from '../../src/errors/error.ts';
import { folderOnAnotherDevice } from '../helpers/fast-tmp.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { treeDigest } from '../helpers/tree.ts';
import { createPageTally } from '../../src/build/deps/tally.ts';

const repo = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fieldhouse-output-folder-'));
const logger = createLogger({ level: 'silent' });
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder of somebody's files: what a wrong --out must never lose. */
function victim(name: string): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'photos'), { recursive: true });
  writeFileSync(join(dir, 'taxes.pdf'), '%PDF-1.4 private');
  writeFileSync(join(dir, 'photos', 'beach.jpg'), 'jpeg bytes');
  writeFileSync(join(dir, 'IMPORTANT.txt'), 'do not delete');
  return dir;
}

const config = validateConfig({ siteUrl: 'https://www.example.edu' }, 'test');

/** buildSite with an output folder it must refuse: the refusal, and a check that nothing moved. */
async function refusedBuild(outDir: string, root: string): Promise<string> {
  const parent = join(outDir, '..');
  const before = treeDigest(parent);
  const error = await buildSite({ config, root, outDir, logger }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(isFieldhouseError(error) && error.code).toBe('OutputNotOurs');
  expect(treeDigest(parent)).toEqual(before);
  return (error as Error).message;
}

describe('the output folder is the build’s own', () => {
  it('refuses the project folder itself, over the CLI, with exit code 2 and every file in place', () => {
    const project = victim('project');
    writeFileSync(join(project, 'site.config.ts'), "export default { siteUrl: 'https://www.example.edu' };\n");
    mkdirSync(join(project, 'notes'));
    writeFileSync(join(project, 'notes', 'plan.md'), '# plan');
    const before = treeDigest(project);
    const result = spawnSync(
      process.execPath,
      [join(repo, 'bin/site.js'), 'build', '--config', join(project, 'site.config.ts'), '--out', project],
      { encoding: 'utf8', timeout: 60_000, cwd: repo },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`Refusing to write the site into ${project}: it is the project`);
    expect(result.stderr).toContain('hint: Choose an empty or new folder with --out');
    expect(treeDigest(project)).toEqual(before);
  });

  it('refuses a folder of files no build wrote, naming some of them, and leaves them all', async () => {
    const folder = victim('unrelated');
    const message = await refusedBuild(folder, repo);
    expect(message).toMatch(/it holds 3 entries that no Fieldhouse build wrote \((IMPORTANT\.txt|photos|taxes\.pdf)/);
  });

  it('refuses a folder that holds the project', async () => {
    const parent = victim('parent');
    const project = join(parent, 'site');
    mkdirSync(project);
    const message = await refusedBuild(parent, project);
    expect(message).toContain(`it holds the project (the folder of the config file) (${project})`);
  });

  it('refuses the home folder and the file system root', () => {
    const home = victim('home');
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      expect(outputRefusal(home, { root: repo })).toBe('it is your home folder');
    } finally {
      process.env.HOME = saved;
    }
    expect(outputRefusal('/', { root: repo })).toBe('it is the root of the file system');
  });

  it('refuses the current folder, a folder holding it, and a file', () => {
    const cwd = join(victim('cwd'), 'photos');
    expect(outputRefusal(cwd, { root: repo }, cwd)).toBe('it is the current folder');
    expect(outputRefusal(join(cwd, '..'), { root: repo }, cwd)).toMatch(/^it holds the current folder/);
    expect(outputRefusal(join(work, 'cwd', 'taxes.pdf'), { root: repo }, repo)).toBe('it is a file, not a folder');
  });

  it('sees through a symbolic link to the project', () => {
    const project = victim('linked-project');
    const link = join(work, 'innocent-looking');
    symlinkSync(project, link);
    expect(outputRefusal(link, { root: project }, repo)).toBe('it is the project (the folder of the config file)');
  });

  it('accepts a missing folder, an empty one and a previous build’s', () => {
    expect(outputRefusal(join(work, 'new', 'out'), { root: repo }, repo)).toBeNull();
    const empty = join(work, 'empty');
    mkdirSync(empty);
    expect(outputRefusal(empty, { root: repo }, repo)).toBeNull();
    const previous = victim('previous-build');
    writeFileSync(join(previous, OUTPUT_MARKER), JSON.stringify({ generator: 'fieldhouse', version: '0.1.0' }));
    expect(outputRefusal(previous, { root: repo }, repo)).toBeNull();
  });

  it('does not take a look-alike marker for its own', () => {
    const fake = victim('fake-marker');
    writeFileSync(join(fake, OUTPUT_MARKER), 'not json');
    expect(outputRefusal(fake, { root: repo }, repo)).toMatch(/no Fieldhouse build wrote/);
  });
});

describe('leftovers of earlier builds', () => {
  it('are removed in the background when their process is gone, and a look-alike is left alone', async () => {
    const parent = join(work, 'leftovers');
    // A crashed build's staging folder and an old output whose removal was cut short: a pid no process has.
    const crashed = join(parent, '.out-staging-999999999-1');
    const old = join(parent, '.out-staging-999999999-2-old');
    for (const dir of [crashed, old]) {
      mkdirSync(join(dir, 'news', 'a'), { recursive: true });
      writeFileSync(join(dir, 'news', 'a', 'index.html'), '<p>old</p>');
      writeFileSync(join(dir, OUTPUT_MARKER), JSON.stringify({ generator: 'fieldhouse', version: '0.1.0' }));
    }
    const lookAlike = victim(join('leftovers', '.out-staging-999999999-3'));
    const before = treeDigest(lookAlike);
    // Also a staging folder of this very process (a build under way), and an old output that a live process is
    // removing (renamed with the remover's pid, here this one's): neither is swept.
    const running = join(parent, `.out-staging-${process.pid}-4`);
    const removing = join(parent, `.out-staging-999999999-5-old.rm-${process.pid}`);
    for (const dir of [running, removing]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, OUTPUT_MARKER), JSON.stringify({ generator: 'fieldhouse', version: '0.1.0' }));
    }

    const staging = await createStaging(join(parent, 'out'), { root: repo, version: '0.1.0' });
    await expect
      .poll(() => readdirSync(parent).sort(), { timeout: 10_000 })
      .toEqual([basename(lookAlike), basename(running), basename(removing), basename(staging.dir)].sort());
    expect(treeDigest(lookAlike)).toEqual(before);
    await staging.discard();
  });
});

describe('the build cache beside the output is the build’s own too', () => {
  const manifest = {
    fieldhouse: '0.1.0',
    config: 'c',
    buildId: '0123456789abcdef',
    contentId: 'fedcba9876543210',
    pages: 0,
    indexable: 0,
  };
  const prepare = (outDir: string) => {
    const planFile = join(work, 'plan.jsonl');
    writeFileSync(planFile, '');
    const ledgerFile = join(work, 'pages-sorted.tsv');
    writeFileSync(ledgerFile, '');
    return prepareBuildCache({
      outDir,
      manifest,
      depsFiles: [],
      keptLines: null,
      chromes: new Map(),
      links: { previous: null, lines: [], recheck: [] },
      planFile,
      search: null,
      ledgerFile,
      others: [],
      failedMedia: [],
      media: new Map(),
      tally: createPageTally(),
      scratchDir: work,
      now: new Date(0),
    });
  };

  it('replaces a cache a build wrote, and never a look-alike folder of somebody’s files', () => {
    const site = join(work, 'cached', 'out');
    mkdirSync(site, { recursive: true });
    expect(prepare(site).commit()).toBeNull();
    expect(prepare(site).commit()).toBeNull();
    expect(readdirSync(join(work, 'cached')).sort()).toEqual(['.out-cache', 'out']);

    const mine = join(work, 'mine', 'out');
    const cache = victim(join('mine', '.out-cache'));
    const before = treeDigest(cache);
    expect(prepare(mine).commit()).toMatch(/holds files no Fieldhouse build wrote/);
    expect(treeDigest(cache)).toEqual(before);
    expect(readdirSync(join(work, 'mine'))).toEqual(['.out-cache']);
  });

  // The build's work folder is under node_modules/.cache; an output may be on another disk, or a tmpfs.
  const otherDevice = folderOnAnotherDevice(work);
  it.skipIf(!otherDevice)('is written beside an output on another file system than the work folder', () => {
    const elsewhere = mkdtempSync(join(otherDevice!, 'fieldhouse-output-folder-'));
    try {
      const site = join(elsewhere, 'out');
      mkdirSync(site);
      expect(prepare(site).commit()).toBeNull();
      expect(readdirSync(join(elsewhere, '.out-cache'))).toContain('plan.jsonl');
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
