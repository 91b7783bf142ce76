import { z } from 'zod';
import { DateOnly, flag, Id, Image, RichText, SeasonRef, SocialLink } from './common.ts';

/** A field a sport adds to its roster records, e.g. "Major" or "Bats/Throws". */
export const TemplateField = z.object({ key: z.string().min(1), label: z.string().min(1) });
export type TemplateField = z.infer<typeof TemplateField>;

export const Season = z.object({
  id: Id,
  name: z.string().min(1),
  slug: z.string().min(1),
  start_date: DateOnly,
  end_date: DateOnly,
});
export type Season = z.infer<typeof Season>;

/** A sport (behaviour §3). Related records are present when requested with `include`. */
export const Sport = z.object({
  id: Id,
  name: z.string().min(1),
  slug: z.string().min(1),
  short_name: z.string().min(1),
  gender: z.enum(['men', 'women', 'coed']),
  /** 'game' sports have opponents, scores and box scores; 'meet' sports have placings. */
  format: z.enum(['game', 'meet']),
  order: z.number().int(),
  conference: z.string().nullable(),
  icon: z.object({ name: z.string().min(1) }).nullish(),
  default_season: SeasonRef.nullish(),
  default_season_id: Id.nullable(),
  default_roster: z.object({ id: Id, season_id: Id }).nullish(),
  default_roster_id: Id.nullable(),
  display_next_event_on_sports_schedule: flag,
  hide_from_dropdown: flag,
  remove_overall_score_table: flag,
  roster_page_image: Image.nullish(),
  schedule_id: Id.nullable(),
  schedule_page_image: Image.nullish(),
  score_decimal_places: z
    .number()
    .int()
    .min(0)
    .max(4)
    .nullish()
    .transform((v) => v ?? 0),
  meta_image: Image.nullish(),
  heroPresentedByLogo: Image.nullish(),
  rosterPlayersTemplateFields: z.array(TemplateField).nullish(),
  rosterStaffMembersTemplateFields: z.array(TemplateField).nullish(),
});
export type Sport = z.infer<typeof Sport>;

/** The includes `GET /sports/by/slug/{slug}` asks for (behaviour §7). */
export const SPORT_DETAIL_INCLUDES = [
  'schedulePageImage',
  'rosterPageImage',
  'defaultSeason',
  'defaultRoster',
  'heroPresentedByLogo',
  'rosterPlayersTemplateFields',
  'rosterStaffMembersTemplateFields',
  'metaImage',
  'icon',
] as const;

const TemplateValues = z
  .record(z.string(), z.string())
  .nullish()
  .transform((v) => v ?? {});

/** One player's entry on one season's roster. */
export const RosterPlayer = z.object({
  id: Id,
  player_id: Id,
  slug: z.string().min(1),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string().min(1),
  jersey_number: z.string().nullable(),
  position: z.string().nullable(),
  position_long: z.string().nullable(),
  height: z.string().nullable(),
  weight: z.number().int().positive().nullable(),
  class_year: z.string().nullable(),
  hometown: z.string().nullable(),
  high_school: z.string().nullable(),
  previous_school: z.string().nullable(),
  headshot: Image.nullable(),
  bio: RichText,
  captain: flag,
  social_links: z
    .array(SocialLink)
    .nullish()
    .transform((v) => v ?? []),
  template_fields: TemplateValues,
});
export type RosterPlayer = z.infer<typeof RosterPlayer>;

/** One coach's or staff member's entry on one season's roster. */
export const RosterStaff = z.object({
  id: Id,
  staff_id: Id,
  slug: z.string().min(1),
  full_name: z.string().min(1),
  title: z.string().min(1),
  photo: Image.nullable(),
  bio: RichText,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  template_fields: TemplateValues,
});
export type RosterStaff = z.infer<typeof RosterStaff>;

export const Roster = z.object({
  id: Id,
  sport_id: Id,
  season: SeasonRef,
  players: z.array(RosterPlayer),
  staff: z.array(RosterStaff),
});
export type Roster = z.infer<typeof Roster>;

/** A player across seasons: the player page and its season history. */
export const Player = z.object({
  id: Id,
  slug: z.string().min(1),
  sport_id: Id,
  full_name: z.string().min(1),
  seasons: z.array(z.object({ season: SeasonRef, roster_id: Id, entry: RosterPlayer })).min(1),
});
export type Player = z.infer<typeof Player>;

/** A coach across seasons. */
export const CoachProfile = z.object({
  id: Id,
  slug: z.string().min(1),
  sport_id: Id,
  full_name: z.string().min(1),
  seasons: z.array(z.object({ season: SeasonRef, roster_id: Id, entry: RosterStaff })).min(1),
});
export type CoachProfile = z.infer<typeof CoachProfile>;

/** A line of the all-time roster. */
export const AllTimePlayer = z.object({
  player_id: Id,
  slug: z.string().min(1),
  full_name: z.string().min(1),
  position: z.string().nullable(),
  hometown: z.string().nullable(),
  first_season: SeasonRef,
  last_season: SeasonRef,
  seasons_played: z.number().int().positive(),
  /** Slugs of every season the player was on the roster. */
  season_slugs: z.array(z.string().min(1)).min(1),
});
export type AllTimePlayer = z.infer<typeof AllTimePlayer>;

/** A line of the all-time staff list: who coached, and in which seasons. */
export const AllTimeStaff = z.object({
  staff_id: Id,
  slug: z.string().min(1),
  full_name: z.string().min(1),
  last_title: z.string().min(1),
  season_slugs: z.array(z.string().min(1)).min(1),
});
export type AllTimeStaff = z.infer<typeof AllTimeStaff>;
