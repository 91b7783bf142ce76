import { describe, expect, it } from 'vitest';
import {
  buildIdOf,
  contentIdOf,
  pageConfigOf,
  type BuildIdInputs,
  type ContentIdInputs,
} from '../../src/build/build-id.ts';
import type { HostRules } from '../../src/build/hosts/index.ts';
import { validateConfig } from '../../src/config/index.ts';

const config = validateConfig({ siteUrl: 'https://www.example.edu' }, 'test');
const hosts: HostRules = { redirects: [], rewrites: [], headers: [], legacySearchPages: [], redirectServiceUrl: null };
const inputs: BuildIdInputs = {
  version: '0.1.0',
  config: pageConfigOf(config),
  site: 'abc',
  assets: ['/_site/assets/boot-X.js:1'],
};
const content: ContentIdInputs = { media: 'm', hosts, feeds: 'f', search: 's', content: 'c' };

describe('the build id (what every page carries)', () => {
  it('is the same for the same inputs, 16 hex digits', () => {
    expect(buildIdOf(inputs)).toBe(buildIdOf(structuredClone(inputs)));
    expect(buildIdOf(inputs)).toMatch(/^[0-9a-f]{16}$/);
  });

  it.each([
    ['version', { version: '0.2.0' }],
    ['config', { config: { ...inputs.config, siteUrl: 'https://other.example.edu' } }],
    ['site data', { site: 'abd' }],
    ['assets', { assets: ['/_site/assets/boot-Y.js:1'] }],
  ] satisfies [string, Partial<BuildIdInputs>][])('changes when its %s changes', (_, change) => {
    expect(buildIdOf({ ...inputs, ...change })).not.toBe(buildIdOf(inputs));
  });
});

describe('the content id (latest.json, beside the build id)', () => {
  const id = buildIdOf(inputs);

  it('is the same for the same content and build', () => {
    expect(contentIdOf(id, content)).toBe(contentIdOf(id, structuredClone(content)));
    expect(contentIdOf(id, content)).toMatch(/^[0-9a-f]{16}$/);
  });

  it.each([
    ['media', { media: 'n' }],
    ['host rules', { hosts: { ...hosts, redirects: [{ source: '/a', target: '/b', status: 301, passQuery: false }] } }],
    ['feeds', { feeds: 'g' }],
    ['search index', { search: null }],
    ['pages', { content: 'd' }],
  ] satisfies [string, Partial<ContentIdInputs>][])(
    'changes when its %s changes, the build id does not',
    (_, change) => {
      expect(contentIdOf(id, { ...content, ...change })).not.toBe(contentIdOf(id, content));
    },
  );

  it('changes with the build id', () => {
    expect(contentIdOf(buildIdOf({ ...inputs, site: 'x' }), content)).not.toBe(contentIdOf(id, content));
  });
});
