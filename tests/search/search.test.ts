import { build } from 'esbuild';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEARCH_DIR } from '../../src/output/layout.ts';
import { createOutputWriter } from '../../src/output/writer.ts';
import { DOC_CHUNK, type SearchManifest } from '../../src/search/format.ts';
import { createStaticSearch } from '../../src/search/query.ts';
import { readSearch, searchHref } from '../../src/search/url.ts';
import { serverBundleOptions } from '../../src/build/bundle.ts';
import { writeSearchIndexInWorker } from '../../src/search/in-worker.ts';
import { heldLinesOf, holdLines } from '../../src/search/held-lines.ts';
import { readPreviousLines } from '../../src/search/index-lines.ts';
import { updatedPostings } from '../../src/search/patch.ts';
import { createKnownFilesWriter, readKnownFiles } from '../../src/output/known-files.ts';
import {
  createSearchIndexer,
  MAX_POSTINGS,
  readSearchDocs,
  writeSearchIndex,
  type SearchDoc,
  type IndexBase,
  type SearchIndexWritten,
} from '../../src/search/writer.ts';
import { createHash } from 'node:crypto';
import { treeDigest } from '../helpers/tree.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const sport = (slug: string, name: string) => ({ slug, name });
const FB = sport('football', 'Football');
const MBB = sport('mens-basketball', "Men's Basketball");
const WBB = sport('womens-basketball', "Women's Basketball");
const doc = (
  type: SearchDoc['type'],
  title: string,
  path: string,
  s: SearchDoc['sport'],
  summary = '',
  boost = 0,
): SearchDoc => ({ type, title, path, summary, date: null, sport: s, keywords: '', boost });

const DOCS: SearchDoc[] = [
  doc('player', 'Ethan Miller', '/sports/football/roster/player/ethan-miller', FB, 'Quarterback · Junior'),
  doc('player', 'Ethan Miller', '/sports/mens-basketball/roster/player/ethan-miller', MBB, 'Guard · Senior'),
  doc('player', 'Maya Okafor', '/sports/womens-basketball/roster/player/maya-okafor', WBB, 'Forward'),
  doc(
    'article',
    'Hawks rally past Lakers in overtime thriller',
    '/news/2026/11/01/hawks-rally',
    FB,
    'Miller threw for 300 yards.',
    0.5,
  ),
  doc(
    'article',
    'Okafor leads Hawks to season-opening win',
    '/news/2026/11/02/okafor-leads',
    WBB,
    'A double-double in the opener.',
  ),
  doc('article', 'The athletic department honors its donors', '/news/2026/11/03/donors', null, 'Hawks Club.'),
  doc('sport', 'Football', '/sports/football', FB, 'Football news, schedule, roster and stats.', 1),
  doc('page', 'Hawks Club', '/hawks-club', null, 'Give to the Hawks Club.'),
  doc('staff', 'Jordan Price', '/staff/jordan-price', null, 'Director of Athletics'),
];

async function indexOf(docs: SearchDoc[]) {
  const out = mkdtempSync(join(tmpdir(), 'fh-search-'));
  dirs.push(out);
  const stats = await writeSearchIndex(docs, createOutputWriter(out));
  const dir = join(out, SEARCH_DIR);
  const loaded: string[] = [];
  const search = createStaticSearch(async (file) => {
    loaded.push(file);
    return JSON.parse(readFileSync(join(dir, file), 'utf8'));
  });
  return { stats, dir, search, loaded };
}

describe('the static search index', () => {
  it('finds a player by full name and by last name, people before articles that mention them', async () => {
    const { search } = await indexOf(DOCS);
    const byName = await search.search({ s: 'Ethan Miller' });
    expect(byName.hits.map((h) => h.path)).toEqual([
      '/sports/football/roster/player/ethan-miller',
      '/sports/mens-basketball/roster/player/ethan-miller',
      // Then what has one of the words.
      '/news/2026/11/01/hawks-rally',
    ]);
    const last = await search.search({ s: 'miller' });
    expect(last.hits.slice(0, 2).every((h) => h.type === 'player')).toBe(true);
    expect(last.hits.map((h) => h.path)).toContain('/news/2026/11/01/hawks-rally');
  });

  it('ranks documents with every word first, then those with some; folds case and accents; the word being typed matches as a prefix', async () => {
    const { search } = await indexOf([
      ...DOCS,
      doc('player', 'José Núñez', '/sports/football/roster/player/jose-nunez', FB),
    ]);
    const both = await search.search({ s: 'hawks overtime' });
    expect(both.hits[0]!.path).toBe('/news/2026/11/01/hawks-rally');
    // Then the documents with "hawks" alone: a partial match is still a result, after the whole ones.
    expect(both.hits.slice(1).map((h) => h.path)).toEqual(
      (await search.search({ s: 'hawks' })).hits.map((h) => h.path).filter((p) => p !== '/news/2026/11/01/hawks-rally'),
    );
    expect(both.corrected).toBeNull();
    expect((await search.search({ s: 'JOSE nunez' })).hits.map((h) => h.title)).toEqual(['José Núñez']);
    expect((await search.search({ s: 'thril' })).hits.map((h) => h.path)).toEqual(['/news/2026/11/01/hawks-rally']);
    // A finished word (followed by a space) and two-letter words match exactly only.
    expect((await search.search({ s: 'thril ' })).total).toBe(0);
    expect((await search.search({ s: 'nobody-here' })).total).toBe(0);
  });

  it("folds apostrophes and hyphens inside words: D'Asia is dasia, Smith-Jones is smith jones", async () => {
    const player = '/sports/womens-basketball/roster/player/dasia-smith-jones';
    const story = '/news/2026/11/04/womens-soccer-bid';
    const { search } = await indexOf([
      ...DOCS,
      doc('player', "D'Asia Smith-Jones", player, WBB, 'Guard'),
      doc('article', 'Women’s soccer earns an NCAA bid', story, null),
    ]);
    for (const s of ['dasia', "D'Asia", 'd’asia', 'asia smith', 'smith jones', 'Smith-Jones', 'dasia smith-jones'])
      expect((await search.search({ s })).hits[0]?.path, s).toBe(player);
    for (const s of ['womens soccer', 'women soccer', "women's soccer"])
      expect((await search.search({ s })).hits[0]?.path, s).toBe(story);
  });

  it('forgives typos: one edit in words of 4–7 letters, two in longer ones, and says what it searched for', async () => {
    const { search, loaded } = await indexOf([
      ...DOCS,
      doc('sport', 'Volleyball', '/sports/volleyball', sport('volleyball', 'Volleyball')),
      doc('schedule', 'Football schedule', '/sports/football/schedule', FB, 'The 2026 Football schedule.', 1),
    ]);
    const volley = await search.search({ s: 'vollyball' });
    expect(volley.hits.map((h) => h.path)).toEqual(['/sports/volleyball']);
    expect(volley.corrected).toBe('volleyball');
    // Two typos, neither the word being typed: the schedule first, then what has one of the words.
    const schedule = await search.search({ s: 'footbal shedule ' });
    expect(schedule.hits[0]!.path).toBe('/sports/football/schedule');
    expect(schedule.corrected).toBe('football schedule');
    // "okafr" (5 letters, one edit) finds Okafor; "okfr" (4 letters, two edits) does not.
    expect((await search.search({ s: 'okafr ' })).hits.map((h) => h.title)).toContain('Maya Okafor');
    expect((await search.search({ s: 'okfr ' })).total).toBe(0);
    // Short words are never guessed at.
    expect((await search.search({ s: 'hwk ' })).total).toBe(0);
    // A word the index has is not corrected, and no vocabulary is downloaded for it.
    loaded.length = 0;
    expect((await search.search({ s: 'football' })).corrected).toBeNull();
    expect(loaded.filter((f) => f.startsWith('v-'))).toEqual([]);
  });

  it('suggests what the fan may have meant when nothing matches', async () => {
    const { search } = await indexOf(DOCS);
    // "ovrtme" is two edits from "overtime": more than a 6-letter word is forgiven, close enough to suggest.
    const answer = await search.search({ s: 'ovrtme ' });
    expect(answer.total).toBe(0);
    expect(answer.corrected).toBe('overtime');
    expect((await search.search({ s: 'zzzzzz ' })).corrected).toBeNull();
  });

  it('filters by the sport and team_name search types', async () => {
    const { search } = await indexOf(DOCS);
    expect((await search.search({ s: 'miller', sport: 'mens-basketball' })).hits.map((h) => h.path)).toEqual([
      '/sports/mens-basketball/roster/player/ethan-miller',
    ]);
    const team = await search.search({ s: 'hawks', teamName: 'basketball' });
    expect(team.hits.map((h) => h.sport?.slug)).toEqual(['womens-basketball']);
    // "men" is a word of "Men's Basketball", not of "Women's Basketball".
    expect((await search.search({ s: 'ethan', teamName: "men's" })).hits.map((h) => h.sport?.name)).toEqual([
      "Men's Basketball",
    ]);
    expect((await search.search({ s: 'miller', sport: 'no-such-sport' })).total).toBe(0);
  });

  it('pages results and returns what a result card shows', async () => {
    const { search } = await indexOf(DOCS);
    const first = await search.search({ s: 'hawks', perPage: 2 });
    const second = await search.search({ s: 'hawks', perPage: 2, page: 2 });
    expect(first.total).toBe(4);
    expect(first.pages).toBe(2);
    expect(new Set([...first.hits, ...second.hits].map((h) => h.path)).size).toBe(4);
    expect(first.hits[0]).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      path: expect.stringMatching(/^\//),
      sport: expect.anything(),
    });
  });

  it('is the same bytes whatever order the pages were built in', async () => {
    const a = await indexOf(DOCS);
    const b = await indexOf([...DOCS].reverse());
    expect(b.stats.digest).toBe(a.stats.digest);
    for (const file of readdirSync(a.dir))
      expect(readFileSync(join(b.dir, file), 'utf8')).toBe(readFileSync(join(a.dir, file), 'utf8'));
  });

  it('keeps its documents’ ids when an article is published: one file of documents and its words’ shards change', async () => {
    const stories = Array.from({ length: 600 }, (_, i) =>
      doc('article', `Match report ${i}`, `/news/2026/03/${String(i).padStart(3, '0')}/report`, FB, `word${i}`),
    );
    // The newest article: its path (its date) comes last among its sport's articles.
    const added = doc('article', 'Zebracorn sighting', '/news/2026/12/31/zebracorn', FB, 'quokka');
    const before = await indexOf([...DOCS, ...stories]);
    const after = await indexOf([...DOCS, ...stories, added]);
    const read = (dir: string, file: string) => {
      try {
        return readFileSync(join(dir, file), 'utf8');
      } catch {
        return null;
      }
    };
    const files = new Set([...readdirSync(before.dir), ...readdirSync(after.dir)]);
    const changed = [...files].filter((f) => read(before.dir, f) !== read(after.dir, f)).sort();
    expect(changed.filter((f) => f.startsWith('d-'))).toHaveLength(1);
    // Besides it: the manifest (one document more), and the shards and vocabularies of the new words.
    const words = new Set(['zebracorn', 'sighting', 'quokka']);
    for (const file of changed.filter((f) => f.startsWith('t-')))
      expect(
        Object.keys(JSON.parse(read(after.dir, file)!) as object).some((term) => words.has(term)),
        file,
      ).toBe(true);
    expect(changed.length).toBeLessThan(10);
    expect(readdirSync(after.dir).length).toBeGreaterThan(150);
    expect((await after.search.search({ s: 'zebracorn' })).hits.map((h) => h.path)).toEqual([added.path]);
    // A document in a group's middle moves the ids after it in that group only: the other groups' files stay.
    const player = doc('player', 'Aaron Aardvark', '/sports/football/roster/player/aaron-aardvark', FB, 'Kicker');
    const moved = await indexOf([...DOCS, ...stories, player]);
    const movedFiles = new Set([...readdirSync(before.dir), ...readdirSync(moved.dir)]);
    const changedDocs = [...movedFiles].filter((f) => f.startsWith('d-') && read(before.dir, f) !== read(moved.dir, f));
    expect(changedDocs.length).toBeGreaterThan(0);
    expect(changedDocs.length).toBeLessThanOrEqual(2);
  });

  it('downloads only the shards of the query and the documents shown, even when big shards split', async () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      doc('article', `Stadium story number${i} stands`, `/news/2026/01/01/story-${i}`, FB, `standing ovation ${i}`),
    );
    const { search, loaded, dir, stats } = await indexOf([...DOCS, ...many]);
    const manifest = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as SearchManifest;
    expect(manifest.shards.some((k) => k.length === 3)).toBe(true);
    const answer = await search.search({ s: 'number1234' });
    expect(answer.hits.map((h) => h.path)).toEqual(['/news/2026/01/01/story-1234']);
    expect(loaded.filter((f) => f.startsWith('t-'))).toHaveLength(1);
    expect(loaded.filter((f) => f.startsWith('d-'))).toHaveLength(1);
    expect(stats.files).toBe(readdirSync(dir).length);
  });

  it('keeps a common word’s best documents only: the highest scores first, the lower id on a tie', async () => {
    // 2,500 articles say "season"; every fifth also has it in its title (a higher score), newer ones a boost.
    const many = Array.from({ length: 2500 }, (_, i) =>
      doc(
        'article',
        i % 5 === 0 ? `Season opener ${i}` : `Game ${i}`,
        `/news/2026/02/01/game-${String(i).padStart(4, '0')}`,
        FB,
        `season report ${i}`,
        (i % 3) / 2,
      ),
    );
    const { dir } = await indexOf(many);
    const shard = JSON.parse(readFileSync(join(dir, 't-se.json'), 'utf8')) as Record<string, number[]>;
    // Each document's id, from the files that hold it: row k of d-n.json is id n·docChunk + k.
    const { docChunk } = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { docChunk: number };
    const idOf = new Map<string, number>();
    for (const file of readdirSync(dir).filter((f) => /^d-\d+\.json$/.test(f))) {
      const rows = JSON.parse(readFileSync(join(dir, file), 'utf8')) as string[][];
      rows.forEach((row, k) => idOf.set(row[2]!, Number(file.slice(2, -5)) * docChunk + k));
    }
    const id = (i: number) => idOf.get(many[i]!.path)!;
    // Its score is 30 in the title and 10 in the text, each times 1 + boost.
    const score = (i: number) => {
      const scale = 1 + (i % 3) / 2;
      return (i % 5 === 0 ? Math.round(30 * scale) : 0) + Math.round(10 * scale);
    };
    const expected = many
      .map((_, i) => i)
      .sort((a, b) => score(b) - score(a) || id(a) - id(b))
      .slice(0, MAX_POSTINGS)
      .flatMap((i) => [id(i), score(i)]);
    expect(idOf.size).toBe(many.length);
    expect(shard.season).toEqual(expected);
  });

  it('indexes a keyed document once: its highest version, the first path on a tie', async () => {
    const coach = (season: string, key = 'coach/7') => ({
      ...doc(
        'coach',
        'Dana Whitfield',
        `/sports/football/roster/season/${season}/staff/dana-whitfield`,
        FB,
        'Head Coach',
      ),
      key,
      version: season,
    });
    const { search } = await indexOf([...DOCS, coach('2024-25'), coach('2026-27'), coach('2025-26')]);
    expect((await search.search({ s: 'whitfield' })).hits.map((h) => h.path)).toEqual([
      '/sports/football/roster/season/2026-27/staff/dana-whitfield',
    ]);
    const tie = { ...coach('2025-26', 'coach/8'), title: 'Lee Tran', path: '/sports/football/coaches/b-lee-tran' };
    const { search: again } = await indexOf([{ ...tie, path: '/sports/football/coaches/c-lee-tran' }, tie]);
    expect((await again.search({ s: 'tran' })).hits.map((h) => h.path)).toEqual([
      '/sports/football/coaches/b-lee-tran',
    ]);
  });

  it('keeps the search in the address bar', () => {
    const query = { s: 'ethan miller', sport: 'football', teamName: null, page: 2 };
    expect(searchHref(query)).toBe('/search?s=ethan+miller&sport=football&page=2');
    expect(readSearch('?s=ethan+miller&sport=football&page=2')).toEqual(query);
    expect(readSearch('?page=-3')).toEqual({ s: '', sport: null, teamName: null, page: 1 });
  });
});

describe("an incremental build's index", () => {
  const coach = (season: string): SearchDoc => ({
    ...doc('coach', 'Dana Whitfield', `/sports/football/roster/season/${season}/staff/dana-whitfield`, FB, 'Coach'),
    key: 'coach/7',
    version: season,
  });
  const articles = Array.from({ length: 300 }, (_, i) =>
    doc('article', `Stadium story ${i}`, `/news/2026/01/01/story-${i}`, i % 2 ? FB : WBB, `season report ${i}`, 0.2),
  );
  const before = [...DOCS, coach('2024-25'), coach('2025-26'), coach('2026-27'), ...articles];

  /** An index written by one indexer in its own folders: its files, figures and lines. */
  async function written(
    add: (indexer: ReturnType<typeof createSearchIndexer>) => void,
    base?: Parameters<ReturnType<typeof createSearchIndexer>['write']>[1],
  ) {
    const work = mkdtempSync(join(tmpdir(), 'fh-search-inc-'));
    dirs.push(work);
    mkdirSync(join(work, 'scratch'));
    const indexer = createSearchIndexer(join(work, 'scratch'));
    add(indexer);
    const done = await indexer.write(createOutputWriter(join(work, 'out')), base);
    indexer.discard();
    return { ...done, out: join(work, 'out') };
  }

  it("takes the kept pages' lines from the previous build and is the index a full build writes", async () => {
    const first = await written((indexer) => before.forEach((d) => indexer.add(d)));
    expect(createHash('sha256').update(readFileSync(first.lines.file)).digest('hex')).toBe(first.lines.digest);
    const previous = readPreviousLines(first.lines.file, first.lines.digest);
    if ('reason' in previous) throw new Error(previous.reason);
    expect([...previous.keyed.keys()]).toHaveLength(3);

    // The newest season's coach page is gone (the index falls back to the season before), a story is retitled,
    // one is published, and a page built from the previous build's data (--keep-going) is indexed but not listed.
    const gone = coach('2026-27').path;
    const retitled = { ...articles[7]!, title: 'Overtime thriller at the stadium' };
    const published = doc('article', 'Hawks sign a new coach', '/news/2026/01/02/new-coach', FB, 'season news');
    const unlisted = doc('page', 'Tickets', '/tickets', null, 'Season tickets');
    const dropped = new Set([gone, retitled.path, unlisted.path]);
    const next = await written(
      (indexer) => {
        indexer.add(retitled);
        indexer.add(published);
        indexer.add(unlisted, false);
      },
      { previous, dropped: (path) => dropped.has(path) },
    );

    const after = [...before.filter((d) => !dropped.has(d.path)), retitled, published];
    const full = await written((indexer) => {
      after.forEach((d) => indexer.add(d));
      indexer.add(unlisted, false);
    });
    expect(next.stats).toEqual(full.stats);
    expect(treeDigest(next.out)).toEqual(treeDigest(full.out));
    // The lines the next build starts from are those of the listed pages only, as a full build of them keeps.
    const listed = await written((indexer) => after.forEach((d) => indexer.add(d)));
    expect(readFileSync(next.lines.file, 'utf8')).toBe(readFileSync(listed.lines.file, 'utf8'));
    expect(next.lines.digest).toBe(listed.lines.digest);
    expect(readFileSync(next.lines.file, 'utf8')).not.toContain('/tickets');
    const search = createStaticSearch(async (file) =>
      JSON.parse(readFileSync(join(next.out, SEARCH_DIR, file), 'utf8')),
    );
    expect((await search.search({ s: 'whitfield' })).hits.map((h) => h.path)).toEqual([coach('2025-26').path]);
    expect((await search.search({ s: 'overtime thriller' })).hits.map((h) => h.path)).toContain(retitled.path);
  });

  it('refuses previous lines that are not the ones the cache has the digest of, or that do not split', async () => {
    const first = await written((indexer) => before.forEach((d) => indexer.add(d)));
    const text = readFileSync(first.lines.file, 'utf8');
    writeFileSync(first.lines.file, text.replace('Stadium story 12', 'Stadium story 21'));
    expect(readPreviousLines(first.lines.file, first.lines.digest)).toEqual({
      reason: expect.stringContaining('not the file its manifest has the digest of'),
    });
    const garbled = text.replace(/\n[^\n]*story-5\t[^\n]*/, '\nfootball story-5');
    writeFileSync(first.lines.file, garbled);
    const digest = createHash('sha256').update(garbled).digest('hex');
    expect(readPreviousLines(first.lines.file, digest)).toEqual({
      reason: expect.stringMatching(/line \d+: Not a line of the search index/),
    });
    expect(readPreviousLines(join(first.out, 'nothing.tsv'), digest)).toEqual({
      reason: expect.stringContaining('has no'),
    });
  });

  it("holds the lines a warm thread wrote while the cache's file holds their bytes, and reads them again otherwise", async () => {
    const first = await written((indexer) => before.forEach((d) => indexer.add(d)));
    const { file, digest } = first.lines;
    // Opened before the build moves the file into its cache (a copy on another device), read after.
    const read = holdLines(file, digest);
    const cached = join(first.out, 'search.tsv');
    copyFileSync(file, cached);
    rmSync(file);
    const held = read();
    expect(held).not.toBeNull();
    const fromFile = readPreviousLines(cached, digest);
    expect(heldLinesOf(held, cached, digest)).toEqual(fromFile);
    // Another digest in the cache's manifest, other bytes at its path (a cache edited, or another process's), or
    // none: read from the file.
    expect(
      heldLinesOf(
        held,
        cached,
        digest.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      ),
    ).toBeNull();
    const text = readFileSync(cached, 'utf8');
    writeFileSync(cached, text.replace('Stadium story 12', 'Stadium story 21'));
    expect(heldLinesOf(held, cached, digest)).toBeNull();
    writeFileSync(cached, text);
    expect(heldLinesOf(held, cached, digest)).toEqual(fromFile);
    expect(heldLinesOf(held, join(first.out, 'gone.tsv'), digest)).toBeNull();
    expect(heldLinesOf(null, cached, digest)).toBeNull();
    // Lines that do not read back as the index's are not held.
    writeFileSync(cached, 'not a line\n');
    expect(holdLines(cached, createHash('sha256').update('not a line\n').digest('hex'))()).toBeNull();
  });
});

describe("an incremental build's index patched in place", () => {
  const coach = (season: string): SearchDoc => ({
    ...doc('coach', 'Dana Whitfield', `/sports/football/roster/season/${season}/staff/dana-whitfield`, FB, 'Coach'),
    key: 'coach/7',
    version: season,
  });
  // More stories than a term's list holds: "stadium" is in every one, its list full.
  const stories = Array.from({ length: MAX_POSTINGS + 100 }, (_, i) =>
    doc(
      'article',
      `Stadium story ${i}`,
      `/news/2026/01/01/story-${String(i).padStart(4, '0')}`,
      i % 2 ? FB : WBB,
      `report ${i}`,
      (i % 7) / 10,
    ),
  );
  const before = [...DOCS, coach('2024-25'), coach('2025-26'), ...stories];

  interface Built extends SearchIndexWritten {
    out: string;
    /** Its list of files (known-files.ts). */
    list: string;
    /** The previous build's files it kept. */
    kept: string[];
    /** Why it was not patched, when it was tried. */
    refused: string | null;
  }

  /** A build's index: written whole, or patched from `from` (the previous one) when it can be. */
  async function built(docs: SearchDoc[], from?: Built, dropped: string[] = []): Promise<Built> {
    const work = mkdtempSync(join(tmpdir(), 'fh-search-patch-'));
    dirs.push(work);
    mkdirSync(join(work, 'scratch'));
    const indexer = createSearchIndexer(join(work, 'scratch'));
    docs.forEach((d) => indexer.add(d));
    const kept: string[] = [];
    const known = from ? readKnownFiles(from.list) : null;
    const writer = createKnownFilesWriter(createOutputWriter(join(work, 'out')), {
      list: join(work, 'files.tsv'),
      previous: from ? { dir: from.out, known: known!, keep: (path) => kept.push(path) } : null,
    });
    let patched: SearchIndexWritten | { refused: string } | null = null;
    let base: IndexBase | null = null;
    if (from) {
      const previous = readPreviousLines(from.lines.file, from.lines.digest);
      if ('reason' in previous) throw new Error(previous.reason);
      patched = indexer.patch(writer, previous, dropped, { dir: from.out, known: known!, stats: from.stats });
      base = { previous, dropped: (path) => dropped.includes(path) };
    }
    const done = patched && !('refused' in patched) ? patched : await indexer.write(writer, base);
    const list = writer.close();
    indexer.discard();
    // The output as the build commits it: the files kept in place taken from the previous one.
    for (const path of kept) {
      mkdirSync(dirname(join(work, 'out', path)), { recursive: true });
      writeFileSync(join(work, 'out', path), readFileSync(join(from!.out, path)));
    }
    return {
      ...done,
      out: join(work, 'out'),
      list,
      kept,
      refused: patched && 'refused' in patched ? patched.refused : null,
    };
  }

  /** The same index as a full build of `docs` writes: files, figures, the cache's lines and its list of files. */
  async function expectWhole(next: Built, docs: SearchDoc[]) {
    const whole = await built(docs);
    expect(treeDigest(next.out)).toEqual(treeDigest(whole.out));
    expect(next.stats).toEqual(whole.stats);
    expect(readFileSync(next.lines.file, 'utf8')).toBe(readFileSync(whole.lines.file, 'utf8'));
    expect(next.lines.digest).toBe(whole.lines.digest);
    expect(readFileSync(next.list, 'utf8')).toBe(readFileSync(whole.list, 'utf8'));
  }

  it("writes the changed documents' chunks, shards and vocabularies again and keeps every other file", async () => {
    const first = await built(before);
    expect(first.stats.docs).toBe(before.length - 1);
    // A story retitled (its terms gone and new, one of them new to the index: a vocabulary written again), a page touched whose document is the same,
    // the older coach page (not indexed: the newer season's is) edited, and a story's summary that takes "stadium"
    // from its full list a place it did not have.
    const retitled = { ...stories[7]!, title: 'Stadium story 7: overtime thriller at Miller' };
    const edited = { ...coach('2024-25'), summary: 'Coach emeritus' };
    const boosted = { ...stories[2050]!, summary: 'report 2050 at the stadium', boost: 1 };
    const same = DOCS[7]!;
    const after = before.map((d) =>
      d.path === retitled.path ? retitled : d.path === edited.path ? edited : d.path === boosted.path ? boosted : d,
    );
    const next = await built([retitled, edited, boosted, same], first, [
      retitled.path,
      edited.path,
      boosted.path,
      same.path,
    ]);
    expect(next.refused).toBeNull();
    expect(next.stats.terms).toBe(first.stats.terms + 1);
    // A handful of files written; the others kept where they are.
    expect(first.stats.files - next.kept.length).toBeLessThan(12);
    await expectWhole(next, after);
    const search = createStaticSearch(async (file) =>
      JSON.parse(readFileSync(join(next.out, SEARCH_DIR, file), 'utf8')),
    );
    expect((await search.search({ s: 'thriller at' })).hits[0]!.path).toBe(retitled.path);
    // The term new to the index, in the vocabulary and its shard.
    expect((await search.search({ s: 'at' })).hits.map((h) => h.path).sort()).toEqual([retitled.path, boosted.path]);

    // Nothing changed at all: every file kept, the lines copied.
    const again = await built([retitled], next, [retitled.path]);
    expect(again.refused).toBeNull();
    expect(again.kept).toHaveLength(first.stats.files);
    await expectWhole(again, after);
  });

  it("patches an article published at its group's end, and unpublished again, keeping every other document's id", async () => {
    const first = await built(before);
    // Football's articles: the stories of odd numbers and one of DOCS. Its group's last chunk is not full, so the
    // first new story fills it; the next ones start a new chunk (a file new to the index) and fill part of it.
    const fbArticles = before.filter((d) => d.type === 'article' && d.sport === FB).length;
    const fill = DOC_CHUNK - (fbArticles % DOC_CHUNK);
    expect(fill).toBeGreaterThan(0);
    expect(fill).toBeLessThan(DOC_CHUNK);
    const newest = Array.from({ length: fill + 2 }, (_, i) =>
      doc('article', `Overtime thriller ${i}`, `/news/2026/12/${String(20 + i)}/thriller-${i}`, FB, 'Miller yards'),
    );
    const published = await built([newest[0]!], first, []);
    expect(published.refused).toBeNull();
    expect(published.stats.docs).toBe(first.stats.docs + 1);
    expect(first.stats.files - published.kept.length).toBeLessThan(12);
    await expectWhole(published, [...before, newest[0]!]);

    // Two more in one build: the next chunk is a new file, between the group's last and the next group's first.
    const more = await built(newest.slice(1), published, []);
    expect(more.refused).toBeNull();
    expect(more.stats.files).toBe(first.stats.files + 1);
    await expectWhole(more, [...before, ...newest]);
    const search = createStaticSearch(async (file) =>
      JSON.parse(readFileSync(join(more.out, SEARCH_DIR, file), 'utf8')),
    );
    const hits = (await search.search({ s: 'overtime thriller' })).hits.map((h) => h.path);
    expect(hits).toEqual(expect.arrayContaining(newest.map((d) => d.path)));

    // Unpublished, the newest first: the chunk it was alone in is gone, then the one it shared is written again.
    const last = newest.at(-1)!.path;
    const unpublished = await built([], more, [last]);
    expect(unpublished.refused).toBeNull();
    await expectWhole(unpublished, [...before, ...newest.slice(0, -1)]);
    const all = newest.slice(0, -1).map((d) => d.path);
    const back = await built([], unpublished, all);
    expect(back.refused).toBeNull();
    expect(back.stats).toEqual(first.stats);
    await expectWhole(back, before);
    // A story that leaves the full list of "stadium" (its title no longer has it), and the newest unpublished: the
    // documents beyond the list, found in the previous lines, take their places.
    const plain = { ...stories[5]!, title: 'Story 5' };
    const left = await built([plain], more, [plain.path, newest.at(-1)!.path]);
    expect(left.refused).toBeNull();
    await expectWhole(left, [...before.map((d) => (d.path === plain.path ? plain : d)), ...newest.slice(0, -1)]);
    // Published and edited in one build: one new, one changed in its place.
    const edited = { ...stories[9]!, title: 'Stadium story 9, a thriller' };
    const both = await built([newest[0]!, edited], first, [edited.path]);
    expect(both.refused).toBeNull();
    await expectWhole(both, [...before.map((d) => (d.path === edited.path ? edited : d)), newest[0]!]);
  });

  it('refuses, having written nothing, what the previous files cannot tell, and the index is then written whole', async () => {
    const first = await built(before);
    const cases: [string, SearchDoc[], string[], RegExp][] = [
      ['published in the middle', [doc('article', 'New coach', '/news/2026/01/02/new-coach', FB)], [], /in the middle/],
      [
        'published, the first of its group',
        [doc('video', 'Highlights', '/videos/1', FB, 'Stadium')],
        [],
        /the first of its group/,
      ],
      ['published with a key', [{ ...coach('2026-27'), path: '/sports/football/zz/dana' }], [], /with a key/],
      [
        'published, outgrowing its range',
        Array.from({ length: 1000 }, (_, i) => doc('article', `Story ${i}`, `/news/2027/01/01/s-${i}`, FB)),
        [],
        /larger range/,
      ],
      ['unpublished from the middle', [], [stories[3]!.path], /gone from the middle/],
      ['unpublished with a key', [], [coach('2025-26').path], /has a key/],
      [
        'unpublished, shrinking its range',
        [],
        [...stories.filter((d) => d.sport === WBB).slice(-600), DOCS[4]!].map((d) => d.path),
        /smaller range/,
      ],
      [
        'published and unpublished in one group',
        [doc('article', 'Okafor again', '/news/2026/12/31/okafor', WBB)],
        [DOCS[4]!.path],
        /both gone and new/,
      ],
      ['moved to another sport', [{ ...stories[6]!, sport: MBB }], [stories[6]!.path], /sport or type/],
      ['a new version', [{ ...coach('2025-26'), version: '2026-27' }], [coach('2025-26').path], /key or version/],
      ['a new shard', [{ ...DOCS[8]!, summary: 'Director of Qwxyz' }], [DOCS[8]!.path], /new shard/],
    ];
    for (const [what, changed, dropped, reason] of cases) {
      const next = await built(changed, first, [...dropped, ...changed.map((d) => d.path)]);
      expect(next.refused, what).toMatch(reason);
      const gone = new Set([...dropped, ...changed.map((d) => d.path)]);
      await expectWhole(next, [...before.filter((d) => !gone.has(d.path)), ...changed]);
    }
    // A previous shard cut short: not JSON. The index is written whole, the build goes on.
    const retitled = { ...stories[9]!, title: 'Stadium story 9: a thriller' };
    const shard = readdirSync(join(first.out, SEARCH_DIR))
      .map((name) => join(first.out, SEARCH_DIR, name))
      .find((file) => file.includes('/t-') && readFileSync(file, 'utf8').includes('"thriller"'))!;
    const text = readFileSync(shard, 'utf8');
    writeFileSync(shard, text.slice(0, text.length >> 1));
    const next = await built([retitled], first, [retitled.path]);
    expect(next.refused).toMatch(/a previous file cannot be read: .*JSON/);
    await expectWhole(
      next,
      before.map((d) => (d.path === retitled.path ? retitled : d)),
    );
  });

  it("updates a term's list from what it holds when it can, and says when it cannot", () => {
    // Not full: the list is every document with the term.
    expect(
      updatedPostings(
        [1, 50, 2, 40, 3, 40],
        new Map([
          [2, null],
          [9, 45],
        ]),
      ),
    ).toEqual([1, 50, 9, 45, 3, 40]);
    const full = Array.from({ length: MAX_POSTINGS }, (_, i) => [i, 1000 - (i >> 2)]).flat();
    // Full, no document leaves it: the newcomer takes its place, the weakest goes.
    const entered = updatedPostings(full, new Map([[5000, 1001]]))!;
    expect(entered.length).toBe(MAX_POSTINGS * 2);
    expect(entered.slice(0, 4)).toEqual([5000, 1001, 0, 1000]);
    expect(entered.slice(-2)).toEqual([1998, 501]);
    // Full, one leaves and nothing known ranks above the weakest to fill its place: unknown.
    expect(updatedPostings(full, new Map([[3, null]]))).toBeNull();
    expect(updatedPostings(full, new Map([[3, 1]]))).toBeNull();
    // Full, one leaves, and the documents beyond the list are given: the best of them takes the last place.
    const beyond: [number, number][] = [
      [7000, 400],
      [6000, 501],
      [6001, 501],
    ];
    const filled = updatedPostings(full, new Map([[3, null]]), beyond)!;
    expect(filled.length).toBe(MAX_POSTINGS * 2);
    expect(filled.slice(-4)).toEqual([1999, 501, 6000, 501]);
    // Full, one moves up: its place is its own.
    expect(updatedPostings(full, new Map([[1999, 2000]]))!.slice(0, 2)).toEqual([1999, 2000]);
  });
});

describe('the search index in a thread of its own', () => {
  it('writes what writeSearchIndex writes here, and a failure comes back as the error it was', async () => {
    const work = mkdtempSync(join(tmpdir(), 'fh-search-worker-'));
    dirs.push(work);
    const bundleFile = join(work, 'search-worker.mjs');
    await build(serverBundleOptions(join(import.meta.dirname, '../../src/search/worker.ts'), bundleFile));
    // The documents as the build hands them over: JSON lines, in two files.
    const files = [join(work, 'a.jsonl'), join(work, 'b.jsonl')];
    writeFileSync(
      files[0]!,
      DOCS.slice(0, 4)
        .map((d) => JSON.stringify(d))
        .join('\n') + '\n',
    );
    writeFileSync(
      files[1]!,
      DOCS.slice(4)
        .map((d) => JSON.stringify(d))
        .join('\n') + '\n',
    );
    const job = (name: string, docFiles: string[]) => {
      mkdirSync(join(work, `${name}-scratch`));
      return { docFiles, outDir: join(work, name), workDir: join(work, `${name}-scratch`), reuseFrom: null };
    };
    const threaded = await writeSearchIndexInWorker(bundleFile, job('threaded', files));
    const here = await writeSearchIndex(readSearchDocs(files), createOutputWriter(join(work, 'here')));
    expect(threaded).toEqual(here);
    expect(treeDigest(join(work, 'threaded'))).toEqual(treeDigest(join(work, 'here')));

    writeFileSync(files[1]!, '{"type": "page", "title": \n');
    await expect(writeSearchIndexInWorker(bundleFile, job('broken', files))).rejects.toThrow(/JSON/);
  });
});
