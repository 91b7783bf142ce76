/**
 * What each page read from the API, recorded while it loads, for the build cache (cache.ts) that an incremental
 * build reads to know which pages a change touches. A page's dependencies are:
 * - `q:<call>:<arguments>`: every API call it made (a list's membership can change: a new article joins page 1);
 * - `<resource>:<id>` / `settings`: every record those answers held (refs.ts);
 * - `a:<call>:<arguments>=<digest>`: the answers of a few calls that summarise records (refs.ts, ANSWERS_OF);
 * - `o:articles:{…}`: where a page of articles in date order ends (refs.ts, orderedDep).
 * Pages load concurrently in one worker, so each page loads through a context of its own, whose API records into
 * the page's set. Answers shared through the memo are recorded once, under the memo key (their loading gets a
 * context recording into the key's set), and every page that used the key (computed or cached) gets them when its
 * loading ends.
 *
 * The contexts are passed, not found: an AsyncLocalStorage would do the same with less typing, but on Node 20 it
 * runs promise hooks on every promise of the thread (the HTTP client's included), which cost more than the rest of
 * the recording.
 */
import type { ContentApi } from '../../api/endpoints.ts';
import type { PageContext } from '../../pages/define.ts';
import type { Memo } from '../memo.ts';
import { answerDep, orderedDep, refsOf } from './refs.ts';

const MEMO_PREFIX = 'm:';

export interface DepsRecorder {
  /**
   * Run one page's (or listing's) loading with a context made from `base`, whose API and memo record what it reads,
   * and return that, sorted.
   */
  track<T>(
    base: Omit<PageContext, 'memo'>,
    load: (ctx: PageContext) => Promise<T>,
  ): Promise<{ result: T; deps: string[] }>;
}

/** `memo` keeps the shared answers (what each read is kept here beside it). */
export function createDepsRecorder(memo: Memo): DepsRecorder {
  /** What each memo key's answer read (the latest computation of it). */
  const memoDeps = new Map<string, Set<string>>();

  /** `base` with an API and a memo that record into `sink`. */
  function recording(base: Omit<PageContext, 'memo'>, sink: Set<string>): PageContext {
    return {
      ...base,
      api: recordingApi(base.api, sink),
      memo: {
        run(key, load) {
          sink.add(`${MEMO_PREFIX}${key}`);
          return memo.run(key, () => {
            const deps = new Set<string>();
            memoDeps.set(key, deps);
            return load(recording(base, deps));
          });
        },
      },
    };
  }

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
    async track(base, load) {
      const deps = new Set<string>();
      const result = await load(recording(base, deps));
      return { result, deps: expand(deps) };
    },
  };
}

/** The API, each call and the records of its answer added to `sink`. */
function recordingApi(api: ContentApi, sink: Set<string>): ContentApi {
  return new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return (...args: unknown[]) => {
        const answer = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(answer instanceof Promise)) return answer;
        sink.add(`q:${prop}:${JSON.stringify(args)}`);
        return answer.then((result: unknown) => {
          for (const ref of refsOf(prop, result)) sink.add(ref);
          const keyed = answerDep(prop, args, result);
          if (keyed) sink.add(keyed);
          const ordered = orderedDep(prop, args, result);
          if (ordered) sink.add(ordered);
          return result;
        });
      };
    },
  });
}
