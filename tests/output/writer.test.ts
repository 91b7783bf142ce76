import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../src/demo/random.ts';
import { createOutputWriter, FOLDERS_KEPT, outputName, outputPath } from '../../src/output/writer.ts';
import { folderOnAnotherDevice } from '../helpers/fast-tmp.ts';

/**
 * The output writer's links: a file of the image cache (or a previous output) is put at every URL that names it.
 * The demo's 2,202 media URLs are 32 photos, so an output on another device than the cache (tmpfs, another mount
 * in CI) must not hold a copy per URL.
 */
const source = mkdtempSync(join(tmpdir(), 'fieldhouse-writer-src-'));
// tmpfs and the disk: one holds the tests' temporary folder, the other is another device.
const otherDevice = folderOnAnotherDevice(source);
const outputs: string[] = [];
afterAll(() => {
  for (const dir of [source, ...outputs]) rmSync(dir, { recursive: true, force: true });
});

function filesOf(dir: string) {
  const a = join(dir, 'a.jpg');
  const b = join(dir, 'b.jpg');
  writeFileSync(a, 'photo a');
  writeFileSync(b, 'photo b');
  return { a, b };
}

describe('createOutputWriter().link', () => {
  it('links a file of the same device at every path, writing no bytes', () => {
    const out = mkdtempSync(join(tmpdir(), 'fieldhouse-writer-out-'));
    outputs.push(out);
    const { a } = filesOf(source);
    const writer = createOutputWriter(out);
    writer.link(a, '/media/one/a.jpg');
    writer.link(a, '/media/two/a.jpg');
    expect(statSync(join(out, 'media/one/a.jpg')).ino).toBe(statSync(a).ino);
    expect(statSync(join(out, 'media/two/a.jpg')).ino).toBe(statSync(a).ino);
  });

  it.skipIf(!otherDevice)('copies a file of another device once, and links each later path to that copy', () => {
    const out = mkdtempSync(join(otherDevice!, 'fieldhouse-writer-out-'));
    outputs.push(out);
    const { a, b } = filesOf(mkdtempSync(join(source, 'cache-')));
    const writer = createOutputWriter(out);
    for (const path of ['/media/x/a.jpg', '/media/y/a.jpg', '/media/z/a.jpg']) writer.link(a, path);
    writer.link(b, '/media/x/b.jpg');
    writer.link(b, '/media/y/b.jpg');
    const ino = (path: string) => statSync(join(out, path)).ino;
    // One copy of each source in the output, not one per path; the source itself is another device's file.
    expect(new Set([ino('media/x/a.jpg'), ino('media/y/a.jpg'), ino('media/z/a.jpg')]).size).toBe(1);
    expect(statSync(join(out, 'media/x/a.jpg')).nlink).toBe(3);
    expect(ino('media/x/b.jpg')).toBe(ino('media/y/b.jpg'));
    expect(ino('media/x/b.jpg')).not.toBe(ino('media/x/a.jpg'));
    expect(readFileSync(join(out, 'media/z/a.jpg'), 'utf8')).toBe('photo a');
    expect(readFileSync(join(out, 'media/y/b.jpg'), 'utf8')).toBe('photo b');
  });
});

/** Texts of every kind of UTF-16 unit, pairs and lone halves among them, short and long. */
function generatedTexts(): string[] {
  const random = createRandom('writer-texts');
  const int = (below: number) => random.int(0, below - 1);
  const unit = () => {
    const kind = int(6);
    if (kind === 0) return String.fromCharCode(int(0x80));
    if (kind === 1) return String.fromCharCode(0x80 + int(0x780));
    if (kind === 2) return String.fromCharCode(0x800 + int(0xd000));
    if (kind === 3) return String.fromCodePoint(0x10000 + int(0xfffff));
    if (kind === 4) return String.fromCharCode(0xe000 + int(0x2000));
    return 'ascii text ';
  };
  const texts: string[] = [];
  for (const length of [8000, 8191, 8192, 8193, 12_345, 40_000]) {
    let text = '';
    while (text.length < length) text += unit();
    texts.push(text, `${text}\udc00`, `\ud800${text}`);
  }
  return texts;
}

describe('createOutputWriter().write', () => {
  it('writes text as UTF-8, whole, and says how many bytes, however long and in whatever order', () => {
    const out = mkdtempSync(join(tmpdir(), 'fieldhouse-writer-text-'));
    outputs.push(out);
    const writer = createOutputWriter(out);
    // Four-byte characters (a surrogate pair), a lone surrogate (written as U+FFFD, as Buffer and fs write it), and
    // texts past the writer's first buffer (64 KB) and past where it grows, each after a longer or shorter one.
    const texts = [
      'plain ASCII',
      `Hawks 🦅 – “quotes” ${'é'.repeat(40_000)}`,
      'short after long',
      `lone \ud800 surrogate ${'→'.repeat(100_000)} 🦅`,
      '',
      'x'.repeat(65_533) + '🦅',
      // Past what the writer keeps a buffer for (4 MB at three bytes a unit): a buffer of its own, then its own again.
      'é'.repeat(1_500_000),
      'after the largest',
      // Long one-byte texts (ASCII, Latin-1), a pair at the end of a long text, and generated texts.
      'a'.repeat(30_000),
      'ü'.repeat(20_000),
      `${'x'.repeat(8191)}🦅`,
      ...generatedTexts(),
    ];
    texts.forEach((text, i) => {
      const bytes = writer.write(`/t/${i}.txt`, text);
      const expected = Buffer.from(text, 'utf8');
      expect(bytes).toBe(expected.byteLength);
      expect(readFileSync(join(out, `t/${i}.txt`)).equals(expected)).toBe(true);
    });
    // A text's pieces, written as the text they make: a pair cut between two pieces, empty pieces, long ones.
    const pieces = [
      ['<p>', 'Hawks – ', '', '“quotes”'],
      ['half \ud83e', '\udd85 joined', ' and a lone \ud800', ' half'],
      ['\ud83e', '', '', '\udd85 across empty pieces'],
      ['x'.repeat(70_000), '🦅', 'é'.repeat(30_000), ''],
      ['é'.repeat(800_000), 'é'.repeat(800_000)],
      [],
    ];
    pieces.forEach((parts, i) => {
      const expected = Buffer.from(parts.join(''), 'utf8');
      expect(writer.write(`/p/${i}.txt`, parts)).toBe(expected.byteLength);
      expect(readFileSync(join(out, `p/${i}.txt`)).equals(expected)).toBe(true);
    });
    // Bytes as they are, and a stream of text pieces.
    expect(writer.write('/b.bin', new Uint8Array([0, 255, 10]))).toBe(3);
    expect([...readFileSync(join(out, 'b.bin'))]).toEqual([0, 255, 10]);
    const stream = writer.stream('/s.txt');
    for (const piece of ['é'.repeat(70_000), '🦅', 'end']) stream.write(piece);
    stream.close();
    expect(readFileSync(join(out, 's.txt'), 'utf8')).toBe(`${'é'.repeat(70_000)}🦅end`);
  });

  it('remembers the folders it made lately, not every one (a page has a folder of its own)', () => {
    const out = mkdtempSync(join(tmpdir(), 'fieldhouse-writer-folders-'));
    outputs.push(out);
    const writer = createOutputWriter(out);
    writer.write('/first/a.html', 'a');
    // While it is remembered, a folder removed behind the writer's back is not made again.
    rmSync(join(out, 'first'), { recursive: true });
    expect(() => writer.write('/first/b.html', 'b')).toThrow(/ENOENT/);
    writer.write('/second/a.html', 'a');
    for (let page = 0; page < FOLDERS_KEPT; page++) writer.write(`/news/${page}/_payload.json`, '{}');
    // FOLDERS_KEPT folders later it is forgotten, and made again when a file goes there.
    rmSync(join(out, 'second'), { recursive: true });
    writer.write('/second/b.html', 'b');
    expect(readFileSync(join(out, 'second/b.html'), 'utf8')).toBe('b');
  });
});

describe('outputPath and outputName', () => {
  /** What they gave when each segment was tested on its own and `resolve` joined them: the reference. */
  function reference(root: string, sitePath: string): { path: string; name: string } | 'refused' {
    const segments = sitePath.split('/').filter(Boolean);
    if (segments.some((s) => /^\.{1,2}$|[\\/\0]|%2e|%2f|%5c/i.test(s))) return 'refused';
    const base = resolve(root);
    const full = resolve(base, ...segments);
    if (full !== base && !full.startsWith(base + sep)) return 'refused';
    return { path: full, name: segments.join('/') };
  }
  const attempt = (f: () => string) => {
    try {
      return f();
    } catch (error) {
      expect(String(error)).toMatch(/would resolve outside the output folder/);
      return 'refused';
    }
  };

  it('place every site path where resolving its checked segments did, and refuse the same ones', () => {
    const pieces = [
      '/',
      '//',
      '.',
      '..',
      '...',
      'a',
      'news',
      'é',
      '%2e',
      '%2E',
      '%2f',
      '%5C',
      '%25',
      '\\',
      '\0',
      ' ',
      '-',
      '.html',
      'x.',
    ];
    const random = createRandom('output-paths');
    const int = (below: number) => random.int(0, below - 1);
    let refused = 0;
    for (let i = 0; i < 20_000; i++) {
      let sitePath = int(4) === 0 ? '' : '/';
      for (let n = 1 + int(7); n > 0; n--) sitePath += pieces[int(pieces.length)];
      for (const root of ['/srv/out', '/srv/out/', 'relative/out']) {
        const expected = reference(root, sitePath);
        const path = attempt(() => outputPath(root, sitePath, 'test'));
        const name = attempt(() => outputName(sitePath, 'test'));
        if (expected === 'refused') {
          refused++;
          expect(path, `${root} ${JSON.stringify(sitePath)}`).toBe('refused');
          expect(name, JSON.stringify(sitePath)).toBe('refused');
        } else {
          expect(path, `${root} ${JSON.stringify(sitePath)}`).toBe(expected.path);
          expect(name, JSON.stringify(sitePath)).toBe(expected.name);
        }
      }
    }
    // Both kinds were met often.
    expect(refused).toBeGreaterThan(10_000);
    expect(refused).toBeLessThan(50_000);
  });
});
