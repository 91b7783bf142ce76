/**
 * What each page read from the API, recorded while it loads, for the build cache (cache.ts) that an incremental
 * build reads to know which pages a change touches. A page's dependencies are:
 * - `q:<call>:<arguments>`: every API call it made (a list's membership can change: a new article joins page 1);
 * - `<resource>:<id>` / `settings`: every record those answers held (refs.ts);
 * - `a:<call>:<arguments>=<digest>`: the answers of a few calls that summarise records (refs.ts, ANSWERS_OF);
 * - `o:articles:{…}`: where a page of articles in date order ends (refs.ts, orderedDep).
 * Pages load concurrently in one worker, so each page loads through a context of its own, whose API records into
 * the page's set. Answers shared through the memo are recorded once, beside the answer (their loading gets a
 * context recording into a set of its own), and every page that uses the answer (loaded or found loaded) gets
 * them when it gets the answer.
 *
 * The contexts are passed, not found: an AsyncLocalStorage would do the same with less typing, but on Node 20 it
 * runs promise hooks on every promise of the thread (the HTTP client's included), which cost more than the rest of
 * the recording.
 */
import type { ContentApi } from '../../api/endpoints.ts';
import type { PageContext } from '../../pages/define.ts';
import type { Memo } from '../memo.ts';
import { answerDep, orderedDep, refsOf } from './refs.ts';

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

/** `memo` keeps the shared answers; what each one read is kept beside it, for as long as the memo keeps it. */
export function createDepsRecorder(memo: Memo): DepsRecorder {
  /**
   * What each shared answer read, by the memo's promise of it: let go with the answer when the memo lets it go. (A
   * map by memo key kept every key's reads to the end of the build, and a thread's memo sees thousands of keys.)
   */
  const readsOf = new WeakMap<Promise<unknown>, Set<string>>();

  /** `base` with an API and a memo that record into `sink`. */
  function recording(base: Omit<PageContext, 'memo'>, sink: Set<string>): PageContext {
    return {
      ...base,
      api: recordingApi(base.api, sink),
      memo: {
        run(key, load) {
          const answer = memo.run(key, () => {
            const reads = new Set<string>();
            const loading = load(recording(base, reads));
            readsOf.set(loading, reads);
            return loading;
          });
          const reads = readsOf.get(answer);
          if (!reads) throw new Error(`The memo answered "${key}" with a promise its loading did not give`);
          // Every read is in once the answer is (its loading has ended, nested answers' reads with it): the caller
          // gets them with the answer, whether it loaded it or found it loaded; and with its failure, which a page
          // may get past (a call that answered 404 is still a call the page depends on).
          const give = () => {
            for (const dep of reads) sink.add(dep);
          };
          return answer.then(
            (value) => {
              give();
              return value;
            },
            (error: unknown) => {
              give();
              throw error;
            },
          );
        },
      },
    };
  }

  return {
    async track(base, load) {
      const deps = new Set<string>();
      const result = await load(recording(base, deps));
      return { result, deps: [...deps].sort() };
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
