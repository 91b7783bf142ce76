import { zonedFields, type ZonedFields } from '../../src/util/zoned.ts';

/**
 * Date formatting that gives the same text in Node and every browser (hydration compares them): Intl only
 * supplies the numbers in the site's timezone; words come from our own tables.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export type Parts = Omit<ZonedFields, 'second'>;

/** Calendar parts of an instant in a timezone (src/util/zoned.ts: Intl's numbers, asked once per zone and day). */
export function partsOf(iso: string, timeZone: string): Parts {
  return zonedFields(Date.parse(iso), timeZone);
}

export const monthName = (month: number) => MONTHS[month - 1]!;
export const shortMonth = (month: number) => MONTHS[month - 1]!.slice(0, 3);
export const weekdayName = (weekday: number) => WEEKDAYS[weekday]!;
export const shortWeekday = (weekday: number) => WEEKDAYS[weekday]!.slice(0, 3);

/** "November 21, 2026" */
export function longDate(iso: string, timeZone: string): string {
  const p = partsOf(iso, timeZone);
  return `${monthName(p.month)} ${p.day}, ${p.year}`;
}

/** "Sat, Nov 21" */
export function shortDate(iso: string, timeZone: string): string {
  const p = partsOf(iso, timeZone);
  return `${shortWeekday(p.weekday)}, ${shortMonth(p.month)} ${p.day}`;
}

/** "7:00 PM", or "TBA" */
export function timeOf(iso: string, timeZone: string, tba = false): string {
  if (tba) return 'TBA';
  const { hour, minute } = partsOf(iso, timeZone);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** What an event's date and time need: its start, whether the time is set, and the zone it is played in. */
export interface EventWhen {
  /** Canonical, as the boundary writes it: wall-clock time where the game is played, with that zone's offset. */
  date: string;
  time_tba: boolean;
  timezone: string;
}

/** How fans read the zones of the Americas' games; any other zone by its offset ("UTC-06:00"). */
const ZONE_LABELS: Record<string, string> = {
  'America/New_York': 'ET',
  'America/Detroit': 'ET',
  'America/Indiana/Indianapolis': 'ET',
  'America/Kentucky/Louisville': 'ET',
  'America/Chicago': 'CT',
  'America/Denver': 'MT',
  'America/Boise': 'MT',
  'America/Phoenix': 'MT',
  'America/Los_Angeles': 'PT',
  'America/Anchorage': 'AKT',
  'Pacific/Honolulu': 'HT',
};

/**
 * An event's date and time as written where it is played (docs/content-api.md, "Dates"): read from its canonical
 * text, never through a timezone database, so the build and every browser say the same.
 */
export function eventParts(event: EventWhen): Parts {
  const [year, month, day] = event.date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    hour: Number(event.date.slice(11, 13)),
    minute: Number(event.date.slice(14, 16)),
  };
}

/** "Sat, Nov 21", the day the event is played on. */
export function eventShortDate(event: EventWhen, withYear = false): string {
  const p = eventParts(event);
  // A past season's date needs its year more than its weekday (and both would not fit the date column).
  if (withYear) return `${shortMonth(p.month)} ${p.day}, ${p.year}`;
  return `${shortWeekday(p.weekday)}, ${shortMonth(p.month)} ${p.day}`;
}

/** YYYY-MM-DD, the day the event is played on. */
export const eventDay = (event: EventWhen) => event.date.slice(0, 10);

/** "7:00 PM", "1:05 PM ET" for a game played in another zone than the site's, or "TBA". */
export function eventTime(event: EventWhen, siteZone: string): string {
  if (event.time_tba) return 'TBA';
  const { hour, minute } = eventParts(event);
  const time = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  if (!event.timezone || event.timezone === siteZone) return time;
  const offset = event.date.slice(19);
  return `${time} ${ZONE_LABELS[event.timezone] ?? `UTC${offset === 'Z' ? '' : offset}`}`;
}

/** YYYY-MM-DD of an instant in the timezone. */
export function ymd(iso: string, timeZone: string): string {
  const p = partsOf(iso, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** "3:45" from seconds. */
export function duration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m >= 60
    ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s).padStart(2, '0')}`
    : `${m}:${String(s).padStart(2, '0')}`;
}

/** Score to the sport's decimal places. */
export function score(value: number | null, places: number): string {
  return value === null ? '' : value.toFixed(places);
}
