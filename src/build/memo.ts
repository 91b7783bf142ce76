import type { PageContext } from '../pages/define.ts';

/** A bounded least-recently-used cache of promises: shared API answers (rosters, schedules) without unbounded memory. */
export function createMemo(capacity: number) {
  const entries = new Map<string, Promise<unknown>>();
  let hits = 0;
  let misses = 0;
  return {
    get stats() {
      return { hits, misses, size: entries.size };
    },
    run<T>(key: string, load: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      if (found) {
        hits++;
        entries.delete(key);
        entries.set(key, found);
        return found as Promise<T>;
      }
      misses++;
      const promise = load();
      entries.set(key, promise);
      // A failed load is not remembered: the next caller tries again.
      promise.catch(() => entries.delete(key));
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
      return promise;
    },
  };
}
export type Memo = ReturnType<typeof createMemo>;

/** A context whose memo loads each shared answer through that same context (nothing is recorded). */
export function withMemo(base: Omit<PageContext, 'memo'>, memo: Memo): PageContext {
  const ctx: PageContext = { ...base, memo: { run: (key, load) => memo.run(key, () => load(ctx)) } };
  return ctx;
}
