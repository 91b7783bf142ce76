import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { connectApi } from '../build/api-connection.ts';
import { buildIdOf, pageConfigOf } from '../build/build-id.ts';
import { buildClock } from '../build/dates.ts';
import { routeRules, siteDataFile } from '../build/finish.ts';
import { hostRules } from '../build/hosts/index.ts';
import { shellPath } from '../build/plan.ts';
import { loadRedirects } from '../build/redirects.ts';
import { loadSiteData, type LoadedSiteData } from '../build/site-data.ts';
import { configuredEndpoints, connectionOf, type ApiEndpoints } from '../build/source.ts';
import type { SiteConfig } from '../config/schema.ts';
import { DEMO_REDIRECT_PATH, type DemoServer } from '../demo/server/server.ts';
import { errorToRecord } from '../errors/error.ts';
import type { Logger } from '../logger/logger.ts';
import { BUILDS_DIR, buildMetaFile, PAYLOAD_FILE, REDIRECTS_FILE } from '../output/layout.ts';
import { ROUTES } from '../pages/index.ts';
import { createPreviewRules } from '../preview/rules.ts';
import { createRouter } from '../routes/match.ts';
import type { RouteSpec } from '../routes/table.ts';
import { createImageService, imageMap, type ImageService } from '../images/service.ts';
import { VARIANT_DIR } from '../images/variants.ts';
import { mediaIn } from '../output/media.ts';
import { FIELDHOUSE_VERSION } from '../version.ts';
import type { DevBundle, DevBundler } from './bundler.ts';
import type { DevEvent } from './client.ts';
import { bundleError, formatDevError, renderError, type DevError } from './overlay.ts';
import type { DevPage, DevWorkerSetup } from './protocol.ts';
import { createDevRenderer } from './renderer.ts';
import type { DevChange } from './watch.ts';

/** What `site dev` answers a request with (the server turns it into HTTP). */
export type DevAnswer =
  | { kind: 'redirect'; status: number; location: string; via: string }
  | { kind: 'file'; status: number; type: string; body: string | Uint8Array }
  /** A page's HTML or payload (the HTML gets the dev client); `note` says which template, for the log. */
  | { kind: 'page'; status: number; type: string; body: string; note: string | null }
  | { kind: 'error'; status: number; error: DevError; payload: boolean; note: string | null }
  | { kind: 'proxy'; url: string };

export interface DevSessionOptions {
  config: SiteConfig;
  root: string;
  demo: DemoServer | null;
  bundler: DevBundler;
  cacheDir: string;
  logger: Logger;
}

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** The site as `site dev` holds it: config, site data, redirects, the bundles and the render worker. */
interface SiteState {
  config: SiteConfig;
  endpoints: ApiEndpoints;
  loaded: LoadedSiteData;
  siteFile: ReturnType<typeof siteDataFile>;
  redirects: Awaited<ReturnType<typeof loadRedirects>>;
  /** The shells' path patterns, as the build's redirects.json lists them. */
  shellPatterns: string[];
  decide: ReturnType<typeof createPreviewRules>;
  /** The image pipeline, as a build runs it (null when switched off or a CDN resizes), with its own connection. */
  images: { service: ImageService; close(): Promise<void> } | null;
}

/**
 * Everything `site dev` knows between two changes, and how a change moves it on. Requests wait for a change under
 * way, so a page asked for after a save is rendered by the saved code.
 */
export async function createDevSession(options: DevSessionOptions) {
  const { logger, demo, bundler } = options;
  const warn = (message: string) => logger.warn('dev', message);
  // Pages' images, encoded (or taken from the image cache) as pages ask for them.
  const renderer = createDevRenderer(options.cacheDir, warn, (urls) =>
    site.images ? imageMap(site.images.service, urls) : Promise.resolve({}),
  );
  const router = createRouter(ROUTES);
  const shells = new Map<string, RouteSpec>(
    ROUTES.filter((r) => r.render === 'client').map((r) => [shellPath(r), r] as const),
  );
  let bundle: DevBundle | null = null;
  let bundleProblem: DevError | null = null;
  let buildId = '';
  let busy: Promise<unknown> = Promise.resolve();

  const loadSite = async (config: SiteConfig): Promise<SiteState> => {
    const endpoints: ApiEndpoints = config.api
      ? configuredEndpoints(config.api)
      : {
          baseUrl: demo!.origin,
          prefix: demo!.apiPrefix,
          dashboardUrl: demo!.dashboardApiUrl,
          redirectServiceUrl: demo!.redirectServiceUrl,
          // The browser calls the demo CMS where it runs (not demo.port when that was busy): the pages are made now.
          publicBaseUrl: demo!.origin,
          publicDashboardUrl: demo!.dashboardApiUrl,
          publicRedirectServiceUrl: demo!.redirectServiceUrl,
        };
    const api = connectApi(connectionOf(config, endpoints), warn);
    const images = openImages(config, endpoints);
    try {
      const [loaded, redirects] = await Promise.all([
        loadSiteData({ api: api.api, config, root: options.root, endpoints, clock: buildClock(), logger, warn }),
        loadRedirects(api.api, warn),
      ]);
      if (images) loaded.site.images.known = await imageMap(images.service, mediaIn(JSON.stringify(loaded.site)));
      const rules = hostRules(redirects, config, loaded.site);
      const decide = createPreviewRules({
        has: (path) => router.match(path).type === 'match' || shells.has(path),
        redirects: rules.redirects,
        rewrites: rules.rewrites.map((r) => r.regex),
        redirectServiceUrl: endpoints.redirectServiceUrl ?? (demo ? `${demo.origin}${DEMO_REDIRECT_PATH}` : null),
      });
      return {
        config,
        endpoints,
        loaded,
        siteFile: siteDataFile(loaded),
        redirects: rules.redirects,
        shellPatterns: rules.rewrites.map((r) => r.regex),
        decide,
        images,
      };
    } catch (error) {
      await images?.close();
      throw error;
    } finally {
      await api.close();
    }
  };

  /** The image pipeline of one version of the config: it encodes the variants the browser asks for, on request. */
  const openImages = (config: SiteConfig, endpoints: ApiEndpoints): SiteState['images'] => {
    if (!config.images.enabled || config.images.cdn) return null;
    const connection = connectApi(connectionOf(config, endpoints), warn);
    const service = createImageService(
      {
        client: connection.client,
        apiOrigin: endpoints.baseUrl,
        cacheDir: resolve(options.root, config.images.cacheDir),
        settings: config.images,
        warn,
      },
      null,
    );
    return {
      service,
      async close() {
        await service.cancel();
        await connection.close();
      },
    };
  };

  /** An image variant a page names: from the image cache, or encoded as the browser asks for it. */
  const variant = async (pathname: string): Promise<DevAnswer | null> => {
    if (!site.images || !pathname.startsWith(`/${VARIANT_DIR}/`)) return null;
    const file = await site.images.service.variantFile(basename(pathname)).catch(() => null);
    if (!file) return null;
    const type = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[pathname.split('.').pop()!];
    return { kind: 'file', status: 200, type: type ?? 'application/octet-stream', body: readFileSync(file) };
  };

  let site!: SiteState;
  let serverHash: string | null = null;

  /**
   * Bundle again, and start the render worker on the new server code when it (or the site) changed. The worker
   * loads the templates while the browser bundle (which names the assets) and `nextSite` are still on their way.
   */
  const rebuild = async (nextSite: Promise<SiteState>, siteChanged: boolean) => {
    const { server, browser } = bundler.rebuild();
    const code = await server;
    const restart = code.ok && (siteChanged || bundleProblem !== null || serverHash !== code.hash);
    const taken = Promise.all([nextSite, browser]).then(([nextState, made]): DevWorkerSetup | null => {
      // The previous config's image pipeline goes with it (its connection and any encodes under way).
      if (site?.images && site.images !== nextState.images) void site.images.close();
      site = nextState;
      if (!code.ok || !made.ok) {
        bundleProblem = bundleError(code.ok ? (made.ok ? [] : made.problems) : code.problems);
        return null;
      }
      bundleProblem = null;
      bundle = made;
      serverHash = code.hash;
      buildId = buildIdOf({
        version: FIELDHOUSE_VERSION,
        config: pageConfigOf(site.config),
        site: site.siteFile.hash,
        assets: [...made.files.entries()].map(([url, file]) => `${url}:${file.hash}`),
      });
      return {
        buildId,
        assets: { ...made.assets, siteData: site.siteFile.url },
        scripts: { ticketMarketing: site.config.scripts.ticketMarketing, heatmap: site.config.scripts.heatmap },
        siteJson: site.siteFile.json,
        builder: { ...connectionOf(site.config, site.endpoints), memoEntries: 64, search: false },
        images: site.images !== null,
      };
    });
    if (restart) await renderer.restart(code, taken);
    await taken;
    if (bundleProblem) logger.error('dev', formatDevError(bundleProblem));
    else if (restart && renderer.startError)
      logger.error('dev', formatDevError(renderError('The templates do not load', renderer.startError)));
  };
  await rebuild(loadSite(options.config), true);

  let closing = false;
  const fail = (error: DevError, payload: boolean, note: string | null): DevAnswer => {
    // Requests still open when site dev stops (prefetches) fail with it: nothing to report.
    if (!closing) logger.error('dev', formatDevError(error));
    return { kind: 'error', status: 500, error, payload, note };
  };

  const pageAnswer = (
    page: Exclude<DevPage, { kind: 'skip' }>,
    path: string,
    payload: boolean,
    status: number,
  ): DevAnswer => {
    if (page.kind === 'error') return fail(renderError(`Rendering ${path} failed`, page.error), payload, null);
    return payload
      ? { kind: 'page', status, type: JSON_TYPE, body: page.payloadText, note: page.template }
      : { kind: 'page', status, type: HTML, body: page.html, note: page.template };
  };

  const notFound = async (path: string, payload: boolean, reason: string): Promise<DevAnswer> => {
    if (payload) return { kind: 'file', status: 404, type: JSON_TYPE, body: JSON.stringify({ error: 'Not Found' }) };
    const page = await renderer.render(null);
    if (page.kind === 'skip')
      return fail(renderError('The 404 page', errorToRecord(new Error(page.reason))), false, null);
    if (page.kind !== 'page') return pageAnswer(page, path, false, 404);
    return { kind: 'page', status: 404, type: HTML, body: page.html, note: `404: ${reason}` };
  };

  /** Files every build writes under /_site/ that a page may ask for. */
  const siteFile = (pathname: string): DevAnswer | null => {
    if (!bundle) return null;
    const asset = bundle.files.get(pathname);
    if (asset) return { kind: 'file', status: 200, type: assetType(pathname), body: asset.body };
    if (pathname === site.siteFile.url) return { kind: 'file', status: 200, type: JSON_TYPE, body: site.siteFile.json };
    const analytics = site.loaded.files.find((f) => f.url === pathname);
    if (analytics)
      return { kind: 'file', status: 200, type: 'text/javascript; charset=utf-8', body: analytics.content };
    const timestamp = new Date().toISOString();
    if (pathname === `/${BUILDS_DIR}/latest.json`)
      return {
        kind: 'file',
        status: 200,
        type: JSON_TYPE,
        body: JSON.stringify({ id: buildId, content: buildId, timestamp }),
      };
    if (pathname === `/${buildMetaFile(buildId)}`)
      return {
        kind: 'file',
        status: 200,
        type: JSON_TYPE,
        body: JSON.stringify({ id: buildId, timestamp, routeRules: routeRules(site.redirects), prerendered: [] }),
      };
    if (pathname === `/${REDIRECTS_FILE}`)
      return {
        kind: 'file',
        status: 200,
        type: JSON_TYPE,
        body: JSON.stringify({ redirects: site.redirects, shells: site.shellPatterns }),
      };
    return null;
  };

  return {
    get config() {
      return site.config;
    },
    /** Answer one request, after any change under way. */
    async answer(url: URL): Promise<DevAnswer> {
      await busy;
      const decision = await site.decide(url);
      if (decision.type === 'redirect') return { kind: 'redirect', ...decision };
      const { pathname } = url;
      const fixed = siteFile(pathname) ?? (await variant(pathname));
      if (fixed) return fixed;
      if (pathname.startsWith('/media/'))
        return { kind: 'proxy', url: `${new URL(site.endpoints.baseUrl).origin}${pathname}${url.search}` };
      const payload = pathname.endsWith(`/${PAYLOAD_FILE}`);
      const path = payload ? pathname.slice(0, -PAYLOAD_FILE.length - 1) || '/' : pathname;
      if (bundleProblem) return { kind: 'error', status: 500, error: bundleProblem, payload, note: null };
      if (renderer.startError)
        return fail(renderError('The templates do not load', renderer.startError), payload, null);
      const shell = shells.get(path);
      const match = router.match(path);
      if (shell || (match.type === 'match' && match.route.render === 'client')) {
        // A route rendered in the browser: its one shell, as the hosts rewrite it (no payload of its own).
        const route = shell ?? (match.type === 'match' ? match.route : null)!;
        // Only a shell at the route's own path (a route without parameters) has a payload file, as in a build.
        if (payload && shellPath(route) !== path) return notFound(path, true, 'a client route has no payload');
        const page = await renderer.render({ route: route.name, params: {}, path: shellPath(route) });
        if (page.kind === 'skip') return notFound(path, payload, page.reason);
        return pageAnswer(page, path, payload, 200);
      }
      if (match.type !== 'match') return notFound(path, payload, match.type === 'invalid' ? match.reason : 'no route');
      if (match.route.render === 'file')
        return {
          kind: 'proxy',
          url: `${site.endpoints.baseUrl}${site.endpoints.prefix}${documentPath(match.params.uuid)}`,
        };
      const page = await renderer.render({ route: match.route.name, params: match.params, path });
      if (page.kind === 'skip') return notFound(path, payload, page.reason);
      return pageAnswer(page, path, payload, 200);
    },
    /** Move on after a change; resolves with what to tell the open pages (nothing when there is nothing new). */
    change(change: DevChange, reloadConfig: () => Promise<SiteConfig>): Promise<DevEvent | null> {
      const step = busy.then(async (): Promise<DevEvent | null> => {
        const started = performance.now();
        let siteChanged = false;
        if (change.config) {
          try {
            const config = await reloadConfig();
            if (
              JSON.stringify(config.api) !== JSON.stringify(site.config.api) ||
              JSON.stringify(config.demo) !== JSON.stringify(site.config.demo)
            )
              warn('the API settings (api, demo) changed: stop and start site dev again to use them');
            await rebuild(loadSite(config), true);
            siteChanged = true;
          } catch (error) {
            logger.error('dev', `site.config.ts: ${errorToRecord(error).message} (the previous config stays in use)`);
            // The worker may have been started for the new config: start it again on the one in use.
            await rebuild(Promise.resolve(site), true);
            return null;
          }
        }
        const css = bundle?.assets.css;
        const before = bundle ? jsOf(bundle) : null;
        if (!siteChanged && (change.code || change.css)) await rebuild(Promise.resolve(site), false);
        const ms = Math.round(performance.now() - started);
        if (bundleProblem) return { type: 'reload', reason: 'error' };
        logger.info('dev', `rebuilt in ${ms} ms`);
        // The same scripts: only the stylesheet changed (swapped in place), or nothing the pages use.
        const sameScripts = !siteChanged && !change.public && bundle !== null && before === jsOf(bundle);
        if (sameScripts && css !== bundle!.assets.css) return { type: 'css', href: bundle!.assets.css };
        if (sameScripts && !change.code) return null;
        return { type: 'reload', reason: change.files.join(', ') };
      });
      busy = step.catch(() => undefined);
      return step.catch((error: unknown) => {
        logger.error('dev', error instanceof Error ? (error.stack ?? error.message) : String(error));
        return null;
      });
    },
    async close() {
      closing = true;
      await busy;
      await renderer.close();
      await site.images?.close();
      await bundler.dispose();
      await rm(options.cacheDir, { recursive: true, force: true });
    },
  };
}

/** The document route's API path (the build copies the same file: api.documentFile). */
function documentPath(uuid: unknown): string {
  return `/documents/${encodeURIComponent(String(uuid))}.pdf`;
}

/** The JavaScript outputs of a bundle, to tell a stylesheet-only change from one that needs a reload. */
function jsOf(bundle: DevBundle): string {
  return [...bundle.files.entries()]
    .filter(([url]) => !url.endsWith('.css'))
    .map(([url, file]) => `${url}:${file.hash}`)
    .join('\n');
}

function assetType(url: string): string {
  if (url.endsWith('.js')) return 'text/javascript; charset=utf-8';
  if (url.endsWith('.css')) return 'text/css; charset=utf-8';
  if (url.endsWith('.map')) return JSON_TYPE;
  return 'application/octet-stream';
}
