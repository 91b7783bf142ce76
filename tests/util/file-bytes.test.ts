import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSpareBuffer, readFileBytes, writeFull } from '../../src/util/file-bytes.ts';

const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-file-bytes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('readFileBytes', () => {
  it('reads a whole file, or its first bytes, into a new buffer or the one given', () => {
    const path = file('a.txt', 'hello, bytes\n');
    expect(readFileBytes(path).toString()).toBe('hello, bytes\n');
    expect(readFileBytes(path, 5).toString()).toBe('hello');
    const into = Buffer.alloc(64, 'x');
    const read = readFileBytes(path, undefined, (size) => {
      expect(size).toBe(13);
      return into;
    });
    expect(read.toString()).toBe('hello, bytes\n');
    // A view of the buffer given: no copy.
    expect(read.buffer).toBe(into.buffer);
  });

  it('gives what a file has when it is shorter than asked', () => {
    expect(readFileBytes(file('b.txt', 'abc'), 10).toString()).toBe('abc');
  });
});

describe('createSpareBuffer', () => {
  it('hands out the buffer given back when it is large enough, and to one taker at a time', () => {
    const spare = createSpareBuffer();
    const first = spare.take(100);
    expect(first.length).toBeGreaterThanOrEqual(100);
    // A buffer of its own, not a slice of Node's pool of small buffers: it is written into again.
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(first.length);
    // Taken and not given back: the next taker gets a buffer of its own.
    const second = spare.take(100);
    expect(second).not.toBe(first);
    spare.give(first);
    expect(spare.take(80)).toBe(first);
    // Given back, but too small for what is asked: a new one, and the small one stays for later.
    spare.give(first);
    const larger = spare.take(first.length + 1);
    expect(larger).not.toBe(first);
    expect(larger.length).toBeGreaterThan(first.length);
    expect(spare.take(10)).toBe(first);
    // Of two given back, the larger is kept.
    spare.give(first);
    spare.give(larger);
    expect(spare.take(10)).toBe(larger);
  });
});

describe('writeFull', () => {
  it('writes the bytes of a view, after what the file has, and no others', () => {
    const path = join(dir, 'written.bin');
    const block = Buffer.from('0123456789'.repeat(200_000));
    const fd = openSync(path, 'w');
    try {
      writeFull(fd, block.subarray(3, 7));
      writeFull(fd, block.subarray(10, 1_999_993));
      writeFull(fd, new Uint8Array(0));
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(path).equals(Buffer.concat([block.subarray(3, 7), block.subarray(10, 1_999_993)]))).toBe(true);
  });
});
