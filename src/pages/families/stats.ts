/** Statistics: a sport's team and individual statistics by season. */
import type * as S from '../../api/schemas/index.ts';
import type { SeasonPicker, SportPage } from '../../contract/index.ts';
import { family, template } from '../define.ts';
import { missingSkip, perSeason, perSportWith, seasonView, shared } from '../shared.ts';

export interface StatsData extends SportPage, SeasonPicker {
  season: S.SeasonRef;
  stats: S.SeasonStats;
}

const loadStats = seasonView<StatsData>('stats', async (ctx, page, season) => {
  const stats = await shared.stats(ctx, page.sport.id, season.slug);
  if (!stats.data) return missingSkip(`${season.name} statistics`, stats.missing);
  return {
    data: { ...page, season, stats: stats.data },
    head: {
      title: `${season.name} ${page.sport.name} Statistics`,
      description: `${season.name} ${page.sport.name} team and individual statistics.`,
      image: null,
      type: 'website',
    },
  };
});

export default family({
  name: 'stats',
  templates: {
    stats: template<StatsData>({ component: () => import('../../../templates/pages/stats.tsx') }),
  },
  routes: [
    {
      name: 'sports-sport-stats',
      pattern: '/sports/:sport/stats',
      params: { sport: 'slug' },
      template: 'stats',
      source: { paths: (ctx) => perSportWith(ctx, 'stats'), load: loadStats },
    },
    {
      name: 'sports-sport-stats-season-season',
      pattern: '/sports/:sport/stats/season/:season',
      params: { sport: 'slug', season: 'slug' },
      template: 'stats',
      source: { paths: (ctx) => perSeason(ctx, 'stats'), load: loadStats },
    },
  ],
});
