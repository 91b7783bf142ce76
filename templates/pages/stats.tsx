import { PageHeader, SeasonNav } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import { StatTable } from '../ui/StatTable.tsx';
import type { PageProps } from '../types.ts';
import type { StatsData } from '../../src/pages/families/stats.ts';

export default function Stats({ data }: PageProps<StatsData>) {
  const { sport, season, stats } = data;
  return (
    <>
      <PageHeader
        title={`${season.name} ${sport.name} Statistics`}
        crumbs={[
          { label: 'Home', href: '/' },
          { label: sport.name, href: paths.sport(sport.slug) },
          { label: 'Stats' },
        ]}
      >
        <SeasonNav
          seasons={data.seasons}
          current={season.slug}
          hrefFor={(s) => paths.season(sport.slug, 'stats', s)}
          label="Season"
        />
      </PageHeader>
      <div className="container">
        {stats.tables.map((table) => (
          <StatTable key={table.id} table={table} linkFor={(slug) => paths.player(sport.slug, slug, season.slug)} />
        ))}
        {stats.tables.length === 0 ? (
          <p className="empty">
            No statistics have been published for the {season.name} season yet. The{' '}
            <a href={paths.season(sport.slug, 'schedule', season.slug)}>{season.name} schedule</a> has every result.
          </p>
        ) : null}
      </div>
    </>
  );
}
