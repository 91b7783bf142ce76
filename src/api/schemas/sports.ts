import { z } from 'zod';
import { allowedUrl } from '../../rich-text/policy.ts';
import { noticeAbout } from '../boundary.ts';

const WEB_SCHEMES = ['http', 'https'] as const;
import {
  DateOnly,
  eachValid,
  flag,
  Id,
  Image,
  OptionalRichText,
  OptionalText,
  SeasonRef,
  SocialLink,
} from './common.ts';

/** A field a sport adds to its roster records, e.g. "Major" or "Bats/Throws". */
export const TemplateField = z.object({ key: z.string().min(1), label: z.string().min(1) });
export type TemplateField = z.infer<typeof TemplateField>;

/** Whether a season has this kind of record: true, false, or null when the API does not say (then the build asks). */
const Has = z
  .boolean()
  .nullish()
  .transform((v) => v ?? null);

export const Season = z.object({
  id: Id,
  name: z.string().min(1),
  slug: z.string().min(1),
  start_date: DateOnly,
  end_date: DateOnly,
  /**
   * What the season has: a roster, a schedule, statistics. Real departments have seasons with a roster and no
   * schedule (a sport's first season on the site, old seasons), or a schedule and no statistics. The build lists
   * and links only what a season has (docs/content-api.md, "Seasons").
   */
  has_roster: Has,
  has_schedule: Has,
  has_stats: Has,
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

/** A jersey as rosters print it: "07", "00", 7. Kept as text, so "07" and "7" stay different jerseys. */
const Jersey = z
  .union([z.string(), z.number().int().nonnegative()])
  .nullish()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()));

/** A height as printed: "6-2", "6'2\"", "188 cm"; a bare number is inches (74 → "6-2"). */
const Height = z
  .union([z.string(), z.number().positive()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number') return `${Math.floor(v / 12)}-${Math.round(v % 12)}`;
    return v.trim() || null;
  });

/**
 * A weight in pounds as rosters print it: 198, 198.5, "198", "198 lbs"; kept as whole pounds. Text that is not a
 * weight ("N/A") is left out with a warning, not the player.
 */
const Weight = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined || v === '') return null;
    const pounds =
      typeof v === 'number' ? v : Number(/^\s*(\d+(?:\.\d+)?)\s*(?:lbs?\.?|pounds)?\s*$/i.exec(v)?.[1] ?? NaN);
    if (Number.isFinite(pounds) && pounds > 0 && pounds < 1000) return Math.round(pounds);
    noticeAbout(String(v), `weight ${JSON.stringify(v)} is not a weight in pounds, left out`);
    return null;
  });

/** One player's entry on one season's roster. */
export const RosterPlayer = z.object({
  id: Id,
  player_id: Id,
  slug: z.string().min(1),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string().min(1),
  jersey_number: Jersey,
  position: OptionalText,
  position_long: OptionalText,
  height: Height,
  weight: Weight,
  class_year: OptionalText,
  hometown: OptionalText,
  high_school: OptionalText,
  previous_school: OptionalText,
  headshot: Image.nullish().transform((v) => v ?? null),
  bio: OptionalRichText,
  captain: flag,
  /** Links to the player's profiles: http(s) only, whatever the network (a `javascript:` URL is left out). */
  social_links: z
    .array(SocialLink)
    .nullish()
    .transform((links) =>
      (links ?? []).filter((link) => {
        if (allowedUrl(link.url, WEB_SCHEMES)) return true;
        noticeAbout(
          link.url,
          `social link ${JSON.stringify(link.url.slice(0, 60))} is not an http(s) address, left out`,
        );
        return false;
      }),
    ),
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
  photo: Image.nullish().transform((v) => v ?? null),
  bio: OptionalRichText,
  email: OptionalText,
  phone: OptionalText,
  template_fields: TemplateValues,
});
export type RosterStaff = z.infer<typeof RosterStaff>;

export const Roster = z.object({
  id: Id,
  sport_id: Id,
  season: SeasonRef,
  players: eachValid(RosterPlayer, 'roster player'),
  staff: eachValid(RosterStaff, 'roster staff member'),
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
