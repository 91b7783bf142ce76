// The byte comparisons behind the in-place commit (build/overlay.ts) and the reusing writer: block by block, over
// files of several blocks, up to the first difference.
import { linkSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileHolds, sameFiles } from '../../src/output/writer.ts';

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
