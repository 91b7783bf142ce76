import type { ArticleSummary } from '../../src/api/schemas/content.ts';
import type { SiteData } from '../../src/contract/index.ts';
import { longDate } from './format.ts';
import { Img } from './Img.tsx';
import { paths } from './paths.ts';
import { RecordLink } from './RecordLink.tsx';

/** A news story card: image, sport, headline, date. */
export function ArticleCard({
  article,
  site,
  eager,
  headingLevel = 3,
}: {
  article: ArticleSummary;
  site: SiteData;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card article-card">
      <Img
        image={article.featured_image}
        className="card-media"
        eager={eager}
        decorative
        sizes="(min-width: 960px) 33vw, 100vw"
      />
      <div className="card-body">
        {article.sport ? <p className="eyebrow">{article.sport.name}</p> : null}
        <Heading className="card-title">
          <RecordLink href={paths.article(article, site.settings.website_timezone)} className="stretched">
            {article.title}
          </RecordLink>
        </Heading>
        <p className="meta">
          <time dateTime={article.date}>{longDate(article.date, site.settings.website_timezone)}</time>
        </p>
      </div>
    </article>
  );
}

export function ArticleGrid({
  articles,
  site,
  eagerFirst,
  headingLevel,
}: {
  articles: ArticleSummary[];
  site: SiteData;
  eagerFirst?: boolean;
  headingLevel?: 2 | 3;
}) {
  if (articles.length === 0) return <p className="empty">No stories yet.</p>;
  return (
    <ul className="grid cards" role="list">
      {articles.map((a, i) => (
        <li key={a.id}>
          <ArticleCard article={a} site={site} eager={eagerFirst && i === 0} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** A compact headline list (news by year, related stories). */
export function ArticleList({ articles, site }: { articles: ArticleSummary[]; site: SiteData }) {
  return (
    <ul className="headline-list" role="list">
      {articles.map((a) => (
        <li key={a.id}>
          <RecordLink href={paths.article(a, site.settings.website_timezone)}>{a.title}</RecordLink>
          <span className="meta">
            {a.sport ? `${a.sport.name} · ` : ''}
            <time dateTime={a.date}>{longDate(a.date, site.settings.website_timezone)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
