import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUILD_CACHE_FORMAT,
  buildCacheDir,
  CHROME_FILE,
  FAILED_MEDIA_FILE,
  MEDIA_FILE,
  LINKS_FILE,
  RECHECK_FILE,
  FILES_FILE,
  JOURNAL_FILE,
  MANIFEST_FILE,
  PLAN_FILE,
  readBuildCache,
} from '../../src/build/deps/cache.ts';
import {
  commitOverlay,
  createKeptFiles,
  filesUnder,
  otherFiles,
  pageFiles,
  planOverlay,
  REPLACED_DIR,
} from '../../src/build/overlay.ts';
import { treeFolders } from '../helpers/tree.ts';

const work = mkdtempSync(join(tmpdir(), 'fieldhouse-overlay-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function tree(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}

describe('an incremental build that updates its output in place', () => {
  it("names a page's two files", () => {
    expect(pageFiles('/')).toEqual(['index.html', '_payload.json']);
    expect(pageFiles('/news/2026/03/23/a')).toEqual(['news/2026/03/23/a.html', 'news/2026/03/23/a/_payload.json']);
  });

  it("lists a folder's files as readdirSync's recursive listing does, by their names inside it", () => {
    const root = join(work, 'listed');
    tree(root, {
      'index.html': '',
      'news.html': '',
      'news/_payload.json': '',
      'news/2026/03/a.html': '',
      'news/2026/03/a/_payload.json': '',
      '_site/builds/latest.json': '',
      'café/日本.txt': '',
      'empty/.hidden': '',
    });
    mkdirSync(join(root, 'no-files/deeper'), { recursive: true });
    symlinkSync(join(root, 'news'), join(root, 'linked-folder'));
    symlinkSync(join(root, 'index.html'), join(root, 'linked-file'));
    const recursive = readdirSync(root, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort();
    // In another order (depth first, where the recursive listing goes breadth first), which no caller relies on.
    expect(filesUnder(root).sort()).toEqual(recursive);
    expect(recursive).toHaveLength(8);
    // A full build lists only the files that are not its pages' (otherFiles' filter, as the folder is read).
    const pages = new Set(['/', '/news/2026/03/a']);
    expect(filesUnder(root, pages).sort()).toEqual(recursive.filter((file) => otherFiles([file], pages).length));
    expect(filesUnder(root, pages)).toHaveLength(5);
    for (const page of ['index.html', 'news/2026/03/a.html', 'news/2026/03/a/_payload.json'])
      expect(filesUnder(root, pages)).not.toContain(page);
  });

  it('lists what a build wrote besides its pages, for the build cache', () => {
    const staged = [
      'index.html',
      '_payload.json',
      'news.html',
      'news/_payload.json',
      '_site/search/manifest.json',
      '404.html',
    ];
    expect(otherFiles(staged, new Set(['/', '/news']))).toEqual(['404.html', '_site/search/manifest.json']);
    // A page's files are told from its path, whatever it holds: `/index` shares the home page's HTML file, a path
    // may end in `.html` or a slash, and a file of a page the build does not have is another file.
    const odd = [
      'index.html',
      'a.html.html',
      'a.html/_payload.json',
      'b/.html',
      'b//_payload.json',
      'c.html',
      'c/x.json',
    ];
    expect(otherFiles(odd, new Set(['/index', '/a.html', '/b/']))).toEqual(['c.html', 'c/x.json']);
    expect(otherFiles(['index.html', '_payload.json'], new Set(['/index']))).toEqual(['_payload.json']);
  });

  it('moves in what it staged, latest.json last; removes the pages and files it no longer has, and their empty folders', () => {
    const out = join(work, 'out');
    const staging = join(work, 'staging');
    tree(out, {
      'index.html': 'home v1',
      '_payload.json': 'home v1',
      'news/a.html': 'a',
      'news/a/_payload.json': 'a',
      'news/b.html': 'b',
      'news/b/_payload.json': 'b',
      'media/old.jpg': 'old photo',
      'media/kept.jpg': 'kept photo',
      '_site/builds/latest.json': 'v1',
      '_site/search/t-ab.json': 'old shard',
      '_site/search/d-0.json': 'same documents',
    });
    tree(staging, {
      'index.html': 'home v2',
      '_payload.json': 'home v2',
      'news/c.html': 'c',
      'news/c/_payload.json': 'c',
      '_site/builds/latest.json': 'v2',
      '_site/search/t-ac.json': 'new shard',
    });
    const staged = filesUnder(staging);
    // A photo only kept pages use, and a search file that came out the same: left where they are, never staged.
    const kept = createKeptFiles();
    kept.keep('/media/kept.jpg');
    kept.keep('/_site/search/d-0.json');
    expect(kept.has('/media/kept.jpg')).toBe(true);
    expect(kept.has('/media/old.jpg')).toBe(false);
    const plan = planOverlay({
      staged,
      kept: kept.files(),
      // This build's pages: the home page (touched), a (kept in place), c (new); b was removed.
      pages: new Set(['/', '/news/a', '/news/c']),
      previous: {
        pages: ['/', '/news/a', '/news/b'],
        others: [
          'media/old.jpg',
          'media/kept.jpg',
          '_site/builds/latest.json',
          '_site/search/t-ab.json',
          '_site/search/d-0.json',
        ],
      },
    });
    expect(plan.staged.at(-1)).toBe('_site/builds/latest.json');
    expect(plan.removed.sort()).toEqual([
      '_site/search/t-ab.json',
      'media/old.jpg',
      'news/b.html',
      'news/b/_payload.json',
    ]);

    const journal = join(work, '.out-cache', 'committing.json');
    commitOverlay(staging, out, plan, journal);
    expect(
      Object.fromEntries(
        filesUnder(out)
          .sort()
          .map((f) => [f, readFileSync(join(out, f), 'utf8')]),
      ),
    ).toEqual({
      '_payload.json': 'home v2',
      '_site/builds/latest.json': 'v2',
      '_site/search/d-0.json': 'same documents',
      '_site/search/t-ac.json': 'new shard',
      'index.html': 'home v2',
      'media/kept.jpg': 'kept photo',
      'news/a.html': 'a',
      'news/a/_payload.json': 'a',
      'news/c.html': 'c',
      'news/c/_payload.json': 'c',
    });
    // No folder of a removed page or file is left; the staging folder is gone.
    expect([...treeFolders(out)].sort()).toEqual([
      '_site',
      '_site/builds',
      '_site/search',
      'media',
      'news',
      'news/a',
      'news/c',
    ]);
    // What the staging folder keeps is the output's files the commit replaced, linked there to be freed with it
    // in the background: the old home page and latest.json (the untouched page and the kept files are not there).
    const parked = filesUnder(staging);
    expect(parked.every((file) => file.startsWith(`${REPLACED_DIR}/`))).toBe(true);
    expect(parked.map((file) => readFileSync(join(staging, file), 'utf8')).sort()).toEqual([
      'home v1',
      'home v1',
      'v1',
    ]);
    // The journal says a commit was under way until the build cache replaces it (deps/cache.ts refuses the cache).
    expect(JSON.parse(readFileSync(journal, 'utf8')).removed).toHaveLength(4);
  });

  it('leaves a file that is not a page as the output has it when the staged one has the same bytes', () => {
    const out = join(work, 'same-out');
    const staging = join(work, 'same-staging');
    const files = {
      'index.html': 'home',
      '_payload.json': 'home',
      '_site/assets/boot-1a2b.js': 'the same code',
      '_site/assets/site-3c4d.css': 'old style',
      '_site/builds/latest.json': 'v1',
    };
    tree(out, files);
    tree(staging, {
      ...files,
      '_site/assets/site-3c4d.css': 'new style',
      '_site/builds/latest.json': 'v1',
    });
    const inode = (file: string) => statSync(join(out, file)).ino;
    const before = Object.fromEntries(Object.keys(files).map((file) => [file, inode(file)]));
    const plan = planOverlay({
      staged: filesUnder(staging),
      kept: [],
      pages: new Set(['/']),
      previous: { pages: ['/'], others: Object.keys(files).filter((f) => f.startsWith('_site/')) },
    });
    expect(plan.unlessSame.sort()).toEqual(['_site/assets/boot-1a2b.js', '_site/assets/site-3c4d.css']);
    commitOverlay(staging, out, plan, join(work, '.same-out-cache', 'committing.json'));
    // The same asset stays the output's own file; the changed one, the page (touched) and latest.json are moved in.
    expect(inode('_site/assets/boot-1a2b.js')).toBe(before['_site/assets/boot-1a2b.js']);
    for (const file of ['_site/assets/site-3c4d.css', 'index.html', '_payload.json', '_site/builds/latest.json'])
      expect(inode(file), file).not.toBe(before[file]);
    expect(readFileSync(join(out, '_site/assets/site-3c4d.css'), 'utf8')).toBe('new style');
    // What stayed as the output has it is left in the staging folder, which the build removes in the background,
    // with the output's files that were replaced.
    expect(filesUnder(staging).filter((file) => !file.startsWith(`${REPLACED_DIR}/`))).toEqual([
      '_site/assets/boot-1a2b.js',
    ]);
    expect(filesUnder(join(staging, REPLACED_DIR))).toHaveLength(4);
  });

  it('commits all the same where the replaced files cannot be linked into the staging folder', () => {
    const out = join(work, 'nolink-out');
    const staging = join(work, 'nolink-staging');
    const files = { 'index.html': 'home', '_payload.json': 'home', '_site/builds/latest.json': 'v1' };
    tree(out, files);
    tree(staging, { 'index.html': 'home v2', '_payload.json': 'home v2', '_site/builds/latest.json': 'v2' });
    // The first link's name is taken (as a link that fails on a file system without hard links): the commit goes on
    // with plain renames.
    tree(staging, { [`${REPLACED_DIR}/0`]: 'in the way' });
    const plan = planOverlay({
      staged: filesUnder(staging).filter((file) => !file.startsWith(REPLACED_DIR)),
      kept: [],
      pages: new Set(['/']),
      previous: { pages: ['/'], others: ['_site/builds/latest.json'] },
    });
    commitOverlay(staging, out, plan, join(work, '.nolink-out-cache', 'committing.json'));
    for (const [file, text] of Object.entries({
      'index.html': 'home v2',
      '_payload.json': 'home v2',
      '_site/builds/latest.json': 'v2',
    }))
      expect(readFileSync(join(out, file), 'utf8'), file).toBe(text);
    expect(filesUnder(join(staging, REPLACED_DIR))).toEqual(['0']);
  });

  it('a commit cut short (its journal left in the cache), or a manifest without its digests, makes the next build a full one', () => {
    const out = join(work, 'cut', 'out');
    const cache = buildCacheDir(out);
    tree(out, { '_site/builds/latest.json': JSON.stringify({ id: 'b1', content: 'c1' }) });
    tree(cache, {
      'pages/00000.jsonl': '',
      'pages/00000.deps.jsonl': '',
      [CHROME_FILE]: '{}',
      [PLAN_FILE]: '',
      [FILES_FILE]: '',
      [FAILED_MEDIA_FILE]: '',
      [MEDIA_FILE]: '',
      [LINKS_FILE]: '',
      [RECHECK_FILE]: '',
    });
    const manifest = {
      format: BUILD_CACHE_FORMAT,
      fieldhouse: 'f',
      config: 'c',
      buildId: 'b1',
      contentId: 'c1',
      pageFiles: [{ lines: 0, bytes: 0 }],
      pagesDigest: '0'.repeat(64),
      ledgerDigest: '0'.repeat(64),
      linksDigest: '0'.repeat(64),
    };
    const { ledgerDigest: _, ...withoutLedger } = manifest;
    writeFileSync(join(cache, MANIFEST_FILE), JSON.stringify(withoutLedger));
    expect(readBuildCache(out, { fieldhouse: 'f', config: 'c' })).toEqual({
      ok: false,
      reason: expect.stringContaining('has no digest of its list of pages'),
    });
    const { linksDigest: __, ...withoutLinks } = manifest;
    writeFileSync(join(cache, MANIFEST_FILE), JSON.stringify(withoutLinks));
    expect(readBuildCache(out, { fieldhouse: 'f', config: 'c' })).toEqual({
      ok: false,
      reason: expect.stringContaining('or of link targets'),
    });
    // A segment of its page lines missing (segments.ts): the manifest counts them.
    const empty = { lines: 0, bytes: 0 };
    writeFileSync(join(cache, MANIFEST_FILE), JSON.stringify({ ...manifest, pageFiles: [empty, empty] }));
    expect(readBuildCache(out, { fieldhouse: 'f', config: 'c' })).toEqual({
      ok: false,
      reason: expect.stringContaining('pages folder holds 1 files of page lines, its manifest 2'),
    });
    // A segment without its deps file.
    writeFileSync(join(cache, MANIFEST_FILE), JSON.stringify(manifest));
    rmSync(join(cache, 'pages/00000.deps.jsonl'));
    expect(readBuildCache(out, { fieldhouse: 'f', config: 'c' })).toEqual({
      ok: false,
      reason: expect.stringMatching(/has no .*pages\/00000\.deps\.jsonl$/),
    });
    writeFileSync(join(cache, 'pages/00000.deps.jsonl'), '');
    expect(readBuildCache(out, { fieldhouse: 'f', config: 'c' }).ok).toBe(true);
    writeFileSync(join(cache, JOURNAL_FILE), '{}');
    const read = readBuildCache(out, { fieldhouse: 'f', config: 'c' });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.reason).toMatch(
      /cut short while it moved its files into .*: the output may be half updated/,
    );
  });

  it('refuses to keep a file outside the output', () => {
    const kept = createKeptFiles();
    for (const bad of ['/../outside.txt', '/media/%2e%2e/x.jpg', '/a/../../b', '/a/..\\..\\b', '/a/%2F../b', '/a\0b'])
      expect(() => kept.keep(bad), bad).toThrow(/outside|unsafe|output/i);
    expect(kept.files()).toEqual([]);
    // A file inside is named as filesUnder names it.
    kept.keep('/_site/search//d-0.json');
    expect(kept.files()).toEqual(['_site/search/d-0.json']);
  });

  it('refuses a cache that names a file outside the output for removal, before anything is moved', () => {
    for (const bad of ['../outside.txt', '/etc/passwd', 'news/../../outside.txt', 'a//b'])
      expect(
        () => planOverlay({ staged: [], kept: [], pages: new Set(), previous: { pages: [], others: [bad] } }),
        bad,
      ).toThrow(/not a path inside it/);
    // A page path from the cache that climbs out is refused the same way.
    expect(() =>
      planOverlay({ staged: [], kept: [], pages: new Set(), previous: { pages: ['/../../outside'], others: [] } }),
    ).toThrow(/not a path inside it/);
  });
});
