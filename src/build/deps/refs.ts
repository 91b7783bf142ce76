/**
 * The records an API answer holds, by the call that gave it: what a page "read", in the terms a CMS's change
 * names (`article:12`, `event:9`, `player:4`, `gallery:3`, `settings`). A change to one of them may change every
 * page that read it. Calls not listed here hold no record an editor changes through webhooks (sports, seasons,
 * pages, staff, documents, ads, icons): their pages depend on them through the call itself (`q:` keys, recorder.ts).
 */
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
