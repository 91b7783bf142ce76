/** Videos and photo galleries: the site's and each sport's lists, and each gallery. */
import type * as S from '../../api/schemas/index.ts';
import type { SportPage } from '../../contract/index.ts';
import { family, template } from '../define.ts';
import { describe, every, perSport, single, sportPage, str } from '../shared.ts';

/** Videos and galleries shown on a list page. */
const MEDIA_ON_A_PAGE = 48;

export interface VideosData {
  sport: SportPage | null;
  videos: S.Video[];
  total: number;
}

export interface GalleriesData {
  sport: SportPage | null;
  galleries: S.GallerySummary[];
  total: number;
}

export interface GalleryData {
  gallery: S.Gallery;
}

export default family({
  name: 'media',
  templates: {
    videos: template<VideosData>({ component: () => import('../../../templates/pages/videos.tsx') }),
    galleries: template<GalleriesData>({ component: () => import('../../../templates/pages/galleries.tsx') }),
    gallery: template<GalleryData>({
      component: () => import('../../../templates/pages/gallery.tsx'),
      lastmod: (data) => data.gallery.date,
    }),
  },
  routes: [
    {
      name: 'sports-sport-videos',
      pattern: '/sports/:sport/videos',
      params: { sport: 'slug' },
      template: 'videos',
      source: {
        paths: (ctx) => perSport(ctx),
        async load(ctx, params) {
          const page = await sportPage(ctx, str(params, 'sport'));
          const list = await ctx.api.videos({ sport_id: page.sport.id, per_page: MEDIA_ON_A_PAGE });
          return {
            data: { sport: { sport: page.sport }, videos: list.data, total: list.meta.pagination.total },
            head: {
              title: `${page.sport.name} Videos`,
              description: `${page.sport.name} highlights and features.`,
              image: null,
              type: 'website',
            },
          };
        },
      },
    },
    {
      name: 'sports-sport-photo-galleries',
      pattern: '/sports/:sport/photo-galleries',
      params: { sport: 'slug' },
      template: 'galleries',
      source: {
        paths: (ctx) => perSport(ctx),
        async load(ctx, params) {
          const page = await sportPage(ctx, str(params, 'sport'));
          const list = await ctx.api.galleries({ sport_id: page.sport.id, per_page: MEDIA_ON_A_PAGE });
          return {
            data: { sport: { sport: page.sport }, galleries: list.data, total: list.meta.pagination.total },
            head: {
              title: `${page.sport.name} Photo Galleries`,
              description: `${page.sport.name} photos.`,
              image: null,
              type: 'website',
            },
          };
        },
      },
    },
    {
      name: 'videos',
      pattern: '/videos',
      template: 'videos',
      source: {
        paths: single,
        async load(ctx) {
          const list = await ctx.api.videos({ per_page: MEDIA_ON_A_PAGE });
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
      },
    },
    {
      name: 'photo-galleries',
      pattern: '/photo-galleries',
      template: 'galleries',
      source: {
        paths: single,
        async load(ctx) {
          const list = await ctx.api.galleries({ per_page: MEDIA_ON_A_PAGE });
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
      },
    },
    {
      name: 'photo-galleries-slug',
      pattern: '/photo-galleries/:slug',
      params: { slug: 'slug' },
      template: 'gallery',
      source: {
        paths(ctx) {
          return every(
            (page) => ctx.api.galleries({ per_page: 100, page }),
            (g) => ({ params: { slug: g.slug }, label: `gallery ${g.id} (slug "${g.slug}")` }),
          );
        },
        async load(ctx, params) {
          const found = await ctx.api.gallery(str(params, 'slug'));
          return {
            data: { gallery: found },
            head: {
              title: found.title,
              description: describe(found.description, null),
              image: found.cover,
              type: 'article',
            },
          };
        },
      },
    },
  ],
});
