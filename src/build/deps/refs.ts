/**
 * The records an API answer holds, by the call that gave it: what a page "read", in the terms a CMS's change
 * names (`article:12`, `event:9`, `player:4`, `gallery:3`, `settings`). A change to one of them may change every
 * page that read it. Calls not listed here hold no record an editor changes through webhooks (sports, seasons,
 * pages, staff, documents, ads, icons): their pages depend on them through the call itself (`q:` keys, recorder.ts).
 */
import { createHash } from 'node:crypto';
import { dateOrderBreak } from '../../api/sorting.ts';

type Json = Record<string, unknown>;
type Extract = (result: unknown) => Iterable<string>;

const ids = (resource: string, list: unknown, key = 'id'): string[] =>
  Array.isArray(list)
    ? list.flatMap((item) => {
        const id = (item as Json | null)?.[key];
        return typeof id === 'number' ? [`${resource}:${id}`] : [];
      })
    : [];
const one = (resource: string, record: unknown, key = 'id') => ids(resource, [record], key);
const field = (record: unknown, name: string): unknown => (record as Json | null)?.[name];

function* article(record: unknown): Iterable<string> {
  yield* one('article', record);
  yield* ids('article', field(record, 'related'));
  yield* one('event', { id: field(record, 'event_id') });
}

const EXTRACTORS: Record<string, Extract> = {
  websiteConfig: () => ['settings'],
  articles: (page) => ids('article', field(page, 'data')),
  article,
  articleBySlug: article,
  schedule: (schedule) => ids('event', field(schedule, 'events')),
  events: (page) => ids('event', field(page, 'data')),
  boxScore: (box) => one('event', box, 'event_id'),
  roster: (roster) => ids('player', field(roster, 'players'), 'player_id'),
  playerBySlug: (player) => one('player', player),
  allTimeRoster: (list) => ids('player', list, 'player_id'),
  galleries: (page) => ids('gallery', field(page, 'data')),
  gallery: (record) => one('gallery', record),
};

/** The record keys an answer of `method` holds (none for a call that holds no changeable record). */
export function refsOf(method: string, result: unknown): Iterable<string> {
  return EXTRACTORS[method]?.(result) ?? [];
}

/**
 * Calls whose answer summarises records of a kind without naming them, by the kind: the years that have articles,
 * a sport's season statistics (added up from its games' results). A page that read one depends on the answer
 * itself, `a:<call>:<arguments>=<digest>`, which an incremental build asks for again (touch.ts): an article
 * published in a year that has others leaves every year's page as it was, and a result entered touches the
 * statistics of its own sport and season only.
 */
export const ANSWERS_OF: Record<string, string> = { articleYears: 'article', stats: 'event' };
export const ANSWER_PREFIX = 'a:';

/** The `a:` dep of an answer of a call of ANSWERS_OF; null for any other call. */
export function answerDep(method: string, args: readonly unknown[], answer: unknown): string | null {
  if (!(method in ANSWERS_OF)) return null;
  const digest = createHash('sha1').update(JSON.stringify(answer)).digest('hex').slice(0, 16);
  return `${ANSWER_PREFIX}${method}:${JSON.stringify(args)}=${digest}`;
}

/** The call of an `a:` dep, to ask again; null when it is not one. */
export function answerOf(dep: string): { method: string; args: unknown[] } | null {
  if (!dep.startsWith(ANSWER_PREFIX)) return null;
  const at = dep.indexOf(':', ANSWER_PREFIX.length);
  const end = dep.lastIndexOf('=');
  if (at < 0 || end < at) return null;
  try {
    const args = JSON.parse(dep.slice(at + 1, end)) as unknown;
    return Array.isArray(args) ? { method: dep.slice(ANSWER_PREFIX.length, at), args } : null;
  } catch {
    return null;
  }
}

/**
 * A page of articles in date order, oldest first (`sort: 'date'`): a stable page of news (src/pages/news-paging.ts),
 * which a story published after it leaves as it is. Its dep says where the page ends, so an incremental build can
 * tell whether a changed article sorts into it or before it (touch.ts):
 * `o:articles:{"filter":<the query without its page>,"page":3,"total":1234,"last":<the last story's date, ms>}`.
 */
export const ORDERED_PREFIX = 'o:articles:';

export interface OrderedPage {
  /** The list's query without its page, as JSON with sorted keys: the pages of one list share it. */
  filter: string;
  page: number;
  /** How many articles the list had. */
  total: number;
  /** The date of the page's last (newest) article in ms since the epoch; null: the page was empty. */
  last: number | null;
}

export function orderedDep(method: string, args: readonly unknown[], answer: unknown): string | null {
  const query = args[0] as Json | undefined;
  if (method !== 'articles' || !query || query.sort !== 'date') return null;
  const list = field(answer, 'data');
  const total = field(field(field(answer, 'meta'), 'pagination'), 'total');
  if (!Array.isArray(list) || typeof total !== 'number') return null;
  // The newest story's date. A date that cannot be read, or a page not in date order (a CMS that ignores `sort`
  // gives its newest stories), gives no dep: the page is then judged by its call, touched by any change of the list.
  const dates = list.map((item) => field(item, 'date'));
  if (!dates.every((date) => typeof date === 'string' && Number.isFinite(Date.parse(date)))) return null;
  if (dateOrderBreak(dates as string[]) >= 0) return null;
  const last = Math.max(...(dates as string[]).map((date) => Date.parse(date)));
  const page: OrderedPage = {
    filter: listFilter(query),
    page: typeof query.page === 'number' ? query.page : 1,
    total,
    last: list.length === 0 ? null : last,
  };
  return `${ORDERED_PREFIX}${JSON.stringify(page)}`;
}

/** The `o:` dep's page; null when it is not one or cannot be read. */
export function orderedOf(dep: string): OrderedPage | null {
  if (!dep.startsWith(ORDERED_PREFIX)) return null;
  try {
    const page = JSON.parse(dep.slice(ORDERED_PREFIX.length)) as OrderedPage;
    return typeof page.filter === 'string' && Number.isInteger(page.page) && Number.isInteger(page.total)
      ? { ...page, last: page.last ?? null }
      : null;
  } catch {
    return null;
  }
}

/** A list's query without its page, as JSON with sorted keys (undefined values left out, as JSON leaves them). */
export function listFilter(query: Json): string {
  const kept = Object.keys(query)
    .filter((key) => key !== 'page' && query[key] !== undefined)
    .sort();
  return JSON.stringify(Object.fromEntries(kept.map((key) => [key, query[key]])));
}
