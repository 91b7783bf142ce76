import type { EventItem } from '../../src/contract/index.ts';
import { Broadcasts, opponentLabel } from '../ui/events.tsx';
import { eventDay, eventShortDate, eventTime, longDate } from '../ui/format.ts';
import { PageHeader } from '../ui/page.tsx';
import type { PageProps } from '../types.ts';
import type { BroadcastGuideData } from '../../src/pages/families/events.ts';

export default function BroadcastGuide({ data, site }: PageProps<BroadcastGuideData>) {
  const tz = site.settings.website_timezone;
  const days = new Map<string, EventItem[]>();
  for (const e of data.events) {
    const day = eventDay(e);
    days.set(day, [...(days.get(day) ?? []), e]);
  }
  return (
    <>
      <PageHeader
        title="Broadcast Guide"
        crumbs={[{ label: 'Home', href: '/' }, { label: 'Broadcast Guide' }]}
        lead={<p>TV, radio and streaming for the next 30 days, from {longDate(`${data.from}T12:00:00Z`, 'UTC')}.</p>}
      />
      <div className="container">
        {days.size === 0 ? <p className="empty">No broadcasts are scheduled in the next 30 days.</p> : null}
        {[...days.entries()].map(([day, list]) => (
          <section key={day} className="day-group" aria-labelledby={`bg-${day}`}>
            <h2 id={`bg-${day}`}>{eventShortDate(list[0]!)}</h2>
            <div className="table-wrap" role="region" aria-labelledby={`bg-${day}`} tabIndex={0}>
              <table className="broadcast-table">
                <caption className="visually-hidden">Broadcasts on {eventShortDate(list[0]!)}</caption>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Sport</th>
                    <th scope="col">Event</th>
                    <th scope="col">How to watch or listen</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((e) => (
                    <tr key={e.id}>
                      <td>{eventTime(e, tz)}</td>
                      <th scope="row">
                        <a href={`/sports/${e.sport.slug}/schedule`}>{e.sport.name}</a>
                      </th>
                      <td>{opponentLabel(e)}</td>
                      <td>
                        <Broadcasts list={e.broadcasts} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
