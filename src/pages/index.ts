/**
 * Every route family of the site, and what is derived from them: the route table, each route's page source,
 * each template's binding, and the template names and page data types the contract (src/contract) uses. Add a
 * family here; nothing else lists routes or templates (see README.md in this folder).
 */
import type { SiteData } from '../contract/index.ts';
import type { RouteSpec } from '../routes/table.ts';
import type { SearchDoc } from '../search/writer.ts';
import type { DataOf, FileRouteDef, PageContext, PageRef, PageSource, TemplateBinding } from './define.ts';
import content from './families/content.ts';
import documents from './families/documents.ts';
import events from './families/events.ts';
import home from './families/home.ts';
import media from './families/media.ts';
import news from './families/news.ts';
import previews from './families/previews.ts';
import roster from './families/roster.ts';
import schedule from './families/schedule.ts';
import search from './families/search.ts';
import sport from './families/sport.ts';
import staff from './families/staff.ts';
import stats from './families/stats.ts';

export const FAMILIES = [
  home,
  events,
  news,
  sport,
  roster,
  schedule,
  stats,
  media,
  staff,
  content,
  documents,
  search,
  previews,
] as const;

type Family = (typeof FAMILIES)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Bindings = UnionToIntersection<Family['templates']>;

/** The templates that render pages: one component each, in templates/pages/<name>.tsx. */
export type PageTemplateName = keyof Bindings & string;
/** Every payload's `template`: a page template, or 'document' (an error document or a file, no component). */
export type TemplateName = PageTemplateName | 'document';
/** The data each template's pages carry: what its route sources load and its component renders. */
export type PageDataMap = { [K in PageTemplateName]: DataOf<Bindings[K]> } & { document: Record<string, never> };

/** How a route's paths are listed and, unless it is a file, its pages loaded. */
export type RouteSource = PageSource<unknown> | FileRouteDef['source'];

function specOf(route: Family['routes'][number]): RouteSpec {
  return {
    name: route.name,
    pattern: route.pattern,
    params: route.params ?? {},
    template: route.template,
    render: route.render ?? 'static',
    ...(route.validate ? { validate: route.validate } : {}),
  };
}

/** THE route table: every route of every family, as plain data (the browser gets it injected, see bundle.ts). */
export const ROUTES: readonly RouteSpec[] = FAMILIES.flatMap((f) => f.routes.map(specOf));

const sources = new Map<string, RouteSource>(FAMILIES.flatMap((f) => f.routes.map((r) => [r.name, r.source] as const)));
const templates = new Map<string, TemplateBinding<never>>(
  FAMILIES.flatMap((f) => Object.entries<TemplateBinding<never>>(f.templates)),
);

/** The templates that render pages, by name. */
export const PAGE_TEMPLATES: readonly PageTemplateName[] = [...templates.keys()] as PageTemplateName[];

/** A route's source: where its pages (or files) come from. */
export function sourceOf(route: string): RouteSource {
  const found = sources.get(route);
  if (!found) throw new Error(`No route named "${route}" in src/pages`);
  return found;
}

/** A page template's binding (component, lastmod, search document). */
export function templateOf(name: string): TemplateBinding<never> {
  const found = templates.get(name);
  if (!found) throw new Error(`No template named "${name}" in src/pages`);
  return found;
}

/** What the build derives from a loaded page of a template: its sitemap lastmod and search document. */
export function derivedOf(
  name: string,
  data: unknown,
  path: string,
  site: SiteData,
  search: boolean,
): { lastmod: string | null; searchDoc: SearchDoc | null } {
  const binding = templateOf(name);
  // The data is what this template's own source loaded (the binding and the source are tied by their types).
  const own = data as never;
  return {
    lastmod: binding.lastmod?.(own) ?? null,
    searchDoc: search ? (binding.searchDoc?.(own, path, site) ?? null) : null,
  };
}

export type { PageContext, PageRef };
