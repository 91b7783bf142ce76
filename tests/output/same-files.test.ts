// The byte comparisons behind the in-place commit (build/overlay.ts) and the reusing writer: block by block, over
// files of several blocks, up to the first difference; and a commit's comparer, which reads each pair of files once.
import { linkSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileComparer, fileHolds, sameFiles } from '../../src/output/writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-same-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const put = (bytes: Uint8Array) => {
  const file = join(dir, `${n++}.bin`);
  writeFileSync(file, bytes);
  return file;
};
// Three and a half blocks of 1 MB, every byte depending on its place.
const base = Buffer.alloc(3.5 * (1 << 20));
for (let i = 0; i < base.length; i++) base[i] = (i * 31 + (i >> 11)) & 0xff;
const changedAt = (at: number) => {
  const copy = Buffer.from(base);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
};
const places = { first: 0, 'just past the first block': (1 << 20) + 1, last: base.length - 1 };

describe('files compared byte for byte', () => {
  it('are the same when every block is', () => {
    const a = put(base);
    expect(sameFiles(a, put(Buffer.from(base)))).toBe(true);
    expect(fileHolds(a, Buffer.from(base))).toBe(true);
    // A view into a larger buffer, as a writer may hold.
    const larger = Buffer.concat([Buffer.from('prefix'), base]);
    expect(fileHolds(a, larger.subarray(6))).toBe(true);
    expect(sameFiles(put(Buffer.alloc(0)), put(Buffer.alloc(0)))).toBe(true);
  });

  for (const [where, at] of Object.entries(places))
    it(`differ when one byte does (${where})`, () => {
      const a = put(base);
      expect(sameFiles(a, put(changedAt(at)))).toBe(false);
      expect(sameFiles(put(changedAt(at)), a)).toBe(false);
      expect(fileHolds(a, changedAt(at))).toBe(false);
    });

  it('differ in size, or when one cannot be read; a hard link is the same without a read', () => {
    const a = put(base);
    expect(sameFiles(a, put(base.subarray(1)))).toBe(false);
    expect(fileHolds(a, base.subarray(1))).toBe(false);
    expect(sameFiles(a, join(dir, 'missing'))).toBe(false);
    expect(fileHolds(join(dir, 'missing'), base)).toBe(false);
    const linked = join(dir, 'linked.bin');
    linkSync(a, linked);
    expect(sameFiles(a, linked)).toBe(true);
  });
});

describe("a commit's comparer", () => {
  const linkOf = (file: string) => {
    const link = join(dir, `${n++}.bin`);
    linkSync(file, link);
    return link;
  };

  it('gives each path the answer of its files, for links of the same files and of others', () => {
    const same = createFileComparer();
    // A photo copied once into the staging folder and once into the output, each linked from several paths.
    const staged = put(base);
    const output = put(Buffer.from(base));
    const changedStaged = put(changedAt(places.last));
    const changedOutput = put(base);
    for (let i = 0; i < 3; i++) {
      expect(same(linkOf(staged), linkOf(output))).toBe(true);
      expect(same(linkOf(changedStaged), linkOf(changedOutput))).toBe(false);
    }
    // A pair of files it has not seen is read, whatever it answered for others of the same size.
    expect(same(linkOf(staged), put(changedAt(places.first)))).toBe(false);
    expect(same(put(changedAt(places.first)), linkOf(output))).toBe(false);
    expect(same(linkOf(staged), linkOf(staged))).toBe(true);
    expect(same(staged, join(dir, 'missing'))).toBe(false);
  });

  it('reads a pair of files once: it lives for one commit, while the files stay as they are', () => {
    const same = createFileComparer();
    const staged = put(base);
    const output = put(Buffer.from(base));
    expect(same(staged, output)).toBe(true);
    // The output's file changed in place (same inode, same size): a new comparer sees it, this one does not read again.
    writeFileSync(output, changedAt(places['just past the first block']));
    expect(same(linkOf(staged), linkOf(output))).toBe(true);
    expect(createFileComparer()(linkOf(staged), linkOf(output))).toBe(false);
  });
});
