import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
import { segmentFiles, segmentName } from '../../src/build/deps/segments.ts';

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

/** A cache folder whose segments hold `perSegment` of the lines each. */
function segmented(name: string, all: readonly string[], perSegment: number): string[] {
  const cache = join(dir, name);
  mkdirSync(join(cache, 'pages'), { recursive: true });
  for (let i = 0; i * perSegment < all.length; i++)
    writeFileSync(
      join(cache, 'pages', segmentName(i)),
      all
        .slice(i * perSegment, (i + 1) * perSegment)
        .map((line) => `${line}\n`)
        .join(''),
    );
  return segmentFiles(cache)!;
}

function scan(files: string[], needles: string[]) {
  const { pages: scanned, store } = scanPageLines(files, needles);
  return { found: [...scanned], store };
}

describe('scanPageLines: the build cache read as bytes', () => {
  // A line a segment, a few lines, and every line in one segment.
  const layouts = new Map([1, 3, 100].map((n) => [n, segmented(`layout-${n}`, lines, n)]));
  const file = (perSegment: number) => layouts.get(perSegment)!;

  for (const perSegment of layouts.keys())
    it(`gives every path, line and facts as written (${perSegment} lines a segment)`, () => {
      const { found, store } = scan(file(perSegment), []);
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
    for (const perSegment of [1, 100]) {
      const { found, store } = scan(file(perSegment), []);
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
    const { found } = scan(file(3), ['"article:12"', '"q:schedule:']);
    expect(found.filter((page) => page.line !== null).map((page) => page.path)).toEqual([
      '/news/café-opens',
      '/schedule',
    ]);
    for (const page of found)
      if (page.line !== null) expect(page.line).toBe(lines[pages.findIndex(([p]) => p === page.path)]);
  });

  for (const perSegment of [1, 100])
    it(`finds the lines whose own links hold a target, and only those (${perSegment} lines a segment)`, () => {
      const { found, store } = scan(file(perSegment), []);
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
    let n = 0;
    for (const keep of [(i: number) => i % 2 === 0, (i: number) => i % 3 !== 1, () => true, () => false])
      for (const perSegment of [1, 2, 5, 100]) {
        const keptLines = all.filter((_, i) => keep(i));
        const { found, store } = scan(segmented(`merge-${++n}`, keptLines, perSegment), []);
        const next = join(dir, `merged-${n}`);
        // Every other kept page is kept again (the rest touched): the output has the kept and the added.
        const keptAgain = found.filter((_, i) => i % 2 === 0);
        const added = all.filter((_, i) => !keep(i));
        const count = store.mergeInto(next, keptAgain, added);
        const expected = [...keptAgain.map((page) => store.line(page.ref)), ...added].sort();
        const written = segmentFiles(next)!;
        expect(written).toHaveLength(count);
        expect(written.map((f) => readFileSync(f, 'utf8')).join('')).toBe(expected.map((line) => `${line}\n`).join(''));
      }
  });

  it('links a segment whose lines all stay and that gains none; writes the others', () => {
    const all = Array.from({ length: 40 }, (_, i) => cacheLine(`/p/${String(i).padStart(3, '0')}`, [], facts(i)));
    // Segments of 4 lines; the lines of /p/005 (touched) and /p/021 (gone) are not kept, /p/030a is added.
    const files = segmented('linked', all, 4);
    const { found, store } = scan(files, []);
    const kept = found.filter((page) => page.path !== '/p/005' && page.path !== '/p/021');
    const added = [cacheLine('/p/005', ['article:5'], facts(5)), cacheLine('/p/030a', [], facts(30))];
    const next = join(dir, 'linked-next');
    const count = store.mergeInto(next, kept, added, { segment: 1 << 20, smallest: 0 });
    const written = segmentFiles(next)!;
    expect(count).toBe(10);
    const inode = (f: string) => statSync(f).ino;
    // Segments 1 (/p/004–007), 5 (/p/020–023) and 7 (/p/028–031) changed; the rest are the same files.
    expect(written.map((f, i) => inode(f) === inode(files[i]!))).toEqual([
      true,
      false,
      true,
      true,
      true,
      false,
      true,
      false,
      true,
      true,
    ]);
    expect(written.map((f) => readFileSync(f, 'utf8')).join('')).toBe(
      [...kept.map((page) => store.line(page.ref)), ...added]
        .sort()
        .map((line) => `${line}\n`)
        .join(''),
    );
  });

  it('keeps segments from growing small: a small one written takes the unchanged ones after it as a copy', () => {
    const all = Array.from({ length: 16 }, (_, i) => cacheLine(`/q/${String(i).padStart(3, '0')}`, [], facts(i)));
    const files = segmented('small', all, 4);
    const { found, store } = scan(files, []);
    // Segment 0 loses a line: written, it is smaller than the smallest closed segment, so segment 1 is copied into it,
    // which makes it large enough; segments 2 and 3 are linked.
    const kept = found.filter((page) => page.path !== '/q/001');
    const bytes = (f: string) => statSync(f).size;
    const smallest = bytes(files[0]!) + 1;
    const next = join(dir, 'small-next');
    expect(store.mergeInto(next, kept, [], { segment: 1 << 20, smallest })).toBe(3);
    const written = segmentFiles(next)!;
    expect(written.map((f) => statSync(f).ino)).toEqual([
      expect.any(Number),
      statSync(files[2]!).ino,
      statSync(files[3]!).ino,
    ]);
    expect(bytes(written[0]!)).toBe(bytes(files[0]!) + bytes(files[1]!) - Buffer.byteLength(`${all[1]}\n`));
  });

  it('does not read a last line cut short (no newline), as readLines does not', () => {
    const [cut] = segmented('cut', [lines[0]!, lines[1]!], 100);
    appendFileSync(cut!, lines[2]!.slice(0, 40));
    expect(scan([cut!], []).found.map((page) => page.path)).toEqual(['/', '/news/café-opens']);
  });

  it('names the line when it has no facts', () => {
    const files = segmented('broken', [lines[0]!, lines[1]!, '["/a",["article:1"],{"nothing":1}]'], 2);
    const { found, store } = scan(files, []);
    expect(() => store.facts(found[2]!.ref)).toThrow(/pages\/00001\.jsonl, line 1, has no facts: "\[/);
    expect(() => store.keptFacts(found[2]!.ref)).toThrow(/pages\/00001\.jsonl, line 1, has no facts: "\[/);
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
