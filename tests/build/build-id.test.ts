import { describe, expect, it } from 'vitest';
import { buildIdOf, type BuildIdInputs } from '../../src/build/build-id.ts';
import type { HostRules } from '../../src/build/hosts/index.ts';
import { validateConfig } from '../../src/config/index.ts';

const config = validateConfig({ siteUrl: 'https://www.example.edu' }, 'test');
const hosts: HostRules = { redirects: [], rewrites: [], headers: [], legacySearchPages: [], redirectServiceUrl: null };
const inputs: BuildIdInputs = {
  version: '0.1.0',
  config: {
    siteUrl: config.siteUrl,
    theme: config.theme,
    scripts: config.scripts,
    runtime: config.runtime,
    errorReporting: config.errorReporting,
  },
  site: 'abc',
  assets: ['/_site/assets/boot-X.js:1'],
  media: 'm',
  hosts,
  feeds: 'f',
  search: 's',
  content: 'c',
};

describe('the build id', () => {
  it('is the same for the same inputs, 16 hex digits', () => {
    expect(buildIdOf(inputs)).toBe(buildIdOf(structuredClone(inputs)));
    expect(buildIdOf(inputs)).toMatch(/^[0-9a-f]{16}$/);
  });

  it.each([
    ['version', { version: '0.2.0' }],
    ['config', { config: { ...inputs.config, siteUrl: 'https://other.example.edu' } }],
    ['site data', { site: 'abd' }],
    ['assets', { assets: ['/_site/assets/boot-Y.js:1'] }],
    ['media', { media: 'n' }],
    ['host rules', { hosts: { ...hosts, redirects: [{ source: '/a', target: '/b', status: 301, passQuery: false }] } }],
    ['feeds', { feeds: 'g' }],
    ['search index', { search: null }],
    ['content', { content: 'd' }],
  ] satisfies [string, Partial<BuildIdInputs>][])('changes when its %s changes', (_, change) => {
    expect(buildIdOf({ ...inputs, ...change })).not.toBe(buildIdOf(inputs));
  });
});
