import { ArticleGrid, ArticleList } from '../ui/cards.tsx';
import { PageHeader } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import type { PageProps } from '../types.ts';
import type { NewsData } from '../../src/pages/families/news.ts';

/** Newer/older links and nearby page numbers: plain links, so paging works without scripts and for crawlers. */
function Pager({ page, pages, sport }: { page: number; pages: number; sport: string | null }) {
  if (pages <= 1) return null;
  const near = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  return (
    <nav aria-label="News pages" className="pager">
      {page > 1 ? (
        <a href={paths.newsPage(page - 1, sport)} rel="prev">
          ← Newer stories
        </a>
      ) : null}
      <ol>
        {near.map((p, i) => (
          <li key={p}>
            {i > 0 && p - near[i - 1]! > 1 ? <span aria-hidden="true">… </span> : null}
            <a href={paths.newsPage(p, sport)} aria-current={p === page ? 'page' : undefined}>
              <span className="visually-hidden">Page </span>
              {p}
            </a>
          </li>
        ))}
      </ol>
      {page < pages ? (
        <a href={paths.newsPage(page + 1, sport)} rel="next">
          Older stories →
        </a>
      ) : null}
    </nav>
  );
}

/** News: latest (paged), by year, for the site or one sport. */
export default function News({ data, site }: PageProps<NewsData>) {
  const sport = data.sport?.sport ?? null;
  const title = `${data.year ? `${data.year} ` : ''}${sport ? `${sport.name} ` : ''}News${data.page > 1 ? `, page ${data.page}` : ''}`;
  const crumbs = [
    { label: 'Home', href: '/' },
    ...(sport ? [{ label: sport.name, href: paths.sport(sport.slug) }] : []),
    { label: 'News', href: sport ? paths.sportSection(sport.slug, 'news') : '/news' },
    ...(data.year ? [{ label: String(data.year) }] : []),
  ];
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} lead={data.year ? <p>{data.total} stories</p> : undefined} />
      <div className="container with-aside">
        <div>
          {data.year ? (
            <ArticleList articles={data.articles} site={site} />
          ) : (
            <ArticleGrid articles={data.articles} site={site} eagerFirst headingLevel={2} />
          )}
          <Pager page={data.page} pages={data.pages} sport={sport?.slug ?? null} />
        </div>
        <nav aria-label="News archive" className="aside">
          <h2>Archive</h2>
          <ul role="list">
            {data.years.map((y) => (
              <li key={y}>
                <a href={paths.newsYear(y, sport?.slug)} aria-current={y === data.year ? 'page' : undefined}>
                  {y}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
