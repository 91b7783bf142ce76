/** The contract's one mapping: an event as lists and calendars take it (the build and the templates make them alike). */
import type { SportRef } from '../api/schemas/common.ts';
import type { Event } from '../api/schemas/schedule.ts';
import type { EventItem } from './page.ts';

/** A sport's own event, in the list shape the event components take. */
export function eventItemOf(e: Event, sport: SportRef): EventItem {
  return {
    id: e.id,
    sport,
    date: e.date,
    time_tba: e.time_tba,
    timezone: e.timezone,
    title: e.title,
    location_type: e.location_type,
    location: e.location,
    is_conference: e.is_conference,
    tournament: e.tournament,
    result: e.result,
    broadcasts: e.broadcasts,
    tickets_url: e.tickets_url,
    boxscore_id: e.boxscore_id,
    recap_article_id: e.recap_article_id,
    opponent: e.opponent ? { name: e.opponent.name, logo: e.opponent.logo } : null,
  };
}

/** Countries a US department's readers need not be told. */
const HOME_COUNTRIES = new Set(['us', 'usa', 'u.s.', 'u.s.a.', 'united states', 'united states of america']);

/**
 * Where an event is, in words: "Hawks Arena, Cedar Falls, Iowa", "Imperial Arena, Nassau, Bahamas": the parts the
 * API knows (blank or punctuation-only parts left out, the home country unsaid); '' when none.
 */
export function placeOf(location: {
  venue: string | null;
  city: string | null;
  state: string | null;
  country?: string | null;
}): string {
  const country =
    location.country && !HOME_COUNTRIES.has(location.country.trim().toLowerCase()) ? location.country : null;
  return [location.venue, location.city, location.state, country]
    .map((part) => part?.trim() ?? '')
    .filter((part) => /[\p{L}\p{N}]/u.test(part))
    .join(', ');
}

export const sportRefOf = (sport: { id: number; name: string; slug: string; short_name: string }): SportRef => ({
  id: sport.id,
  name: sport.name,
  slug: sport.slug,
  short_name: sport.short_name,
});
