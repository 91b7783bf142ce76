import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, validateConfig } from '../src/config/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function configFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('site.config.ts', () => {
  it('loads the repository config, which builds the demo site', async () => {
    const { config, file } = await loadConfig({ cwd: join(import.meta.dirname, '..') });
    expect(file).toMatch(/site\.config\.ts$/);
    expect(config.api).toBeUndefined();
    expect(config.errorReporting.sampleRates).toEqual({ error: 1, traces: 0.25, replays: 0.1, replaysOnError: 0.5 });
    expect(config.runtime.reloadGuardMs).toBe(10_000);
    expect(config.scripts.heatmap?.siteId).toBe('3291847');
  });

  it('names an unknown key, however deep', () => {
    expect(() =>
      validateConfig(
        { siteUrl: 'https://x.edu', api: { baseUrl: 'https://cms.x.edu', base_url: 'oops' }, colour: 'red' },
        'test',
      ),
    ).toThrowError(
      /unknown key "api\.base_url"[\s\S]*unknown key "colour"|unknown key "colour"[\s\S]*unknown key "api\.base_url"/,
    );
  });

  it('names a key with the wrong type and says what is expected', () => {
    expect(() =>
      validateConfig({ siteUrl: 'https://x.edu', runtime: { buildPollIntervalMs: '60s' } }, 'test'),
    ).toThrowError(/runtime\.buildPollIntervalMs: Invalid input: expected number, received string/);
    expect(() => validateConfig({ siteUrl: 'not a url' }, 'test')).toThrowError(/siteUrl: expected an absolute URL/);
    // A missing key is missing, not malformed.
    expect(() => validateConfig({}, 'test')).toThrowError(
      /siteUrl: required: an absolute URL such as https:\/\/example\.edu/,
    );
    expect(() =>
      validateConfig(
        {
          siteUrl: 'https://x.edu',
          errorReporting: { sampleRates: { error: 2, traces: 0, replays: 0, replaysOnError: 0 } },
        },
        'test',
      ),
    ).toThrowError(/errorReporting\.sampleRates\.error: Too big: expected number to be <=1/);
  });

  it('refuses a page-script pattern that is not a regular expression, naming the entry', () => {
    const pages = [
      { path: '/tickets', match: 'prefix', src: '/a.js' },
      { path: '^/sports/(foo', match: 'pattern', src: '/b.js' },
    ];
    expect(() => validateConfig({ siteUrl: 'https://x.edu', scripts: { pages } }, 'test')).toThrowError(
      /scripts\.pages\.1\.path: expected a regular expression/,
    );
  });

  it('image settings: widths in order, each once; a CDN pattern must name the URL and the width', () => {
    const config = validateConfig({ siteUrl: 'https://x.edu', images: { widths: [960, 320, 960, 640] } }, 'test');
    expect(config.images).toMatchObject({ enabled: true, widths: [320, 640, 960], formats: ['avif', 'webp'] });
    expect(() =>
      validateConfig({ siteUrl: 'https://x.edu', images: { cdn: 'https://cdn.x.edu/{url}' } }, 'test'),
    ).toThrowError(/images\.cdn: expected a URL pattern naming \{url\} and \{width\}/);
    expect(() => validateConfig({ siteUrl: 'https://x.edu', images: { formats: ['gif'] } }, 'test')).toThrowError(
      /images\.formats\.0/,
    );
  });

  it('reports a file that does not load, naming it', async () => {
    const file = configFile('broken.config.ts', 'export default defineConfig({ siteUrl: ');
    await expect(loadConfig({ file })).rejects.toThrowError(
      new RegExp(`Could not load ${file.replace(/[.]/g, '\\.')}`),
    );
    const noDefault = configFile('nodefault.config.ts', 'export const x = 1;\n');
    await expect(loadConfig({ file: noDefault })).rejects.toThrowError(/it has no default export/);
    await expect(loadConfig({ file: join(dir, 'missing.config.ts') })).rejects.toThrowError(/Config file not found/);
  });

  it('validates the file it loads, and the CLI flags override it', async () => {
    const file = configFile(
      'typo.config.ts',
      "export default { siteUrl: 'https://x.edu', buld: { outDir: 'dist' } };\n",
    );
    await expect(loadConfig({ file })).rejects.toThrowError(
      /Invalid site config \(.*typo\.config\.ts\):\n {2}- unknown key "buld"/,
    );
    const good = configFile(
      'good.config.ts',
      "export default { siteUrl: 'https://x.edu', build: { outDir: 'dist' } };\n",
    );
    const { config } = await loadConfig({ file: good, overrides: { build: { concurrency: 3 } } });
    expect(config.build).toMatchObject({ outDir: 'dist', concurrency: 3 });
  });

  it('leaves nothing behind when it loads a config from a folder without packages, nor when that fails', async () => {
    // Compiled in a temporary folder of its own (the project has no node_modules to put it in), removed after. The
    // temp folder is this test's own while it runs (os.tmpdir() reads TMPDIR), so no other test's files count.
    const temp = mkdtempSync(join(dir, 'tmp-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      await loadConfig({ file: configFile('plain.config.ts', "export default { siteUrl: 'https://x.edu' };\n") });
      await expect(loadConfig({ file: configFile('bad.config.ts', 'export default (') })).rejects.toThrowError();
      expect(readdirSync(temp)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(readdirSync(dir).filter((name) => name.endsWith('.mjs'))).toEqual([]);
  });
});
