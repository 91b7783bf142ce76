import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createProgram } from '../../cli/index.ts';

interface Step {
  uses?: string;
  run?: string;
  with?: { path?: string; key?: string };
  env?: Record<string, string | number>;
}
interface Workflow {
  on: Record<string, unknown>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, { steps: Step[] }>;
}

const workflow = parse(readFileSync(new URL('../../docs/ci/content-webhook.yml', import.meta.url), 'utf8')) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

/** The long options a command takes (`--keep-going`, …). */
const optionsOf = (command: Command) => command.options.map((option) => option.long);

describe('docs/ci/content-webhook.yml', () => {
  it('runs on the CMS webhook (repository_dispatch content.changed), one run at a time, never cancelled', () => {
    expect(workflow.on.repository_dispatch).toEqual({ types: ['content.changed'] });
    expect(workflow.concurrency['cancel-in-progress']).toBe(false);
    expect(workflow.concurrency.group).toBeTruthy();
  });

  it('restores the previous build before building, deploys, and saves the build only after', () => {
    const order = steps.map((s) => s.uses?.replace(/@.*/, '') ?? s.run!.split(' ').slice(0, 3).join(' '));
    const at = (name: string) => order.findIndex((s) => s.startsWith(name));
    expect(at('npm ci')).toBeGreaterThanOrEqual(0);
    expect(at('actions/cache/restore')).toBeGreaterThan(at('npm ci'));
    expect(at('npx site build')).toBeGreaterThan(at('actions/cache/restore'));
    expect(at('npx wrangler pages')).toBeGreaterThan(at('npx site build'));
    expect(at('actions/cache/save')).toBeGreaterThan(at('npx wrangler pages'));
    const restore = steps.find((s) => s.uses?.startsWith('actions/cache/restore'))!;
    const save = steps.find((s) => s.uses?.startsWith('actions/cache/save'))!;
    expect(restore.with!.path).toBe(save.with!.path);
    expect(restore.with!.path!.split('\n').filter(Boolean)).toEqual([
      'out',
      '.out-cache',
      '.fieldhouse',
      '.cache/images',
    ]);
  });

  it("builds with glibc's mmap and trim thresholds fixed, which only the environment can set", () => {
    const build = steps.find((s) => s.run?.startsWith('npx site build'))!;
    expect(build.env?.MALLOC_MMAP_THRESHOLD_).toBe(131072);
    // Fixing the first fixes the second at 128 KiB unless it is set too: the arenas' tops were given back and
    // faulted in again all through the build.
    expect(build.env?.MALLOC_TRIM_THRESHOLD_).toBe(4 << 20);
  });

  it('names only site commands and options the CLI has', () => {
    const program = createProgram();
    const runs = steps.flatMap((s) => s.run?.split('\n') ?? []).filter((line) => line.startsWith('npx site '));
    expect(runs.length).toBeGreaterThan(0);
    for (const line of runs) {
      const [name, ...args] = line
        .replace(/\s*>.*$/, '')
        .split(/\s+/)
        .slice(2);
      const command = program.commands.find((c) => c.name() === name);
      expect(command, `site ${name}`).toBeDefined();
      for (const flag of args.filter((a) => a.startsWith('--'))) expect(optionsOf(command!)).toContain(flag);
    }
  });
});
