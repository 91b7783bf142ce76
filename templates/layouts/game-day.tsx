import type { LayoutProps } from '../app.tsx';
import { UiIcon } from '../ui/icons.tsx';

/** Game-day layout: a strip of what fans need on the way to the stadium, above the page. */
export default function GameDayLayout({ children, site }: LayoutProps) {
  return (
    <div className="gameday">
      <nav className="gameday-strip" aria-label="Game day">
        <div className="container">
          <strong>Game day</strong>
          <ul role="list">
            <li>
              <a href="/game-day/parking-and-directions">
                <UiIcon name="pin" /> Parking &amp; directions
              </a>
            </li>
            <li>
              <a href="/tickets">
                <UiIcon name="ticket" /> Tickets
              </a>
            </li>
            <li>
              <a href="/broadcast-guide">
                <UiIcon name="tv" /> How to watch
              </a>
            </li>
            <li>
              <a href="/all-sports-schedule">
                <UiIcon name="calendar" /> {site.settings.current_team_name} schedule
              </a>
            </li>
          </ul>
        </div>
      </nav>
      {children}
    </div>
  );
}
