import type { Payload, SiteData } from '../contract/index.ts';

/** Where the build writes the feeds (src/build/feeds), so pages can link to them. */
export const feedPaths = {
  news: '/news/rss.xml',
  sportNews: (sport: string) => `/sports/${sport}/news/rss.xml`,
  calendar: '/all-sports-schedule.ics',
  sportCalendar: (sport: string) => `/sports/${sport}/schedule.ics`,
} as const;

/** The feeds a page announces in its head: the site's news, and its sport's news on sport pages. */
export function feedLinks(
  payload: Pick<Payload, 'params' | 'error'>,
  site: SiteData,
): { type: string; title: string; href: string }[] {
  const links: { type: string; title: string; href: string }[] = [
    { type: 'application/rss+xml', title: `${site.settings.site_title} News`, href: feedPaths.news },
  ];
  const slug = payload.params.sport;
  const sport = !payload.error && typeof slug === 'string' ? site.sports.find((s) => s.slug === slug) : undefined;
  if (sport)
    links.push({
      type: 'application/rss+xml',
      title: `${site.settings.current_team_name} ${sport.name} News`,
      href: feedPaths.sportNews(sport.slug),
    });
  return links;
}
