import type * as S from '../api/schemas/index.ts';
import type { Payload, PageDataMap, SiteData } from '../contract/index.ts';
import { absoluteUrl } from './values.ts';
import { placeOf } from '../contract/event-item.ts';

/**
 * JSON-LD for search engines (schema.org): BreadcrumbList on every page, SportsEvent on schedule and event
 * pages, NewsArticle on articles, SportsTeam on sport and roster pages, Person on player pages. Google's event
 * rich results need name, startDate and a location with an address; every SportsEvent has them.
 */
type Thing = Record<string, unknown>;

const SECTIONS: Record<string, string> = {
  news: 'News',
  roster: 'Roster',
  schedule: 'Schedule',
  stats: 'Stats',
  videos: 'Videos',
  'photo-galleries': 'Photo Galleries',
  'staff-directory': 'Staff Directory',
  'all-sports-schedule': 'All-Sports Schedule',
  'broadcast-guide': 'Broadcast Guide',
  all: 'All-Time Roster',
};

const EVENT_STATUS: Record<string, string> = {
  postponed: 'https://schema.org/EventPostponed',
  cancelled: 'https://schema.org/EventCancelled',
};

export function structuredData(payload: Payload, site: SiteData): Thing[] {
  if (payload.error || payload.head.noindex) return [];
  const url = (path: string) => absoluteUrl(path, site.siteUrl);
  const team = site.settings.current_team_name;
  // Described once in the graph; everything else refers to it by @id.
  const organization = { '@id': `${url('/')}#organization` };
  const out: Thing[] = [
    breadcrumbs(payload, site, url),
    {
      ...organization,
      '@type': 'Organization',
      name: site.settings.site_title,
      url: url('/'),
      ...(site.settings.website_logo ? { logo: url(site.settings.website_logo.url) } : {}),
    },
  ];
  const sportTeam = (sport: { name: string; slug: string }): Thing => ({
    '@type': 'SportsTeam',
    name: `${team} ${sport.name}`,
    sport: sport.name,
    url: url(`/sports/${sport.slug}`),
    memberOf: organization,
  });

  /**
   * Where the event is, as far as the API knows it and no further: a place named by its venue (or by what is
   * known of it), an address of the known parts, the country only when the feed gives one; nothing when nothing is
   * known (no empty strings, no assumed country).
   */
  const eventLocation = (location: S.Event['location']): Thing => {
    const name = location.venue ?? placeOf(location);
    if (!name) return {};
    const address = {
      ...(location.city ? { addressLocality: location.city } : {}),
      ...(location.state ? { addressRegion: location.state } : {}),
      ...(location.country ? { addressCountry: location.country } : {}),
    };
    return {
      location: {
        '@type': 'Place',
        name,
        ...(Object.keys(address).length ? { address: { '@type': 'PostalAddress', ...address } } : {}),
      },
    };
  };

  const event = (e: S.Event, sport: { name: string; slug: string }): Thing => {
    const us = { '@type': 'SportsTeam', name: `${team} ${sport.name}` };
    const them = { '@type': 'SportsTeam', name: e.opponent?.name ?? e.title ?? 'Opponent' };
    const [home, away] = e.location_type === 'away' ? [them, us] : [us, them];
    return {
      '@type': 'SportsEvent',
      name: e.title ?? `${team} ${sport.name} ${e.location_type === 'away' ? 'at' : 'vs.'} ${them.name}`,
      startDate: e.time_tba ? e.date.slice(0, 10) : e.date,
      eventStatus: EVENT_STATUS[e.result?.status ?? ''] ?? 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      sport: sport.name,
      ...eventLocation(e.location),
      homeTeam: home,
      awayTeam: away,
      organizer: organization,
      ...(e.boxscore_id ? { url: url(`/boxscore/${e.boxscore_id}`) } : { url: url(`/sports/${sport.slug}/schedule`) }),
      ...(site.settings.meta_image ? { image: url(site.settings.meta_image.url) } : {}),
    };
  };

  switch (payload.template) {
    case 'article': {
      const { article } = payload.data as PageDataMap['article'];
      out.push({
        '@type': 'NewsArticle',
        headline: article.title.slice(0, 110),
        description: article.summary,
        datePublished: article.date,
        dateModified: article.updated_at,
        author: article.author ? { '@type': 'Person', name: article.author } : organization,
        publisher: organization,
        mainEntityOfPage: url(payload.path),
        ...(article.featured_image ? { image: [url(article.featured_image.url)] } : {}),
      });
      break;
    }
    case 'schedule': {
      const { sport, schedule } = payload.data as PageDataMap['schedule'];
      out.push(sportTeam(sport), ...schedule.events.map((e) => event(e, sport)));
      break;
    }
    case 'boxscore': {
      const { sport, event: e } = payload.data as PageDataMap['boxscore'];
      if (e) out.push(event(e, sport));
      break;
    }
    case 'sport-home': {
      const { sport, nextEvent } = payload.data as PageDataMap['sport-home'];
      out.push(sportTeam(sport));
      if (nextEvent) out.push(event(nextEvent, sport));
      break;
    }
    case 'roster': {
      const { sport, roster } = payload.data as PageDataMap['roster'];
      out.push({
        ...sportTeam(sport),
        athlete: roster.players.map((p) => ({
          '@type': 'Person',
          name: p.full_name,
          url: url(`/sports/${sport.slug}/roster/season/${roster.season.slug}/player/${p.slug}`),
        })),
        coach: roster.staff.map((c) => ({ '@type': 'Person', name: c.full_name, jobTitle: c.title })),
      });
      break;
    }
    case 'player': {
      const { sport, player, season } = payload.data as PageDataMap['player'];
      const entry =
        (season ? player.seasons.find((s) => s.season.slug === season.slug) : player.seasons.at(-1))?.entry ??
        player.seasons[0]!.entry;
      out.push({
        '@type': 'Person',
        name: player.full_name,
        url: url(payload.path),
        ...(entry.headshot ? { image: url(entry.headshot.url) } : {}),
        ...(entry.height ? { height: entry.height } : {}),
        ...(entry.hometown ? { homeLocation: { '@type': 'Place', name: entry.hometown } } : {}),
        affiliation: sportTeam(sport),
      });
      break;
    }
  }
  return out;
}

function breadcrumbs(payload: Payload, site: SiteData, url: (path: string) => string): Thing {
  const crumbs: { name: string; path: string }[] = [{ name: 'Home', path: '/' }];
  const parts = payload.path.split('/').filter(Boolean);
  const sport = parts[0] === 'sports' && parts[1] ? site.sports.find((s) => s.slug === parts[1]) : undefined;
  if (sport) {
    crumbs.push({ name: sport.name, path: `/sports/${sport.slug}` });
    if (parts[2] && SECTIONS[parts[2]])
      crumbs.push({ name: SECTIONS[parts[2]]!, path: `/sports/${sport.slug}/${parts[2]}` });
  } else if (parts[0] && SECTIONS[parts[0]] && parts.length > 1) {
    crumbs.push({ name: SECTIONS[parts[0]]!, path: `/${parts[0]}` });
  }
  if (payload.path !== '/' && crumbs.at(-1)!.path !== payload.path)
    crumbs.push({ name: payload.head.title ?? site.settings.site_title, path: payload.path });
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: url(c.path) })),
  };
}

/** The page's JSON-LD as one `@graph` document, or null when there is nothing to say. */
export function jsonLd(payload: Payload, site: SiteData): string | null {
  const graph = structuredData(payload, site);
  return graph.length ? JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }) : null;
}
