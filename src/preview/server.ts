import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import compression from 'compression';
import { DEMO_REDIRECT_PATH, startDemoServer, type DemoServer } from '../demo/server/server.ts';
import { PreviewNoBuild, PreviewPortInUse } from '../errors/catalogue.ts';
import { createError } from '../errors/error.ts';
import { REDIRECTS_FILE } from '../output/layout.ts';
import { isWellFormedPath, type Redirect } from '../routes/url-rules.ts';
import { answerFailure, serveFiles } from '../util/serve-files.ts';
import { createPreviewRules, hasFile } from './rules.ts';

/** Types serve-handler's table (mime-types 2.1.18) lacks, by extension. */
const MISSING_TYPES: Record<string, string> = { '.avif': 'image/avif' };

/** `site preview`'s port when none is given; a busy one gives way to a free port (the log says which). */
export const DEFAULT_PREVIEW_PORT = 4173;

export interface PreviewOptions {
  outDir: string;
  /** A port asked for explicitly (busy: an error); without one, DEFAULT_PREVIEW_PORT or a free port. */
  port?: number;
  host?: string;
  /** Start the demo CMS beside the site, at the port the built pages call (or a free one, see below). */
  demo?: { port: number; seed: string; scale: number } | null;
  /** The redirect service asked about paths the site does not have (the demo's own when it runs). */
  redirectServiceUrl?: string | null;
}

export interface Preview {
  url: string;
  demo: DemoServer | null;
  /** What the preview had to do differently (a busy port), for the log. */
  notes: string[];
  close(): Promise<void>;
}

/** The site data files, whose API addresses move with the demo CMS's port. */
const SITE_DATA = /^\/_site\/data\/site-[a-z0-9]+\.json$/;

/**
 * Serve a built site with the serve package's handler, honouring the build's serve.json (rewrites of client
 * routes to their shells, headers) and its 404.html, with the demo CMS beside it when the site uses it.
 */
export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const serveJson = join(options.outDir, 'serve.json');
  if (!existsSync(serveJson)) throw createError(PreviewNoBuild, [options.outDir]);
  const rules = JSON.parse(await readFile(serveJson, 'utf8')) as {
    rewrites?: { source: string; destination: string }[];
    headers?: { source: string; headers: { key: string; value: string }[] }[];
  } & Record<string, unknown>;
  const redirectsFile = join(options.outDir, REDIRECTS_FILE);
  const table = existsSync(redirectsFile)
    ? (JSON.parse(await readFile(redirectsFile, 'utf8')) as { redirects: Redirect[]; shells: string[] })
    : { redirects: [], shells: [] };
  const notes: string[] = [];
  const demo = options.demo ? await startDemoBeside(options.demo, notes) : null;
  // The pages call the demo CMS at the port the build baked in. When another program holds it, the demo runs on a
  // free port, and the site data and the headers (the policy's API origin) are served with that address instead.
  const moved =
    demo && options.demo && new URL(demo.origin).port !== String(options.demo.port)
      ? { from: `http://127.0.0.1:${options.demo.port}`, to: demo.origin }
      : null;
  if (moved) Object.assign(rules, JSON.parse(JSON.stringify(rules).replaceAll(moved.from, moved.to)));
  // The headers every answer carries (security), redirects and bad requests included, as on every host.
  const everywhere = Object.fromEntries(
    (rules.headers?.find((h) => h.source === '**')?.headers ?? []).map((h) => [h.key, h.value]),
  );
  const decide = createPreviewRules({
    has: (path) => hasFile(options.outDir, path),
    redirects: table.redirects,
    rewrites: table.shells,
    redirectServiceUrl: options.redirectServiceUrl ?? (demo ? `${demo.origin}${DEMO_REDIRECT_PATH}` : null),
  });
  // Compressed like every static host does (and like the serve CLI), so the preview measures what fans get.
  const compress = compression();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://preview.local');
    if (!isWellFormedPath(url.pathname)) {
      res.writeHead(400, { ...everywhere, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Bad request: the path has a broken percent-escape or a NUL byte.\n');
      return;
    }
    void decide(url)
      .then(async (decision) => {
        if (decision.type === 'redirect') {
          res.writeHead(decision.status, {
            ...everywhere,
            Location: decision.location,
            'Cache-Control': 'no-cache',
            'X-Fieldhouse-Rule': decision.via,
          });
          res.end();
          return;
        }
        if (moved && SITE_DATA.test(url.pathname) && existsSync(join(options.outDir, url.pathname))) {
          const body = (await readFile(join(options.outDir, url.pathname), 'utf8')).replaceAll(moved.from, moved.to);
          res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
          res.end(body);
          return;
        }
        // serve-handler's type table predates AVIF: without this, the build's AVIF variants go out with no type.
        const missingType = MISSING_TYPES[extname(url.pathname)];
        if (missingType) res.setHeader('Content-Type', missingType);
        compress(req as never, res as never, () =>
          serveFiles(
            req,
            res,
            { ...rules, redirects: [], directoryListing: false, public: options.outDir, etag: true },
            everywhere,
          ),
        );
      })
      // A file that went away between the rules' look and its read (a build replacing the output): answered, never
      // a rejection that ends the process.
      .catch((error: unknown) => answerFailure(res, error, everywhere));
  });
  server.keepAliveTimeout = 5_000;
  try {
    const port = await listen(
      server,
      options.port ?? DEFAULT_PREVIEW_PORT,
      options.host ?? '127.0.0.1',
      options.port === undefined,
    );
    if (options.port === undefined && port !== DEFAULT_PREVIEW_PORT)
      notes.push(`port ${DEFAULT_PREVIEW_PORT} is busy (another preview?): the site is served on port ${port} instead`);
  } catch (error) {
    await demo?.close();
    throw error;
  }
  return {
    url: serverUrl(server),
    demo,
    notes,
    close: async () => {
      await closeServer(server);
      await demo?.close();
    },
  };
}

/** The address a listening server answers at, as a URL. */
export function serverUrl(server: Server): string {
  const address = server.address() as AddressInfo;
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

/** Stop a server, open connections (keep-alive, event streams) included. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Listen on `port`, or, when it is busy and `orFree`, on a free port. Resolves with the port listened on. */
export function listen(server: Server, port: number, host: string, orFree: boolean, what = 'preview'): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const attempt = (at: number) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE' && orFree && at !== 0) return attempt(0);
        reject(error.code === 'EADDRINUSE' ? createError(PreviewPortInUse, [what, at]) : error);
      });
      server.listen(at, host, () => resolve((server.address() as AddressInfo).port));
    };
    attempt(port);
  });
}

/** The demo CMS on the port the pages call, or on a free port when that one is busy (noted). */
export async function startDemoBeside(
  demo: { port: number; seed: string; scale: number },
  notes: string[],
): Promise<DemoServer> {
  const start = (port: number) => startDemoServer({ port, seed: demo.seed, scale: demo.scale });
  try {
    return await start(demo.port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const server = await start(0);
    notes.push(
      `port ${demo.port} is busy (another demo CMS?): the demo CMS runs at ${server.origin}, and the site is served with that address`,
    );
    return server;
  }
}
