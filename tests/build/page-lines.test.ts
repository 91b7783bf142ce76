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
  depsLineOf,
  entryOf,
  MEDIA_FILE,
  PLAN_FILE,
  type PageFacts,
} from '../../src/build/deps/cache.ts';
import { scanPageLines } from '../../src/build/deps/page-lines.ts';
import { depsFileOf, segmentFiles, segmentName, type SegmentSource } from '../../src/build/deps/segments.ts';

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

/**
 * A cache folder whose segments hold `perSegment` of the lines each, with their deps files, and what its manifest
 * would give of them (`deps`: a line's deps line).
 */
function segmented(
  name: string,
  all: readonly string[],
  perSegment: number,
  deps: (line: string) => string = depsLineOf,
): SegmentSource[] {
  const cache = join(dir, name);
  mkdirSync(join(cache, 'pages'), { recursive: true });
  const sources: SegmentSource[] = [];
  for (let i = 0; i * perSegment < all.length; i++) {
    const part = all.slice(i * perSegment, (i + 1) * perSegment);
    const file = join(cache, 'pages', segmentName(i));
    writeFileSync(file, part.map((line) => `${line}\n`).join(''));
    writeFileSync(depsFileOf(file), part.map((line) => `${deps(line)}\n`).join(''));
    sources.push({ file, lines: part.length, bytes: statSync(file).size });
  }
  expect(segmentFiles(cache)).toEqual(sources.map((source) => source.file));
  return sources;
}

/** A cache's segments as its writer left them: each whole file and deps file the same as the manifest's entries. */
/** The lines of these pages, in their order: what a merge keeps. */
const refsOf = (pages: readonly { ref: number }[]) => pages.map((page) => page.ref);

function written(cache: string, entries: readonly { lines: number; bytes: number }[]) {
  const files = segmentFiles(cache)!;
  expect(files).toHaveLength(entries.length);
  const read = (file: string) => readFileSync(file, 'utf8');
  files.forEach((file, i) => {
    expect(read(file).split('\n').length - 1, file).toBe(entries[i]!.lines);
    expect(statSync(file).size, file).toBe(entries[i]!.bytes);
    // The deps file holds the same pages' deps lines, line for line.
    expect(read(depsFileOf(file)), file).toBe(
      read(file)
        .split('\n')
        .filter(Boolean)
        .map((line) => `${depsLineOf(line)}\n`)
        .join(''),
    );
  });
  return { files, text: files.map(read).join('') };
}

function scan(files: SegmentSource[], needles: string[]) {
  const { segments, store } = scanPageLines(files, needles);
  const found = [...segments].flatMap(({ first, paths, marked }) =>
    paths.map((path, i) => ({ path, ref: first + i, line: marked.get(first + i) ?? null })),
  );
  return { found, store };
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

  it('decodes only the deps lines that hold a needle (a record exactly, or a call)', () => {
    const { found } = scan(file(3), ['"article:12"', '"q:schedule:']);
    expect(found.filter((page) => page.line !== null).map((page) => page.path)).toEqual([
      '/news/café-opens',
      '/schedule',
    ]);
    for (const page of found)
      if (page.line !== null) expect(page.line).toBe(depsLineOf(lines[pages.findIndex(([p]) => p === page.path)]!));
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
        const entries = store.mergeInto(next, refsOf(keptAgain), added);
        const expected = [...keptAgain.map((page) => store.line(page.ref)), ...added].sort();
        expect(written(next, entries).text).toBe(expected.map((line) => `${line}\n`).join(''));
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
    const entries = store.mergeInto(next, refsOf(kept), added, { segment: 1 << 20, smallest: 0 });
    const { files: nextFiles, text } = written(next, entries);
    expect(entries).toHaveLength(10);
    const inode = (f: string) => statSync(f).ino;
    // Segments 1 (/p/004–007), 5 (/p/020–023) and 7 (/p/028–031) changed; the rest are the same files, and so are
    // their deps files.
    for (const deps of [false, true])
      expect(
        nextFiles.map((f, i) =>
          deps ? inode(depsFileOf(f)) === inode(depsFileOf(files[i]!.file)) : inode(f) === inode(files[i]!.file),
        ),
      ).toEqual([true, false, true, true, true, false, true, false, true, true]);
    expect(text).toBe(
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
    const smallest = files[0]!.bytes + 1;
    const next = join(dir, 'small-next');
    const entries = store.mergeInto(next, refsOf(kept), [], { segment: 1 << 20, smallest });
    const { files: nextFiles } = written(next, entries);
    expect(nextFiles.map((f) => statSync(f).ino)).toEqual([
      expect.any(Number),
      statSync(files[2]!.file).ino,
      statSync(files[3]!.file).ino,
    ]);
    expect(bytes(nextFiles[0]!)).toBe(files[0]!.bytes + files[1]!.bytes - Buffer.byteLength(`${all[1]}\n`));
  });

  it('refuses a segment that is not what its manifest gives: cut short, or of other bytes', () => {
    const [cut] = segmented('cut', [lines[0]!, lines[1]!, lines[2]!], 100);
    appendFileSync(depsFileOf(cut!.file), depsLineOf(lines[3]!).slice(0, 40));
    expect(() => scan([cut!], [])).toThrow(
      /pages\/00000\.deps\.jsonl holds 3 whole lines and one cut short, its cache's manifest 3/,
    );
    const [short] = segmented('short', [lines[0]!, lines[1]!, lines[2]!], 100);
    expect(() => scan([{ ...short!, lines: 4 }], [])).toThrow(/holds 3 whole lines, its cache's manifest 4/);
    expect(() => scan([{ ...short!, bytes: short!.bytes + 1 }], [])).toThrow(
      /pages\/00000\.jsonl is of \d+ bytes, its cache's manifest \d+/,
    );
  });

  it("refuses to read a segment whose lines are not its deps file's, once asked for one", () => {
    const [joined] = segmented('joined', [lines[0]!, lines[1]!, lines[2]!], 100);
    // Two lines made one, the size kept: the pass over the deps file cannot tell; reading a line of the segment can.
    const text = readFileSync(joined!.file, 'utf8');
    writeFileSync(joined!.file, text.replace('\n', ' '));
    const { found, store } = scan([joined!], []);
    expect(found).toHaveLength(3);
    expect(() => store.keptFacts(found[1]!.ref)).toThrow(
      /pages\/00000\.jsonl holds 2 lines where its deps file holds 3: the build cache is damaged \(delete .*joined/,
    );
  });

  it('names the line when it has no facts', () => {
    const broken = '["/a",["article:1"],{"nothing":1}]';
    const files = segmented('broken', [lines[0]!, lines[1]!, broken], 2, (line) =>
      line === broken ? '["/a",["article:1"]]' : depsLineOf(line),
    );
    const { found, store } = scan(files, []);
    expect(() => store.facts(found[2]!.ref)).toThrow(/pages\/00001\.jsonl, line 1, has no facts: "\[/);
    expect(() => store.keptFacts(found[2]!.ref)).toThrow(/pages\/00001\.jsonl, line 1, has no facts: "\[/);
  });
});

describe("the build cache's plan", () => {
  it("gives each route's deps, warnings and pages, and its line's bytes as written", () => {
    const cache = mkdtempSync(join(dir, 'plan-'));
    const news = {
      route: 'news-year',
      deps: ['q:articleYears:[null]'],
      pages: [[{ year: '2026' }, '/news/2026', 'Noticias · Núñez 🏈']],
      warnings: ['article 7 skipped: "draft"'],
    };
    const lines = ['{"route":"index","deps":[],"pages":[[{},"/","site"]],"warnings":[]}', JSON.stringify(news)];
    // The last line cut short (no newline) is not read.
    writeFileSync(join(cache, PLAN_FILE), `${lines.join('\n')}\n{"route":"cut"`);
    const plan = cachedPlan(cache);
    expect([...plan.keys()]).toEqual(['index', 'news-year']);
    const route = plan.get('news-year')!;
    expect(route.deps).toEqual(news.deps);
    expect(route.warnings).toEqual(news.warnings);
    expect(route.pages()).toEqual(news.pages);
    expect(route.line.toString('utf8')).toBe(lines[1]);
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
