import { ArticleList } from '../ui/cards.tsx';
import { longDate } from '../ui/format.ts';
import { Img } from '../ui/Img.tsx';
import { Breadcrumbs } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import { RichText } from '../ui/RichText.tsx';
import type { PageProps } from '../types.ts';
import type { ArticleData } from '../../src/pages/families/news.ts';

export function ArticleView({
  article,
  site,
}: {
  article: PageProps<ArticleData>['data']['article'];
  site: PageProps<ArticleData>['site'];
}) {
  const { settings } = site;
  const sport = article.sport;
  return (
    <article className="article container narrow" aria-labelledby="page-title">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          ...(sport ? [{ label: sport.name, href: paths.sport(sport.slug) }] : []),
          { label: 'News', href: sport ? paths.sportSection(sport.slug, 'news') : '/news' },
          { label: article.title },
        ]}
      />
      <header>
        {sport ? (
          <p className="eyebrow">
            <a href={paths.sport(sport.slug)}>{sport.name}</a>
          </p>
        ) : null}
        <h1 id="page-title">{article.title}</h1>
        <p className="meta">
          <time dateTime={article.date}>{longDate(article.date, settings.website_timezone)}</time>
          {article.author ? <> · By {article.author}</> : null}
        </p>
      </header>
      {article.featured_image ? (
        <figure className="featured">
          <Img image={article.featured_image} eager sizes="(min-width: 760px) 720px, 100vw" />
        </figure>
      ) : null}
      <p className="lead">{article.summary}</p>
      <RichText
        html={article.body}
        ad={{
          zone: settings.ad_zones.article,
          interval: settings.article_ad_interval,
          shift: settings.article_ad_shift,
          label: 'Advertisement',
        }}
      />
      {article.related.length ? (
        <aside className="related" aria-labelledby="related-title">
          <h2 id="related-title">Related stories</h2>
          <ArticleList articles={article.related} site={site} />
        </aside>
      ) : null}
    </article>
  );
}

export default function Article({ data, site }: PageProps<ArticleData>) {
  return <ArticleView article={data.article} site={site} />;
}
