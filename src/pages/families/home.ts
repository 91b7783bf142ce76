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

export interface HomeData {
  blocks: S.Block[];
  forms: Record<string, S.Form>;
  headlines: S.ArticleSummary[];
  featured: S.ArticleSummary[];
  ticker: EventItem[];
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
          return {
            data: {
              blocks,
              forms: await formsOf(ctx, blocks),
              headlines: headlines.data,
              featured: featured.data,
              ticker: ticker.data.map(eventItem),
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
