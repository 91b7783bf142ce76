import { spawnSync } from 'node:child_process';
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
});
