import type { Event } from '../../api/schemas/schedule.ts';
import { absoluteUrl } from '../../head/values.ts';
import { placeOf } from '../../contract/event-item.ts';

/** An event with the sport it belongs to. */
export interface CalendarEvent {
  event: Event;
  sport: { name: string; slug: string };
}

export interface CalendarInput {
  name: string;
  description: string;
  /** The schedule page the calendar mirrors (root-relative). */
  page: string;
  events: CalendarEvent[];
  team: string;
  siteUrl: string;
  timeZone: string;
  /** DTSTAMP of every event: the build's day, so an unchanged schedule rebuilds to the same bytes. */
  stamp: string;
}

/** Length of a game when the schedule does not say (RFC 5545 needs an end or a duration). */
const DEFAULT_DURATION_MS = 3 * 60 * 60 * 1000;

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newline are escaped in TEXT values. */
export const icalText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--; // not inside a character
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // continuation lines begin with a space
  }
  return parts.join('\r\n ');
}

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const day = (date: string) => date.slice(0, 10).replace(/-/g, '');

/** "W 24-17 OT", "3rd of 12", or null before the event is final. */
function resultOf(e: Event): string | null {
  const r = e.result;
  if (r?.status !== 'final') return null;
  if (r.outcome && r.team_score !== null && r.opponent_score !== null)
    return `${r.outcome} ${r.team_score}-${r.opponent_score}${r.note ? ` ${r.note}` : ''}`;
  return r.place ? `${ordinal(r.place)}${r.field_size ? ` of ${r.field_size}` : ''}` : null;
}

function summary({ event: e, sport }: CalendarEvent, team: string): string {
  const who = e.opponent ? `${e.location_type === 'away' ? 'at' : 'vs.'} ${e.opponent.name}` : (e.title ?? 'Event');
  const result = resultOf(e);
  const status =
    e.result?.status === 'postponed' ? ' [Postponed]' : e.result?.status === 'cancelled' ? ' [Cancelled]' : '';
  return `${team} ${sport.name} ${who}${result ? ` (${result})` : ''}${status}`;
}

function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}

/** An iCalendar (RFC 5545) feed of a schedule: opponent, location, broadcasts and result on every event. */
export function icalendar(input: CalendarInput): string {
  const host = new URL(input.siteUrl).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Fieldhouse//Athletics Schedule//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icalText(input.name)}`,
    `X-WR-CALDESC:${icalText(input.description)}`,
    `X-WR-TIMEZONE:${input.timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  for (const item of [...input.events].sort(
    (a, b) => a.event.date.localeCompare(b.event.date) || a.event.id - b.event.id,
  )) {
    const e = item.event;
    const start = new Date(e.date);
    const when = e.time_tba
      ? [
          `DTSTART;VALUE=DATE:${day(e.date)}`,
          `DTEND;VALUE=DATE:${utc(new Date(Date.parse(`${e.date.slice(0, 10)}T00:00:00Z`) + 86_400_000)).slice(0, 8)}`,
        ]
      : [`DTSTART:${utc(start)}`, `DTEND:${utc(new Date(start.getTime() + DEFAULT_DURATION_MS))}`];
    const description = [
      e.location_type === 'home' ? 'Home' : e.location_type === 'away' ? 'Away' : 'Neutral site',
      e.tournament ? `Tournament: ${e.tournament}` : '',
      e.is_conference ? 'Conference game' : '',
      ...e.broadcasts.map(
        (b) =>
          `${b.type === 'tv' ? 'TV' : b.type === 'radio' ? 'Radio' : 'Stream'}: ${b.name}${b.url ? ` (${b.url})` : ''}`,
      ),
      resultOf(e) ? `Result: ${resultOf(e)}` : '',
      e.tickets_url ? `Tickets: ${e.tickets_url}` : '',
    ].filter(Boolean);
    // A place nobody reported is left out, not written as an empty LOCATION.
    const place = placeOf(e.location);
    const url = e.boxscore_id ? `/boxscore/${e.boxscore_id}` : `/sports/${item.sport.slug}/schedule`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${e.id}@${host}`,
      `DTSTAMP:${input.stamp}`,
      ...when,
      `SUMMARY:${icalText(summary(item, input.team))}`,
      ...(place ? [`LOCATION:${icalText(place)}`] : []),
      `DESCRIPTION:${icalText(description.join('\n'))}`,
      `URL:${absoluteUrl(url, input.siteUrl)}`,
      `CATEGORIES:${icalText(item.sport.name)}`,
      `STATUS:${e.result?.status === 'cancelled' ? 'CANCELLED' : e.result?.status === 'postponed' ? 'TENTATIVE' : 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
