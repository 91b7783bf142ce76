import type { Broadcast, EventResult } from '../../src/api/schemas/schedule.ts';
import type { EventItem, SiteData } from '../../src/contract/index.ts';
import { placeOf } from '../../src/contract/event-item.ts';
import { eventDay, eventShortDate, eventTime, score } from './format.ts';
import { UiIcon } from './icons.tsx';
import { Img } from './Img.tsx';
import { paths } from './paths.ts';

export function opponentLabel(e: Pick<EventItem, 'opponent' | 'title' | 'location_type'>): string {
  if (!e.opponent) return e.title ?? 'Event';
  return `${e.location_type === 'away' ? 'at' : 'vs.'} ${e.opponent.name}`;
}

/** "W 78-64", "L 2-3 (OT)", "3rd of 12" */
export function resultText(result: EventResult | null, places = 0): string | null {
  if (!result) return null;
  if (result.status === 'postponed') return 'Postponed';
  if (result.status === 'cancelled') return 'Cancelled';
  if (result.place !== null) return result.note ?? `Place ${result.place}`;
  if (result.team_score === null || result.opponent_score === null)
    return result.status === 'in_progress' ? 'In progress' : 'Final';
  const line = `${score(result.team_score, places)}-${score(result.opponent_score, places)}`;
  return `${result.outcome ?? ''} ${line}${result.note ? ` (${result.note})` : ''}`.trim();
}

const BROADCAST_ICON = { tv: 'tv', radio: 'radio', stream: 'stream' } as const;
const BROADCAST_LABEL = { tv: 'TV', radio: 'Radio', stream: 'Stream' } as const;

export function Broadcasts({ list }: { list: Broadcast[] }) {
  if (list.length === 0) return null;
  return (
    <ul className="broadcasts" role="list">
      {list.map((b, i) => (
        <li key={i}>
          <UiIcon name={BROADCAST_ICON[b.type]} />
          <span className="visually-hidden">{BROADCAST_LABEL[b.type]}: </span>
          {b.url ? (
            <a href={b.url} rel="noopener">
              {b.name}
            </a>
          ) : (
            b.name
          )}
        </li>
      ))}
    </ul>
  );
}

/** One row of a schedule or list of events. `withYear`: the dates say their year (a past season's schedule). */
export function EventRow({
  event,
  site,
  places = 0,
  showSport,
  withYear = false,
}: {
  event: EventItem;
  site: SiteData;
  places?: number;
  showSport?: boolean;
  withYear?: boolean;
}) {
  const tz = site.settings.website_timezone;
  // A game whose day has gone by with no result is not upcoming: it says so, with no time, tickets or broadcasts.
  const unreported = !event.result && eventDay(event) < site.today;
  const result = unreported ? 'No result reported' : resultText(event.result, places);
  const outcome = event.result?.outcome;
  const place = placeOf(event.location);
  const neutral = event.location_type === 'neutral';
  const where = [neutral ? 'Neutral site' : '', event.tournament ?? ''].filter(Boolean).join(' · ');
  return (
    <li className={`event event-${event.location_type}`} id={`event-${event.id}`}>
      <div className="event-when">
        <time dateTime={event.date}>{eventShortDate(event, withYear)}</time>
        <span className="meta">{event.result ? 'Final' : eventTime(event, tz)}</span>
      </div>
      <div className="event-what">
        {event.opponent?.logo ? (
          <Img image={event.opponent.logo} className="opponent-logo" decorative sizes="64px" />
        ) : null}
        <div>
          {showSport ? <p className="eyebrow">{event.sport.name}</p> : null}
          <p className="event-title">
            {opponentLabel(event)}
            {event.is_conference ? (
              <abbr className="badge" title="Conference game">
                Conf.
              </abbr>
            ) : null}
          </p>
          {place || where ? (
            <p className="meta">
              {place ? (
                <>
                  <UiIcon name="pin" /> {place}
                </>
              ) : null}
              {where ? `${place ? ' · ' : ''}${where}` : ''}
            </p>
          ) : null}
        </div>
      </div>
      <div className="event-result">
        {result ? (
          <span
            className={`result ${outcome === 'W' ? 'win' : outcome === 'L' ? 'loss' : unreported ? 'unreported' : ''}`}
          >
            {result}
          </span>
        ) : (
          <Broadcasts list={event.broadcasts} />
        )}
        <span className="event-links">
          {event.boxscore_id ? (
            <a href={paths.boxscore(event.boxscore_id)}>
              Box score
              <span className="visually-hidden">
                {' '}
                {opponentLabel(event)}, {eventShortDate(event, withYear)}
              </span>
            </a>
          ) : null}
          {!event.result && !unreported && event.tickets_url ? (
            <a href={event.tickets_url} rel="noopener">
              <UiIcon name="ticket" /> Tickets<span className="visually-hidden"> {opponentLabel(event)}</span>
            </a>
          ) : null}
        </span>
      </div>
    </li>
  );
}

export function EventList({
  events,
  site,
  places,
  showSport,
  label,
  withYear,
}: {
  events: EventItem[];
  site: SiteData;
  places?: number;
  showSport?: boolean;
  label: string;
  withYear?: boolean;
}) {
  if (events.length === 0) return <p className="empty">No events scheduled.</p>;
  return (
    <ol className="event-list" aria-label={label}>
      {events.map((e) => (
        <EventRow key={e.id} event={e} site={site} places={places} showSport={showSport} withYear={withYear} />
      ))}
    </ol>
  );
}
