/** A sport's home page: its next event, recent results, news and the blocks of the sport page setting. */
import type * as S from '../../api/schemas/index.ts';
import type { SportPage } from '../../contract/index.ts';
import { seasonStanding, type Standing } from '../../contract/standing.ts';
import { family, template } from '../define.ts';
import { perSport, pickSeason, settingPage, shared, sportPage, str } from '../shared.ts';

const SPORT_NEWS = 6;
const SPORT_RECENT = 3;

export interface SportHomeData extends SportPage {
  nextEvent: S.Event | null;
  recent: S.Event[];
  news: S.ArticleSummary[];
  blocks: S.Block[];
  /** The default season's record or placings; null without a schedule or when the sport hides records. */
  standing: Standing | null;
}

export default family({
  name: 'sport',
  templates: {
    'sport-home': template<SportHomeData>({
      component: () => import('../../../templates/pages/sport-home.tsx'),
      lastmod: (data) => data.news[0]?.date ?? null,
      searchDoc: ({ sport }, path) => ({
        type: 'sport',
        title: sport.name,
        path,
        summary: `${sport.name} news, schedule, roster and stats.`,
        date: null,
        sport: { slug: sport.slug, name: sport.name },
        keywords: 'schedule roster stats news team',
        boost: 1,
      }),
    }),
  },
  routes: [
    {
      name: 'sports-sport-slug',
      pattern: '/sports/:sport',
      params: { sport: 'slug' },
      template: 'sport-home',
      source: {
        paths: (ctx) => perSport(ctx),
        async load(ctx, params) {
          // The schedule part shows the season the schedule page shows; a sport without one shows none.
          const page = await sportPage(ctx, str(params, 'sport'), 'schedule');
          const { sport } = page;
          const season = pickSeason(page, undefined);
          const { settings } = ctx.site;
          const [schedule, news, blocksPage] = await Promise.all([
            season ? shared.schedule(ctx, sport.id, season.slug).then((s) => s.data) : Promise.resolve(null),
            ctx.api.articles({
              sport_id: sport.id,
              category_id: settings.sport_page_category?.id,
              per_page: SPORT_NEWS,
            }),
            settingPage(ctx, 'sport_static_page', settings.sport_static_page),
          ]);
          const events = schedule?.events ?? [];
          const nextEvent = sport.display_next_event_on_sports_schedule
            ? (events.find((e) => e.date.slice(0, 10) >= ctx.site.today && !e.result) ?? null)
            : null;
          const recent = events
            .filter((e) => e.result?.status === 'final')
            .slice(-SPORT_RECENT)
            .reverse();
          return {
            data: {
              sport,
              nextEvent,
              recent,
              news: news.data,
              blocks: blocksPage?.blocks ?? [],
              standing: schedule ? seasonStanding(sport, schedule) : null,
            },
            head: {
              title: sport.name,
              description: `${settings.current_team_name} ${sport.name}: news, schedule, roster and stats.`,
              image: sport.meta_image ?? null,
              type: 'website',
            },
          };
        },
      },
    },
  ],
});
