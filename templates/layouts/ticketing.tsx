import type { LayoutProps } from '../app.tsx';
import { UiIcon } from '../ui/icons.tsx';

/** Ticketing layout: the page beside the ticket office's hours and contacts. */
export default function TicketingLayout({ children, site }: LayoutProps) {
  return (
    <div className="ticketing">
      {children}
      <aside className="container ticket-office" aria-labelledby="ticket-office-title">
        <h2 id="ticket-office-title">
          <UiIcon name="ticket" /> {site.settings.current_team_name} ticket office
        </h2>
        <p>Cedar Valley Fieldhouse lobby · Monday–Friday, 9 a.m.–5 p.m.</p>
        <p>
          <a href="tel:+13195550100">
            <UiIcon name="phone" /> (319) 555-0100
          </a>
        </p>
      </aside>
    </div>
  );
}
