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
/** Days whose offset is known, of every zone, kept this many (a site's dates span a few thousand days). */
const KNOWN_DAYS = 20_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** `zone day` → the offset in ms through that UTC day, or null when it changes during it. */
const offsets = new Map<string, number | null>();

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
  const key = `${timeZone} ${day}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size >= KNOWN_DAYS) offsets.clear();
    const first = offsetAt(day * DAY_MS, timeZone);
    offset = first === offsetAt((day + 1) * DAY_MS - 1000, timeZone) ? first : null;
    offsets.set(key, offset);
  }
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
