/**
 * The records an API answer holds, by the call that gave it: what a page "read", in the terms a CMS's change
 * names (`article:12`, `event:9`, `player:4`, `gallery:3`, `settings`). A change to one of them may change every
 * page that read it. Calls not listed here hold no record an editor changes through webhooks (sports, seasons,
 * pages, staff, documents, ads, icons): their pages depend on them through the call itself (`q:` keys, recorder.ts).
 */
import { createHash } from 'node:crypto';

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
