/** News: the site's and each sport's news lists (the newest, numbered pages from the oldest story, and by year), and the articles. */
import { collectAll } from '../../api/endpoints.ts';
import { dateOrderBreak } from '../../api/sorting.ts';
import { ApiInvalidResponse } from '../../errors/catalogue.ts';
import { createError, isFieldhouseError } from '../../errors/error.ts';
import type * as S from '../../api/schemas/index.ts';
import type { SportPage } from '../../contract/index.ts';
import { articleParams } from '../../routes/links.ts';
import { newsPaging, pagesSeenFrom } from '../news-paging.ts';
import { family, template, type Loaded, type PageContext, type PageRef } from '../define.ts';
import { describe, eachSport, every, perSport, shared, single, sportPage, str } from '../shared.ts';

const NEWS_PAGE_SIZE = 24;
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
  /** Newest first. */
  articles: S.ArticleSummary[];
  /** The numbered page (news-paging.ts), or null: the news page itself, or a year's. */
  page: number | null;
  /** How many numbered pages there are, as far as this page's pager can tell (pagesSeenFrom); 0 on a year's page. */
  pages: number;
}

export interface ArticleData {
  article: S.Article;
  sport: SportPage | null;
}

/** The site's news, or a sport's: the newest stories, down to the newest full page (news-paging.ts). */
async function loadLatestNews(ctx: PageContext, sport: SportPage | null): Promise<Loaded<NewsData>> {
  const sportId = sport?.sport.id;
  // Two pages' worth is the most the news page shows: one call gives its stories and the total.
  const [list, years] = await Promise.all([
    ctx.api.articles({ sport_id: sportId, per_page: 2 * NEWS_PAGE_SIZE }),
    shared.years(ctx, sportId),
  ]);
  const total = list.meta.pagination.total;
  const { numbered, latest } = newsPaging(total, NEWS_PAGE_SIZE);
  const name = sport?.sport.name;
  if (list.data.length === 0) return { skip: `${name ? `${name} news` : 'News'} has no stories` };
  return {
    data: { sport, year: null, years, articles: list.data.slice(0, latest), page: null, pages: numbered },
    head: {
      title: name ? `${name} News` : 'News',
      description: name ? `The latest ${name} news.` : `The latest ${ctx.site.settings.current_team_name} news.`,
      image: sport?.sport.meta_image ?? null,
      type: 'website',
    },
  };
}

/** A numbered page of the site's news or a sport's: its stories in date order from the API, shown newest first. */
async function loadNumberedNews(ctx: PageContext, sport: SportPage | null, page: number): Promise<Loaded<NewsData>> {
  const sportId = sport?.sport.id;
  const [list, years] = await Promise.all([
    ctx.api.articles({ sport_id: sportId, sort: 'date', per_page: NEWS_PAGE_SIZE, page }),
    shared.years(ctx, sportId),
  ]);
  const total = list.meta.pagination.total;
  const { numbered } = newsPaging(total, NEWS_PAGE_SIZE);
  const name = sport?.sport.name;
  // A page's stories must be the same from one build to the next: an API that does not sort by date would give
  // the newest stories under an old page's number.
  const broken = dateOrderBreak(list.data.map((a) => a.date));
  if (broken >= 0) {
    const [before, after] = [list.data[broken - 1]!, list.data[broken]!];
    throw createError(ApiInvalidResponse, [
      `GET /articles?sort=date&page=${page}${sportId === undefined ? '' : `&sport_id=${sportId}`}`,
      'list of articles',
      `article ${after.id} (date ${after.date}) comes after article ${before.id} (date ${before.date}) in a list asked for oldest first: numbered news pages need the API to sort articles by date (docs/content-api.md, GET /articles)`,
    ]);
  }
  if (page > numbered) return { skip: `${name ? `${name} news` : 'News'} has no page ${page} (${total} stories)` };
  return {
    data: {
      sport,
      year: null,
      years,
      articles: list.data.toReversed(),
      page,
      pages: pagesSeenFrom(page, numbered),
    },
    head: {
      title: `${name ? `${name} News` : 'News'} – Page ${page}`,
      description: `${name ? `${name} news` : `${ctx.site.settings.current_team_name} news`}, page ${page}.`,
      image: sport?.sport.meta_image ?? null,
      type: 'website',
    },
  };
}

/** How many numbered pages a list of news (of a sport: sportId) has, from its total. */
async function numberedCount(ctx: PageContext, sportId?: number): Promise<number> {
  const first = await ctx.api.articles({ sport_id: sportId, per_page: 1 });
  return newsPaging(first.meta.pagination.total, NEWS_PAGE_SIZE).numbered;
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
      source: { paths: single, load: (ctx) => loadLatestNews(ctx, null) },
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
            data: { sport: null, year, years, articles, page: null, pages: 0 },
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
      // Older news, NEWS_PAGE_SIZE stories a page, numbered from the oldest (news-paging.ts): /news/page/1 …
      name: 'news-page-page',
      pattern: '/news/page/:page',
      params: { page: 'id' },
      template: 'news',
      source: {
        async *paths(ctx) {
          const numbered = await numberedCount(ctx);
          for (let page = 1; page <= numbered; page++)
            yield { params: { page: String(page) }, label: `news page ${page}` };
        },
        load: (ctx, params) => loadNumberedNews(ctx, null, Number(str(params, 'page'))),
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
        load: async (ctx, params) => loadLatestNews(ctx, { sport: (await sportPage(ctx, str(params, 'sport'))).sport }),
      },
    },
    {
      name: 'sports-sport-news-year-year',
      pattern: '/sports/:sport/news/year/:year',
      params: { sport: 'slug', year: 'year' },
      template: 'news',
      source: {
        async *paths(ctx) {
          for await (const [sport, years] of eachSport(ctx, (sport) => shared.years(ctx, sport.id))) {
            for (const year of years)
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
            data: { sport: { sport: page.sport }, year, years, articles, page: null, pages: 0 },
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
      // Older news of a sport, numbered from its oldest story: /sports/{sport}/news/page/1 …
      name: 'sports-sport-news-page-page',
      pattern: '/sports/:sport/news/page/:page',
      params: { sport: 'slug', page: 'id' },
      template: 'news',
      source: {
        async *paths(ctx) {
          for await (const [sport, numbered] of eachSport(ctx, (sport) => numberedCount(ctx, sport.id))) {
            for (let page = 1; page <= numbered; page++)
              yield {
                params: { sport: sport.slug, page: String(page) },
                label: `news page ${page} of sport "${sport.slug}"`,
              };
          }
        },
        load: async (ctx, params) =>
          loadNumberedNews(
            ctx,
            { sport: (await sportPage(ctx, str(params, 'sport'))).sport },
            Number(str(params, 'page')),
          ),
      },
    },
  ],
});
