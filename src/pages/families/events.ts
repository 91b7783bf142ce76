/** Events across every sport: the all-sports schedule (this month, with a calendar) and the broadcast guide. */
import { collectAll } from '../../api/endpoints.ts';
import type { EventItem } from '../../contract/index.ts';
import { addDays } from '../../util/dates.ts';
import { family, template } from '../define.ts';
import { eventItem, single } from '../shared.ts';

const BROADCAST_DAYS = 30;

export interface AllSportsScheduleData {
  /** YYYY-MM. */
  month: string;
  events: EventItem[];
}

export interface BroadcastGuideData {
  from: string;
  to: string;
  events: EventItem[];
}

export default family({
  name: 'events',
  templates: {
    'all-sports-schedule': template<AllSportsScheduleData>({
      component: () => import('../../../templates/pages/all-sports-schedule.tsx'),
    }),
    'broadcast-guide': template<BroadcastGuideData>({
      component: () => import('../../../templates/pages/broadcast-guide.tsx'),
    }),
  },
  routes: [
    {
      name: 'all-sports-schedule',
      pattern: '/all-sports-schedule',
      template: 'all-sports-schedule',
      source: {
        paths: single,
        async load(ctx) {
          const month = ctx.site.today.slice(0, 7);
          const start = `${month}-01`;
          const end = addDays(addDays(start, 32).slice(0, 7) + '-01', -1);
          const events = await collectAll((page) => ctx.api.events({ start, end, per_page: 100, page }));
          return {
            data: { month, events: events.map(eventItem) },
            head: {
              title: 'All-Sports Schedule',
              description: `Every ${ctx.site.settings.current_team_name} game and meet this month, with times, results and how to watch.`,
              image: null,
              type: 'website',
            },
          };
        },
      },
    },
    {
      name: 'broadcast-guide',
      pattern: '/broadcast-guide',
      template: 'broadcast-guide',
      source: {
        paths: single,
        async load(ctx) {
          const from = ctx.site.today;
          const to = addDays(from, BROADCAST_DAYS);
          const events = await collectAll((page) =>
            ctx.api.events({ start: from, end: to, broadcast: true, per_page: 100, page }),
          );
          return {
            data: { from, to, events: events.map(eventItem) },
            head: {
              title: 'Broadcast Guide',
              description: `Where to watch and listen to ${ctx.site.settings.current_team_name} games: TV, radio and streaming.`,
              image: null,
              type: 'website',
            },
          };
        },
      },
    },
  ],
});
