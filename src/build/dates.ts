const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a timezone. */
export function localDate(iso: string | number | Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/**
 * The build's clock. SOURCE_DATE_EPOCH (the reproducible-builds convention, in seconds) pins it, so a rebuild
 * on another day can still be byte-identical.
 */
export function buildClock(env: NodeJS.ProcessEnv = process.env): Date {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000);
  return new Date();
}

export function addDays(ymd: string, days: number): string {
  const date = new Date(`${ymd}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
