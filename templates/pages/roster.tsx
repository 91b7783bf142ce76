import { Fragment, useState } from 'react';
import { Headshot } from '../ui/Headshot.tsx';
import { PageHeader, SeasonNav, Section } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import type { PageProps } from '../types.ts';
import type { RosterData } from '../../src/pages/families/roster.ts';
import { RecordLink } from '../ui/RecordLink.tsx';

/** A roster card's photo: two to a row on a phone, up to six on a desktop (the `.grid.people` columns). */
const PEOPLE_PHOTO_SIZES = '(min-width: 640px) 220px, 50vw';

export default function Roster({ data, site }: PageProps<RosterData>) {
  const { sport, roster, season } = data;
  const [view, setView] = useState<'grid' | 'table'>('grid');
  const fields = sport.rosterPlayersTemplateFields ?? [];
  const { default_player_photo: defaultPlayer, default_staff_member_photo: defaultStaff } = site.settings;
  return (
    <>
      <PageHeader
        title={`${season.name} ${sport.name} Roster`}
        image={sport.roster_page_image}
        crumbs={[
          { label: 'Home', href: '/' },
          { label: sport.name, href: paths.sport(sport.slug) },
          { label: 'Roster' },
        ]}
      >
        <SeasonNav
          seasons={data.seasons}
          current={season.slug}
          hrefFor={(s) => paths.season(sport.slug, 'roster', s)}
          label="Season"
        />
        <p>
          <a href={paths.sportSection(sport.slug, 'roster/all')}>All-time roster</a>
        </p>
      </PageHeader>
      <div className="container">
        <div className="toolbar">
          <div role="group" aria-label="View" className="segmented">
            <button type="button" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
              Grid
            </button>
            <button type="button" aria-pressed={view === 'table'} onClick={() => setView('table')}>
              Table
            </button>
          </div>
        </div>
        <Section title="Players">
          {view === 'grid' ? (
            <ul className="grid people" role="list">
              {roster.players.map((p) => (
                <li key={p.id} className="card person">
                  <Headshot
                    image={p.headshot}
                    fallback={defaultPlayer}
                    name={p.full_name}
                    className="headshot"
                    decorative
                    sizes={PEOPLE_PHOTO_SIZES}
                  />
                  <div className="card-body">
                    {p.jersey_number !== null ? (
                      <span className="jersey" aria-label={`Number ${p.jersey_number}`}>
                        {p.jersey_number}
                      </span>
                    ) : null}
                    <h3 className="card-title">
                      <RecordLink className="stretched" href={paths.player(sport.slug, p.slug, season.slug)}>
                        {p.full_name}
                      </RecordLink>
                    </h3>
                    <p className="meta">
                      {/* A height never breaks at its hyphen ("5-" above "7"); the line may break after a
                          separator, which stays with the part before it. */}
                      {[p.position_long ?? p.position, p.class_year, p.height].filter(Boolean).map((part, i) => (
                        <Fragment key={i}>
                          {i > 0 ? '\u00a0· ' : ''}
                          {part === p.height ? <span className="nowrap">{part}</span> : part}
                        </Fragment>
                      ))}
                    </p>
                    {p.hometown ? <p className="meta">{p.hometown}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <div className="table-wrap" role="region" aria-label="Players" tabIndex={0}>
              <table className="roster-table">
                <caption>{season.name} players</caption>
                <thead>
                  <tr>
                    <th scope="col">No.</th>
                    <th scope="col">Name</th>
                    <th scope="col">Pos.</th>
                    <th scope="col">Ht.</th>
                    {roster.players.some((p) => p.weight) ? <th scope="col">Wt.</th> : null}
                    <th scope="col">Class</th>
                    <th scope="col">Hometown / High school</th>
                    {fields.map((f) => (
                      <th key={f.key} scope="col">
                        {f.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {roster.players.map((p) => (
                    <tr key={p.id}>
                      <td>{p.jersey_number ?? '–'}</td>
                      <th scope="row">
                        <RecordLink href={paths.player(sport.slug, p.slug, season.slug)}>{p.full_name}</RecordLink>
                      </th>
                      <td>{p.position ?? '–'}</td>
                      <td>{p.height ?? '–'}</td>
                      {roster.players.some((x) => x.weight) ? <td>{p.weight ?? '–'}</td> : null}
                      <td>{p.class_year ?? '–'}</td>
                      <td>
                        {[p.hometown, p.high_school].filter(Boolean).join(' / ')}
                        {p.previous_school ? ` (${p.previous_school})` : ''}
                      </td>
                      {fields.map((f) => (
                        <td key={f.key}>{p.template_fields[f.key] ?? '–'}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Section>
        {roster.staff.length ? (
          <Section title="Coaching staff">
            <ul className="grid people staff" role="list">
              {roster.staff.map((s) => (
                <li key={s.id} className="card person">
                  <Headshot
                    image={s.photo}
                    fallback={defaultStaff}
                    name={s.full_name}
                    className="headshot"
                    decorative
                    sizes={PEOPLE_PHOTO_SIZES}
                  />
                  <div className="card-body">
                    <h3 className="card-title">
                      <RecordLink className="stretched" href={paths.coach(sport.slug, season.slug, s.slug)}>
                        {s.full_name}
                      </RecordLink>
                    </h3>
                    <p className="meta">{s.title}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
    </>
  );
}
