/**
 * Files read as bytes into buffers the caller may hand out again. Memory new to the process is dear on the machines
 * builds run on: a buffer of tens of MB read into fresh pages costs its page faults (0.1–0.2 s for the build cache's
 * 24 MB plan at demo scale 10, against 5 ms into pages the process had), so a long-running process (`site webhook`)
 * reads each build's large files into the buffer the build before gave back.
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

/** Read up to `length` bytes at `position` into the start of `into`, however many reads it takes: the bytes read. */
export function readFull(fd: number, into: Buffer, length: number, position: number): number {
  let read = 0;
  while (read < length) {
    const got = readSync(fd, into, read, length - read, position + read);
    if (got === 0) break;
    read += got;
  }
  return read;
}

/** Write all of `bytes` at the file's position, however many writes it takes (a write may take fewer than given). */
export function writeFull(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.byteLength;) done += writeSync(fd, bytes, done, bytes.byteLength - done);
}

/**
 * A file's first `size` bytes, or as many as it has (its size when the caller looked: a file nothing writes into),
 * into `into` when given (at least `size` bytes long).
 */
export function readFileBytes(file: string, size?: number, into?: (size: number) => Buffer): Buffer {
  const fd = openSync(file, 'r');
  try {
    const length = size ?? fstatSync(fd).size;
    const block = into ? into(length) : Buffer.allocUnsafe(length);
    return block.subarray(0, readFull(fd, block, length, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * One buffer kept between the reads that take it: `take` hands it out when it is large enough, and holds none until
 * `give` returns one, so two readers never share it; when it is too small, `take` makes a new one, a little larger
 * than asked, and keeps the small one. `give` keeps the larger of the two. Whatever the taker keeps of a buffer
 * (views into it) must be done with before it is given back.
 */
export function createSpareBuffer() {
  let spare: Buffer | null = null;
  return {
    take(size: number): Buffer {
      // Never a slice of Node's shared pool (where small buffers come from): it is written into again.
      if (!spare || spare.length < size) return Buffer.allocUnsafeSlow(Math.ceil(size * 1.25));
      const taken = spare;
      spare = null;
      return taken;
    },
    give(buffer: Buffer): void {
      if (!spare || buffer.length > spare.length) spare = buffer;
    },
  };
}
