// The build's per-route bookkeeping on disk: line files, the planned-page overflow, the set of planned paths, the
// ledger of written pages and the manifest streamed from it.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createChannel } from '../../src/build/channel.ts';
import { sitemaps } from '../../src/build/feeds/sitemap.ts';
import { buildMetaHead, writeManifests } from '../../src/build/finish.ts';
import { writePageListFiles } from '../../src/build/page-list.ts';
import { createOutputWriter } from '../../src/output/writer.ts';
import { createLedger, pathsOf, scanLedgerFile, type Ledger } from '../../src/build/ledger.ts';
import {
  createLineReader,
  createLineWriter,
  createTextSpool,
  mergeBlock,
  mergeSorted,
  readLines,
  sortedLinesOf,
  sortLines,
} from '../../src/util/line-files.ts';
import { createPathSet } from '../../src/util/path-set.ts';
import { batched } from '../../src/util/batch.ts';

const work = mkdtempSync(join(tmpdir(), 'fieldhouse-bookkeeping-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
const file = (name: string) => join(work, `${n++}-${name}`);

describe('line files', () => {
  it('read back exactly what was written, across blocks and multi-byte characters', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `${i}\tJosé Núñez · ${'ü'.repeat(i % 40)} 🏈`);
    lines.push('', 'after an empty line');
    const writer = createLineWriter(file('utf8.txt'));
    for (const line of lines) writer.write(line);
    writer.close();
    expect(writer.lines).toBe(lines.length);
    expect([...readLines(writer.file)]).toEqual(lines);
    // Tiny blocks: every read ends inside a character or a line.
    const reader = createLineReader(writer.file, 7);
    const small: string[] = [];
    for (let got = reader.read(); got.length; got = reader.read()) small.push(...got);
    reader.close();
    expect(small).toEqual(lines);
  });

  it("take a line's bytes as they are between text lines, and read a line of many blocks back whole", () => {
    const long = `{"pages":[${Array.from({ length: 4000 }, (_, i) => `"/news/${i}/Núñez"`).join(',')}]}`;
    const digest = createHash('sha256');
    const writer = createLineWriter(file('bytes.txt'), digest);
    writer.write('first');
    writer.write(Buffer.from(long));
    writer.write('');
    writer.write(Buffer.from('🏈 bytes'));
    writer.write('last');
    writer.close();
    expect(writer.lines).toBe(5);
    const expected = ['first', long, '', '🏈 bytes', 'last'];
    expect(readFileSync(writer.file, 'utf8')).toBe(`${expected.join('\n')}\n`);
    expect(digest.digest('hex')).toBe(createHash('sha256').update(readFileSync(writer.file)).digest('hex'));
    // The long line spans about a hundred blocks of 1 KB.
    const reader = createLineReader(writer.file, 1024);
    const read: string[] = [];
    for (let got = reader.read(); got.length; got = reader.read()) read.push(...got);
    reader.close();
    expect(read).toEqual(expected);
  });

  it('take a line as pieces: written a block at a time, the same bytes as the line whole', () => {
    // 30,000 pieces, past ASCII and astral among them: a line of about 40 blocks of 64 Ki characters.
    const pieces = Array.from({ length: 30_000 }, (_, i) =>
      i % 1000 === 0 ? `,"Núñez 🏈 ${i}"` : `,"/news/${i}/story"`,
    );
    const digest = createHash('sha256');
    const writer = createLineWriter(file('pieces.txt'), digest);
    writer.write('first');
    writer.write(pieces);
    writer.write([]);
    writer.write(['a', '', 'b']);
    // Text and bytes, the bytes of a spool among them (chunks of 256 KiB, a character cut at none).
    const spool = createTextSpool();
    for (const piece of pieces) spool.append(piece);
    expect(spool.pieces().length).toBeGreaterThan(1);
    writer.write(['{', ...spool.pieces(), Buffer.from('é'), '}']);
    writer.write('last');
    writer.close();
    expect(writer.lines).toBe(6);
    expect(readFileSync(writer.file, 'utf8')).toBe(`first\n${pieces.join('')}\n\nab\n{${pieces.join('')}é}\nlast\n`);
    expect(digest.digest('hex')).toBe(createHash('sha256').update(readFileSync(writer.file)).digest('hex'));
  });

  it('refuse a line with a newline in it, and writes after close', () => {
    const writer = createLineWriter(file('bad.txt'));
    expect(() => writer.write('two\nlines')).toThrow(/newline/);
    expect(() => writer.write(Buffer.from('two\nlines'))).toThrow(/newline/);
    // A line of pieces is refused whole: none of it is written.
    expect(() => writer.write(['one', 'two\n', 'three'])).toThrow(/newline/);
    expect(() => writer.write(['one', Buffer.from('two\n')])).toThrow(/newline/);
    writer.write('kept');
    writer.flush();
    expect(readFileSync(writer.file, 'utf8')).toBe('kept\n');
    writer.close();
    expect(() => writer.write('late')).toThrow(/closed/);
  });

  it('are read while they grow: a reader sees the lines flushed since its last read', () => {
    const writer = createLineWriter(file('growing.txt'));
    const reader = createLineReader(writer.file);
    writer.write('a');
    expect(reader.read()).toEqual([]);
    writer.flush();
    expect(reader.read()).toEqual(['a']);
    writer.write('b');
    writer.write('c');
    writer.flush();
    expect(reader.read()).toEqual(['b', 'c']);
    expect(reader.read()).toEqual([]);
    reader.close();
  });

  it('sort in runs merged from disk to the same order as an in-memory sort', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `/sports/s${(i * 7919) % 1013}/p-${i % 17}\ti`);
    lines.push('/a', '/a-b', '/a/b', '/', '/A', '/é');
    const input = file('unsorted.txt');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const output = file('sorted.txt');
    sortLines(input, output, 2_000); // about 40 runs
    expect([...readLines(output)]).toEqual([...lines].sort());
    expect(existsSync(`${output}.run-0`)).toBe(false);
    const single = file('sorted-single.txt');
    sortLines(input, single);
    expect(readFileSync(single, 'utf8')).toBe(readFileSync(output, 'utf8'));
    // Lines from any source, taken whole before the first comes out, in runs removed once read.
    let taken = 0;
    const counted = function* () {
      for (const line of lines) {
        taken++;
        yield line;
      }
    };
    const scratch = file('sorted-lines.txt');
    const sorted = sortedLinesOf(counted(), scratch, 2_000);
    expect(sorted.next().value).toBe('/');
    expect(taken).toBe(lines.length);
    expect(existsSync(`${scratch}.run-0`)).toBe(true);
    expect(['/', ...sorted]).toEqual([...lines].sort());
    expect(existsSync(`${scratch}.run-0`)).toBe(false);
  });

  it('merge many runs in blocks that share a fixed amount, lines longer than a block included', () => {
    // The runs share MERGE_BYTES: few runs read 64 KB at a time, a site's hundreds of runs less, never under 4 KB.
    expect(mergeBlock(1)).toBe(64 << 10);
    expect(mergeBlock(235)).toBe(Math.floor((4 << 20) / 235));
    expect(mergeBlock(5_000)).toBe(4 << 10);
    // 1,500 runs of one or two lines (4 KB blocks), with lines of up to 20 KB: a line spans blocks of its run.
    const lines = Array.from({ length: 2_000 }, (_, i) => `/p-${(i * 7919) % 2_000}-${'x'.repeat((i * 131) % 20_000)}`);
    const sorted = [...sortedLinesOf(lines, file('many-runs.txt'), 15_000)];
    expect(sorted).toEqual([...lines].sort());
  });

  it('merge any number of sorted sources in order, a tie going to the first source, and close the sources', () => {
    // 300 sources (as many as a large site's runs), some empty, with lines repeated within and across sources.
    const sources = Array.from({ length: 300 }, (_, s) =>
      Array.from({ length: (s * 37) % 11 }, (_, i) => `/p-${(s * 7 + i * 13) % 53}`).sort(),
    );
    const merged = [...mergeSorted(sources)];
    const expected = sources
      .flatMap((lines, source) => lines.map((line, i) => ({ line, source, i })))
      .sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : a.source - b.source || a.i - b.i))
      .map(({ line, source }) => [line, source]);
    expect(merged).toEqual(expected);
    let closed = 0;
    const source = function* (lines: string[]) {
      try {
        yield* lines;
      } finally {
        closed++;
      }
    };
    for (const [line] of mergeSorted([source(['a', 'c']), source(['b']), source([])])) if (line === 'b') break;
    expect(closed).toBe(3);
  });
});

describe('the planned-page channel', () => {
  it('keeps order when items overflow to disk, and holds at most the high-water mark in memory', async () => {
    const overflow = file('planned.jsonl');
    const channel = createChannel<{ n: number }>({
      file: overflow,
      highWater: 10,
      encode: (x) => JSON.stringify(x),
      decode: (line) => JSON.parse(line),
    });
    for (let i = 0; i < 25; i++) channel.push({ n: i });
    const seen: number[] = [];
    const consume = (async () => {
      for await (const item of channel) seen.push(item.n);
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Pushed while the consumer reads: still after everything already waiting.
    for (let i = 25; i < 40; i++) channel.push({ n: i });
    channel.close();
    await consume;
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(channel.pushed).toBe(40);
    expect([...readLines(overflow)]).toHaveLength(30);
  });

  it('ends the consumer with the producer’s error at once, dropping the items still waiting', async () => {
    const channel = createChannel<number>({
      file: file('failing.jsonl'),
      highWater: 2,
      encode: String,
      decode: Number,
    });
    for (let i = 0; i < 5; i++) channel.push(i);
    const seen: number[] = [];
    const consume = (async () => {
      for await (const item of channel) {
        seen.push(item);
        // The plan fails while the pages stage works on its second page: nothing after it is handed out.
        if (item === 1) channel.close(new Error('the API went away'));
      }
    })();
    await expect(consume).rejects.toThrow('the API went away');
    expect(seen).toEqual([0, 1]);
  });
});

describe('the set of planned paths', () => {
  it('tells new paths from repeats, through many growths', () => {
    const set = createPathSet();
    const paths = Array.from({ length: 50_000 }, (_, i) => `/sports/sport-${i % 40}/roster/${i}/player-${i}`);
    expect(paths.some((p) => set.has(p))).toBe(false);
    expect(paths.every((p) => set.add(p))).toBe(true);
    expect(paths.some((p) => set.add(p))).toBe(false);
    expect(paths.every((p) => set.has(p))).toBe(true);
    expect(set.has('/sports/sport-0/roster/50000/player-50000')).toBe(false);
    expect(set.size).toBe(50_000);
    expect(set.add('/')).toBe(true);
    expect(set.add('')).toBe(true);
    expect(set.add('')).toBe(false);
  });
});

/** A ledger's entries as scanLedgerFile gives them from its sorted list, decoded. */
function scanned(ledger: Ledger) {
  const entries: { path: string; indexable: boolean; lastmod: string | null }[] = [];
  scanLedgerFile(ledger.sortedFile(), ({ block, start, pathEnd, indexable, lastmodStart, lastmodEnd }) =>
    entries.push({
      path: block.toString('utf8', start, pathEnd),
      indexable,
      lastmod: lastmodEnd > lastmodStart ? block.toString('utf8', lastmodStart, lastmodEnd) : null,
    }),
  );
  return entries;
}

describe('the ledger of written pages', () => {
  it('lists pages in path order with their sitemap entries, and in the order written for the workers', () => {
    const dir = mkdtempSync(join(work, 'ledger-'));
    const ledger = createLedger(dir);
    const entries = [
      { path: '/news', indexable: true, lastmod: '2026-11-01T10:00:00Z' },
      { path: '/', indexable: true, lastmod: null },
      { path: '/_shells/search', indexable: false, lastmod: null },
      { path: '/news-archive', indexable: true, lastmod: null },
      { path: '/news/2026', indexable: true, lastmod: '2026-11-02T10:00:00Z' },
    ];
    for (const entry of entries) ledger.add(entry);
    expect(ledger.count).toBe(5);
    const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
    expect([...ledger.sorted()]).toEqual([...entries].sort(byPath));
    expect([...ledger.sorted()]).toEqual([...entries].sort(byPath));
    // As bytes, the same entries (the sitemap's and the manifest's pass).
    expect(scanned(ledger)).toEqual([...entries].sort(byPath));
    // As the set of pages the link check and the build cache ask of: each path, and nothing else.
    const paths = pathsOf(ledger.sortedFile());
    expect(paths.size).toBe(5);
    for (const { path } of entries) expect(paths.has(path)).toBe(true);
    for (const path of ['/news/', '/new', '/news/2026/', '/_shells', '']) expect(paths.has(path)).toBe(false);
    expect(() => ledger.add({ path: '/x', indexable: true, lastmod: null })).toThrow(/closed/);
    expect(() => createLedger(dir).add({ path: '/a\tb', indexable: true, lastmod: null })).toThrow(/tab/);
  });

  it("takes an incremental build's kept pages from the previous sorted list, when it is the file its digest names", () => {
    const entry = (path: string, lastmod: string | null = null, indexable = true) => ({ path, indexable, lastmod });
    const before = [
      entry('/'),
      entry('/news', '2026-11-01T10:00:00Z'),
      entry('/news/2026/a', '2026-10-01T10:00:00Z'),
      entry('/news/2026/b', '2026-10-02T10:00:00Z'),
      entry('/_shells/search', null, false),
      entry('/tickets'),
      entry('/news/café', '2026-09-01T10:00:00Z'),
    ];
    const first = createLedger(mkdtempSync(join(work, 'ledger-')));
    for (const e of before) first.add(e);
    const previous = first.sortedFile();
    const digest = createHash('sha256').update(readFileSync(previous)).digest('hex');

    // /news changed (its lastmod), /news/2026/b is gone, /news/2026/c, /news/cafe (beside /news/café, of two bytes
    // more) and /zoo (after every kept page) are new; the rest is kept.
    const after = [
      entry('/news', '2026-11-03T10:00:00Z'),
      entry('/news/2026/c', '2026-11-03T10:00:00Z'),
      entry('/news/cafe'),
      entry('/zoo'),
    ];
    const kept = new Set(['/', '/news/2026/a', '/_shells/search', '/tickets', '/news/café']);
    const next = createLedger(mkdtempSync(join(work, 'ledger-')));
    for (const e of after) next.add(e);
    const counts = { entries: before.length, indexable: before.filter((e) => e.indexable).length };
    expect(next.addKept({ file: previous, digest, counts: null }, { has: (path) => kept.has(path) })).toBe(true);
    const all = [...after, ...before.filter((e) => kept.has(e.path))];
    const full = createLedger(mkdtempSync(join(work, 'ledger-')));
    for (const e of all) full.add(e);
    expect([...next.sorted()]).toEqual([...full.sorted()]);
    expect(scanned(next)).toEqual([...full.sorted()]);
    expect(readFileSync(next.sortedFile(), 'utf8')).toBe(readFileSync(full.sortedFile(), 'utf8'));
    expect([next.count, next.indexable]).toEqual([9, 8]);
    expect(next.added).toEqual(['/news', '/news/2026/c', '/news/cafe', '/zoo']);

    // The same list patched: the pages not kept named, found by a binary search, and the list's counts known.
    const notKept = before.map((e) => e.path).filter((path) => !kept.has(path));
    const patched = createLedger(mkdtempSync(join(work, 'ledger-')));
    for (const e of after) patched.add(e);
    expect(patched.addKept({ file: previous, digest, counts }, { notKept })).toBe(true);
    expect(readFileSync(patched.sortedFile(), 'utf8')).toBe(readFileSync(full.sortedFile(), 'utf8'));
    expect([patched.count, patched.indexable, patched.added]).toEqual([next.count, next.indexable, next.added]);
    // Without the counts, the named pages are left out by reading every line: the same list.
    const read = createLedger(mkdtempSync(join(work, 'ledger-')));
    for (const e of after) read.add(e);
    expect(read.addKept({ file: previous, digest, counts: null }, { notKept })).toBe(true);
    expect(readFileSync(read.sortedFile(), 'utf8')).toBe(readFileSync(full.sortedFile(), 'utf8'));
    expect([read.count, read.indexable]).toEqual([next.count, next.indexable]);

    // A list edited since its digest was taken is not used: nothing is added, and the caller adds the kept pages.
    writeFileSync(previous, readFileSync(previous, 'utf8').replace('2026-10-01', '2026-01-01'));
    const refused = createLedger(mkdtempSync(join(work, 'ledger-')));
    for (const e of after) refused.add(e);
    expect(refused.addKept({ file: previous, digest, counts }, { notKept })).toBe(false);
    for (const e of before.filter((e) => kept.has(e.path))) refused.add(e);
    expect([...refused.sorted()]).toEqual([...full.sorted()]);
    const missing = createLedger(mkdtempSync(join(work, 'ledger-')));
    expect(missing.addKept({ file: join(work, 'none.tsv'), digest, counts: null }, { has: () => true })).toBe(false);
  });

  it('streams the manifest’s prerendered list: the same JSON as one stringify', async () => {
    const out = mkdtempSync(join(work, 'manifest-'));
    // Paths copied as bytes (ASCII) and paths JSON escapes or that are not ASCII, past the writer's block.
    const paths = Array.from(
      { length: 20_000 },
      (_, i) => `/news/2026/${String(i).padStart(5, '0')}/${i % 3 ? 'plain' : i % 2 ? '"quoted"-é' : 'tab\there'}`,
    );
    writeManifests(
      createOutputWriter(out),
      { buildId: 'abc123', contentId: 'c1' },
      '2026-11-22T00:00:00.000Z',
      paths.values(),
      [{ source: '/old', target: '/new', status: 301, passQuery: false }],
    );
    const meta = readFileSync(join(out, '_site/builds/meta/abc123.json'), 'utf8');
    const parsed = JSON.parse(meta);
    expect(parsed.prerendered).toEqual(paths);
    expect(meta).toBe(JSON.stringify(parsed));
    expect(JSON.parse(readFileSync(join(out, '_site/builds/latest.json'), 'utf8'))).toEqual({
      id: 'abc123',
      content: 'c1',
      timestamp: '2026-11-22T00:00:00.000Z',
    });
    expect(parsed.routeRules['/old']).toEqual({ redirect: { to: '/new', statusCode: 301, passQuery: false } });
    writeManifests(createOutputWriter(out), { buildId: 'empty', contentId: 'c2' }, 't', [], []);
    expect(JSON.parse(readFileSync(join(out, '_site/builds/meta/empty.json'), 'utf8')).prerendered).toEqual([]);
  });
});

describe("the files of the build's list of pages", () => {
  it('writes the sitemap and the build manifest from the sorted list, as the text of the list gives them', () => {
    const dir = mkdtempSync(join(work, 'page-list-'));
    const ledger = createLedger(dir);
    const entries = [
      { path: '/news', indexable: true, lastmod: '2026-11-01T10:00:00Z' },
      { path: '/', indexable: true, lastmod: null },
      { path: '/_shells/article-preview', indexable: false, lastmod: null },
      { path: '/news/2026/11/01/caf\u00e9-&-"quotes"', indexable: true, lastmod: '2026-11-01T09:00:00Z' },
      { path: '/sports/football', indexable: true, lastmod: '2026-10-30T00:00:00Z' },
    ];
    for (const entry of entries) ledger.add(entry);
    const out = mkdtempSync(join(work, 'page-list-out-'));
    const redirects = [{ source: '/old', target: '/new', status: 301, passQuery: false }];
    const written = writePageListFiles(createOutputWriter(out), {
      list: ledger.sortedFile(),
      indexable: ledger.indexable,
      siteUrl: 'https://www.example.edu',
      buildId: 'abc123',
      metaHead: buildMetaHead('abc123', '2026-11-22T00:00:00.000Z', redirects),
    });
    const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : 1));
    const expected = [
      ...sitemaps(
        sorted.filter((e) => e.indexable),
        4,
        'https://www.example.edu',
      ),
    ]
      .map((piece) => piece.text)
      .join('');
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toBe(expected);
    expect(written).toEqual({
      files: [['/sitemap.xml', createHash('sha256').update(sitemap).digest('hex')]],
      bytes: Buffer.byteLength(sitemap),
    });
    // The manifest names every page, in path order, as writeManifests writes it from their text.
    const other = mkdtempSync(join(work, 'page-list-text-'));
    const paths = sorted.map((e) => e.path);
    writeManifests(
      createOutputWriter(other),
      { buildId: 'abc123', contentId: 'c' },
      '2026-11-22T00:00:00.000Z',
      paths,
      redirects,
    );
    const meta = readFileSync(join(out, '_site/builds/meta/abc123.json'), 'utf8');
    expect(meta).toBe(readFileSync(join(other, '_site/builds/meta/abc123.json'), 'utf8'));
    expect(JSON.parse(meta).prerendered).toEqual(paths);
  });
});

describe('messages batched per turn', () => {
  it('hands the items of one turn of the event loop to one flush, in order, and a later turn to another', async () => {
    const flushed: number[][] = [];
    const send = batched<number>((items) => flushed.push(items));
    send(1);
    send(2);
    await Promise.resolve(); // microtasks are still the same turn
    send(3);
    expect(flushed).toEqual([]);
    await new Promise((done) => setImmediate(done));
    send(4);
    await new Promise((done) => setImmediate(done));
    expect(flushed).toEqual([[1, 2, 3], [4]]);
  });

  it('sends what is queued at once when flushed, before what goes next, and the end of the turn only what came after', async () => {
    // A render thread flushes before it answers a `render` request: that page may name a chrome whose links are
    // in the batch (src/build/render/worker.ts).
    const sent: string[] = [];
    const send = batched<string>((items) => sent.push(`batch ${items.join(',')}`));
    send('a');
    send('b');
    send.flush();
    sent.push('reply');
    send('c');
    send.flush();
    send.flush();
    expect(sent).toEqual(['batch a,b', 'reply', 'batch c']);
    send('d');
    await new Promise((done) => setImmediate(done));
    await new Promise((done) => setImmediate(done));
    expect(sent).toEqual(['batch a,b', 'reply', 'batch c', 'batch d']);
  });
});
