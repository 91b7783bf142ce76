import { createLineReader, createLineWriter, type LineReader, type LineWriter } from '../util/line-files.ts';

/** A one-way queue between an async producer and a consumer: the plan feeds pages to the load stage. */
export interface Channel<T> extends AsyncIterable<T> {
  push(item: T): void;
  /**
   * No more items. With `error`, the consumer's iteration ends with it at once, and the items still waiting are
   * dropped: a build whose plan failed (a refused record, a listing the API would not give) fails now, not after
   * rendering every page it had already planned, which it would throw away.
   */
  close(error?: unknown): void;
  readonly pushed: number;
}

/**
 * Where items wait once more than `highWater` are queued: appended to `file` as lines and read back in order.
 * Planning lists a site far faster than it renders, so without this the backlog would hold most of the site's
 * pages in memory; with it the producer never waits, and the progress bar knows the total early.
 */
export interface Overflow<T> {
  file: string;
  highWater: number;
  encode(item: T): string;
  decode(line: string): T;
}

/** Bytes read back from the overflow file at a time: a few thousand planned pages. */
const OVERFLOW_BLOCK = 1 << 18;

export function createChannel<T>(overflow?: Overflow<T>): Channel<T> {
  const items: T[] = [];
  let closed = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  let pushed = 0;
  // Once items overflow, every later one goes to the file too, so the order is kept.
  let writer: LineWriter | null = null;
  let reader: LineReader | null = null;
  let unread = 0;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  /** Move the next block of overflowed items into memory. */
  const refill = () => {
    writer!.flush();
    reader ??= createLineReader(writer!.file, OVERFLOW_BLOCK);
    const lines = reader.read();
    unread -= lines.length;
    for (const line of lines) items.push(overflow!.decode(line));
  };
  const release = () => {
    writer?.close();
    reader?.close();
  };
  return {
    get pushed() {
      return pushed;
    },
    push(item) {
      pushed++;
      if (overflow && (writer || items.length >= overflow.highWater)) {
        writer ??= createLineWriter(overflow.file);
        writer.write(overflow.encode(item));
        unread++;
      } else items.push(item);
      notify();
    },
    close(error) {
      closed = true;
      if (error !== undefined) failure = error;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) {
          if (failure) throw failure;
          if (items.length) {
            yield items.shift()!;
            continue;
          }
          if (unread > 0) {
            refill();
            continue;
          }
          if (closed) return;
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        release();
      }
    },
  };
}
