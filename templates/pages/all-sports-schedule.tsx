import { useState } from 'react';
import type { EventItem } from '../../src/contract/index.ts';
import { EventList } from '../ui/events.tsx';
import { MonthCalendar } from '../ui/calendar.tsx';
import { eventDay, monthName } from '../ui/format.ts';
import { feedPaths } from '../../src/head/feeds.ts';
import { CalendarLinks } from '../ui/CalendarLinks.tsx';
import { PageHeader } from '../ui/page.tsx';
import type { PageProps } from '../types.ts';
import type { AllSportsScheduleData } from '../../src/pages/families/events.ts';

export default function AllSportsSchedule({ data, site }: PageProps<AllSportsScheduleData>) {
  const { settings } = site;
  const tz = settings.website_timezone;
  const [view, setView] = useState<'list' | 'calendar'>('list');
  const [sport, setSport] = useState('');
  const events = sport ? data.events.filter((e) => e.sport.slug === sport) : data.events;
  const days = new Map<string, EventItem[]>();
  for (const e of events) {
    const day = eventDay(e);
    days.set(day, [...(days.get(day) ?? []), e]);
  }
  const [year, m] = data.month.split('-').map(Number) as [number, number];
  return (
    <>
      <PageHeader
        title="All-Sports Schedule"
        crumbs={[{ label: 'Home', href: '/' }, { label: 'All-Sports Schedule' }]}
        image={settings.hide_all_sports_schedule_image ? null : settings.all_sports_schedule_image}
        lead={
          <p>
            {monthName(m)} {year}: every game and meet, with times in {tz.replace(/_/g, ' ')} time.
          </p>
        }
      >
        <CalendarLinks href={feedPaths.calendar} label={`every ${site.settings.current_team_name} game`} site={site} />
      </PageHeader>
      <div className="container" data-calendar-widget={settings.wmt_calendar_widget_name ?? undefined}>
        <div className="toolbar">
          <div role="group" aria-label="View" className="segmented">
            <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
              List
            </button>
            <button type="button" aria-pressed={view === 'calendar'} onClick={() => setView('calendar')}>
              Calendar
            </button>
          </div>
          <label className="inline-field">
            Sport{' '}
            <select value={sport} onChange={(e) => setSport(e.target.value)}>
              <option value="">All sports</option>
              {site.sports.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {view === 'calendar' ? (
          <MonthCalendar month={data.month} events={events} today={site.today} anchorPrefix="event-" />
        ) : null}
        {[...days.entries()].map(([day, list]) => (
          <section key={day} id={`day-${day}`} className="day-group" aria-labelledby={`day-${day}-title`}>
            <h2 id={`day-${day}-title`}>
              {monthName(Number(day.slice(5, 7)))} {Number(day.slice(8))}
            </h2>
            <EventList events={list} site={site} showSport label={`Events on ${day}`} />
          </section>
        ))}
        {days.size === 0 ? <p className="empty">No events this month.</p> : null}
      </div>
    </>
  );
}
