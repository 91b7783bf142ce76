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

/** Where an event is, in words: "Hawks Arena, Cedar Falls, Iowa", the parts the API knows; '' when none. */
export function placeOf(location: { venue: string | null; city: string | null; state: string | null }): string {
  return [location.venue, location.city, location.state].filter(Boolean).join(', ');
}

export const sportRefOf = (sport: { id: number; name: string; slug: string; short_name: string }): SportRef => ({
  id: sport.id,
  name: sport.name,
  slug: sport.slug,
  short_name: sport.short_name,
});
