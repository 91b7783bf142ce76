/**
 * How the demo CMS writes its records on the wire: as real feeds do, not as tidily as the dataset holds them
 * (issue 16). The dataset stays one typed, canonical record per thing (tests compare pages with it); its JSON
 * varies the way real departments' APIs vary, so every build and test crosses the same boundary a real API needs:
 * - a game without a set time is written as a date alone, as midnight UTC, or as midnight Eastern;
 * - date-times without seconds, or with an offset without its colon (`-0600`);
 * - some away games with no venue;
 * - jersey numbers as integers, weights as printed ("198 lbs"), players with no biography, headshots without
 *   their size (as most CDNs send them), a link to a social network the site has no icon for.
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
  return out;
}

function wirePlayer(player: Json): Json {
  const id = Number(player.id);
  const out: Json = { ...player };
  const jersey = player.jersey_number;
  if (typeof jersey === 'string' && /^[1-9]\d?$/.test(jersey) && id % 2 === 0) out.jersey_number = Number(jersey);
  if (typeof player.weight === 'number' && id % 7 === 0) out.weight = `${player.weight} lbs`;
  if (id % 11 === 0) out.bio = null;
  const headshot = player.headshot as Json | null;
  if (headshot && id % 13 === 0) out.headshot = { url: headshot.url, alt: headshot.alt };
  if (id % 17 === 0)
    out.social_links = [
      ...((player.social_links as unknown[] | null) ?? []),
      { network: 'mastodon', url: `https://mastodon.social/@${String(player.slug)}` },
    ];
  return out;
}

/** A `JSON.stringify` replacer writing records in their wire shapes. */
export function wireShapes(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Json;
  if (isEvent(record)) return wireEvent(record);
  if (isRosterPlayer(record)) return wirePlayer(record);
  return value;
}
