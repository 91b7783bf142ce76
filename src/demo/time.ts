/** Calendar helpers for the demo dataset. All dates are computed from fixed inputs: never from the clock. */

/** The demo dataset's "today": results exist before it, upcoming events after it. */
export const DEMO_AS_OF = '2026-11-15';
export const DEMO_TIMEZONE = 'America/Chicago';

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-21" + "19:00" in America/Chicago → "2026-11-21T19:00:00-06:00". */
export function zonedIso(ymd: string, hhmm: string, timeZone: string = DEMO_TIMEZONE): string {
  const naive = Date.parse(`${ymd}T${hhmm}:00Z`);
  // The offset at the local wall time; evaluating at naive-UTC is close enough except within an hour of a DST change.
  const offsetMinutes = zoneOffsetMinutes(naive, timeZone);
  const sign = offsetMinutes <= 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${ymd}T${hhmm}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(epochMs).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

export function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Days since the epoch for a YYYY-MM-DD date. */
export function dayNumber(ymd: string): number {
  return Math.floor(Date.parse(`${ymd}T00:00:00Z`) / 86_400_000);
}

export function ymdFromDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(ymd: string, days: number): string {
  return ymdFromDay(dayNumber(ymd) + days);
}

/** 0 = Sunday … 6 = Saturday */
export function weekday(ymd: string): number {
  return new Date(`${ymd}T00:00:00Z`).getUTCDay();
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS = [
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
] as const;

export function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
