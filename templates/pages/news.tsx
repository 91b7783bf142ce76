import { ArticleGrid, ArticleList } from '../ui/cards.tsx';
import { PAGER_REACH } from '../../src/pages/news-paging.ts';
import { longDate } from '../ui/format.ts';
import { PageHeader } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import type { PageProps } from '../types.ts';
import type { NewsData } from '../../src/pages/families/news.ts';

/**
 * Newer and older links and the pages near this one, newest first: plain links, so paging works without scripts and
 * for crawlers. Pages are numbered from the oldest story (news-paging.ts), so a page's pager names no total: it
 * changes only when the newest numbered pages do.
 */
function Pager({ page, pages, sport }: { page: number | null; pages: number; sport: string | null }) {
  if (pages === 0) return null;
  // The news page sits above the newest numbered page.
  const at = page ?? pages + 1;
  const near = [...new Set([1, ...Array.from({ length: 2 * PAGER_REACH + 1 }, (_, i) => at + PAGER_REACH - i)])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => b - a);
  return (
    <nav aria-label="News pages" className="pager">
      {page !== null ? (
        <a href={paths.newsPage(page < pages ? page + 1 : null, sport)} rel="prev">
          ← Newer stories
        </a>
      ) : null}
      <ol>
        <li>
          <a href={paths.newsPage(null, sport)} aria-current={page === null ? 'page' : undefined}>
            Latest
          </a>
        </li>
        {near.map((p, i) => (
          <li key={p}>
            {(i > 0 ? near[i - 1]! : pages + 1) - p > 1 ? <span aria-hidden="true">… </span> : null}
            <a href={paths.newsPage(p, sport)} aria-current={p === page ? 'page' : undefined}>
              <span className="visually-hidden">Page </span>
              {p}
            </a>
          </li>
        ))}
      </ol>
      {at > 1 ? (
        <a href={paths.newsPage(at - 1, sport)} rel="next">
          Older stories →
        </a>
      ) : null}
    </nav>
  );
}

/** News: latest (paged), by year, for the site or one sport. */
export default function News({ data, site }: PageProps<NewsData>) {
  const sport = data.sport?.sport ?? null;
  const title = `${data.year ? `${data.year} ` : ''}${sport ? `${sport.name} ` : ''}News${data.page ? `, page ${data.page}` : ''}`;
  const zone = site.settings.website_timezone;
  const newest = data.articles[0];
  const oldest = data.articles.at(-1);
  // A numbered page says which stories it holds: its number says nothing of how recent they are.
  const lead = data.year ? (
    <p>{data.articles.length} stories</p>
  ) : data.page && newest && oldest ? (
    <p>
      Stories from <time dateTime={oldest.date}>{longDate(oldest.date, zone)}</time> to{' '}
      <time dateTime={newest.date}>{longDate(newest.date, zone)}</time>
    </p>
  ) : undefined;
  const crumbs = [
    { label: 'Home', href: '/' },
    ...(sport ? [{ label: sport.name, href: paths.sport(sport.slug) }] : []),
    { label: 'News', href: sport ? paths.sportSection(sport.slug, 'news') : '/news' },
    ...(data.year ? [{ label: String(data.year) }] : []),
  ];
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} lead={lead} />
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
