/** Search: one shell the browser fills from the static index (or the API's /search). */
import { family, template } from '../define.ts';
import { single } from '../shared.ts';

/** The search page holds no data: the query is in its address, the results come at run time. */
export type SearchData = Record<string, never>;

export default family({
  name: 'search',
  templates: {
    search: template<SearchData>({ component: () => import('../../../templates/pages/search.tsx') }),
  },
  routes: [
    {
      name: 'search',
      pattern: '/search',
      render: 'client',
      template: 'search',
      source: {
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
      },
    },
  ],
});
