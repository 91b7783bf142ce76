import { describe, expect, it } from 'vitest';
import { isPagePath } from '../../src/routes/url-rules.ts';
import { pathMatches, scriptsFor } from '../../runtime/scripts.ts';
import type { RuntimeConfig } from '../../src/contract/index.ts';

describe('which links the runtime leaves to the browser', () => {
  it.each([
    ['/documents/4b1c.pdf', true],
    ['/vendor/seat-map.js', true],
    ['/media/logo.svg', true],
    ['/news/default.aspx', false],
    ['/news/2026/11/14/hawks-win', false],
  ])('%s is a file: %s', (path, expected) => expect(!isPagePath(path)).toBe(expected));
});

describe('page and sport scripts', () => {
  const config: Pick<RuntimeConfig, 'pageScripts' | 'sportScripts'> = {
    pageScripts: [
      { path: '/tickets', match: 'prefix', src: '/seat-map.js', attributes: {} },
      { path: '/all-sports-schedule', match: 'exact', src: '/calendar.js', attributes: {} },
      { path: '^/sports/[a-z-]+/schedule$', match: 'pattern', src: '/schedule.js', attributes: { 'data-x': '1' } },
    ],
    sportScripts: {
      default: { src: '/sport.js', attributes: {} },
      bySlug: { football: { src: '/football.js', attributes: {} } },
    },
  };

  it('match exact paths, prefixes and patterns', () => {
    expect(pathMatches(config.pageScripts[0]!, '/tickets/season')).toBe(true);
    expect(pathMatches(config.pageScripts[1]!, '/all-sports-schedule')).toBe(true);
    expect(pathMatches(config.pageScripts[1]!, '/all-sports-schedule/2026')).toBe(false);
    expect(pathMatches(config.pageScripts[2]!, '/sports/football/schedule')).toBe(true);
    expect(pathMatches(config.pageScripts[2]!, '/sports/football/schedule/season/2026')).toBe(false);
  });

  it('give a sport its own script, or the default one, and none off sport pages', () => {
    expect(scriptsFor('/sports/football/schedule', 'football', config).map((s) => s.src)).toEqual([
      '/schedule.js',
      '/football.js',
    ]);
    expect(scriptsFor('/sports/softball', 'softball', config).map((s) => s.src)).toEqual(['/sport.js']);
    expect(scriptsFor('/news', null, config)).toEqual([]);
  });
});
