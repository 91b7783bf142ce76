/**
 * Items handed in during one turn of the event loop go out together, in one call of `flush` at the end of the turn
 * (setImmediate): a thread's messages batched, so a burst costs one postMessage, not one each (each is a wake-up of
 * the other thread, tens of µs of system time).
 */
export function batched<T>(flush: (items: T[]) => void): (item: T) => void {
  let queued: T[] = [];
  return (item) => {
    if (queued.push(item) > 1) return;
    setImmediate(() => {
      const items = queued;
      queued = [];
      flush(items);
    });
  };
}
