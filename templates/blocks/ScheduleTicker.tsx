import type { EventItem, SiteData } from '../../src/contract/index.ts';
import { opponentLabel, resultText } from '../ui/events.tsx';
import { eventShortDate, eventTime } from '../ui/format.ts';

/** Recent results and upcoming games across all sports. */
export function ScheduleTicker({ events, site }: { events: EventItem[]; site: SiteData }) {
  if (events.length === 0) return null;
  const asSport = site.settings.show_current_team_in_schedule_ticker_as === 'sport';
  const tz = site.settings.website_timezone;
  return (
    <section className="ticker" aria-labelledby="ticker-title">
      <h2 id="ticker-title" className="visually-hidden">
        Scores and upcoming games
      </h2>
      {/* Scrolls sideways: focusable so keyboard users can scroll it too. */}
      <ul
        className="ticker-list"
        role="list"
        tabIndex={0}
        aria-label="Scores and upcoming games, scroll sideways for more"
      >
        {events.map((e) => {
          const result = resultText(e.result);
          return (
            <li key={e.id}>
              <span className="ticker-team">{asSport ? e.sport.name : site.settings.current_team_name}</span>
              <span className="ticker-opponent">{opponentLabel(e)}</span>
              <span className="ticker-when">{result ?? `${eventShortDate(e)} · ${eventTime(e, tz)}`}</span>
              {e.boxscore_id ? (
                <a href={`/boxscore/${e.boxscore_id}`}>
                  Box score
                  <span className="visually-hidden">
                    {' '}
                    {e.sport.name} {opponentLabel(e)}
                  </span>
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
