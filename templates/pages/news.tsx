import { ArticleGrid, ArticleList } from '../ui/cards.tsx';
import { PageHeader } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import type { PageProps } from '../types.ts';

/** News: latest, by year, for the site or one sport. */
export default function News({ data, site }: PageProps<'news'>) {
  const sport = data.sport?.sport ?? null;
  const title = `${data.year ? `${data.year} ` : ''}${sport ? `${sport.name} ` : ''}News`;
  const crumbs = [{ label: 'Home', href: '/' }, ...(sport ? [{ label: sport.name, href: paths.sport(sport.slug) }] : []), { label: 'News', href: sport ? paths.sportSection(sport.slug, 'news') : '/news' }, ...(data.year ? [{ label: String(data.year) }] : [])];
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} lead={data.year ? <p>{data.total} stories</p> : undefined} />
      <div className="container with-aside">
        <div>
          {data.year ? <ArticleList articles={data.articles} site={site} /> : <ArticleGrid articles={data.articles} site={site} eagerFirst headingLevel={2} />}
        </div>
        <nav aria-label="News archive" className="aside">
          <h2>Archive</h2>
          <ul role="list">
            {data.years.map((y) => (
              <li key={y}><a href={paths.newsYear(y, sport?.slug)} aria-current={y === data.year ? 'page' : undefined}>{y}</a></li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
