/** Calendar dates, shared by the build (paths, feeds) and the templates (links): one definition of a local date. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Dates asked for again (an article's, on every list and link that names it): kept this many. */
const KNOWN_LIMIT = 10_000;
const known = new Map<string, string>();

/** The calendar date (YYYY-MM-DD) of an instant in a timezone. */
export function localDate(iso: string | number | Date, timeZone: string): string {
  if (typeof iso !== 'string') return formatterOf(timeZone).format(iso);
  const key = `${timeZone} ${iso}`;
  let date = known.get(key);
  if (date === undefined) {
    if (known.size >= KNOWN_LIMIT) known.clear();
    date = formatterOf(timeZone).format(new Date(iso));
    known.set(key, date);
  }
  return date;
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
