import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const site = (...args: string[]) =>
  spawnSync(process.execPath, ['bin/site.js', ...args], { encoding: 'utf8', timeout: 30_000 });

describe('site CLI', () => {
  it('documents its commands and exit codes', () => {
    const result = site('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('demo-api');
    expect(result.stdout).toContain('Exit codes: 0 success, 1 the command failed, 2 bad usage or configuration.');
  });

  it('refuses a bad option with exit code 2 and says what is expected', () => {
    const result = site('demo-api', '--error-rate', '7');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      "option '--error-rate <share>' argument '7' is invalid. expected a share from 0 to 1",
    );
  });

  it('says once that the API cannot be reached, naming api.baseUrl, with exit code 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-cli-'));
    try {
      // A port nothing listens on: the connection is refused at once.
      writeFileSync(
        join(dir, 'site.config.ts'),
        "export default { siteUrl: 'https://x.edu', api: { baseUrl: 'http://127.0.0.1:9' }, fetch: { retries: 0 } };\n",
      );
      const result = site('build', '--config', join(dir, 'site.config.ts'), '--out', join(dir, 'out'));
      expect(result.status).toBe(2);
      const lines = result.stderr.split('\n').filter((line) => line.includes('Cannot reach the content API'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('Cannot reach the content API at api.baseUrl (http://127.0.0.1:9)');
      expect(result.stderr).toContain('hint: Check api.baseUrl');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs from a bundle of its sources, made again when a source changes', () => {
    // A copy of the package with packages of its own folder (links), so its bundles are its own.
    const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-cli-bundle-'));
    try {
      for (const part of ['bin', 'cli', 'src', 'templates', 'runtime', 'package.json'])
        cpSync(part, join(dir, part), { recursive: true });
      mkdirSync(join(dir, 'node_modules'));
      for (const name of readdirSync('node_modules').filter((n) => n !== '.cache' && n !== '.bin'))
        symlinkSync(join(process.cwd(), 'node_modules', name), join(dir, 'node_modules', name));
      const copy = (...args: string[]) =>
        spawnSync(process.execPath, [join(dir, 'bin/site.js'), ...args], { encoding: 'utf8', timeout: 60_000 });
      const cache = join(dir, 'node_modules/.cache/fieldhouse/cli');
      const latest = () =>
        JSON.parse(readFileSync(join(cache, 'latest.json'), 'utf8')) as { key: string; inputs: string[] };

      expect(copy('--help').stdout).toContain('Fieldhouse: static sites for sports organisations');
      const first = latest();
      expect(first.inputs).toContain('cli/index.ts');
      // The CommonJS packages it requires are keyed by their manifests (bin/cjs-packages.js), and by the plugin.
      expect(first.inputs).toContain('bin/cjs-packages.js');
      expect(first.inputs.some((input) => input.endsWith('node_modules/react/package.json'))).toBe(true);
      expect(first.inputs.filter((input) => input.includes(':'))).toEqual([]);
      expect(existsSync(join(cache, first.key, 'cli.mjs'))).toBe(true);
      expect(copy('--help').status).toBe(0);
      expect(latest().key).toBe(first.key);

      const entry = join(dir, 'cli/index.ts');
      writeFileSync(entry, readFileSync(entry, 'utf8').replace('static sites for', 'static sites, edited, for'));
      // What a command stopped while it bundled left, two hours ago: the next bundling clears it.
      const stopped = join(cache, '.staging-999999');
      mkdirSync(stopped);
      utimesSync(stopped, new Date(Date.now() - 7_200_000), new Date(Date.now() - 7_200_000));
      expect(copy('--help').stdout).toContain('Fieldhouse: static sites, edited, for sports organisations');
      expect(latest().key).not.toBe(first.key);
      expect(existsSync(stopped)).toBe(false);
      expect(existsSync(join(cache, first.key))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
