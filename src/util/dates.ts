/** Calendar dates, shared by the build (paths, feeds) and the templates (links): one definition of a local date. */
import { zonedFields } from './zoned.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The calendar date (YYYY-MM-DD) of an instant in a timezone. */
export function localDate(iso: string | number | Date, timeZone: string): string {
  const ms = typeof iso === 'string' ? Date.parse(iso) : typeof iso === 'number' ? iso : iso.getTime();
  // src/util/zoned.ts: Intl's fields, asked once per zone and day; years of other than four digits as Intl writes them.
  const { year, month, day } = zonedFields(ms, timeZone);
  if (year < 1000 || year > 9999) return formatterOf(timeZone).format(ms);
  return `${year}-${pad(month)}-${pad(day)}`;
}

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A calendar date `days` later (or earlier). */
export function addDays(ymd: string, days: number): string {
  const date = new Date(`${ymd}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
