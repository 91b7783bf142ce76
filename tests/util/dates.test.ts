// The local date of an instant: the rule behind article paths and links, shared by the build and the browser.
import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../src/util/dates.ts';
import { zonedFields } from '../../src/util/zoned.ts';

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

describe('wall-clock fields in a timezone (src/util/zoned.ts)', () => {
  const ZONES = [
    'America/Chicago',
    'America/New_York',
    'America/Phoenix',
    'America/Anchorage',
    'America/St_Johns',
    'America/Santiago',
    'Pacific/Honolulu',
    'Pacific/Chatham',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Europe/London',
    'Europe/Berlin',
    'UTC',
  ];
  /** What Intl says, asked directly: the answer the shortcut must give. */
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const intl = (ms: number, timeZone: string) => {
    let formatter = formatters.get(timeZone);
    if (!formatter)
      formatters.set(
        timeZone,
        (formatter = new Intl.DateTimeFormat('en-US', {
          timeZone,
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
          hourCycle: 'h23',
        })),
      );
    const parts = formatter.formatToParts(ms);
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return [get('year'), get('month'), get('day'), get('hour') % 24, get('minute'), get('second')];
  };
  const ours = (ms: number, zone: string) => {
    const f = zonedFields(ms, zone);
    expect(f.weekday).toBe(new Date(Date.UTC(f.year, f.month - 1, f.day)).getUTCDay());
    return [f.year, f.month, f.day, f.hour, f.minute, f.second];
  };

  it('gives what Intl gives, on every side of every change of offset, in zones with odd offsets', () => {
    let changes = 0;
    for (const zone of ZONES) {
      // Each change of offset in 2026–2027, found hour by hour, then checked second by second around it.
      let previous = intl(Date.UTC(2026, 0, 1), zone);
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 3_600_000) {
        const fields = intl(ms, zone);
        const offset = (f: number[]) => Date.UTC(f[0]!, f[1]! - 1, f[2]!, f[3]!, f[4]!, f[5]!);
        if (offset(fields) - ms !== offset(previous) - (ms - 3_600_000)) {
          changes++;
          for (let at = ms - 3_600_000 - 2_000; at <= ms + 2_000; at += 1_000)
            if (at < ms - 3_600_000 + 2_000 || at > ms - 2_000 || at % 60_000 === 0)
              expect(ours(at, zone), `${zone} ${new Date(at).toISOString()}`).toEqual(intl(at, zone));
        }
        previous = fields;
      }
    }
    expect(changes).toBeGreaterThan(30);
  });

  it('gives what Intl gives past the number of days it keeps (100,000), asked of two zones in turn', () => {
    // 55,000 days of each zone (1880 to 2030), a day of one then a day of the other: the days kept fill and empty.
    const from = Date.UTC(1880, 0, 1, 17, 30);
    const zones = ['America/Chicago', 'Australia/Lord_Howe'];
    for (let day = 0; day < 55_000; day++)
      for (const zone of zones) {
        const ms = from + day * 86_400_000;
        const fields = ours(ms, zone);
        if (day % 211 === 0) expect(fields, `${zone} ${new Date(ms).toISOString()}`).toEqual(intl(ms, zone));
      }
    // The first days again, asked after the days kept were emptied.
    for (let day = 0; day < 2_000; day += 37)
      for (const zone of zones)
        expect(ours(from + day * 86_400_000, zone)).toEqual(intl(from + day * 86_400_000, zone));
  });

  it('gives what Intl gives at random instants from 1900 to 2100, and Intl’s error for an invalid one', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(1900, 0, 1);
    const span = Date.UTC(2100, 0, 1) - from;
    for (const zone of ZONES)
      for (let i = 0; i < 400; i++) {
        const ms = from + Math.floor(random() * span);
        expect(ours(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(intl(ms, zone));
        expect(localDate(ms, zone)).toBe(
          new Intl.DateTimeFormat('en-CA', {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
          }).format(ms),
        );
      }
    expect(() => zonedFields(Number.NaN, 'America/Chicago')).toThrow(RangeError);
    expect(() => localDate('not a date', 'America/Chicago')).toThrow(RangeError);
    expect(() => zonedFields(0, 'Not/A_Zone')).toThrow(RangeError);
  });
});
