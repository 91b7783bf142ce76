/** A one-way queue between an async producer and a consumer: the plan feeds pages to the load stage. */
export interface Channel<T> extends AsyncIterable<T> {
  push(item: T): void;
  /** No more items; `error` ends the consumer's iteration with that error. */
  close(error?: unknown): void;
  readonly pushed: number;
}

export function createChannel<T>(): Channel<T> {
  const items: T[] = [];
  let closed = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  let pushed = 0;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  return {
    get pushed() {
      return pushed;
    },
    push(item) {
      items.push(item);
      pushed++;
      notify();
    },
    close(error) {
      closed = true;
      if (error !== undefined) failure = error;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (items.length) yield items.shift()!;
        if (failure) throw failure;
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
