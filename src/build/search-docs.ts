import type { TemplateName } from '../routes/table.ts';
import type { SearchDoc } from '../search/writer.ts';
import type { PageData, SiteData } from '../../templates/data.ts';

const DAY_MS = 86_400_000;
/** Articles lose their recency boost over three years. */
const RECENCY_DAYS = 3 * 365;

/**
 * What the search index says about a built page: news, players, coaches, staff, pages and sports (spec §2
 * search). Other pages (lists, schedules, stats) are found through these. Null when the page is not searchable.
 */
export function searchDocOf(template: TemplateName, data: unknown, path: string, site: SiteData): SearchDoc | null {
  switch (template) {
    case 'article': {
      const { article } = data as PageData<'article'>;
      const age = (Date.parse(site.today) - Date.parse(article.date)) / DAY_MS;
      return {
        type: 'article',
        title: article.title,
        path,
        summary: article.summary,
        date: article.date,
        sport: article.sport ? { slug: article.sport.slug, name: article.sport.name } : null,
        keywords: [article.author ?? '', ...article.categories.map((c) => c.name)].join(' '),
        boost: Math.max(0, 1 - age / RECENCY_DAYS) * 0.5,
      };
    }
    case 'player': {
      const { player, season, sport } = data as PageData<'player'>;
      if (season) return null; // the season pages repeat the player's own page
      const latest = player.seasons.at(-1)!.entry;
      return {
        type: 'player',
        title: player.full_name,
        path,
        summary: [sport.name, latest.position_long, latest.class_year, latest.hometown].filter(Boolean).join(' · '),
        date: null,
        sport: { slug: sport.slug, name: sport.name },
        keywords: [latest.jersey_number ? `#${latest.jersey_number}` : '', latest.position ?? ''].join(' '),
        boost: 0.3,
      };
    }
    case 'coach': {
      const { coach, season, sport } = data as PageData<'coach'>;
      const entry = coach.seasons.find((s) => s.season.slug === season.slug)?.entry ?? coach.seasons.at(-1)!.entry;
      return {
        type: 'coach',
        title: coach.full_name,
        path,
        summary: `${sport.name} · ${entry.title}`,
        date: null,
        sport: { slug: sport.slug, name: sport.name },
        keywords: 'coach staff',
        boost: 0.3,
        key: `coach:${coach.id}`,
        version: season.slug,
      };
    }
    case 'staff-profile': {
      const { member, departments } = data as PageData<'staff-profile'>;
      return {
        type: 'staff',
        title: member.full_name,
        path,
        summary: member.title,
        date: null,
        sport: null,
        keywords: `staff ${departments.map((d) => d.name).join(' ')}`,
        boost: 0.2,
      };
    }
    case 'content-page': {
      const { page } = data as PageData<'content-page'>;
      if (page.password_protected) return null;
      return {
        type: 'page',
        title: page.title,
        path,
        summary: page.summary ?? page.meta_description ?? '',
        date: null,
        sport: null,
        keywords: '',
        boost: 0.4,
      };
    }
    case 'sport-home': {
      const { sport } = data as PageData<'sport-home'>;
      return {
        type: 'sport',
        title: sport.name,
        path,
        summary: `${sport.name} news, schedule, roster and stats.`,
        date: null,
        sport: { slug: sport.slug, name: sport.name },
        keywords: 'schedule roster stats news team',
        boost: 1,
      };
    }
    default:
      return null;
  }
}
