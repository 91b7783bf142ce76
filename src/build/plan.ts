import { isFieldhouseError } from '../errors/error.ts';
import type { Router } from '../routes/match.ts';
import type { Params } from '../routes/params.ts';
import { ROUTES, type RouteSpec } from '../routes/table.ts';
import { unsafeParam } from './output.ts';
import { PAGE_SOURCES, type PageContext } from './pages/index.ts';

/** One page the build will write. */
export interface PlannedPage {
  route: RouteSpec;
  params: Params;
  /** The site path, e.g. /sports/football/roster. Shells of client routes live under /_shells/. */
  path: string;
  /** The API record it comes from, for messages. */
  record: string;
}

export interface PlanResult {
  pages: PlannedPage[];
  /** Records refused as unsafe (they would write outside out/): build errors. */
  refused: { path: string; record: string; message: string }[];
}

export const SHELL_ROOT = '/_shells';

/** Client-rendered routes with parameters get one shell each; hosts rewrite their paths to it. */
export function shellPath(route: RouteSpec): string {
  return Object.keys(route.params).length === 0 ? route.pattern : `${SHELL_ROOT}/${route.name}`;
}

/**
 * List every page of every route from the API into `into` as they are found, so loading starts at once. Routes
 * are listed concurrently (the API client bounds the requests). Invalid records are skipped with a warning that
 * names them; unsafe ones are returned as refused.
 */
export async function planPages(ctx: PageContext, router: Router, into: { push(page: PlannedPage): void }): Promise<PlanResult['refused']> {
  const seen = new Set<string>();
  const refused: PlanResult['refused'] = [];
  const sink = (page: PlannedPage) => {
    if (seen.has(page.path)) return;
    seen.add(page.path);
    into.push(page);
  };
  await Promise.all(ROUTES.map(async (route) => refused.push(...(await planRoute(ctx, router, route, sink)))));
  return refused;
}

async function planRoute(ctx: PageContext, router: Router, route: RouteSpec, sink: (page: PlannedPage) => void): Promise<PlanResult['refused']> {
  const refused: PlanResult['refused'] = [];
  const pages = { push: sink };
  const source = PAGE_SOURCES[route.name];
  if (!source) throw new Error(`Route "${route.name}" has no page source in src/build/pages`);
  if (route.render === 'client') {
    sink({ route, params: {}, path: shellPath(route), record: `shell of ${route.name}` });
    return refused;
  }
  {
    try {
      for await (const { params, record } of source.paths(ctx)) {
        const bad = Object.entries(params).find(([, value]) => unsafeParam(value));
        if (bad) {
          refused.push({ path: `${route.pattern} (${bad[0]}=${JSON.stringify(bad[1])})`, record, message: `Refused ${record}: its ${bad[0]} ${JSON.stringify(bad[1])} would resolve outside the output folder.` });
          continue;
        }
        const reason = router.check(route, params);
        if (reason) {
          ctx.warn(`skipped ${record}: ${reason} (route ${route.name})`);
          continue;
        }
        const path = router.pathFor(route.name, params);
        const match = router.match(path);
        if (match.type !== 'match' || match.route.name !== route.name) {
          ctx.warn(`skipped ${record}: its path ${path} belongs to route ${match.type === 'none' ? '(none)' : match.route.name}, which takes precedence`);
          continue;
        }
        pages.push({ route, params, path, record });
      }
    } catch (error) {
      if (isFieldhouseError(error) && error.status === 404) {
        ctx.warn(`route ${route.name}: a listing answered 404 (${error.message}); its pages are skipped`);
        return refused;
      }
      throw error;
    }
  }
  return refused;
}
