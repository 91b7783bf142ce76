/**
 * What each page read from the API, recorded while it loads, for the build cache (cache.ts) that an incremental
 * build reads to know which pages a change touches. A page's dependencies are:
 * - `q:<call>:<arguments>`: every API call it made (a list's membership can change: a new article joins page 1);
 * - `<resource>:<id>` / `settings`: every record those answers held (refs.ts);
 * - `a:<call>:<arguments>=<digest>`: the answers of a few calls that summarise records (refs.ts, ANSWERS_OF).
 * Pages load concurrently in one worker, so each page's loading runs in an AsyncLocalStorage context naming its
 * own set. Answers shared through the memo are recorded once, under the memo key, and every page that used the
 * key (computed or cached) gets them when its loading ends.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ContentApi } from '../../api/endpoints.ts';
import type { Memo } from '../memo.ts';
import { answerDep, refsOf } from './refs.ts';

const MEMO_PREFIX = 'm:';

export interface DepsRecorder {
  /** The API, recording each call and the records of its answer into the page loading now. */
  api: ContentApi;
  /** The memo, recording which shared answers the page loading now used. */
  memo: Memo;
  /** Run one page's loading and return what it read, sorted. */
  track<T>(load: () => Promise<T>): Promise<{ result: T; deps: string[] }>;
}

export function createDepsRecorder(api: ContentApi, memo: Memo): DepsRecorder {
  const current = new AsyncLocalStorage<Set<string>>();
  /** What each memo key's answer read (the latest computation of it). */
  const memoDeps = new Map<string, Set<string>>();
  const note = (dep: string) => current.getStore()?.add(dep);

  const recordingApi = new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return (...args: unknown[]) => {
        const sink = current.getStore();
        const answer = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!sink || !(answer instanceof Promise)) return answer;
        sink.add(`q:${prop}:${JSON.stringify(args)}`);
        return answer.then((result: unknown) => {
          for (const ref of refsOf(prop, result)) sink.add(ref);
          const keyed = answerDep(prop, args, result);
          if (keyed) sink.add(keyed);
          return result;
        });
      };
    },
  });

  const recordingMemo: Memo = {
    get stats() {
      return memo.stats;
    },
    run<T>(key: string, load: () => Promise<T>): Promise<T> {
      note(`${MEMO_PREFIX}${key}`);
      return memo.run(key, () => {
        const deps = new Set<string>();
        memoDeps.set(key, deps);
        return current.run(deps, load);
      });
    },
  };

  /** A page's own deps with every memo key it used replaced by what that answer read (keys may nest). */
  function expand(deps: Set<string>): string[] {
    const out = new Set<string>();
    const seen = new Set<string>();
    const walk = (set: Iterable<string>) => {
      for (const dep of set) {
        if (!dep.startsWith(MEMO_PREFIX)) {
          out.add(dep);
          continue;
        }
        const key = dep.slice(MEMO_PREFIX.length);
        if (seen.has(key)) continue;
        seen.add(key);
        walk(memoDeps.get(key) ?? []);
      }
    };
    walk(deps);
    return [...out].sort();
  }

  return {
    api: recordingApi,
    memo: recordingMemo,
    async track(load) {
      const deps = new Set<string>();
      const result = await current.run(deps, load);
      return { result, deps: expand(deps) };
    },
  };
}
