import type { Memo } from './memo.ts';
import pLimit from 'p-limit';
import { isFieldhouseError } from '../errors/error.ts';
import { createDepsRecorder } from './deps/recorder.ts';
import { touchTest } from './deps/touch.ts';
import type { ChangedRecord } from '../webhooks/change.ts';
import { SHELLS_DIR } from '../output/layout.ts';
import { unsafeParam } from '../output/writer.ts';
import type { PageRef } from '../pages/define.ts';
import { ROUTES, sourceOf, type PageContext } from '../pages/index.ts';
import type { Router } from '../routes/match.ts';
import type { Params } from '../routes/params.ts';
import type { RouteSpec } from '../routes/table.ts';
import { heapCheckpoint } from '../util/heap-keeper.ts';
import { createTextSpool } from '../util/line-files.ts';
import { createPathSet } from '../util/path-set.ts';

/** One page (or file) the build will write. */
export interface PlannedPage {
  route: RouteSpec;
  params: Params;
  /** The site path, e.g. /sports/football/roster. Shells of client routes live under /_shells/. */
  path: string;
  /** The API record it comes from, in words, for messages. */
  label: string;
  /** The record's id, on a route of one page per record (PageSource.records). */
  record?: number;
}

/** A record refused as unsafe (it would write outside out/): a build error. */
export interface RefusedRecord {
  path: string;
  label: string;
  message: string;
}

export interface PlanOptions {
  /** The API, the site, a way to warn (the context's memo is not used: `memo` keeps what listings share). */
  ctx: Omit<PageContext, 'memo'>;
  memo: Memo;
  router: Router;
  /**
   * Where each planned page goes, as soon as it is found (the pages stage starts at once); and, in an incremental
   * build, each page of the previous build's plan that a route listed again no longer lists (`gone`).
   */
  into: { push(page: PlannedPage): void; gone?(path: string): void };
  /**
   * An incremental build: the previous build's plan, and whether the changes touch what listing a route read. A
   * route they do not touch is replayed from it (its warnings, and those of its pages the build does not `keep`
   * where they are), with no API call. Its pages are not even read when `whole` says they all stay (no change touched
   * one of them): the route is replayed as a count, and the build keeps them with the rest of the build cache's pages
   * (index.ts, keptView). `pagesOf` lists a route's pages from the build cache's pages, for a route the plan has no
   * line for.
   */
  previous?: {
    routes: ReadonlyMap<string, CachedRoute>;
    touches(deps: readonly string[]): boolean;
    whole(route: RouteSpec): boolean;
    keeps(route: RouteSpec, path: string): boolean;
    pagesOf(route: string): Iterable<string>;
    /**
     * The changes that can move a record in or out of a list: a route of one page per record (PageSource.records)
     * that only changes of its records touch asks for those records alone, and keeps its other pages (patchRoute).
     */
    changed?: readonly ChangedRecord[];
  } | null;
  /**
   * Each route's plan as a line of the build cache's plan.jsonl (not called for a route that refused a record): a
   * replayed route's line as it was.
   */
  record?(line: string | Buffer | readonly (string | Buffer)[]): void;
}

/** A page of a route's plan line: `[params, path, label]`, with the record's id on a route of one page per record. */
export type PlannedRouteLine = [Params, string, string] | [Params, string, string, number];

/** One route's part of a plan, as the build cache keeps it (deps/cache.ts, plan.jsonl). */
export interface PlannedRoute {
  route: string;
  /** What listing its pages read from the API (deps/recorder.ts). */
  deps: string[];
  /** Its pages: `[params, path, label]`, and the record's id on a route of one page per record. */
  pages: PlannedRouteLine[];
  /** What listing them warned of (skipped records), said again when the route is replayed. */
  warnings: string[];
}

/**
 * A route's plan as a build cache holds it: its deps and warnings, its pages when asked for (parsed then: a route
 * replayed as a count never is), and its line as written (a replayed route passes it on).
 */
export interface CachedRoute {
  deps: string[];
  warnings: string[];
  /** Throws, naming the file and line, when the line is garbled past its start. */
  pages(): PlannedRoute['pages'];
  /** Its line's UTF-8 bytes, without the newline. */
  line: Buffer;
}

export interface PlanResult {
  refused: RefusedRecord[];
  /** Routes replayed from the previous build's plan (`counted` of them without reading their pages). */
  replayed: number;
  counted: number;
  /** Routes of one page per record whose changed records were asked for alone, their other pages kept (patchRoute). */
  patched: number;
}

/**
 * Routes listed at once. Listing is ten times faster than rendering, so a few at a time keep well ahead of it,
 * and only their listing pages (large article pages among them) are in memory at once.
 */
const ROUTES_AT_ONCE = 4;

/** Pages a replayed route lists between two turns of the event loop. */
const REPLAY_TURN_PAGES = 1024;

/**
 * Changed records beyond which a route of one page per record is listed again, not asked for record by record: a
 * listing answers 100 records a call.
 */
const PATCH_RECORDS_MAX = 64;

const routesByName = new Map(ROUTES.map((route) => [route.name, route]));

/** A planned page as one line of text (its route by name), for the pages that wait their turn on disk. */
export const plannedPageCodec = {
  encode: (page: PlannedPage): string => JSON.stringify([page.route.name, page.params, page.path, page.label]),
  decode(line: string): PlannedPage {
    const [name, params, path, label] = JSON.parse(line) as [string, Params, string, string];
    const route = routesByName.get(name);
    if (!route) throw new Error(`A planned page names the unknown route "${name}"`);
    return { route, params, path, label };
  },
};

/** Client-rendered routes with parameters get one shell each; hosts rewrite their paths to it. */
export function shellPath(route: RouteSpec): string {
  return Object.keys(route.params).length === 0 ? route.pattern : `/${SHELLS_DIR}/${route.name}`;
}

/**
 * List every page of every route from the API into `into` as they are found, so loading starts at once. Routes
 * are listed ROUTES_AT_ONCE at a time, each a listing page at a time. Invalid records are skipped with a warning
 * that names them; unsafe ones are returned as refused.
 */
export async function planPages({ ctx, memo, router, into, previous, record }: PlanOptions): Promise<PlanResult> {
  // A listing may name a record twice (content changing between its pages): each path is planned once.
  const seen = createPathSet();
  const refused: RefusedRecord[] = [];
  const sink = (page: PlannedPage) => {
    if (seen.add(page.path)) into.push(page);
  };
  const recorder = createDepsRecorder(memo);
  let replayed = 0;
  let counted = 0;
  let patched = 0;
  /** A route's pages in the previous plan (null: none, or its line cannot be read: the route is listed again). */
  const previousPages = (route: RouteSpec, cached: CachedRoute | undefined) => {
    if (!cached) return null;
    try {
      return cached.pages();
    } catch (error) {
      ctx.warn(`incremental build: route ${route.name} is listed again (${(error as Error).message})`);
      return null;
    }
  };
  const plan = async (route: RouteSpec) => {
    const cached = previous?.routes.get(route.name);
    // Its pages in the previous plan, read once when needed (undefined: not read yet).
    let before: PlannedRoute['pages'] | null | undefined;
    const readBefore = () => (before === undefined ? (before = previousPages(route, cached)) : before);
    if (cached && !previous!.touches(cached.deps) && (previous!.whole(route) || readBefore())) {
      replayed++;
      for (const warning of cached.warnings) ctx.warn(warning);
      record?.(cached.line);
      if (!before) return void counted++;
      let replayedPages = 0;
      for (const [params, path, label] of before) {
        if (previous!.keeps(route, path)) continue;
        sink({ route, params, path, label });
        // The event loop gets a turn now and then: the render threads' asks (image info for the pages they build)
        // are answered while a long list is replayed, not after it.
        if (++replayedPages % REPLAY_TURN_PAGES === 0) await new Promise(setImmediate);
      }
      return;
    }
    if (cached && previous?.changed) {
      const before = readBefore();
      const patch = before && (await patchRoute(ctx, router, route, cached, before, previous.changed));
      if (patch) {
        patched++;
        refused.push(...patch.refused);
        if (patch.refused.length === 0)
          record?.(
            JSON.stringify({ route: route.name, deps: patch.deps, pages: patch.pages, warnings: patch.warnings }),
          );
        for (const warning of patch.warnings) ctx.warn(warning);
        let sunk = 0;
        for (const [params, path, label, id] of patch.pages) {
          if (id !== undefined && !patch.asked.has(id) && previous.keeps(route, path)) continue;
          sink({ route, params, path, label, record: id });
          if (++sunk % REPLAY_TURN_PAGES === 0) await new Promise(setImmediate);
        }
        // Gone: a changed record's previous page that no page of the route has now (the others are listed as they
        // were; a path is looked for among all 25,000 only for those few).
        if (into.gone)
          for (const [, path, , id] of before)
            if (patch.asked.has(id!) && !patch.pages.some(([, listed]) => listed === path)) into.gone(path);
        return;
      }
    }
    const warnings: string[] = [];
    // The route's pages as its plan line holds them, as bytes (linePieces): the largest route of demo scale 20 (the
    // players of every season, 85,600 pages) held as tuples was tens of MB of the main thread's heap while it was
    // planned, and its line then a string of 20 MB more.
    const pages = createTextSpool();
    let listed = 0;
    // Their paths, for the pages gone since the previous plan (an incremental build's).
    const paths = previous && into.gone ? new Set<string>() : null;
    const routeCtx = {
      ...ctx,
      warn(message: string) {
        warnings.push(message);
        ctx.warn(message);
      },
    };
    const { result, deps } = await recorder.track(routeCtx, (recording) =>
      planRoute(recording, router, route, (page) => {
        if (listed++) pages.append(',');
        pages.append(JSON.stringify(lineOf(page)));
        paths?.add(page.path);
        sink(page);
      }),
    );
    refused.push(...result);
    if (result.length === 0) record?.(linePieces(route.name, deps, pages.pieces(), warnings));
    // The pages the route listed before and does not now: gone from the output.
    if (paths) {
      const listedBefore = readBefore()?.map(([, path]) => path) ?? previous!.pagesOf(route.name);
      for (const path of listedBefore) if (!paths.has(path)) into.gone!(path);
    }
  };
  const limit = pLimit(ROUTES_AT_ONCE);
  await Promise.all(ROUTES.map((route) => limit(() => plan(route))));
  return { refused, replayed, counted, patched };
}

async function planRoute(
  ctx: PageContext,
  router: Router,
  route: RouteSpec,
  sink: (page: PlannedPage) => void,
): Promise<RefusedRecord[]> {
  const refused: RefusedRecord[] = [];
  if (route.render === 'client') {
    sink({ route, params: {}, path: shellPath(route), label: `shell of ${route.name}` });
    return refused;
  }
  try {
    for await (const ref of sourceOf(route.name).paths(ctx)) {
      // A listing's records are placed in microtasks, one after the other, where the main thread's heap keeper's
      // timer cannot run: at demo scale 20 the heap grew to 195 MB, three quarters of it garbage, while a route placed
      // its tens of thousands of pages. It looks in between (util/heap-keeper.ts).
      heapCheckpoint();
      const placed = placeRef(ctx, router, route, ref);
      if (placed && 'message' in placed) refused.push(placed);
      else if (placed) sink(placed);
    }
  } catch (error) {
    if (isFieldhouseError(error) && error.status === 404) {
      ctx.warn(`route ${route.name}: a listing answered 404 (${error.message}); its pages are skipped`);
      return refused;
    }
    throw error;
  }
  return refused;
}

/**
 * A listed record's page: refused when a parameter would write outside the output, skipped with a warning (null)
 * when the route's rules or a route that takes precedence refuse its path.
 */
function placeRef(
  ctx: Pick<PageContext, 'warn'>,
  router: Router,
  route: RouteSpec,
  { params, label, record }: PageRef,
): PlannedPage | RefusedRecord | null {
  const bad = Object.entries(params).find(([, value]) => unsafeParam(value));
  if (bad)
    return {
      path: `${route.pattern} (${bad[0]}=${JSON.stringify(bad[1])})`,
      label,
      message: `Refused ${label}: its ${bad[0]} ${JSON.stringify(bad[1])} would resolve outside the output folder.`,
    };
  const reason = router.check(route, params);
  if (reason) {
    ctx.warn(`skipped ${label}: ${reason} (route ${route.name})`);
    return null;
  }
  const path = router.pathFor(route.name, params);
  const match = router.match(path);
  if (match.type !== 'match' || match.route.name !== route.name) {
    ctx.warn(
      `skipped ${label}: its path ${path} belongs to route ${match.type === 'none' ? '(none)' : match.route.name}, which takes precedence`,
    );
    return null;
  }
  return record === undefined ? { route, params, path, label } : { route, params, path, label, record };
}

/**
 * A route's plan line (PlannedRoute, as JSON.stringify writes it) in pieces, its pages as they are given: the JSON of
 * each, with commas between them (as text or its bytes), never joined into one string.
 */
export function linePieces<T extends string | Buffer>(
  route: string,
  deps: readonly string[],
  pages: readonly T[],
  warnings: readonly string[],
): (string | T)[] {
  return [
    `{"route":${JSON.stringify(route)},"deps":${JSON.stringify(deps)},"pages":[`,
    ...pages,
    `],"warnings":${JSON.stringify(warnings)}}`,
  ];
}

/** A planned page as its route's plan line holds it. */
const lineOf = (page: PlannedPage): PlannedRouteLine =>
  page.record === undefined ? [page.params, page.path, page.label] : [page.params, page.path, page.label, page.record];

/** A route's plan made from the previous one and its changed records (patchRoute). */
interface PatchedRoute {
  deps: string[];
  pages: PlannedRouteLine[];
  warnings: string[];
  refused: RefusedRecord[];
  /** The records asked for: their pages are built (the others are where the previous build left them). */
  asked: ReadonlySet<number>;
}

/**
 * The plan of a route of one page per public record (PageSource.records) from its previous plan, when the changes
 * that touch its listing are all of such records: its previous pages less those of the changed records, and the
 * changed records' pages now, each record asked of the API alone (a listing of an article site's 25,000 articles is
 * 256 calls of 100). The same pages a listing finds, as the incremental-equivalence test holds it to, and the deps
 * a listing records but for the calls of its listing's pages (their count can differ by one: a call's arguments are
 * not what a change is matched by, deps/touch.ts). Null when it cannot tell, and the route is listed again: its
 * previous plan warned (of which record, it does not know), names a page without its record or read something else,
 * a change of another kind touches it, too many records changed, or one cannot be asked for.
 */
async function patchRoute(
  ctx: Omit<PageContext, 'memo'>,
  router: Router,
  route: RouteSpec,
  cached: CachedRoute,
  before: readonly PlannedRouteLine[],
  changed: readonly ChangedRecord[],
): Promise<PatchedRoute | null> {
  const source = sourceOf(route.name);
  const records = 'records' in source ? source.records : undefined;
  if (!records || cached.warnings.length) return null;
  const { resource } = records;
  const own = `${resource}:`;
  if (
    before.some((page) => page.length < 4) ||
    cached.deps.some((dep) => !dep.startsWith(own) && !dep.startsWith('q:'))
  )
    return null;
  const others = changed.filter((change) => change.resource !== resource);
  const touchedByOthers = others.length ? touchTest(others) : null;
  if (others.length && (!touchedByOthers || touchedByOthers(cached.deps))) return null;
  const asked = new Set<number>();
  for (const change of changed) {
    if (change.resource !== resource) continue;
    if (change.recordId === null) return null;
    asked.add(change.recordId);
  }
  if (asked.size > PATCH_RECORDS_MAX) return null;
  let refs: (PageRef | null)[];
  try {
    refs = await Promise.all([...asked].map((id) => records.page(ctx, id)));
  } catch {
    // The listing asks again, and says what fails if it fails there too.
    return null;
  }
  const warnings: string[] = [];
  const refused: RefusedRecord[] = [];
  const pages = before.filter(([, , , id]) => !asked.has(id!));
  const deps = new Set(cached.deps);
  for (const id of asked) deps.delete(`${own}${id}`);
  for (const ref of refs) {
    if (!ref) continue;
    if (ref.record === undefined || !asked.has(ref.record)) return null;
    deps.add(`${own}${ref.record}`);
    const placed = placeRef({ warn: (message) => warnings.push(message) }, router, route, ref);
    if (placed && 'message' in placed) refused.push(placed);
    else if (placed) pages.push(lineOf(placed));
  }
  return { deps: [...deps].sort(), pages, warnings, refused, asked };
}
