import { longDate } from '../ui/format.ts';
import { Breadcrumbs } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import { StatTable } from '../ui/StatTable.tsx';
import type { PageProps } from '../types.ts';
import type { BoxScoreData } from '../../src/pages/families/schedule.ts';

export default function BoxScore({ data, site }: PageProps<BoxScoreData>) {
  const { box, sport } = data;
  const [away, home] = box.teams as [(typeof box.teams)[0], (typeof box.teams)[1]];
  const tz = site.settings.website_timezone;
  // "Final", "Final/OT", "Final/2OT", "Final/F/10" read better as "Final (OT)": the result note as the schedule shows it.
  const note = data.event?.result?.note ?? null;
  const status = data.event?.result?.status === 'final' ? `Final${note ? ` (${note})` : ''}` : null;
  return (
    <article className="container boxscore" aria-labelledby="page-title">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: sport.name, href: paths.sport(sport.slug) },
          { label: 'Schedule', href: paths.season(sport.slug, 'schedule', box.season.slug) },
          { label: 'Box score' },
        ]}
      />
      <header className="box-header">
        <p className="eyebrow">
          {sport.name} · {box.season.name}
        </p>
        <h1 id="page-title">
          {away.name} {away.total}, {home.name} {home.total}
        </h1>
        {status ? <p className="box-status">{status}</p> : null}
        <p className="meta">
          <time dateTime={box.date}>{longDate(box.date, tz)}</time>
          {/* Only the parts the API knows, so nothing dangles ("December 16, 2023 ·"). */}
          {[box.venue.trim(), box.attendance ? `Attendance ${box.attendance.toLocaleString('en-US')}` : '']
            .filter(Boolean)
            .map((part) => ` · ${part}`)
            .join('')}
        </p>
      </header>
      <div className="table-wrap" role="region" aria-label="Line score" tabIndex={0}>
        <table className="line-score">
          <caption>Score by period</caption>
          <thead>
            <tr>
              <th scope="col">Team</th>
              {box.periods.map((p) => (
                <th key={p} scope="col">
                  {p}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {box.teams.map((t) => (
              <tr key={t.side} className={t.is_us ? 'us' : undefined}>
                <th scope="row">{t.name}</th>
                {t.scores.map((s, i) => (
                  <td key={i}>{s}</td>
                ))}
                <td>
                  <strong>{t.total}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StatTable table={box.team_stats} sortable={false} />
      {box.player_tables.map((table) => (
        <StatTable key={table.id} table={table} linkFor={(slug) => paths.player(sport.slug, slug, box.season.slug)} />
      ))}
      {box.notes.length ? (
        <ul className="notes">
          {box.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
