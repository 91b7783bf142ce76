import { PARAM_RULES, VALIDATORS, type Params } from './params.ts';
import { buildPath, matchSegments, parsePattern, type Segment } from './pattern.ts';
import { compareRoutes } from './priority.ts';
import type { RouteSpec } from './table.ts';

export interface CompiledRoute {
  spec: RouteSpec;
  segments: Segment[];
}

/** The outcome of resolving a path. Not-found is data, not an exception. */
export type RouteMatch =
  | { type: 'match'; route: RouteSpec; params: Params; path: string }
  | { type: 'invalid'; route: RouteSpec; params: Params; path: string; reason: string }
  | { type: 'none'; path: string };

export interface Router {
  routes: readonly CompiledRoute[];
  /** Match a normalised path (lowercase, no trailing slash, no query). */
  match(path: string): RouteMatch;
  /** The concrete path of a route for params (checked against its rules). */
  pathFor(routeName: string, params: Params): string;
  /** Check params against a route's rules and validator; the reason when they fail. */
  check(route: RouteSpec, params: Params): string | null;
}

/** Compile the route table once: patterns parsed and ranked by specificity. */
export function createRouter(table: readonly RouteSpec[]): Router {
  const routes: CompiledRoute[] = table
    .map((spec) => ({ spec, segments: parsePattern(spec.pattern) }))
    // Equally specific routes never match the same path (tested); the pattern orders them, whatever the declaration.
    .sort((a, b) => compareRoutes(a.segments, b.segments) || (a.spec.pattern < b.spec.pattern ? -1 : 1));
  const byName = new Map(routes.map((route) => [route.spec.name, route]));

  const check = (route: RouteSpec, params: Params): string | null => {
    for (const [name, rule] of Object.entries(route.params)) {
      const value = params[name];
      if (value === undefined || !PARAM_RULES[rule](value))
        return `parameter "${name}" ${Array.isArray(value) ? `"${value.join('/')}"` : `"${value ?? ''}"`} is not a valid ${rule}`;
    }
    if (route.validate && VALIDATORS[route.validate](params) !== true) return `validation "${route.validate}" failed`;
    return null;
  };

  return {
    routes,
    check,
    match(path) {
      const parts = path.split('/').filter(Boolean).map(safeDecode);
      for (const route of routes) {
        const params = matchSegments(route.segments, parts);
        if (!params) continue;
        const reason = check(route.spec, params);
        return reason
          ? { type: 'invalid', route: route.spec, params, path, reason }
          : { type: 'match', route: route.spec, params, path };
      }
      return { type: 'none', path };
    },
    pathFor(routeName, params) {
      const route = byName.get(routeName);
      if (!route) throw new Error(`No route named "${routeName}"`);
      const reason = check(route.spec, params);
      if (reason) throw new Error(`Route ${routeName}: ${reason}`);
      return buildPath(route.segments, params);
    },
  };
}

/**
 * The routes in the order the router tries them (most specific first): what lists routes in the output uses it,
 * so the output does not depend on the order routes are declared in.
 */
export function rankedRoutes(table: readonly RouteSpec[]): RouteSpec[] {
  return createRouter(table).routes.map((route) => route.spec);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
