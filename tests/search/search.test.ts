import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEARCH_DIR } from '../../src/output/layout.ts';
import { createOutputWriter } from '../../src/output/writer.ts';
import type { SearchManifest } from '../../src/search/format.ts';
import { createStaticSearch } from '../../src/search/query.ts';
import { readSearch, searchHref } from '../../src/search/url.ts';
import { serverBundleOptions } from '../../src/build/bundle.ts';
import { writeSearchIndexInWorker } from '../../src/search/in-worker.ts';
import { readPreviousLines } from '../../src/search/index-lines.ts';
import {
  createSearchIndexer,
  MAX_POSTINGS,
  readSearchDocs,
  writeSearchIndex,
  type SearchDoc,
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
