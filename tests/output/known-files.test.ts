import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentDigest, createKnownFilesWriter, readKnownFiles } from '../../src/output/known-files.ts';
import { createOutputWriter } from '../../src/output/writer.ts';

/** The search index's files listed with their digests, and an output updated in place told by that list. */
const work = mkdtempSync(join(tmpdir(), 'fieldhouse-known-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function folder(name: string, files: Record<string, string> = {}): string {
  const dir = join(work, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('the list of files a writer wrote, with their digests', () => {
  it('lists every file written, and reads the list back; a line that is not one is left out', () => {
    const staging = folder('full');
    const writer = createKnownFilesWriter(createOutputWriter(staging), {
      list: join(work, 'full.tsv'),
      previous: null,
    });
    writer.write('/_site/search/t-ab.json', '{"ab":[1]}');
    writer.write('/_site/search/manifest.json', Buffer.from('{"shards":1}'));
    const list = writer.close();
    expect(readFileSync(join(staging, '_site/search/t-ab.json'), 'utf8')).toBe('{"ab":[1]}');
    expect(readKnownFiles(list)).toEqual(
      new Map([
        ['/_site/search/t-ab.json', contentDigest('{"ab":[1]}')],
        ['/_site/search/manifest.json', contentDigest('{"shards":1}')],
      ]),
    );
    writeFileSync(list, `${readFileSync(list, 'utf8')}/cut\tab12\nno tab here\n`);
    expect(readKnownFiles(list).size).toBe(2);
    expect(readKnownFiles(join(work, 'no-such-list.tsv')).size).toBe(0);
    expect(readKnownFiles(null).size).toBe(0);
  });

  it('keeps what comes out as listed without reading it, writes what differs, and compares what is not listed', () => {
    // The output as the previous build left it, and what its cache's list says of it. The list says the truth
    // of a.json and b.json; c.json is not listed (a cache before the list); d.json's copy was edited by hand.
    const previous = folder('previous', {
      '_site/search/a.json': 'a',
      '_site/search/b.json': 'b',
      '_site/search/c.json': 'c',
      '_site/search/d.json': 'edited by hand',
    });
    const known = new Map([
      ['/_site/search/a.json', contentDigest('a')],
      ['/_site/search/b.json', contentDigest('b')],
      ['/_site/search/d.json', contentDigest('d')],
    ]);
    const staging = folder('staging');
    const kept: string[] = [];
    const writer = createKnownFilesWriter(createOutputWriter(staging), {
      list: join(work, 'next.tsv'),
      previous: { dir: previous, known, keep: (path) => kept.push(path) },
    });
    writer.write('/_site/search/a.json', 'a');
    writer.write('/_site/search/b.json', 'b changed');
    writer.write('/_site/search/c.json', 'c');
    writer.write('/_site/search/d.json', 'd');
    writer.write('/_site/search/e.json', 'e');
    // a: as listed (kept, unread); c: not listed, the same bytes (kept); d: as listed, so kept although its copy was
    // edited (the list is trusted as the cache's pages are); b changed and e is new (written).
    expect(kept).toEqual(['/_site/search/a.json', '/_site/search/c.json', '/_site/search/d.json']);
    for (const name of ['a', 'c', 'd']) expect(existsSync(join(staging, `_site/search/${name}.json`))).toBe(false);
    expect(readFileSync(join(staging, '_site/search/b.json'), 'utf8')).toBe('b changed');
    expect(readFileSync(join(staging, '_site/search/e.json'), 'utf8')).toBe('e');
    // The next list names every file of the index, kept or written, with its digest now.
    expect([...readKnownFiles(writer.close())]).toEqual(
      ['a', 'b changed', 'c', 'd', 'e'].map((text, i) => [`/_site/search/${'abcde'[i]}.json`, contentDigest(text)]),
    );
  });
});
