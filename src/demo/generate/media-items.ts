import type { Gallery, GallerySummary, Video } from '../../api/schemas/content.ts';
import type { Schedule } from '../../api/schemas/schedule.ts';
import { media } from '../media.ts';
import { slugify } from '../random.ts';
import { DEMO_TIMEZONE, dayNumber, zonedIso } from '../time.ts';
import type { GenContext, SportEntry } from './context.ts';

const PHOTOGRAPHERS = [
  'Jordan Pike / CVU Athletics',
  'Samira Haddad / CVU Athletics',
  'Evan Brooks / Hawks Photo',
] as const;

export function generateVideos(ctx: GenContext, sports: SportEntry[], schedules: Schedule[]): Video[] {
  const random = ctx.random.fork('videos');
  const byId = new Map(sports.map((s) => [s.id, s]));
  const videos: Video[] = [];
  for (const schedule of schedules) {
    const sport = byId.get(schedule.sport_id)!;
    const played = schedule.events.filter((e) => e.result?.status === 'final');
    for (const event of random.sample(played, Math.min(played.length, random.int(1, 3)))) {
      const title = `Highlights: ${sport.def.name} vs. ${event.opponent?.name ?? event.title ?? 'the field'}`;
      videos.push(
        video(
          ctx,
          random.chance(0.75) ? 'youtube' : 'vimeo',
          title,
          `Watch the best moments from ${event.date.slice(0, 10)}.`,
          zonedIso(event.date.slice(0, 10), '23:30', DEMO_TIMEZONE),
          sport,
          random.int(0, 23),
          random.int(60, 420),
        ),
      );
    }
    if (random.chance(0.5)) {
      const day = `${schedule.season.slug.slice(0, 4)}-08-${String(random.int(10, 28)).padStart(2, '0')}`;
      if (dayNumber(day) < dayNumber(ctx.asOf))
        videos.push(
          video(
            ctx,
            'youtube',
            `${sport.def.name}: ${schedule.season.name} Season Preview`,
            'Coaches and captains look ahead to the season.',
            zonedIso(day, '12:00', DEMO_TIMEZONE),
            sport,
            random.int(0, 23),
            random.int(180, 900),
          ),
        );
    }
  }
  return videos.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);

  function video(
    ctx2: GenContext,
    provider: 'youtube' | 'vimeo',
    title: string,
    description: string,
    date: string,
    sport: SportEntry,
    variant: number,
    duration: number,
  ): Video {
    const id = ctx2.nextId('video');
    const providerId =
      provider === 'youtube'
        ? Array.from({ length: 11 }, () =>
            random.pick('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'.split('')),
          ).join('')
        : String(random.int(100_000_000, 999_999_999));
    return {
      id,
      slug: `${slugify(title).slice(0, 70).replace(/-+$/, '')}-${id}`,
      title,
      description,
      date,
      sport: sport.ref,
      provider,
      provider_id: providerId,
      file_url: null,
      thumbnail: media.photo(sport.def.icon, variant, `Video thumbnail: ${title}`),
      duration_seconds: duration,
    };
  }
}

export interface GalleryRecord {
  summary: GallerySummary;
  icon: string;
  description: string;
}

export function generateGalleries(ctx: GenContext, sports: SportEntry[], schedules: Schedule[]): GalleryRecord[] {
  const random = ctx.random.fork('galleries');
  const byId = new Map(sports.map((s) => [s.id, s]));
  const drafts: (Omit<GalleryRecord, 'summary'> & {
    title: string;
    date: string;
    sport: SportEntry | null;
    count: number;
    variant: number;
  })[] = [];
  for (const schedule of schedules) {
    const sport = byId.get(schedule.sport_id)!;
    const played = schedule.events.filter((e) => e.result?.status === 'final' && e.location_type === 'home');
    for (const event of random.sample(played, Math.min(played.length, random.int(1, 2)))) {
      drafts.push({
        title: `Photos: ${sport.def.name} vs. ${event.opponent?.name ?? event.title ?? 'Invitational'} (${event.date.slice(0, 10)})`,
        date: zonedIso(event.date.slice(0, 10), '23:55', DEMO_TIMEZONE),
        sport,
        count: random.int(12, 28),
        variant: random.int(0, 23),
        icon: sport.def.icon,
        description: `Scenes from ${sport.def.name} at ${event.location.venue}.`,
      });
    }
  }
  for (const season of ctx.seasons) {
    const year = Number(season.slug.slice(0, 4));
    for (const [title, md] of [
      [`Homecoming ${year}`, '10-04'],
      [`Senior Day ${year + 1}`, '04-20'],
      [`Hawks Honors Banquet ${year + 1}`, '05-02'],
    ] as const) {
      const day = `${md.startsWith('10') ? year : year + 1}-${md}`;
      if (dayNumber(day) >= dayNumber(ctx.asOf)) continue;
      drafts.push({
        title,
        date: zonedIso(day, '20:00', DEMO_TIMEZONE),
        sport: null,
        count: random.int(15, 30),
        variant: random.int(0, 23),
        icon: 'campus',
        description: `${title} around Cedar Valley.`,
      });
    }
  }
  drafts.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
  return drafts.map((d) => {
    const id = ctx.nextId('gallery');
    return {
      icon: d.icon,
      description: d.description,
      summary: {
        id,
        slug: `${slugify(d.title)}-${id}`,
        title: d.title,
        date: d.date,
        sport: d.sport?.ref ?? null,
        cover: media.photo(d.icon, d.variant, `Cover photo: ${d.title}`),
        photo_count: d.count,
      },
    };
  });
}

/** A gallery's photos, drawn on request. */
export function makeGallery(ctx: GenContext, record: GalleryRecord): Gallery {
  const random = ctx.random.fork(`gallery/${record.summary.id}`);
  const captions = [
    'Warm-ups before the start',
    'The student section brings the noise',
    'Celebrating a big moment',
    'Huddle during a timeout',
    'Fans in the stands',
    'Post-game handshake line',
    'The Hawks take the field',
    'A key play in the second half',
  ];
  return {
    ...record.summary,
    description: record.description,
    photos: Array.from({ length: record.summary.photo_count }, (_, i) => {
      const caption = random.pick(captions);
      return {
        id: record.summary.id * 1000 + i + 1,
        image: media.photo(record.icon, random.int(0, 23), caption),
        caption,
        credit: random.pick(PHOTOGRAPHERS),
      };
    }),
  };
}
