/**
 * How the demo CMS writes its records on the wire: as real feeds do, not as tidily as the dataset holds them
 * (issue 16). The dataset stays one typed, canonical record per thing (tests compare pages with it); its JSON
 * varies the way real departments' APIs vary, so every build and test crosses the same boundary a real API needs:
 * - a game without a set time is written as a date alone, as midnight UTC, or as midnight Eastern;
 * - date-times without seconds, or with an offset without its colon (`-0600`);
 * - some away games with no venue, a few with no place at all (blank strings);
 * - jersey numbers as integers, weights as printed ("198 lbs"), players with no biography, headshots without
 *   their size (as most CDNs send them), headshots whose file is gone (404), a link to a social network the site
 *   has no icon for.
 * - emptied biographies (`<p>&nbsp;</p>`), a season's stats without tables, a season's roster without coaches.
 * Chosen by record id, with no random draw: the same seed writes the same bytes.
 */

type Json = Record<string, unknown>;

const isEvent = (v: Json) => 'time_tba' in v && 'timezone' in v && typeof v.date === 'string';
const isRosterPlayer = (v: Json) => 'player_id' in v && 'jersey_number' in v;

function wireEvent(event: Json): Json {
  const id = Number(event.id);
  const date = event.date as string; // canonical: YYYY-MM-DDTHH:MM:SS±HH:MM
  const day = date.slice(0, 10);
  const out: Json = { ...event };
  if (event.time_tba) {
    out.date = [day, `${day}T00:00:00Z`, `${day}T00:00:00-05:00`][id % 3];
  } else if (id % 4 === 1) {
    out.date = date.replace(/T(\d{2}:\d{2}):00/, 'T$1');
  } else if (id % 4 === 2) {
    out.date = date.replace(/([+-]\d{2}):(\d{2})$/, '$1$2');
  }
  const location = event.location as Json | undefined;
  if (location && event.location_type === 'away' && id % 5 === 0) out.location = { ...location, venue: null };
  // An away game whose place was never entered, written as blanks (a pin and ", ," on a careless site).
  if (location && event.location_type === 'away' && id % 35 === 0) out.location = { venue: '', city: ' ', state: '' };
  return out;
}

/** Roster entries whose headshot URL is gone from the CDN (404), as old records' photos are. */
export const brokenHeadshot = (rosterPlayerId: number) => rosterPlayerId % 29 === 0;
/** Where such a headshot's URL points: a folder the demo CMS serves nothing from. */
export const REMOVED_HEADSHOTS = '/media/headshot/removed/';
export const brokenHeadshotUrl = (url: string) => url.replace('/media/headshot/', REMOVED_HEADSHOTS);

function wirePlayer(player: Json): Json {
  const id = Number(player.id);
  const out: Json = { ...player };
  const jersey = player.jersey_number;
  if (typeof jersey === 'string' && /^[1-9]\d?$/.test(jersey) && id % 2 === 0) out.jersey_number = Number(jersey);
  if (typeof player.weight === 'number' && id % 7 === 0) out.weight = `${player.weight} lbs`;
  if (id % 11 === 0) out.bio = null;
  else if (id % 19 === 0) out.bio = '<p>&nbsp;</p>'; // an editor's emptied biography
  const headshot = player.headshot as Json | null;
  if (headshot && id % 13 === 0) out.headshot = { url: headshot.url, alt: headshot.alt };
  if (headshot && brokenHeadshot(id)) out.headshot = { ...headshot, url: brokenHeadshotUrl(String(headshot.url)) };
  if (id % 17 === 0)
    out.social_links = [
      ...((player.social_links as unknown[] | null) ?? []),
      { network: 'mastodon', url: `https://mastodon.social/@${String(player.slug)}` },
    ];
  return out;
}

const isSeasonStats = (v: Json) => 'tables' in v && 'sport_id' in v && 'season' in v;
const isRoster = (v: Json) => Array.isArray(v.players) && Array.isArray(v.staff) && 'season' in v;
const seasonIdOf = (v: Json) => Number((v.season as Json | null)?.id);

/** A season whose stats answer holds no tables (the stat service has not sent them): the page says so. */
export const statsWithoutTables = (sportId: number, seasonId: number) => (sportId * 7 + seasonId) % 11 === 0;
/** A season whose roster lists no coaches (the staff were never entered): no "Coaching staff" heading. */
export const rosterWithoutStaff = (sportId: number, seasonId: number) => (sportId * 5 + seasonId) % 13 === 0;

/** A `JSON.stringify` replacer writing records in their wire shapes. */
export function wireShapes(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Json;
  if (isEvent(record)) return wireEvent(record);
  if (isRosterPlayer(record)) return wirePlayer(record);
  if (isSeasonStats(record) && statsWithoutTables(Number(record.sport_id), seasonIdOf(record)))
    return { ...record, tables: [] };
  if (isRoster(record) && rosterWithoutStaff(Number(record.sport_id), seasonIdOf(record)))
    return { ...record, staff: [] };
  return value;
}

/** An answer's JSON as `JSON.stringify(value, wireShapes)` writes it. */
export type WireJson = (value: unknown) => string;

/**
 * `JSON.stringify(value, wireShapes)`, with each record of a list's answer (`{ data: [...], meta }`) written once and
 * kept: a build asks for the same records in many lists (an article is on a news page, its sport's and its year's),
 * and after an edit every list is asked for again. The dataset's records are edited in place, so what is kept is
 * dropped by `forget`, which the server calls on every edit. The bytes are those `JSON.stringify` writes: a record in
 * an array is written as it is alone (the replacer reads no key), and the wrapper as it is.
 */
export function createWireJson(): { json: WireJson; forget(): void } {
  let written = new WeakMap<object, string>();
  const item = (value: unknown): string => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return JSON.stringify(value, wireShapes) ?? 'null';
    let text = written.get(value);
    if (text === undefined) written.set(value, (text = JSON.stringify(value, wireShapes)));
    return text;
  };
  return {
    json(value) {
      if (!isListAnswer(value)) return JSON.stringify(value, wireShapes) ?? 'null';
      return `{"data":[${value.data.map(item).join(',')}],"meta":${JSON.stringify(value.meta, wireShapes)}}`;
    },
    forget() {
      written = new WeakMap();
    },
  };
}

/** `{ data: [...], meta: {...} }`, those two keys in that order, which the replacer leaves as they are. */
function isListAnswer(value: unknown): value is { data: unknown[]; meta: object } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const { data, meta } = value as { data?: unknown; meta?: unknown };
  return (
    keys.length === 2 &&
    keys[0] === 'data' &&
    keys[1] === 'meta' &&
    Array.isArray(data) &&
    typeof meta === 'object' &&
    meta !== null &&
    wireShapes('', value) === value
  );
}
