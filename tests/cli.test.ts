import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
});
