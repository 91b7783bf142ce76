/**
 * An instant's wall-clock fields in a timezone, for the build and the browser alike (src/util/dates.ts,
 * templates/ui/format.ts). `Intl.DateTimeFormat` answers this in several µs a call, and a list of 20 articles asks
 * it 20 times per page; a department's dates are a few thousand distinct days. So the zone's UTC offset is asked of
 * Intl once per zone and UTC day, at the day's first and last second: when both agree (every day but those of a
 * change of offset), every instant of that day is its UTC fields shifted by the offset. A day whose offset changes
 * asks Intl for each instant, as before. (A zone that changed its offset and back within one UTC day would be read
 * wrong between the two: no US zone, nor London or UTC, has such a day from 1950 to 2040, checked every 3 hours.)
 */

export interface ZonedFields {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
/**
 * Days whose offset is known, of every zone, kept this many: 270 years of one zone. A department's dates span
 * decades (the demo's at scale 10, 1966 to today: 22,000 days), and a bound below that span emptied the map over and
 * over in every build. 3.4 MB of heap when full (measured); a browser fills it only with the days its pages show.
 */
const KNOWN_DAYS = 100_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Per zone, UTC day number → the offset in ms through that day, or null when it changes during it. Keyed by the
 * day's number, not a string of zone and day: a call makes no string and hashes none.
 */
const offsets = new Map<string, Map<number, number | null>>();
/** Days known, over every zone's map. */
let knownDays = 0;
/** The last zone a day was asked of, and its days: a build asks of one zone, call after call. */
let lastZone: string | undefined;
let lastDays: Map<number, number | null> | undefined;

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The offset (ms) Intl gives at one instant: its wall-clock fields read as UTC, less the instant's whole second.
 * The UTC fields of `ms` plus this offset are Intl's fields at `ms`, exactly. Throws Intl's RangeError for an
 * unknown zone or an invalid instant.
 */
function offsetAt(ms: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(ms);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const utc = new Date(0);
  utc.setUTCFullYear(field('year'), field('month') - 1, field('day'));
  utc.setUTCHours(field('hour') % 24, field('minute'), field('second'));
  return utc.getTime() - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The offset through the UTC day of `ms`, or null on a day it changes. */
function dayOffset(ms: number, timeZone: string): number | null {
  const day = Math.floor(ms / DAY_MS);
  const days = timeZone === lastZone ? lastDays : offsets.get(timeZone);
  let offset = days?.get(day);
  if (offset !== undefined) return offset;
  // Asked of Intl first: a zone Intl does not know throws here, and leaves no map behind.
  const first = offsetAt(day * DAY_MS, timeZone);
  offset = first === offsetAt((day + 1) * DAY_MS - 1000, timeZone) ? first : null;
  if (knownDays >= KNOWN_DAYS) {
    offsets.clear();
    knownDays = 0;
  }
  let known = offsets.get(timeZone);
  if (!known) offsets.set(timeZone, (known = new Map()));
  known.set(day, offset);
  knownDays++;
  lastZone = timeZone;
  lastDays = known;
  return offset;
}

/**
 * The wall-clock fields of an instant (ms since the epoch) in `timeZone`, as Intl.DateTimeFormat gives them (years
 * of the common era). Throws Intl's RangeError for an unknown zone or an invalid instant.
 */
export function zonedFields(ms: number, timeZone: string): ZonedFields {
  const offset = (Number.isFinite(ms) ? dayOffset(ms, timeZone) : null) ?? offsetAt(ms, timeZone);
  const local = new Date(ms + offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}
