import { z } from 'zod';
import { DateTime, Id, Image, SeasonRef, SportRef, Url } from './common.ts';

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

export const Event = z.object({
  id: Id,
  sport_id: Id,
  season_id: Id,
  /** Start in the site's timezone with its offset; when time_tba the time part is not meaningful. */
  date: DateTime,
  time_tba: z.boolean(),
  timezone: z.string().min(1),
  title: z.string().nullable(),
  opponent: Opponent.nullable(),
  location_type: z.enum(['home', 'away', 'neutral']),
  location: z.object({ venue: z.string(), city: z.string(), state: z.string() }),
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
export type Event = z.infer<typeof Event>;

/** An event in a cross-sport list (all-sports schedule, broadcast guide). */
export const EventWithSport = Event.extend({ sport: SportRef });
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
  events: z.array(Event),
});
export type Schedule = z.infer<typeof Schedule>;
