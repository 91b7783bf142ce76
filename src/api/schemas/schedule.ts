import { z } from 'zod';
import { calendarDateTime, canonicalDateTime, inZone, isTimeZone, readIsoDate } from '../../util/iso-dates.ts';
import { notice } from '../boundary.ts';
import { eachValid, flag, Id, Image, OptionalText, SeasonRef, SportRef, Url } from './common.ts';

export const Opponent = z.object({
  id: Id,
  name: z.string().min(1),
  nickname: z.string().nullable(),
  logo: Image.nullable(),
});
export type Opponent = z.infer<typeof Opponent>;

export const Broadcast = z.object({
  type: z.enum(['tv', 'radio', 'stream']),
  name: z.string().min(1),
  url: Url.nullable(),
});
export type Broadcast = z.infer<typeof Broadcast>;

export const EventResult = z.object({
  status: z.enum(['final', 'in_progress', 'postponed', 'cancelled']),
  team_score: z.number().nullable(),
  opponent_score: z.number().nullable(),
  outcome: z.enum(['W', 'L', 'T']).nullable(),
  /** "OT", "F/10", "3-1 sets" … */
  note: z.string().nullable(),
  /** Meet sports: the team's place and the size of the field. */
  place: z.number().int().positive().nullable(),
  field_size: z.number().int().positive().nullable(),
});
export type EventResult = z.infer<typeof EventResult>;

/**
 * Where an event is played; any part may be unknown (an away game's venue, a foreign city's state). `country` is
 * optional (most feeds send none; a department's home country is assumed).
 */
const Location = z
  .object({ venue: OptionalText, city: OptionalText, state: OptionalText, country: OptionalText })
  .nullish()
  .transform((v) => v ?? { venue: null, city: null, state: null, country: null });

/** The timezone events are read in when one names none the runtime knows. */
const FALLBACK_ZONE = 'UTC';

const EventFields = z.object({
  id: Id,
  sport_id: Id,
  season_id: Id,
  /**
   * When it starts: any ISO 8601 date-time (read in `timezone` when it has no offset), or a date alone for a game
   * whose time is not set. Made canonical by `eventDate` below.
   */
  date: z.string().min(1),
  time_tba: flag,
  /** The IANA timezone the event is played in ("America/Chicago"). */
  timezone: z.string().min(1),
  title: z.string().nullable(),
  opponent: Opponent.nullable(),
  location_type: z.enum(['home', 'away', 'neutral']),
  location: Location,
  is_conference: z.boolean(),
  tournament: z.string().nullable(),
  result: EventResult.nullable(),
  broadcasts: z.array(Broadcast),
  tickets_url: Url.nullable(),
  boxscore_id: Id.nullable(),
  preview_article_id: Id.nullable(),
  recap_article_id: Id.nullable(),
  layout: z.enum(['game-day']).nullable(),
});

/**
 * The one reading of an event's date (docs/content-api.md, "Dates"). A game without a set time (`time_tba`, or a
 * date alone) is a calendar date: the date as written, never moved by a timezone, whatever time or offset the feed
 * put beside it (feeds write such games as midnight UTC or midnight Eastern); it becomes noon of that date in the
 * event's zone, which every view reads as that date. A timed event keeps its instant; without an offset it is a
 * wall-clock time in the event's zone.
 */
function eventDate<E extends z.output<typeof EventFields>>(event: E, ctx: z.RefinementCtx): E {
  const zone = isTimeZone(event.timezone) ? event.timezone : FALLBACK_ZONE;
  if (zone !== event.timezone)
    notice(`event ${event.id}, field timezone: ${JSON.stringify(event.timezone)} is not a timezone, read as UTC`);
  const written = readIsoDate(event.date);
  if (!written) {
    ctx.addIssue({ code: 'custom', path: ['date'], message: 'expected an ISO 8601 date or date-time' });
    return event;
  }
  // Timed: the instant, written as wall-clock time where the game is played (see `inZone`).
  if (event.time_tba || written.time === null)
    return { ...event, timezone: zone, time_tba: true, date: calendarDateTime(written.date, zone) };
  return { ...event, timezone: zone, date: inZone(canonicalDateTime(event.date, zone)!, zone) };
}

export const Event = EventFields.transform((e, ctx) => eventDate(e, ctx));
export type Event = z.infer<typeof Event>;

/** An event in a cross-sport list (all-sports schedule, broadcast guide). */
export const EventWithSport = EventFields.extend({ sport: SportRef }).transform((e, ctx) => eventDate(e, ctx));
export type EventWithSport = z.infer<typeof EventWithSport>;

export const Schedule = z.object({
  id: Id,
  sport_id: Id,
  season: SeasonRef,
  record: z.object({
    overall: z.string(),
    conference: z.string(),
    home: z.string(),
    away: z.string(),
    neutral: z.string(),
  }),
  events: eachValid(Event, 'event'),
});
export type Schedule = z.infer<typeof Schedule>;
