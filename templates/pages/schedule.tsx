import { useState } from 'react';
import { EventList } from '../ui/events.tsx';
import { MonthCalendar } from '../ui/calendar.tsx';
import { eventParts } from '../ui/format.ts';
import { feedPaths } from '../../src/head/feeds.ts';
import { CalendarLinks } from '../ui/CalendarLinks.tsx';
import { PageHeader, SeasonNav } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import { eventItemOf, sportRefOf } from '../../src/contract/event-item.ts';
import type { PageProps } from '../types.ts';
import { seasonStanding, standingText } from '../../src/contract/standing.ts';
import type { ScheduleData } from '../../src/pages/families/schedule.ts';

export default function Schedule({ data, site }: PageProps<ScheduleData>) {
  const { sport, schedule, season } = data;
  const [view, setView] = useState<'list' | 'grid'>('list');
  const ref = sportRefOf(sport);
  const standing = seasonStanding(sport, schedule);
  // A season other than the sport's current one is read later: its dates say their year.
  const withYear = sport.default_season_id !== null && season.id !== sport.default_season_id;
  const items = schedule.events.map((e) => eventItemOf(e, ref));
  const image = site.settings.hide_schedule_page_image
    ? null
    : (sport.schedule_page_image ?? site.settings.default_schedule_image);
  const months = new Map<string, typeof items>();
  for (const e of items) {
    const p = eventParts(e);
    const key = `${p.year}-${String(p.month).padStart(2, '0')}`;
    months.set(key, [...(months.get(key) ?? []), e]);
  }
  // The list, shown alone or under the month calendars (whose days link to its rows).
  const list = (
    <EventList
      events={items}
      site={site}
      places={sport.score_decimal_places}
      label={`${season.name} schedule`}
      withYear={withYear}
    />
  );
  return (
    <>
      <PageHeader
        title={`${season.name} ${sport.name} Schedule`}
        image={image}
        crumbs={[
          { label: 'Home', href: '/' },
          { label: sport.name, href: paths.sport(sport.slug) },
          { label: 'Schedule' },
        ]}
      >
        <SeasonNav
          seasons={data.seasons}
          current={season.slug}
          hrefFor={(s) => paths.season(sport.slug, 'schedule', s)}
          label="Season"
        />
        <CalendarLinks href={feedPaths.sportCalendar(sport.slug)} label={`the ${sport.name} schedule`} site={site} />
      </PageHeader>
      <div className="container">
        {standing?.kind === 'placings' && standingText(standing) ? (
          <p className="record-line">
            {season.name}: {standingText(standing)}
          </p>
        ) : null}
        {standing?.kind === 'record' ? (
          <div className="table-wrap" role="region" aria-label="Season record" tabIndex={0}>
            <table className="record-table">
              <caption>{season.name} record</caption>
              <thead>
                <tr>
                  <th scope="col">Overall</th>
                  <th scope="col">Conference</th>
                  <th scope="col">Home</th>
                  <th scope="col">Away</th>
                  <th scope="col">Neutral</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>{schedule.record.overall}</td>
                  <td>{schedule.record.conference}</td>
                  <td>{schedule.record.home}</td>
                  <td>{schedule.record.away}</td>
                  <td>{schedule.record.neutral}</td>
                </tr>
              </tbody>
            </table>
          </div>
        ) : null}
        <div className="toolbar">
          <div role="group" aria-label="View" className="segmented">
            <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
              List
            </button>
            <button type="button" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
              Calendar
            </button>
          </div>
          {data.hasStats ? <a href={paths.season(sport.slug, 'stats', season.slug)}>Season statistics</a> : null}
        </div>
        {view === 'list' ? (
          list
        ) : (
          <div className="month-grid">
            {[...months.entries()].map(([key, inMonth]) => (
              <MonthCalendar key={key} month={key} events={inMonth} today={site.today} anchorPrefix="event-" />
            ))}
            {list}
          </div>
        )}
      </div>
    </>
  );
}
