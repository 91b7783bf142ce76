/** A function that queues an item, with `flush` to send what is queued now. */
export interface Batch<T> {
  (item: T): void;
  /**
   * Send what is queued now rather than at the end of the turn: before a message that must not overtake it (the end
   * of the turn then sends only what came after).
   */
  flush(): void;
}

/**
 * Items handed in during one turn of the event loop go out together, in one call of `flush` at the end of the turn
 * (setImmediate): a thread's messages batched, so a burst costs one postMessage, not one each (each is a wake-up of
 * the other thread, tens of µs of system time).
 */
export function batched<T>(flush: (items: T[]) => void): Batch<T> {
  let queued: T[] = [];
  const send = () => {
    if (!queued.length) return;
    const items = queued;
    queued = [];
    flush(items);
  };
  const add = (item: T) => {
    if (queued.push(item) > 1) return;
    setImmediate(send);
  };
  return Object.assign(add, { flush: send });
}
