/** The home page: headlines, featured stories, the schedule ticker and the blocks of the home page setting. */
import type * as S from '../../api/schemas/index.ts';
import type { EventItem } from '../../contract/index.ts';
import { addDays } from '../../util/dates.ts';
import { family, template } from '../define.ts';
import { eventItem, formsOf, settingPage, single } from '../shared.ts';

const HEADLINES = 6;
const FEATURED = 4;
const TICKER_DAYS_BACK = 3;
const TICKER_DAYS_AHEAD = 10;
/** A home page without stories shows the department's latest results instead, from this far back. */
const RESULTS_DAYS_BACK = 45;
const RESULTS = 6;

export interface HomeData {
  blocks: S.Block[];
  forms: Record<string, S.Form>;
  headlines: S.ArticleSummary[];
  featured: S.ArticleSummary[];
  ticker: EventItem[];
  /** The latest results across sports, newest first: asked only when there are no stories to lead the page. */
  results: EventItem[];
}

export default family({
  name: 'home',
  templates: {
    home: template<HomeData>({ component: () => import('../../../templates/pages/home.tsx') }),
  },
  routes: [
    {
      name: 'index',
      pattern: '/',
      template: 'home',
      source: {
        paths: single,
        async load(ctx) {
          const { settings } = ctx.site;
          const [page, headlines, featured, ticker] = await Promise.all([
            settingPage(ctx, 'homepage_static_page', settings.homepage_static_page),
            ctx.api.articles({ category_id: settings.headlines_category?.id, per_page: HEADLINES }),
            ctx.api.articles({ category_id: settings.featured_category?.id, per_page: FEATURED }),
            ctx.api.events({
              start: addDays(ctx.site.today, -TICKER_DAYS_BACK),
              end: addDays(ctx.site.today, TICKER_DAYS_AHEAD),
              per_page: 40,
            }),
          ]);
          const blocks = page?.blocks ?? [];
          const results =
            headlines.data.length || featured.data.length
              ? []
              : (
                  await ctx.api.events({
                    start: addDays(ctx.site.today, -RESULTS_DAYS_BACK),
                    end: ctx.site.today,
                    per_page: 100,
                  })
                ).data
                  .filter((e) => e.result?.status === 'final')
                  .slice(-RESULTS)
                  .reverse()
                  .map(eventItem);
          return {
            data: {
              blocks,
              forms: await formsOf(ctx, blocks),
              headlines: headlines.data,
              featured: featured.data,
              ticker: ticker.data.map(eventItem),
              results,
            },
            head: {
              title: null,
              description: settings.meta_description,
              image: settings.meta_image ? { url: settings.meta_image.url, alt: settings.site_title } : null,
              type: 'website',
            },
          };
        },
      },
    },
  ],
});
