import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../build/bundle.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { DemoServer } from '../demo/server/server.ts';
import type { Logger } from '../logger/logger.ts';

import { hasFile } from '../preview/rules.ts';
import { closeServer, listen, serverUrl, startDemoBeside } from '../preview/server.ts';
import { isWellFormedPath } from '../routes/url-rules.ts';
import { serveFiles } from '../util/serve-files.ts';
import { createDevBundler } from './bundler.ts';
import { DEV_CLIENT_SOURCE, DEV_CLIENT_URL, DEV_EVENTS_URL, withDevClient, type DevEvent } from './client.ts';
import { overlayPage } from './overlay.ts';
import { createDevSession, type DevAnswer } from './session.ts';
import { watchProject } from './watch.ts';

/** `site dev`'s port when none is given; a busy one gives way to a free port (the log says which). */
export const DEFAULT_DEV_PORT = 4321;

export interface DevOptions {
  config: SiteConfig;
  /** The project: the config's folder (public/, the icon cache). */
  root: string;
  /** The config file, watched and loaded again when it changes (null: built-in defaults). */
  configFile: string | null;
  /** Load the config again (after site.config.ts changed). */
  reloadConfig(): Promise<SiteConfig>;
  /** Where templates/, runtime/ and src/ are (Fieldhouse's own, unless a test works on a copy). */
  sourceRoot?: string;
  port?: number;
  host?: string;
  logger: Logger;
}

export interface DevServer {
  url: string;
  demo: DemoServer | null;
  /** What the server had to do differently (a busy port), for the log. */
  notes: string[];
  close(): Promise<void>;
}

/**
 * `site dev`: the site rendered page by page as the browser asks, by the build's own page sources, templates and
 * renderer (in a render worker, src/dev/render-worker.ts), with the browser bundles rebuilt incrementally and
 * open pages reloaded (or their stylesheet swapped) when a source changes.
 */
export async function startDevServer(options: DevOptions): Promise<DevServer> {
  const { logger } = options;
  const sourceRoot = options.sourceRoot ?? PACKAGE_ROOT;
  const notes: string[] = [];
  const demo = options.config.api
    ? null
    : await startDemoBeside(
        { port: options.config.demo.port, seed: options.config.demo.seed, scale: options.config.demo.scale },
        notes,
      );
  // Beside Fieldhouse's own node_modules, so the render worker's bundle resolves react and react-dom.
  const cacheDir = join(PACKAGE_ROOT, 'node_modules/.cache/fieldhouse', `dev-${process.pid}-${Date.now()}`);
  const clients = new Set<ServerResponse>();
  const broadcast = (event: DevEvent) => {
    for (const client of clients) client.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  let session: Awaited<ReturnType<typeof createDevSession>>;
  try {
    const bundler = await createDevBundler({ sourceRoot, cacheDir });
    session = await createDevSession({ config: options.config, root: options.root, demo, bundler, cacheDir, logger });
  } catch (error) {
    await demo?.close();
    throw error;
  }
  const publicDir = () => join(options.root, session.config.build.publicDir);

  const server: Server = createServer((req, res) => {
    void answer(req, res).catch((error: unknown) => {
      logger.error('dev', `${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('site dev could not answer this request: see the terminal.\n');
    });
  });

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://dev.local');
    if (url.pathname === DEV_EVENTS_URL) return events(res);
    if (url.pathname === DEV_CLIENT_URL) return send(res, 200, 'text/javascript; charset=utf-8', DEV_CLIENT_SOURCE);
    if (!isWellFormedPath(url.pathname))
      return send(
        res,
        400,
        'text/plain; charset=utf-8',
        'Bad request: the path has a broken percent-escape or a NUL byte.\n',
      );
    if (hasFile(publicDir(), url.pathname) && !url.pathname.endsWith('/'))
      return serveFiles(req, res, { public: publicDir(), directoryListing: false, etag: false });
    const started = performance.now();
    const answered = await session.answer(url);
    if (answered.kind === 'proxy') return proxy(answered.url, res);
    respond(res, answered);
    if (answered.kind === 'page' || answered.kind === 'error')
      logger.info(
        'dev',
        `${answered.status} ${url.pathname}${answered.note ? ` (${answered.note})` : ''} in ${Math.round(performance.now() - started)} ms`,
      );
  }

  function respond(res: ServerResponse, answered: Exclude<DevAnswer, { kind: 'proxy' }>): void {
    switch (answered.kind) {
      case 'redirect':
        res.writeHead(answered.status, {
          Location: answered.location,
          'Cache-Control': 'no-store',
          'X-Fieldhouse-Rule': answered.via,
        });
        res.end();
        return;
      case 'file':
        return send(res, answered.status, answered.type, answered.body);
      case 'page':
        return answered.type.startsWith('text/html')
          ? send(res, answered.status, answered.type, withDevClient(answered.body))
          : send(res, answered.status, answered.type, answered.body);
      case 'error':
        return answered.payload
          ? send(res, 500, 'application/json; charset=utf-8', JSON.stringify({ error: answered.error }))
          : send(res, 500, 'text/html; charset=utf-8', overlayPage(answered.error));
    }
  }

  function events(res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': site dev\n\n');
    clients.add(res);
    res.on('close', () => clients.delete(res));
  }

  const watcher = watchProject({
    codeDirs: ['templates', 'runtime', 'src'].map((dir) => join(sourceRoot, dir)),
    publicDir: publicDir(),
    configFile: options.configFile,
    onChange: (change) => {
      logger.info(
        'dev',
        `changed: ${change.files.slice(0, 5).join(', ')}${change.files.length > 5 ? ` and ${change.files.length - 5} more` : ''}`,
      );
      void session.change(change, options.reloadConfig).then((event) => {
        if (event) broadcast(event);
      });
    },
  });

  try {
    const port = await listen(
      server,
      options.port ?? DEFAULT_DEV_PORT,
      options.host ?? '127.0.0.1',
      options.port === undefined,
      'dev server',
    );
    if (options.port === undefined && port !== DEFAULT_DEV_PORT)
      notes.push(`port ${DEFAULT_DEV_PORT} is busy: the site is served on port ${port} instead`);
  } catch (error) {
    watcher.close();
    await session.close();
    await demo?.close();
    throw error;
  }
  return {
    url: serverUrl(server),
    demo,
    notes,
    close: async () => {
      watcher.close();
      for (const client of clients) client.end();
      await closeServer(server);
      await session.close();
      await demo?.close();
    },
  };
}

function send(res: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

/** Media the pages name root-relative to the API (copied by a build): fetched from the API as the browser asks. */
async function proxy(url: string, res: ServerResponse): Promise<void> {
  const response = await fetch(url).catch(() => null);
  if (!response) return send(res, 502, 'text/plain; charset=utf-8', `site dev could not reach ${url}\n`);
  send(
    res,
    response.status,
    response.headers.get('content-type') ?? 'application/octet-stream',
    new Uint8Array(await response.arrayBuffer()),
  );
}
