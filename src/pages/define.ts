/**
 * How a route family is written: its routes (pattern, parameter rules, how each is rendered), the page source
 * of each route (which pages exist, what data each shows), and its templates (the component, and what the build
 * derives from a page: sitemap lastmod, search document). One module per family, in this folder; index.ts lists
 * them, and every registry the build and the browser use is derived from that list (see README.md).
 */
import type { ReactNode } from 'react';
import type { ContentApi } from '../api/endpoints.ts';
import type { HeadData, SiteData } from '../contract/index.ts';
import type { Router } from '../routes/match.ts';
import type { ParamRule, Params, ValidatorName } from '../routes/params.ts';
import type { RenderMode } from '../routes/table.ts';
import type { SearchDoc } from '../search/writer.ts';
import type { ContentResource } from '../webhooks/change.ts';

/** What page sources get: the API, site-wide data, the router, a shared answer cache, and a way to warn. */
export interface PageContext {
  api: ContentApi;
  site: SiteData;
  router: Router;
  memo: PageMemo;
  /** Called for records the build skips (invalid slug, missing item): they become warnings. */
  warn(message: string): void;
}

/**
 * Answers many pages share (a sport, a season's roster), loaded once per key. `load` reads through the context it is
 * given, never its caller's: an incremental build records what a shared answer read under its key (the build's
 * deps/recorder.ts), for every page that uses the key, whether it loaded the answer or found it loaded.
 */
export interface PageMemo {
  run<T>(key: string, load: (ctx: PageContext) => Promise<T>): Promise<T>;
}

/** One page a route's source lists: its parameters, and a label naming its record for messages. */
export interface PageRef {
  params: Params;
  /** The API record it comes from, in words: `article 12 (slug "x")`. */
  label: string;
  /** The id of the record the page is of, on a route of one page per record (PageSource.records). */
  record?: number;
}

/** What loading a page gives: its data and head, or why there is no page after all. */
export type Loaded<D> = { data: D; head: HeadData } | { skip: string };

/** How a route's pages are listed (`paths`) and loaded (`load`), through the content API. */
export interface PageSource<D> {
  paths(ctx: PageContext): AsyncIterable<PageRef>;
  load(ctx: PageContext, params: Params): Promise<Loaded<D>>;
  /**
   * A route of one page per public record of a kind, whose `paths` lists every such record once and reads nothing
   * else, each page with its `record`: the page of one record, asked of the API alone (null: the record is in no
   * public list now). An incremental build whose changes that touch the route's listing are all of such records asks
   * for the changed ones this way and keeps the previous plan's other pages (src/build/plan.ts), instead of listing
   * every record again.
   */
  records?: { resource: ContentResource; page(ctx: Omit<PageContext, 'memo'>, id: number): Promise<PageRef | null> };
}

/** A page component: its data, the site data, and the page's whole payload. */
export type PageComponent<D> = (props: { data: D; site: SiteData; payload: never }) => ReactNode;

/**
 * A template: its component, in `templates/pages/<name>.tsx` under the template's name (the browser loads that
 * file as the template's chunk; a test checks the two agree), and what the build derives from a page of it.
 */
export interface TemplateBinding<D> {
  component: () => Promise<{ default: PageComponent<D> }>;
  /** When the page's content last changed, for the sitemap; none: the sitemap gives no lastmod. */
  lastmod?: (data: D) => string | null;
  /** What the search index says about the page; none: the page is not a search result of its own. */
  searchDoc?: (data: D, path: string, site: SiteData) => SearchDoc | null;
}

/** Declares a template with its data type. */
export function template<D>(binding: TemplateBinding<D>): TemplateBinding<D> {
  return binding;
}

/** The data type of a template binding. */
export type DataOf<B> = B extends TemplateBinding<infer D> ? D : never;

/** What every route of the table says, whatever its family (plain data, serialisable). */
interface RouteBase {
  /** Stable route name (behaviour §2 names where given). */
  name: string;
  /** Path pattern: `:name` a segment, `:name.pdf` a segment with a fixed suffix, `:name+` one or more segments. */
  pattern: string;
  params?: Readonly<Record<string, ParamRule>>;
  /** Default 'static'. */
  render?: RenderMode;
  validate?: ValidatorName;
}

/** A route of a family with templates `T`: the template it renders with, and its source of that template's data. */
export type RouteDef<T extends Record<string, TemplateBinding<never>>> = {
  [K in keyof T & string]: RouteBase & { template: K; source: PageSource<DataOf<T[K]>> };
}[keyof T & string];

/**
 * A route whose paths are files the API serves (documents), copied into the site as they are: no template, no
 * payload. Its pages' payload template is 'document', as error documents' is.
 */
export type FileRouteDef = RouteBase & {
  render: 'file';
  template: 'document';
  source: { paths(ctx: PageContext): AsyncIterable<PageRef> };
};

export interface Family<T extends Record<string, TemplateBinding<never>>> {
  /** A name for messages and docs: "news", "roster" … */
  name: string;
  templates: T;
  routes: readonly (RouteDef<T> | FileRouteDef)[];
}

/**
 * Declare a route family. Types tie each route's source to its template's data, so a route without a source, a
 * source of the wrong data or a template without a component fails to compile.
 */
export function family<const T extends Record<string, TemplateBinding<never>>>(spec: Family<T>): Family<T> {
  return spec;
}
