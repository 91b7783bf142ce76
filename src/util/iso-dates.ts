/**
 * ISO 8601 dates and date-times as real content APIs write them (docs/content-api.md, "Dates"): with or without
 * seconds and fractions, `Z`, `±HH:MM`, `±HHMM` or `±HH`, a space instead of `T`, or no offset at all (then the
 * record's own timezone says where it is). One canonical form leaves the boundary: `YYYY-MM-DDTHH:MM:SS±HH:MM`
 * (or `Z`), whose first ten characters are always the date as the API wrote it.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** A date or date-time as written: the parts, checked for range, nothing converted. */
export interface WrittenDate {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS, or null for a date alone. */
  time: string | null;
  /** The fraction of a second as written (".250"), or ''. */
  fraction: string;
  /** `Z` or `±HH:MM`, or null when the text gave none. */
  offset: string | null;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Read an ISO 8601 date or date-time, or null when the text is not one (or names a day or time that is not). */
export function readIsoDate(text: string): WrittenDate | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction, offset] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return null;
  if (month === 2 && day === 29 && !isLeap(Number(y))) return null;
  if (h === undefined) return { date: `${y}-${mo}-${d}`, time: null, fraction: '', offset: null };
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  return {
    date: `${y}-${mo}-${d}`,
    time: `${h}:${mi}:${s ?? '00'}`,
    fraction: fraction ?? '',
    offset: offset === undefined ? null : canonicalOffset(offset),
  };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function canonicalOffset(offset: string): string | null {
  if (offset === 'Z' || offset === 'z') return 'Z';
  const digits = offset.slice(1).replace(':', '');
  const hours = digits.slice(0, 2);
  const minutes = digits.slice(2, 4) || '00';
  if (Number(hours) > 23 || Number(minutes) > 59) return null;
  return `${offset[0]}${hours}:${minutes}`;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The UTC offset (`±HH:MM`) of a timezone at an instant. */
export function offsetAt(timeZone: string, instant: number): string {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, f);
  }
  const name = f.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  // "GMT-05:00", or "GMT" for UTC itself.
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

const minutesOf = (offset: string) =>
  offset === 'Z' ? 0 : (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

/** The offset a wall-clock time has in a timezone (the first of two, in the hour a clock falls back). */
export function offsetOfWallTime(timeZone: string, date: string, time: string): string {
  const asUtc = Date.parse(`${date}T${time}Z`);
  // Two passes: the offset at the guessed instant, then at the instant that offset gives.
  const first = offsetAt(timeZone, asUtc);
  const second = offsetAt(timeZone, asUtc - minutesOf(first) * 60_000);
  return second;
}

// Answers for the names met so far: a department uses a handful, and making a formatter to ask costs ~50 µs
// (once per event of every schedule read). Bounded, so a hostile API's endless names cannot grow it.
const knownZones = new Map<string, boolean>();
const KNOWN_ZONES_MAX = 512;

/** Whether a timezone name is one the runtime knows. */
export function isTimeZone(name: string): boolean {
  const known = knownZones.get(name);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    ok = true;
  } catch {
    ok = false;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.set(name, ok);
  return ok;
}

/**
 * The canonical form of a date-time: `YYYY-MM-DDTHH:MM:SS[.fff]±HH:MM` or `…Z`. A date-time without an offset is
 * a wall-clock time in `zone`; a date alone is midnight there. Null when the text is not an ISO 8601 date-time.
 */
export function canonicalDateTime(text: string, zone: string): string | null {
  const written = readIsoDate(text);
  if (!written) return null;
  const time = written.time ?? '00:00:00';
  const offset = written.offset ?? offsetOfWallTime(zone, written.date, time);
  return `${written.date}T${time}${written.fraction}${offset}`;
}

/**
 * The same instant as wall-clock time in `zone`, with that zone's offset: `2026-03-10T17:05:00Z` in New York is
 * `2026-03-10T13:05:00-04:00`. Pages read an event's date and time from this text as written, so the browser
 * never needs a timezone database that might disagree with the build's (a hydration mismatch).
 */
export function inZone(iso: string, zone: string): string {
  const instant = Date.parse(iso);
  const offset = offsetAt(zone, instant);
  const wall = new Date(instant + minutesOf(offset) * 60_000).toISOString().slice(0, 19);
  return `${wall}${offset}`;
}

/**
 * A calendar date as a date-time every view reads as that date: noon on it, in `zone`. Noon is at least eleven
 * hours from either midnight, so no timezone of the Americas or Europe moves it to another day; and the first ten
 * characters are the date, which is what date-only consumers (JSON-LD, iCalendar) take.
 */
export function calendarDateTime(date: string, zone: string): string {
  return `${date}T12:00:00${offsetOfWallTime(zone, date, '12:00:00')}`;
}
