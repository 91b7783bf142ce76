import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cachedChromes,
  cachedMedia,
  cachedPlan,
  cacheLine,
  CHROME_FILE,
  entryOf,
  MEDIA_FILE,
  PLAN_FILE,
  type PageFacts,
} from '../../src/build/deps/cache.ts';
import { scanPageLines } from '../../src/build/deps/page-lines.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-page-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const facts = (n: number): PageFacts => ({
  digest: `d${n}`,
  // No media, and a medium whose name JSON escapes and reads like the fields after it.
  media: n === 4 ? [] : [`/media/photo/${n}.jpg`, ...(n === 3 ? ['/media/say-"hi"],"links":["x.jpg'] : [])],
  // Links that JSON escapes, none at all, and one that reads like the fields around it.
  links: n === 4 ? [] : ['/news', `/news/${n}`, ...(n === 3 ? ['/say-"hi"', '/a],"chrome":"x'] : [])],
  // Two chromes, one's id the start of the other's.
  chrome: n === 5 ? 'c10' : 'c1',
  sitemap: n % 2 ? { lastmod: '2026-03-23T14:00:00Z' } : null,
  search:
    n % 3
      ? {
          type: 'article',
          title: `Title ${n} “quoted” \\ é`,
          path: `/news/${n}`,
          summary: 'A long summary. '.repeat(n),
          keywords: '',
          boost: 1,
          date: '2026-03-23',
          sport: null,
        }
      : null,
});

// Paths JSON writes as they are, and paths it escapes (a quote, a backslash), and characters of several bytes.
const pages: [string, string[], PageFacts][] = [
  ['/', ['article:1', 'q:articles:[{"per_page":6}]'], facts(1)],
  ['/news/café-opens', ['article:12'], facts(2)],
  ['/news/say-"hi"', ['article:123', 'event:9'], facts(3)],
  ['/odd\\path', [], facts(4)],
  ['/roster', ['player:4', 'q:roster:["football"]'], facts(5)],
  ['/schedule', ['q:schedule:["football"]', 'event:9'], facts(6)],
  ['/x/'.repeat(80), ['article:1234'], facts(7)],
];
const lines = pages.map(([path, deps, f]) => cacheLine(path, deps, f));

function scan(file: string, needles: string[], blockBytes: number) {
  const { pages: scanned, store } = scanPageLines(file, needles, blockBytes);
  return { found: [...scanned], store };
}

describe('scanPageLines: the build cache read as bytes', () => {
  const file = join(dir, 'pages.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);

  // Blocks smaller than a line, a few lines, and the whole file: lines cross blocks, or fill several.
  for (const blockBytes of [16, 97, 512, 1 << 20])
    it(`gives every path, line and facts as written (blocks of ${blockBytes} bytes)`, () => {
      const { found, store } = scan(file, [], blockBytes);
      expect(found.map((page) => page.path)).toEqual(pages.map(([path]) => path));
      expect(found.every((page) => page.line === null)).toBe(true);
      found.forEach((page, i) => {
        expect(store.line(page.ref)).toBe(lines[i]);
        const { search: _search, links, ...rest } = pages[i]![2];
        expect(store.facts(page.ref)).toEqual(rest);
        expect(store.keptFacts(page.ref)).toEqual({ media: rest.media, chrome: rest.chrome });
        expect(store.links(page.ref)).toEqual(links);
      });
    });

  it('finds the lines that name a chrome, and only those', () => {
    for (const blockBytes of [97, 1 << 20]) {
      const { found, store } = scan(file, [], blockBytes);
      const naming = (chrome: string) => [...store.linesWithChrome(chrome)].map((ref) => found[ref]!.path);
      expect(naming('c1')).toEqual(pages.filter(([, , f]) => f.chrome === 'c1').map(([path]) => path));
      expect(naming('c10')).toEqual(['/roster']);
      // A link that reads like a chrome's field is inside a JSON string, its quotes escaped: not a chrome.
      expect(naming('x')).toEqual([]);
    }
  });

  it("reads a line's path and digest alone, whatever JSON escaped in the path", () => {
    expect(lines.map(entryOf)).toEqual(pages.map(([path, , f]) => ({ path, digest: f.digest })));
    expect(() => entryOf('not a line')).toThrow(/Not a line of the build cache/);
  });

  it('decodes whole only the lines that hold a needle (a record exactly, or a call)', () => {
    const { found } = scan(file, ['"article:12"', '"q:schedule:'], 64);
    expect(found.filter((page) => page.line !== null).map((page) => page.path)).toEqual([
      '/news/café-opens',
      '/schedule',
    ]);
    for (const page of found)
      if (page.line !== null) expect(page.line).toBe(lines[pages.findIndex(([p]) => p === page.path)]);
  });

  for (const blockBytes of [64, 1 << 20])
    it(`finds the lines whose own links hold a target, and only those (blocks of ${blockBytes} bytes)`, () => {
      const { found, store } = scan(file, [], blockBytes);
      const pathOf = (ref: number) => found.find((page) => page.ref === ref)!.path;
      const linking = (targets: string[]) =>
        [...store.linesLinkingTo(targets)].map(({ ref, targets: held }) => [pathOf(ref), held]);
      // Each line once, with the targets it holds; a target's text elsewhere in a line (its path, its media, its
      // search document, a longer link) is not a link to it.
      expect(linking(['/news/3', '/say-"hi"'])).toEqual([['/news/say-"hi"', ['/news/3', '/say-"hi"']]]);
      expect(linking(['/news'])).toEqual(pages.filter(([, , f]) => f.links.length).map(([path]) => [path, ['/news']]));
      expect(linking(['/roster', '/media/photo/5.jpg', '/news/café-opens', '/news/1'])).toEqual([['/', ['/news/1']]]);
      expect(linking(['/a],"chrome":"x'])).toEqual([['/news/say-"hi"', ['/a],"chrome":"x']]]);
      expect(linking([])).toEqual([]);
    });

  it('merges the kept lines, as bytes, with added ones into the order sorting them all gives', () => {
    // Paths that are the start of others, that JSON escapes, and that sort differently as paths and as JSON.
    const paths = ['/', '/a', '/a/b', '/a-b', '/a"b', '/a\\b', '/a b', '/b', '/é', '/z', '/a/b/c', '/ab'];
    const all = paths.map((path, i) => cacheLine(path, [`article:${i}`], facts(i))).sort();
    const file = join(dir, 'merge.jsonl');
    for (const keep of [(i: number) => i % 2 === 0, (i: number) => i % 3 !== 1, () => true, () => false]) {
      const keptLines = all.filter((_, i) => keep(i));
      writeFileSync(file, keptLines.map((line) => `${line}\n`).join(''));
      const { found, store } = scan(file, [], 50);
      const output = join(dir, 'merged.jsonl');
      // Every other kept page is kept again (the rest touched): the output has the kept and the added.
      const keptAgain = found.filter((_, i) => i % 2 === 0);
      const added = all.filter((_, i) => !keep(i));
      store.mergeInto(output, keptAgain, added);
      const expected = [...keptAgain.map((page) => store.line(page.ref)), ...added].sort();
      expect(readFileSync(output, 'utf8')).toBe(expected.map((line) => `${line}\n`).join(''));
    }
  });

  it('does not read a last line cut short (no newline), as readLines does not', () => {
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, `${lines[0]}\n${lines[1]}\n`);
    appendFileSync(cut, lines[2]!.slice(0, 40));
    expect(scan(cut, [], 32).found.map((page) => page.path)).toEqual(['/', '/news/café-opens']);
  });

  it('names the line when it has no facts', () => {
    const broken = join(dir, 'broken.jsonl');
    writeFileSync(broken, '["/a",["article:1"],{"nothing":1}]\n');
    const { found, store } = scan(broken, [], 1024);
    expect(() => store.facts(found[0]!.ref)).toThrow(/broken\.jsonl, line 1, has no facts: "\[/);
    expect(() => store.keptFacts(found[0]!.ref)).toThrow(/broken\.jsonl, line 1, has no facts: "\[/);
  });
});

describe("the build cache's other files, garbled", () => {
  it('name the file and the line that is not JSON', () => {
    const cache = mkdtempSync(join(dir, 'cache-'));
    writeFileSync(join(cache, PLAN_FILE), '{"route":"home","deps":[],"pages":[],"warnings":[]}\n{"route":"news",\n');
    expect(() => cachedPlan(cache)).toThrow(/plan\.jsonl, line 2 is not JSON/);
    // A medium's hash names a file of the image cache: one that reads like a path is refused.
    writeFileSync(join(cache, MEDIA_FILE), `/media/a.jpg\t2\t${'a'.repeat(32)}\n/media/b.jpg\t1\t\n`);
    expect(cachedMedia(cache).get('/media/b.jpg')).toEqual({ pages: 1, hash: null });
    writeFileSync(join(cache, MEDIA_FILE), '/media/a.jpg\t2\t../../../etc/passwd\n');
    expect(() => cachedMedia(cache)).toThrow(/media\.tsv, line 1, is not "url TAB pages TAB hash"/);
    writeFileSync(join(cache, CHROME_FILE), '{"3f1a": ["/news"');
    expect(() => cachedChromes(cache)).toThrow(/chrome\.json is not JSON/);
  });
});
