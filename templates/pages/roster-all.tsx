import { PageHeader } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import type { PageProps } from '../types.ts';
import type { RosterAllData } from '../../src/pages/families/roster.ts';
import { RecordLink } from '../ui/RecordLink.tsx';

export default function RosterAll({ data }: PageProps<RosterAllData>) {
  const { sport, players } = data;
  return (
    <>
      <PageHeader
        title={`All-Time ${sport.name} Roster`}
        crumbs={[
          { label: 'Home', href: '/' },
          { label: sport.name, href: paths.sport(sport.slug) },
          { label: 'Roster', href: paths.sportSection(sport.slug, 'roster') },
          { label: 'All-time' },
        ]}
        lead={<p>{players.length} players</p>}
      />
      <div className="container">
        <div className="table-wrap" role="region" aria-label="All-time roster" tabIndex={0}>
          <table className="roster-table">
            <caption>Every {sport.name} letterwinner on record</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Position</th>
                <th scope="col">Hometown</th>
                <th scope="col">Seasons</th>
              </tr>
            </thead>
            <tbody>
              {players.map((p) => (
                <tr key={p.player_id}>
                  <th scope="row">
                    <RecordLink href={paths.player(sport.slug, p.slug)}>{p.full_name}</RecordLink>
                  </th>
                  <td>{p.position ?? '–'}</td>
                  <td>{p.hometown ?? '–'}</td>
                  <td>
                    {p.first_season.id === p.last_season.id
                      ? p.first_season.name
                      : `${p.first_season.name} – ${p.last_season.name}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}
