import { allPages, collectAll } from '../../api/endpoints.ts';
import type * as S from '../../api/schemas/index.ts';
import { isFieldhouseError } from '../../errors/error.ts';
import { addDays, localDate } from '../dates.ts';
import {
  describe,
  eventItem,
  formsOf,
  shared,
  single,
  source,
  settingPage,
  sportPage,
  str,
  type Loaded,
  type PageContext,
} from './context.ts';

const NEWS_PAGE_SIZE = 24;
const HEADLINES = 6;
const FEATURED = 4;
const TICKER_DAYS_BACK = 3;
const TICKER_DAYS_AHEAD = 10;
const BROADCAST_DAYS = 30;

/** Lists a paginated endpoint fully, as `{ params, record }` items, a page at a time (never the whole list at once). */
async function* every<T>(
  fetchPage: (page: number) => Promise<S.Page<T>>,
  toItem: (item: T) => { params: Record<string, string | string[]>; record: string },
) {
  for await (const item of allPages(fetchPage)) yield toItem(item);
}

const home = source('home', {
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
});

const allSportsSchedule = source('all-sports-schedule', {
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
});

const broadcastGuide = source('broadcast-guide', {
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
});

const news = source('news', {
  paths: single,
  load: (ctx) => loadNewsPage(ctx, 1),
});

/** Older news, NEWS_PAGE_SIZE stories a page: /news/page/2 … */
const newsPage = source('news', {
  async *paths(ctx) {
    const first = await ctx.api.articles({ per_page: NEWS_PAGE_SIZE });
    for (let page = 2; page <= first.meta.pagination.total_pages; page++)
      yield { params: { page: String(page) }, record: `news page ${page}` };
  },
  load: (ctx, params) => loadNewsPage(ctx, Number(str(params, 'page'))),
});

async function loadNewsPage(ctx: PageContext, page: number): Promise<Loaded<'news'>> {
  const [list, years] = await Promise.all([ctx.api.articles({ per_page: NEWS_PAGE_SIZE, page }), shared.years(ctx)]);
  if (list.data.length === 0) return { skip: `news page ${page} is empty` };
  return {
    data: {
      sport: null,
      year: null,
      years,
      articles: list.data,
      total: list.meta.pagination.total,
      page,
      pages: list.meta.pagination.total_pages,
    },
    head: {
      title: page > 1 ? `News – Page ${page}` : 'News',
      description: `The latest ${ctx.site.settings.current_team_name} news${page > 1 ? `, page ${page}` : ''}.`,
      image: null,
      type: 'website',
    },
  };
}

const newsYear = source('news', {
  async *paths(ctx) {
    for (const year of await shared.years(ctx)) yield { params: { year: String(year) }, record: `news year ${year}` };
  },
  async load(ctx, params) {
    const year = Number(str(params, 'year'));
    const [articles, years] = await Promise.all([
      collectAll((page) => ctx.api.articles({ year, per_page: 100, page })),
      shared.years(ctx),
    ]);
    if (articles.length === 0) return { skip: `no articles in ${year}` };
    return {
      data: { sport: null, year, years, articles, total: articles.length, page: 1, pages: 1 },
      head: {
        title: `${year} News`,
        description: `All ${ctx.site.settings.current_team_name} news from ${year}.`,
        image: null,
        type: 'website',
      },
    };
  },
});

const article = source('article', {
  paths(ctx) {
    return every(
      (page) => ctx.api.articles({ per_page: 100, page }),
      (a) => {
        const [year, month, day] = localDate(a.date, ctx.site.settings.website_timezone).split('-') as [
          string,
          string,
          string,
        ];
        return { params: { year, month, day, slug: a.slug }, record: `article ${a.id} (slug "${a.slug}")` };
      },
    );
  },
  async load(ctx, params) {
    const date = `${str(params, 'year')}-${str(params, 'month')}-${str(params, 'day')}`;
    const found = await ctx.api.articleBySlug(str(params, 'slug'), date);
    return {
      data: { article: found, sport: found.sport ? { sport: (await sportPage(ctx, found.sport.slug)).sport } : null },
      head: {
        title: found.title,
        description: describe(found.summary, null),
        image: found.featured_image,
        type: 'article',
      },
    };
  },
});

const search = source('search', {
  paths: single,
  async load(ctx) {
    return {
      data: {},
      head: {
        title: 'Search',
        description: `Search ${ctx.site.settings.site_title}: news, players, coaches, staff and pages.`,
        image: null,
        type: 'website',
      },
    };
  },
});

const preview = (template: 'article-preview' | 'page-preview', kind: 'preview' | 'revision', title: string) =>
  source(template, {
    paths: single,
    async load() {
      return {
        data: { kind, id: '' },
        head: { title, description: null, image: null, type: 'website', noindex: true },
      };
    },
  });

const boxscore = source('boxscore', {
  async *paths(ctx) {
    for (const sport of ctx.site.sports) {
      for (const season of await shared.seasons(ctx, sport.id)) {
        const schedule = await shared.schedule(ctx, sport.id, season.slug);
        for (const event of schedule.events) {
          if (event.boxscore_id)
            yield {
              params: { id: String(event.boxscore_id) },
              record: `box score ${event.boxscore_id} (event ${event.id})`,
            };
        }
      }
    }
  },
  async load(ctx, params) {
    const box = await ctx.api.boxScore(Number(str(params, 'id')));
    const sport = ctx.site.sports.find((s) => s.id === box.sport_id);
    if (!sport) return { skip: `box score ${box.id} names unknown sport ${box.sport_id}` };
    const schedule = await shared.schedule(ctx, sport.id, box.season.slug).catch(() => null);
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
});

const documents = source('document', {
  paths(ctx) {
    return every(
      (page) => ctx.api.documents({ per_page: 100, page }),
      (d) => ({ params: { uuid: d.uuid }, record: `document ${d.uuid} ("${d.title}")` }),
    );
  },
  async load() {
    return { data: {}, head: { title: null, description: null, image: null, type: 'website' } };
  },
});

const staffDirectory = source('staff-directory', {
  paths: single,
  async load(ctx) {
    return {
      data: { departments: await shared.directory(ctx), department: null },
      head: {
        title: 'Staff Directory',
        description: `Contact the ${ctx.site.settings.current_team_name} athletics staff.`,
        image: ctx.site.settings.staff_directory_hero_image,
        type: 'website',
      },
    };
  },
});

const staffDepartment = source('staff-directory', {
  async *paths(ctx) {
    for (const d of await shared.directory(ctx))
      yield { params: { slug: d.slug }, record: `department ${d.id} (slug "${d.slug}")` };
  },
  async load(ctx, params) {
    const departments = await shared.directory(ctx);
    const department = departments.find((d) => d.slug === str(params, 'slug'));
    if (!department) return { skip: `department "${str(params, 'slug')}" is gone` };
    return {
      data: { departments, department },
      head: {
        title: `${department.name} – Staff Directory`,
        description: `Contact the ${department.name} staff.`,
        image: null,
        type: 'website',
      },
    };
  },
});

const staffProfile = source('staff-profile', {
  async *paths(ctx) {
    const seen = new Set<string>();
    for (const d of await shared.directory(ctx)) {
      for (const m of d.members) {
        if (seen.has(m.slug)) continue;
        seen.add(m.slug);
        yield { params: { slug: m.slug }, record: `staff member ${m.id} (slug "${m.slug}")` };
      }
    }
  },
  async load(ctx, params) {
    const member = await ctx.api.staffMember(str(params, 'slug'));
    const departments = (await shared.directory(ctx))
      .filter((d) => member.department_ids.includes(d.id))
      .map((d) => ({ slug: d.slug, name: d.name }));
    return {
      data: { member, departments },
      head: {
        title: `${member.full_name} – ${member.title}`,
        description: `${member.full_name}, ${member.title}.`,
        image: member.photo,
        type: 'profile',
      },
    };
  },
});

const videos = source('videos', {
  paths: single,
  async load(ctx) {
    const list = await ctx.api.videos({ per_page: 48 });
    return {
      data: { sport: null, videos: list.data, total: list.meta.pagination.total },
      head: {
        title: 'Videos',
        description: `Highlights and features from ${ctx.site.settings.current_team_name} athletics.`,
        image: null,
        type: 'website',
      },
    };
  },
});

const galleries = source('galleries', {
  paths: single,
  async load(ctx) {
    const list = await ctx.api.galleries({ per_page: 48 });
    return {
      data: { sport: null, galleries: list.data, total: list.meta.pagination.total },
      head: {
        title: 'Photo Galleries',
        description: `Photos from ${ctx.site.settings.current_team_name} games and events.`,
        image: null,
        type: 'website',
      },
    };
  },
});

const gallery = source('gallery', {
  paths(ctx) {
    return every(
      (page) => ctx.api.galleries({ per_page: 100, page }),
      (g) => ({ params: { slug: g.slug }, record: `gallery ${g.id} (slug "${g.slug}")` }),
    );
  },
  async load(ctx, params) {
    const found = await ctx.api.gallery(str(params, 'slug'));
    return {
      data: { gallery: found },
      head: { title: found.title, description: describe(found.description, null), image: found.cover, type: 'article' },
    };
  },
});

const contentPage = source('content-page', {
  async *paths(ctx) {
    // The home page's and sport pages' block sources are shown there, not at a path of their own.
    const embedded = new Set([ctx.site.settings.homepage_static_page?.id, ctx.site.settings.sport_static_page?.id]);
    for await (const p of allPages((page) => ctx.api.pages({ per_page: 100, page }))) {
      if (!embedded.has(p.id)) yield { params: { slug: p.slug.split('/') }, record: `page ${p.id} (slug "${p.slug}")` };
    }
  },
  async load(ctx, params) {
    const path = (params.slug as string[]).join('/');
    try {
      const page = await ctx.api.pageBySlug(path);
      return {
        data: { page, forms: await formsOf(ctx, page.blocks) },
        head: {
          title: page.title,
          description: describe(page.meta_description ?? page.summary, null),
          image: null,
          type: 'website',
          noindex: page.password_protected,
        },
      };
    } catch (error) {
      if (isFieldhouseError(error) && error.status === 404) return { skip: `page "${path}" is gone` };
      throw error;
    }
  },
});

export const sitePages = {
  index: home,
  'all-sports-schedule': allSportsSchedule,
  'broadcast-guide': broadcastGuide,
  'article-preview-id': preview('article-preview', 'preview', 'Article preview'),
  'article-revision-id': preview('article-preview', 'revision', 'Article revision'),
  'page-preview-id': preview('page-preview', 'preview', 'Page preview'),
  'page-revision-id': preview('page-preview', 'revision', 'Page revision'),
  'boxscore-id': boxscore,
  'documents-uuid': documents,
  news,
  'news-page-page': newsPage,
  'news-year': newsYear,
  'news-year-month-day-slug': article,
  search,
  'staff-slug': staffProfile,
  'staff-directory': staffDirectory,
  'staff-directory-department-slug': staffDepartment,
  videos,
  'photo-galleries': galleries,
  'photo-galleries-slug': gallery,
  slug: contentPage,
};
