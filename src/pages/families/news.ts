/** News: the site's and each sport's news lists (newest first, by page and by year), and the articles. */
import { collectAll } from '../../api/endpoints.ts';
import { isFieldhouseError } from '../../errors/error.ts';
import type * as S from '../../api/schemas/index.ts';
import type { SportPage } from '../../contract/index.ts';
import { articleParams } from '../../routes/links.ts';
import { family, template, type Loaded, type PageContext, type PageRef } from '../define.ts';
import { describe, every, perSport, shared, single, sportPage, str } from '../shared.ts';

const NEWS_PAGE_SIZE = 24;
const SPORT_NEWS_PAGE_SIZE = 24;
const DAY_MS = 86_400_000;
/** Articles lose their recency boost in search over three years. */
const RECENCY_DAYS = 3 * 365;

/** An article's page, as the article route lists it. */
const articleRef = (ctx: Pick<PageContext, 'site'>, a: Pick<S.ArticleSummary, 'id' | 'slug' | 'date'>): PageRef => ({
  params: articleParams(a, ctx.site.settings.website_timezone),
  label: `article ${a.id} (slug "${a.slug}")`,
  record: a.id,
});

export interface NewsData {
  sport: SportPage | null;
  year: number | null;
  years: number[];
  articles: S.ArticleSummary[];
  total: number;
  page: number;
  pages: number;
}

export interface ArticleData {
  article: S.Article;
  sport: SportPage | null;
}

async function loadNewsPage(ctx: PageContext, page: number): Promise<Loaded<NewsData>> {
  const [list, years] = await Promise.all([ctx.api.articles({ per_page: NEWS_PAGE_SIZE, page }), shared.years(ctx)]);
  if (list.data.length === 0) return { skip: `news page ${page} is empty` };
  return {
    data: {
      sport: null,
      year: null,
      years,
      articles: list.data,
      total: list.meta.pagination.total,
      page,
      pages: list.meta.pagination.total_pages,
    },
    head: {
      title: page > 1 ? `News – Page ${page}` : 'News',
      description: `The latest ${ctx.site.settings.current_team_name} news${page > 1 ? `, page ${page}` : ''}.`,
      image: null,
      type: 'website',
    },
  };
}

async function loadSportNewsPage(ctx: PageContext, slug: string, page: number): Promise<Loaded<NewsData>> {
  const sport = await sportPage(ctx, slug);
  const [list, years] = await Promise.all([
    ctx.api.articles({ sport_id: sport.sport.id, per_page: SPORT_NEWS_PAGE_SIZE, page }),
    shared.years(ctx, sport.sport.id),
  ]);
  if (list.data.length === 0) return { skip: `${sport.sport.name} news page ${page} is empty` };
  return {
    data: {
      sport: { sport: sport.sport },
      year: null,
      years,
      articles: list.data,
      total: list.meta.pagination.total,
      page,
      pages: list.meta.pagination.total_pages,
    },
    head: {
      title: `${sport.sport.name} News${page > 1 ? ` – Page ${page}` : ''}`,
      description: `The latest ${sport.sport.name} news.`,
      image: sport.sport.meta_image ?? null,
      type: 'website',
    },
  };
}

export default family({
  name: 'news',
  templates: {
    news: template<NewsData>({
      component: () => import('../../../templates/pages/news.tsx'),
      lastmod: (data) => data.articles[0]?.date ?? null,
    }),
    article: template<ArticleData>({
      component: () => import('../../../templates/pages/article.tsx'),
      lastmod: (data) => data.article.updated_at,
      searchDoc({ article }, path, site) {
        const age = (Date.parse(site.today) - Date.parse(article.date)) / DAY_MS;
        return {
          type: 'article',
          title: article.title,
          path,
          summary: article.summary,
          date: article.date,
          sport: article.sport ? { slug: article.sport.slug, name: article.sport.name } : null,
          keywords: article.categories.reduce((words, c) => `${words} ${c.name}`, article.author ?? ''),
          boost: Math.max(0, 1 - age / RECENCY_DAYS) * 0.5,
        };
      },
    }),
  },
  routes: [
    {
      name: 'news',
      pattern: '/news',
      template: 'news',
      source: { paths: single, load: (ctx) => loadNewsPage(ctx, 1) },
    },
    {
      name: 'news-year',
      pattern: '/news/:year',
      params: { year: 'year' },
      template: 'news',
      source: {
        async *paths(ctx) {
          for (const year of await shared.years(ctx))
            yield { params: { year: String(year) }, label: `news year ${year}` };
        },
        async load(ctx, params) {
          const year = Number(str(params, 'year'));
          const [articles, years] = await Promise.all([
            collectAll((page) => ctx.api.articles({ year, per_page: 100, page })),
            shared.years(ctx),
          ]);
          if (articles.length === 0) return { skip: `no articles in ${year}` };
          return {
            data: { sport: null, year, years, articles, total: articles.length, page: 1, pages: 1 },
            head: {
              title: `${year} News`,
              description: `All ${ctx.site.settings.current_team_name} news from ${year}.`,
              image: null,
              type: 'website',
            },
          };
        },
      },
    },
    {
      // Older news, NEWS_PAGE_SIZE stories a page: /news/page/2 …
      name: 'news-page-page',
      pattern: '/news/page/:page',
      params: { page: 'id' },
      template: 'news',
      source: {
        async *paths(ctx) {
          const first = await ctx.api.articles({ per_page: NEWS_PAGE_SIZE });
          for (let page = 2; page <= first.meta.pagination.total_pages; page++)
            yield { params: { page: String(page) }, label: `news page ${page}` };
        },
        load: (ctx, params) => loadNewsPage(ctx, Number(str(params, 'page'))),
      },
    },
    {
      name: 'news-year-month-day-slug',
      pattern: '/news/:year/:month/:day/:slug',
      params: { year: 'year', month: 'month', day: 'day', slug: 'slug' },
      validate: 'calendarDate',
      template: 'article',
      source: {
        paths(ctx) {
          return every(
            (page) => ctx.api.articles({ per_page: 100, page }),
            (a) => articleRef(ctx, a),
          );
        },
        records: {
          resource: 'article',
          async page(ctx, id) {
            try {
              return articleRef(ctx, await ctx.api.article(id));
            } catch (error) {
              // Not found, or not public (the API answers 404 for both): in no public list.
              if (isFieldhouseError(error) && error.status === 404) return null;
              throw error;
            }
          },
        },
        async load(ctx, params) {
          const date = `${str(params, 'year')}-${str(params, 'month')}-${str(params, 'day')}`;
          const found = await ctx.api.articleBySlug(str(params, 'slug'), date);
          return {
            data: {
              article: found,
              sport: found.sport ? { sport: (await sportPage(ctx, found.sport.slug)).sport } : null,
            },
            head: {
              title: found.title,
              description: describe(found.summary, null),
              image: found.featured_image,
              type: 'article',
            },
          };
        },
      },
    },
    {
      name: 'sports-sport-news',
      pattern: '/sports/:sport/news',
      params: { sport: 'slug' },
      template: 'news',
      source: {
        // Sports without news have no news page (their menu has no News).
        async *paths(ctx) {
          for await (const ref of perSport(ctx))
            if (ctx.site.sports.find((s) => s.slug === ref.params.sport)?.has.news) yield ref;
        },
        load: (ctx, params) => loadSportNewsPage(ctx, str(params, 'sport'), 1),
      },
    },
    {
      name: 'sports-sport-news-year-year',
      pattern: '/sports/:sport/news/year/:year',
      params: { sport: 'slug', year: 'year' },
      template: 'news',
      source: {
        async *paths(ctx) {
          for (const sport of ctx.site.sports) {
            for (const year of await shared.years(ctx, sport.id))
              yield {
                params: { sport: sport.slug, year: String(year) },
                label: `news year ${year} of sport "${sport.slug}"`,
              };
          }
        },
        async load(ctx, params) {
          const page = await sportPage(ctx, str(params, 'sport'));
          const year = Number(str(params, 'year'));
          const [articles, years] = await Promise.all([
            collectAll((n) => ctx.api.articles({ sport_id: page.sport.id, year, per_page: 100, page: n })),
            shared.years(ctx, page.sport.id),
          ]);
          if (!articles.length) return { skip: `no ${page.sport.name} articles in ${year}` };
          return {
            data: { sport: { sport: page.sport }, year, years, articles, total: articles.length, page: 1, pages: 1 },
            head: {
              title: `${year} ${page.sport.name} News`,
              description: `${page.sport.name} news from ${year}.`,
              image: null,
              type: 'website',
            },
          };
        },
      },
    },
    {
      // Older news of a sport: /sports/{sport}/news/page/2 …
      name: 'sports-sport-news-page-page',
      pattern: '/sports/:sport/news/page/:page',
      params: { sport: 'slug', page: 'id' },
      template: 'news',
      source: {
        async *paths(ctx) {
          for (const sport of ctx.site.sports) {
            const first = await ctx.api.articles({ sport_id: sport.id, per_page: SPORT_NEWS_PAGE_SIZE });
            for (let page = 2; page <= first.meta.pagination.total_pages; page++)
              yield {
                params: { sport: sport.slug, page: String(page) },
                label: `news page ${page} of sport "${sport.slug}"`,
              };
          }
        },
        load: (ctx, params) => loadSportNewsPage(ctx, str(params, 'sport'), Number(str(params, 'page'))),
      },
    },
  ],
});
