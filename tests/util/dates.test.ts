// The local date of an instant: the rule behind article paths and links, shared by the build and the browser.
import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../src/util/dates.ts';

describe('local dates', () => {
  it.each([
    ['2026-11-21T04:30:00Z', 'America/Chicago', '2026-11-20'],
    ['2026-11-21T06:30:00Z', 'America/Chicago', '2026-11-21'],
    ['2026-11-21T06:30:00-06:00', 'America/Chicago', '2026-11-21'],
    ['2026-12-31T23:30:00Z', 'Pacific/Auckland', '2027-01-01'],
    ['2026-03-08T08:30:00Z', 'America/New_York', '2026-03-08'],
  ])('%s in %s is %s, asked once or many times', (iso, zone, date) => {
    expect(localDate(iso, zone)).toBe(date);
    expect(localDate(iso, zone)).toBe(date);
    expect(localDate(new Date(iso), zone)).toBe(date);
    expect(localDate(Date.parse(iso), zone)).toBe(date);
  });

  it('stays right past the number of dates it keeps', () => {
    const start = Date.UTC(1990, 0, 1, 12);
    for (let i = 0; i < 12_000; i++) {
      const iso = new Date(start + i * 86_400_000).toISOString();
      expect(localDate(iso, 'UTC')).toBe(iso.slice(0, 10));
    }
    expect(localDate('1990-01-01T12:00:00.000Z', 'Asia/Tokyo')).toBe('1990-01-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});
