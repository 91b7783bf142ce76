import type { RouteSpec } from './table.ts';

declare const __FH_ROUTES__: readonly RouteSpec[] | undefined;

/**
 * The route table in code the browser runs too (the runtime, the templates' links): injected as data by the
 * bundler (src/build/bundle.ts, from src/pages) and by the test runner (vitest.config.ts), so the browser gets
 * the routes without the page sources. Node code that plans or serves pages imports `ROUTES` from src/pages.
 */
export const ROUTE_TABLE: readonly RouteSpec[] =
  typeof __FH_ROUTES__ !== 'undefined'
    ? __FH_ROUTES__
    : (() => {
        throw new Error(
          'The route table is injected at bundle time (__FH_ROUTES__): import ROUTES from src/pages/index.ts in Node code.',
        );
      })();
