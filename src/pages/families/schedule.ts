/** Schedules and results: a sport's schedule by season, and the box score of each game. */
import { seasonStanding, standingText, type Standing } from '../../contract/standing.ts';
import type * as S from '../../api/schemas/index.ts';
import type { SeasonPicker, SportPage, SportSummary } from '../../contract/index.ts';
import { localDate } from '../../util/dates.ts';
import { family, template } from '../define.ts';
import {
  missingSkip,
  perSeason,
  perSportWith,
  seasonsWith,
  seasonView,
  shared,
  str,
  sportSectionDoc,
} from '../shared.ts';

/** " (18-12)", " (best finish 1st of 12)", or nothing: the standing in a description, by the one rule. */
function standingNote(standing: Standing | null): string {
  if (standing?.kind === 'record') return ` (${standing.overall})`;
  const text = standingText(standing);
  return text ? ` (${text.split(' · ')[0]!.toLowerCase()})` : '';
}

export interface ScheduleData extends SportPage, SeasonPicker {
  season: S.SeasonRef;
  schedule: S.Schedule;
  /** Whether the season has statistics (its schedule links to them). */
  hasStats: boolean;
}

export interface BoxScoreData {
  box: S.BoxScore;
  /**
   * The sport as the page read it from the API. Not the site data's: a page's data is what it read, since a page no
   * change touches is rendered again from its data when the site data changes (a sport's first article gives its
   * menu a News item: the site data's `has.news` would have stayed false in every kept box score).
   */
  sport: Pick<SportSummary, 'id' | 'name' | 'slug'>;
  /** The game on its schedule (for its layout and links), when the schedule still lists it. */
  event: S.Event | null;
}

const loadSchedule = seasonView<ScheduleData>('schedule', async (ctx, page, season) => {
  const found = await shared.schedule(ctx, page.sport.id, season.slug);
  if (!found.data) return missingSkip(`${season.name} schedule`, found.missing);
  const data = found.data;
  const withStats = await seasonsWith(ctx, page.sport.id, 'stats');
  return {
    data: { ...page, season, schedule: data, hasStats: withStats.some((s) => s.id === season.id) },
    head: {
      title: `${season.name} ${page.sport.name} Schedule`,
      description: `${season.name} ${ctx.site.settings.current_team_name} ${page.sport.name} schedule and results${standingNote(seasonStanding(page.sport, data))}.`,
      image: page.sport.schedule_page_image ?? null,
      type: 'website',
    },
  };
});

export default family({
  name: 'schedule',
  templates: {
    schedule: template<ScheduleData>({
      component: () => import('../../../templates/pages/schedule.tsx'),
      lastmod: (data) => data.schedule.events.filter((e) => e.result).at(-1)?.date ?? null,
      searchDoc: (data, path) => sportSectionDoc('schedule', data, path),
    }),
    boxscore: template<BoxScoreData>({
      component: () => import('../../../templates/pages/boxscore.tsx'),
      lastmod: (data) => data.box.date,
    }),
  },
  routes: [
    {
      name: 'boxscore-id',
      pattern: '/boxscore/:id',
      params: { id: 'id' },
      template: 'boxscore',
      source: {
        async *paths(ctx) {
          // Every game of every schedule there is: a season without one (404) costs nothing but itself.
          for (const sport of ctx.site.sports) {
            for (const season of await seasonsWith(ctx, sport.id, 'schedule')) {
              const schedule = (await shared.schedule(ctx, sport.id, season.slug)).data;
              for (const event of schedule?.events ?? []) {
                if (event.boxscore_id)
                  yield {
                    params: { id: String(event.boxscore_id) },
                    label: `box score ${event.boxscore_id} (event ${event.id})`,
                  };
              }
            }
          }
        },
        async load(ctx, params) {
          const box = await ctx.api.boxScore(Number(str(params, 'id')));
          const known = ctx.site.sports.find((s) => s.id === box.sport_id);
          if (!known) return { skip: `box score ${box.id} names unknown sport ${box.sport_id}` };
          const { id, name, slug } = await shared.sport(ctx, known.slug);
          const sport = { id, name, slug };
          const schedule = (await shared.schedule(ctx, sport.id, box.season.slug)).data;
          const event = schedule?.events.find((e) => e.id === box.event_id) ?? null;
          const [away, home] = box.teams;
          return {
            data: { box, sport, event },
            head: {
              title: `${sport.name}: ${away!.name} ${away!.total}, ${home!.name} ${home!.total} – Box Score`,
              description: `Box score of ${away!.name} at ${home!.name}, ${localDate(box.date, ctx.site.settings.website_timezone)}.`,
              image: null,
              type: 'website',
            },
          };
        },
      },
    },
    {
      name: 'sports-sport-schedule',
      pattern: '/sports/:sport/schedule',
      params: { sport: 'presence' },
      template: 'schedule',
      source: { paths: (ctx) => perSportWith(ctx, 'schedule'), load: loadSchedule },
    },
    {
      name: 'sports-sport-schedule-season-season',
      pattern: '/sports/:sport/schedule/season/:season',
      params: { sport: 'presence', season: 'presence' },
      template: 'schedule',
      source: { paths: (ctx) => perSeason(ctx, 'schedule'), load: loadSchedule },
    },
  ],
});
