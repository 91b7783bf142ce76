/** Content pages: static and password-protected pages at any path the CMS gives them (/about/history …). */
import { allPages } from '../../api/endpoints.ts';
import type * as S from '../../api/schemas/index.ts';
import { isFieldhouseError } from '../../errors/error.ts';
import { family, template, type PageContext } from '../define.ts';
import { describe, formsOf } from '../shared.ts';

export interface ContentPageData {
  page: S.ContentPage;
  /** Forms its form blocks name, by id. */
  forms: Record<string, S.Form>;
  /** The pages above it in the path that the site has (its breadcrumbs), outermost first. */
  ancestors: { path: string; title: string }[];
}

/** The home page's and sport pages' block sources: shown there, not at a path of their own. */
const embeddedPages = (ctx: PageContext) =>
  new Set([ctx.site.settings.homepage_static_page?.id, ctx.site.settings.sport_static_page?.id]);

/** Every content page's title by slug, once per worker: breadcrumbs link only to pages that exist. */
const titlesBySlug = (ctx: PageContext) =>
  ctx.memo.run('content-page-titles', async ({ api }) => {
    const titles = new Map<string, string>();
    const embedded = embeddedPages(ctx);
    for await (const p of allPages((page) => api.pages({ per_page: 100, page })))
      if (!embedded.has(p.id)) titles.set(p.slug, p.title);
    return titles;
  });

async function ancestorsOf(ctx: PageContext, slug: string): Promise<ContentPageData['ancestors']> {
  const parts = slug.split('/');
  if (parts.length < 2) return [];
  const titles = await titlesBySlug(ctx);
  return parts.slice(0, -1).flatMap((_, i) => {
    const above = parts.slice(0, i + 1).join('/');
    const title = titles.get(above);
    return title ? [{ path: `/${above}`, title }] : [];
  });
}

export default family({
  name: 'content',
  templates: {
    'content-page': template<ContentPageData>({
      component: () => import('../../../templates/pages/content-page.tsx'),
      lastmod: (data) => data.page.updated_at,
      searchDoc({ page }, path) {
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
      },
    }),
  },
  routes: [
    {
      name: 'slug',
      pattern: '/:slug+',
      params: { slug: 'slugList' },
      template: 'content-page',
      source: {
        async *paths(ctx) {
          const embedded = embeddedPages(ctx);
          for await (const p of allPages((page) => ctx.api.pages({ per_page: 100, page }))) {
            if (!embedded.has(p.id))
              yield { params: { slug: p.slug.split('/') }, label: `page ${p.id} (slug "${p.slug}")` };
          }
        },
        async load(ctx, params) {
          const path = (params.slug as string[]).join('/');
          try {
            const page = await ctx.api.pageBySlug(path);
            return {
              data: { page, forms: await formsOf(ctx, page.blocks), ancestors: await ancestorsOf(ctx, path) },
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
      },
    },
  ],
});
