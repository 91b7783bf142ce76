/**
 * Which built pages a content change touches, from what each page read (recorder.ts, kept in the build cache):
 * - every page that read one of the changed records;
 * - for a change that can move a record in or out of a list (anything but an update of fields that do not place
 *   it), every page that read a list of that kind; except that an incremental build, which knows more, keeps
 *   - a page whose list of articles is of a year the article is not of, before or after the change;
 *   - a page whose list of articles is of a sport the article is not of, before or after the change;
 *   - a page that read an answer the build asks for again and finds the same (the years that have articles);
 *   - a page of a list in date order (the numbered news pages) that no changed article sorts into or before, before
 *     or after the change, and far enough below the list's newest page that its pager stays as it was;
 * - `settings` touches every page (site-wide data is on every page).
 */
import type { ContentApi } from '../../api/endpoints.ts';
import { isFieldhouseError } from '../../errors/error.ts';
import type { ChangedRecord, ContentChange } from '../../webhooks/change.ts';
import { newsPaging, PAGER_REACH } from '../../pages/news-paging.ts';
import { cachedPages } from './cache.ts';
import {
  ANSWER_PREFIX,
  answerDep,
  answerOf,
  ANSWERS_OF,
  listFilter,
  ORDERED_PREFIX,
  orderedOf,
  type OrderedPage,
} from './refs.ts';

type Change = ChangedRecord & {
  /** The record may have moved in or out of a list, or within it (absent: it may have). */
  listed?: boolean;
  /**
   * Before the change the record was in no list, or in the lists of the sport it has after it (a create, a publish,
   * or an update that sets no sport): the lists of other sports never held it. Absent: they may have.
   */
  sportKept?: boolean;
  /**
   * The record may have moved in date order, or in or out of a list (a create, delete, publish or unpublish, or an
   * update of a field that places it there: ORDER_FIELDS). Absent: it may have. A slug or categories changed move it
   * in no list in date order: only the page that shows it changes.
   */
  reordered?: boolean;
};

/** Which built pages of a build cache a change to these records touches (the conservative rule: touchTest). */
export function touchedPages(dir: string, changes: readonly Change[]): { pages: string[]; all: boolean } {
  const touches = touchTest(changes);
  if (!touches) return { pages: [], all: true };
  const pages: string[] = [];
  for (const { path, deps } of cachedPages(dir)) if (touches(deps)) pages.push(path);
  return { pages, all: false };
}

/**
 * Does a page that read `deps` change with these records? Null when every page does (the site settings). Every
 * list of a changed record's kind counts, whatever it was filtered by, and every answer that summarises such records.
 */
export function touchTest(changes: readonly Change[]): ((deps: readonly string[]) => boolean) | null {
  if (changes.some((c) => c.resource === 'settings')) return null;
  const { records, calls } = rulesOf(changes);
  return (deps) => deps.some((dep) => records.has(dep) || calls.has(callOf(dep)));
}

function rulesOf(changes: readonly Change[]) {
  const listed = changes.filter((c) => c.listed !== false);
  return {
    records: new Set(changes.map((c) => `${c.resource}:${c.recordId}`)),
    // Answers keyed by their content (`a:` deps) are calls too: without asking again, a listed change touches them.
    calls: new Set([
      ...listed.flatMap((c) => LISTS[c.resource] ?? []),
      ...listed.flatMap((c) => Object.keys(ANSWERS_OF).filter((call) => ANSWERS_OF[call] === c.resource)),
      ...changes.flatMap((c) => DERIVED[c.resource] ?? []),
    ]),
  };
}

/** What an incremental build asks the API before it sorts the pages (askAfterChanges). */
export interface AfterChanges {
  /**
   * The years each listed article can be filed under now (yearsFiledUnder: a CMS may file by another timezone than
   * the date's). Empty: it is in no list now (deleted, unpublished); null: the API could not say, so it may be under
   * any year.
   */
  articleYears: (readonly number[] | null)[];
  /**
   * The sports whose lists of articles the changed articles are in now (an article of no sport, or in no list, is in
   * none), and whether those are the only ones they can have been in before (every change left a sport as it was:
   * `sportKept`). Absent or null: the API could not place one of them, so any sport's lists may hold it.
   */
  articleSports?: { now: ReadonlySet<number>; kept: boolean } | null;
  /**
   * Where each listed article sorts now, for the lists in date order (refs.ts, orderedDep): its date in ms and its
   * sport; 'none': it is in no list now; null: the API could not say. Absent: none is known, so any such page may
   * hold one.
   */
  articlePlaces?: (ArticlePlace | 'none' | null)[];
}

export interface ArticlePlace {
  date: number;
  sport: number | null;
}

/**
 * The years an article dated `date` (ms; the year its text names, `year`) can be filed under: in any timezone
 * (UTC−12 to UTC+14) its date is within a day of the instant, so the years of a day before and after, and of its
 * text. A date that cannot be read: the year of its text and the years either side.
 */
function yearsFiledUnder(year: number, date: number): number[] {
  if (!Number.isFinite(date)) return [year - 1, year, year + 1];
  const day = 86_400_000;
  const years = new Set([new Date(date - day).getUTCFullYear(), year, new Date(date + day).getUTCFullYear()]);
  return [...years].sort((a, b) => a - b);
}

/** Ask the API where the changed articles are now (the only kind whose lists are sorted by year and sport today). */
export async function askAfterChanges(api: ContentApi, changes: readonly Change[]): Promise<AfterChanges> {
  const articles = changes.filter((c) => c.resource === 'article' && c.listed !== false && c.recordId !== null);
  const placed = await Promise.all(
    articles.map(async (c): Promise<{ years: number[]; sport: number | null; date: number | null } | null> => {
      try {
        const article = await api.article(c.recordId!);
        const year = Number(article.date.slice(0, 4));
        const date = Date.parse(article.date);
        return Number.isInteger(year)
          ? {
              years: yearsFiledUnder(year, date),
              sport: article.sport?.id ?? null,
              date: Number.isFinite(date) ? date : null,
            }
          : null;
      } catch (error) {
        // Not found, or not public: it is in no public list now. Anything else: no answer, so nothing is ruled out.
        return isFieldhouseError(error) && error.status === 404 ? { years: [], sport: null, date: null } : null;
      }
    }),
  );
  return {
    articlePlaces: placed.map((p) => {
      if (!p) return null;
      if (!p.years.length) return 'none';
      return p.date === null ? null : { date: p.date, sport: p.sport };
    }),
    articleYears: placed.map((p) => p?.years ?? null),
    articleSports: placed.includes(null)
      ? null
      : {
          now: new Set(placed.flatMap((p) => (p!.sport === null ? [] : [p!.sport]))),
          kept: articles.every((c) => c.sportKept === true),
        },
  };
}

/** A page's verdict: touched or not, or touched if any of these keys turns out to have changed (settle). */
export type Verdict = boolean | string[];

/**
 * The incremental build's sorter: a page's verdict as the cache is read, then, once every page has been seen, the
 * pending ones settled. A list of articles of one year is pending on that list (its filter): touched when the
 * article was in a list of that filter before (a page that read the article read it), or may be under that year now.
 * A list of articles of a sport no changed article is of now is pending on that sport's lists in the same way, or kept
 * at once when no change can have taken an article from another sport (a publish, an edit of its title).
 * An `a:` answer is pending on itself: touched when the API answers otherwise now. `onAnswer` is told of each such
 * answer a pending page reads (createAnswerCheck asks for each once), so the build asks while the pass goes on.
 */
export function createTouchSorter(
  changes: readonly Change[],
  after: AfterChanges,
  onAnswer: (dep: string) => void = () => undefined,
) {
  const { records, calls } = rulesOf(changes);
  const moved = changes.filter((c) => c.resource === 'article' && c.listed !== false);
  const articleMoved = moved.length > 0;
  /** The lists in date order can have moved (not when only slugs or categories changed). */
  const orderMoved = moved.some((c) => c.reordered !== false);
  // A change that names no article (a CMS may send one) cannot be placed: any list may hold it.
  const unplaced = moved.some((c) => c.recordId === null);
  const yearsNow =
    unplaced || after.articleYears.some((years) => years === null)
      ? null
      : new Set(after.articleYears.flatMap((years) => years ?? []));
  const sports = unplaced ? null : (after.articleSports ?? null);
  /**
   * Filters of the year lists the changed articles were in, and the sports of the lists (`s:articles:<sport>`), read
   * by a page that read one of them.
   */
  const filtersBefore = new Set<string>();
  const movedRecords = new Set(moved.map((c) => `article:${c.recordId}`));
  const places = unplaced ? null : (after.articlePlaces ?? null);
  /** The lowest page of each list in date order (by filter) that held a moved article before the change. */
  const orderedBefore = new Map<string, number>();

  /** Is a moved article in the list of this filter now (null: it may be; the API could not place it)? */
  const inListNow = (place: ArticlePlace | 'none' | null, filter: Record<string, unknown>): boolean | null => {
    if (place === 'none') return false;
    if (place === null) return null;
    // The numbered pages' lists are filtered by sport at most: another filter is taken to hold it.
    return typeof filter.sport_id !== 'number' || place.sport === filter.sport_id;
  };

  /**
   * A page of a list in date order: touched (true), kept (false), or touched if one of these keys turns out to have
   * changed (settle). It is touched when a moved article sorts into it or before it now (every page after an
   * insertion moves by one). Near enough the newest numbered page that a change of the list's length can change its
   * pager (news-paging.ts: a pager names pages up to two newer; each moved article changes the length by one at
   * most), it is touched when a moved article is in the list now, or pending on the list's sport when one may have
   * been in it before (found by a page that showed it, as for the sport's other lists). Dates are compared with a
   * margin of two days: a CMS may sort by the date's text, in another timezone than the one its dates are written in.
   */
  const orderedNow = (at: OrderedPage): true | string[] => {
    let filter: Record<string, unknown>;
    try {
      filter = JSON.parse(at.filter) as Record<string, unknown>;
    } catch {
      return true;
    }
    if (at.last === null || !places) return true;
    const perPage = typeof filter.per_page === 'number' && filter.per_page > 0 ? filter.per_page : 1;
    const pending: string[] = [];
    if (at.page >= newsPaging(at.total, perPage).numbered - PAGER_REACH - moved.length) {
      if (typeof filter.sport_id !== 'number' || places.some((place) => inListNow(place, filter) !== false))
        return true;
      // Of another sport now: its list is shorter only if one of them was in it before (not when none can have left
      // a sport: a publish, an edit of its title).
      if (!sports?.kept) pending.push(`s:articles:${filter.sport_id}`);
    }
    const sortsBefore = places.some((place) => {
      const now = inListNow(place, filter);
      return now === null || (now && (place as ArticlePlace).date <= at.last! + ORDER_MARGIN_MS);
    });
    return sortsBefore ? true : pending;
  };

  const verdict = (deps: readonly string[]): Verdict => {
    let touched = false;
    let readsChanged = false;
    let readsMoved = false;
    const pending: string[] = [];
    /** The filters of the lists this page read that a changed article can have been in before (`filtersBefore`). */
    const listsRead: string[] = [];
    /** The pages of lists in date order this page read. */
    const orderedRead: OrderedPage[] = [];
    for (const dep of deps) {
      if (records.has(dep)) {
        touched = readsChanged = true;
        if (movedRecords.has(dep)) readsMoved = true;
        continue;
      }
      if (orderMoved && dep.startsWith(ORDERED_PREFIX)) {
        const at = orderedOf(dep);
        const now = at ? orderedNow(at) : true;
        if (now === true) touched = true;
        else pending.push(...now, `${ORDERED_PENDING}${at!.filter}#${at!.page}`);
        if (at) orderedRead.push(at);
        continue;
      }
      const call = callOf(dep);
      if (!calls.has(call)) continue;
      // A call whose answer is keyed by its content is judged by that key (`a:`), not by the call; a call with no
      // key (it failed, and the page was made without its answer) is judged as a call.
      if (call in ANSWERS_OF && !dep.startsWith(ANSWER_PREFIX)) {
        const keyed = `${ANSWER_PREFIX}${dep.slice(2)}=`;
        if (!deps.some((other) => other.startsWith(keyed))) touched = true;
        continue;
      }
      if (call === 'articles' && articleMoved && dep.includes('"sort":"date"')) {
        // A page of a list in date order is judged by where it ends (its `o:` dep, above); without one, by its call.
        const query = listQueryOf(dep);
        if (!query || !hasOrderedDep(deps, query)) touched = true;
        // A page of a sport's list that showed a changed article tells that the sport's lists held it (as below).
        if (typeof query?.sport_id === 'number') listsRead.push(`s:articles:${query.sport_id}`);
        continue;
      }
      if (call === 'articles' && articleMoved) {
        const query = articleListQuery(dep);
        const filter = query && yearListFilter(query);
        // A list of a sport no changed article is of now: touched only if one was in it before (a page of it, or of
        // the sport's lists for one not by year, read it), which none was when every change left its sport as it was.
        if (sports && typeof query?.sport_id === 'number' && !sports.now.has(query.sport_id)) {
          const key = filter?.key ?? `s:articles:${query.sport_id}`;
          listsRead.push(key);
          if (!sports.kept) pending.push(key);
          continue;
        }
        if (filter) {
          listsRead.push(filter.key);
          if (yearsNow === null || yearsNow.has(filter.year)) touched = true;
          else pending.push(filter.key);
          continue;
        }
      }
      if (dep.startsWith(ANSWER_PREFIX)) {
        pending.push(dep);
        continue;
      }
      touched = true;
    }
    if (readsChanged) for (const key of listsRead) filtersBefore.add(key);
    if (readsMoved)
      for (const at of orderedRead)
        orderedBefore.set(at.filter, Math.min(at.page, orderedBefore.get(at.filter) ?? at.page));
    if (touched) return true;
    for (const key of pending) if (key.startsWith(ANSWER_PREFIX)) onAnswer(key);
    return pending.length ? pending : false;
  };

  return {
    verdict,
    /**
     * What a page's line in the cache (its deps a JSON array of strings) holds when its verdict may be anything but
     * false: a changed record, or a call a change touches. A line that holds none of these is kept, with nothing to
     * remember, so its deps need not be parsed (page-lines.ts).
     */
    needles: [
      ...[...records].map((record) => JSON.stringify(record)),
      // What `q:<call>:` and `a:<call>:` share: one search of the bytes, not two (a line it finds by chance is
      // decoded and judged by its deps, as any other).
      ...[...calls].map((call) => `:${call}:`),
    ],
    /** Is a pending page touched, with the answers that changed? Only once every page's verdict is in. */
    settle: (pending: readonly string[], changedAnswers: ReadonlySet<string>) =>
      pending.some((key) => {
        if (key.startsWith(ANSWER_PREFIX)) return changedAnswers.has(key);
        if (!key.startsWith(ORDERED_PENDING)) return filtersBefore.has(key);
        // A page after one that held a moved article: that article's leaving moves it by one.
        const at = key.lastIndexOf('#');
        const lowest = orderedBefore.get(key.slice(ORDERED_PENDING.length, at));
        return lowest !== undefined && lowest <= Number(key.slice(at + 1));
      }),
  };
}

/**
 * The calls behind `a:` deps asked again, each once, as soon as it is known (an incremental build asks while it reads the
 * cache: a game result's season statistics are 1,334 answers at demo scale 10). Never rejects: an answer that
 * cannot be had counts as changed.
 *
 * With `changes` that only update events where they are (a result entered: no field that moves an event, so it
 * stays in its sport and season), only the statistics of those events' own seasons can add up otherwise: the others
 * are not asked for. A changed event's season is one whose schedule a page read beside it (`see`: the deps of each
 * page that names a change, `q:schedule:[sport,"season"]` beside `event:<id>`), confirmed by the API's schedule of
 * that season holding the event now. When a season cannot be confirmed, every statistics answer is asked for.
 */
export function createAnswerCheck(api: ContentApi, changes: readonly Change[] = []) {
  const asked = new Map<string, Promise<boolean>>();
  const events = changes.filter((c) => c.resource === 'event');
  const narrow = events.length > 0 && events.every((c) => c.listed === false && c.recordId !== null);
  /** Each changed event's dep, with the arguments of the schedules read beside it. */
  const schedulesBeside = new Map(events.map((c) => [`event:${c.recordId}`, new Set<string>()]));
  /** Statistics answers met while narrowing: asked once the seasons are known. */
  const waiting = new Set<string>();
  const ask = (dep: string) => {
    if (!asked.has(dep)) asked.set(dep, answerChanged(api, dep));
  };
  /** The arguments (`[sport,"season"]`) of the seasons whose statistics can change; null: any season's. */
  const seasons = async (): Promise<Set<string> | null> => {
    const found = new Set<string>();
    for (const [record, candidates] of schedulesBeside) {
      const id = Number(record.slice('event:'.length));
      let confirmed: string | null = null;
      for (const args of candidates) {
        if (await scheduleHolds(api, args, id)) {
          confirmed = args;
          break;
        }
      }
      if (confirmed === null) return null;
      found.add(confirmed);
    }
    return found;
  };
  return {
    ask(dep: string): void {
      if (narrow && dep.startsWith(STATS_ANSWER)) waiting.add(dep);
      else ask(dep);
    },
    /** The deps of a page the pass decoded (it names a change): the schedules read beside a changed event. */
    see(deps: readonly string[]): void {
      if (!narrow || !deps.some((dep) => schedulesBeside.has(dep))) return;
      const schedules = deps
        .filter((dep) => dep.startsWith(SCHEDULE_CALL))
        .map((dep) => dep.slice(SCHEDULE_CALL.length));
      for (const dep of deps) for (const args of schedules) schedulesBeside.get(dep)?.add(args);
    },
    /** The deps asked for whose answer is not the same now. */
    async changed(): Promise<Set<string>> {
      if (waiting.size) {
        const only = await seasons();
        for (const dep of waiting)
          if (!only || only.has(dep.slice(STATS_ANSWER.length, dep.lastIndexOf('=')))) ask(dep);
        waiting.clear();
      }
      const verdicts = await Promise.all([...asked].map(async ([dep, changed]) => [dep, await changed] as const));
      return new Set(verdicts.filter(([, changed]) => changed).map(([dep]) => dep));
    },
  };
}

const STATS_ANSWER = `${ANSWER_PREFIX}stats:`;
/**
 * How far apart in time two dates can be and still sort either way in a list in date order: a CMS may sort by the
 * date's text, and texts written in timezones up to 26 hours apart.
 */
const ORDER_MARGIN_MS = 2 * 86_400_000;
/** A pending key of a page of a list in date order: `o#<filter>#<page>`. */
const ORDERED_PENDING = 'o#';

/** Did this page record where the page of a list in date order (its call's query) ends? */
function hasOrderedDep(deps: readonly string[], query: Record<string, unknown>): boolean {
  const filter = listFilter(query);
  const page = query.page ?? 1;
  return deps.some((dep) => {
    if (!dep.startsWith(ORDERED_PREFIX)) return false;
    const at = orderedOf(dep);
    return at !== null && at.filter === filter && at.page === page;
  });
}

const SCHEDULE_CALL = 'q:schedule:';

/** Does the API's schedule of a season (`[sport,"season"]`, as a dep writes it) hold this event now? */
async function scheduleHolds(api: ContentApi, args: string, id: number): Promise<boolean> {
  try {
    const [sport, season] = JSON.parse(args) as [number, string];
    return (await api.schedule(sport, season)).events.some((event) => event.id === id);
  } catch {
    return false;
  }
}

async function answerChanged(api: ContentApi, dep: string): Promise<boolean> {
  const asked = answerOf(dep);
  if (!asked) return true;
  try {
    const method = api[asked.method as keyof ContentApi] as (...args: unknown[]) => Promise<unknown>;
    // JSON wrote an argument left out as null: it is left out again.
    const answer = await method(...asked.args.map((arg) => (arg === null ? undefined : arg)));
    return answerDep(asked.method, asked.args, answer) !== dep;
  } catch {
    return true;
  }
}

/** `q:articles:[{"sport_id":3,"page":2,…}]` → its query; null: a list asked for without one, or unreadable. */
function articleListQuery(dep: string): Record<string, unknown> | null {
  // Lists of all articles, of every year and sport, are most of them: not parsed.
  if (!dep.includes('"year":') && !dep.includes('"sport_id":')) return null;
  return listQueryOf(dep);
}

/** `q:articles:[{…}]` → its query; null: a list asked for without one, or unreadable. */
function listQueryOf(dep: string): Record<string, unknown> | null {
  let args: unknown;
  try {
    args = JSON.parse(dep.slice('q:articles:'.length));
  } catch {
    return null;
  }
  const query = Array.isArray(args) ? (args[0] as unknown) : null;
  return query && typeof query === 'object' ? (query as Record<string, unknown>) : null;
}

/** A list's query `{"year":2019,"page":2,…}` → its year and its filter without paging; null: not by year. */
function yearListFilter(query: Record<string, unknown>): { year: number; key: string } | null {
  if (typeof query.year !== 'number') return null;
  const filter = Object.entries(query)
    .filter(([key]) => key !== 'page' && key !== 'per_page')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return { year: query.year, key: `f:articles:${JSON.stringify(filter)}` };
}

/** The API calls that list records of each kind: a new or removed record changes their answers. */
const LISTS: Record<string, string[]> = {
  article: ['articles'],
  event: ['events', 'schedule'],
  player: ['roster', 'allTimeRoster'],
  gallery: ['galleries'],
};

/**
 * Answers the CMS (or its stat service) derives from records of a kind without naming them: any change to one may
 * change these, not only one that moves it in a list. A season's statistics add up its games' scores, so a result
 * entered may change them; they are keyed by their content (ANSWERS_OF), so only the seasons whose statistics the
 * API now answers otherwise are touched.
 */
const DERIVED: Record<string, string[]> = {
  event: ['stats'],
};

/** `q:articles:[…]` → `articles`, `a:articleYears:[…]=…` → `articleYears`; anything else → ''. */
function callOf(dep: string): string {
  if (!dep.startsWith('q:') && !dep.startsWith(ANSWER_PREFIX)) return '';
  return dep.slice(2, dep.indexOf(':', 2));
}

/**
 * Fields whose change can move a record in or out of a list, or within it, or give it another page (its path is
 * made from them, or a box score appears): an update of others cannot, so it never changes the plan (plan.ts
 * replays every route for it) and touches only the pages that read the record.
 */
const PLACING_FIELDS: Record<string, string[]> = {
  article: ['date', 'slug', 'status', 'visibility', 'sport_id', 'category_ids'],
  event: ['date', 'time_tba', 'timezone', 'boxscore_id', 'sport_id', 'season_id'],
  player: ['slug'],
  gallery: ['date', 'slug', 'status', 'visibility', 'sport_id'],
};

/** Of PLACING_FIELDS, those that can move an article in date order, or in or out of a list (not its slug, categories). */
const ORDER_FIELDS = ['date', 'status', 'visibility', 'sport_id'];

/** The records a CMS's changes name, each saying whether it may have moved in a list. */
export function changedRecords(
  changes: readonly ContentChange[],
): (ChangedRecord & { listed: boolean; sportKept: boolean; reordered: boolean })[] {
  return changes.map((change) => ({
    resource: change.resource,
    recordId: change.record_id,
    listed:
      change.action !== 'update' ||
      change.fields.some((field) => (PLACING_FIELDS[change.resource] ?? []).includes(field)),
    reordered: change.action !== 'update' || change.fields.some((field) => ORDER_FIELDS.includes(field)),
    // A created or published record was in no public list before; an update that sets no sport left it in its own.
    sportKept:
      change.action === 'create' ||
      change.action === 'publish' ||
      (change.action === 'update' && !change.fields.includes('sport_id')),
  }));
}
