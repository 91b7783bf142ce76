import type { EventItem } from '../../src/contract/index.ts';
import { eventParts, monthName, shortWeekday } from './format.ts';

/** A month grid: each day lists its events; days link to the list below. */
export function MonthCalendar({
  month,
  events,
  today,
  anchorPrefix = 'day-',
}: {
  month: string;
  events: EventItem[];
  today: string;
  anchorPrefix?: string;
}) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, m - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const byDay = new Map<number, EventItem[]>();
  for (const e of events) {
    const p = eventParts(e);
    byDay.set(p.day, [...(byDay.get(p.day) ?? []), e]);
  }
  const cells: (number | null)[] = [
    ...Array.from({ length: first }, () => null),
    ...Array.from({ length: days }, (_, i) => i + 1),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  return (
    <div className="table-wrap" role="region" aria-label="Calendar" tabIndex={0}>
      <table className="calendar">
        <caption>
          {monthName(m)} {year}
        </caption>
        <thead>
          <tr>
            {[0, 1, 2, 3, 4, 5, 6].map((d) => (
              <th key={d} scope="col" abbr={shortWeekday(d)}>
                {shortWeekday(d).slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => {
                const list = day ? (byDay.get(day) ?? []) : [];
                const date = day ? `${month}-${String(day).padStart(2, '0')}` : '';
                return (
                  <td key={d} className={date === today ? 'today' : undefined}>
                    {day ? (
                      <>
                        <span className="day">{day}</span>
                        {list.map((e) => (
                          <a
                            key={e.id}
                            href={`#${anchorPrefix}${e.id}`}
                            className={`day-event${e.result?.outcome === 'W' ? ' win' : e.result?.outcome === 'L' ? ' loss' : ''}`}
                          >
                            <span className="visually-hidden">
                              {monthName(m)} {day}
                              {': '}
                            </span>
                            {events.some((x) => x.sport.id !== e.sport.id) ? `${e.sport.short_name} ` : ''}
                            {e.opponent
                              ? `${e.location_type === 'away' ? '@' : 'vs'} ${e.opponent.name}`
                              : (e.title ?? 'Event')}
                          </a>
                        ))}
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
