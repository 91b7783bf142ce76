import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import compression from 'compression';
import handler from 'serve-handler';
import { DEMO_REDIRECT_PATH, startDemoServer, type DemoServer } from '../demo/server/server.ts';
import { PreviewNoBuild, PreviewPortInUse } from '../errors/catalogue.ts';
import { createError } from '../errors/error.ts';
import { REDIRECTS_FILE, type Redirect } from '../routes/url-rules.ts';
import { createPreviewRules } from './rules.ts';

export interface PreviewOptions {
  outDir: string;
  port?: number;
  host?: string;
  /** Start the demo CMS beside the site, on this port (the address the built pages call). */
  demo?: { port: number; seed: string; scale: number } | null;
  /** The redirect service asked about paths the site does not have (the demo's own when it runs). */
  redirectServiceUrl?: string | null;
}

export interface Preview {
  url: string;
  demo: DemoServer | null;
  close(): Promise<void>;
}

/**
 * Serve a built site with the serve package's handler, honouring the build's serve.json (rewrites of client
 * routes to their shells, headers) and its 404.html, with the demo CMS beside it when the site uses it.
 */
export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const serveJson = join(options.outDir, 'serve.json');
  if (!existsSync(serveJson)) throw createError(PreviewNoBuild, [options.outDir]);
  const rules = JSON.parse(await readFile(serveJson, 'utf8')) as {
    rewrites?: { source: string; destination: string }[];
  } & Record<string, unknown>;
  const redirectsFile = join(options.outDir, REDIRECTS_FILE);
  const table = existsSync(redirectsFile)
    ? (JSON.parse(await readFile(redirectsFile, 'utf8')) as { redirects: Redirect[]; shells: string[] })
    : { redirects: [], shells: [] };
  const demo = options.demo
    ? await startDemoServer({ port: options.demo.port, seed: options.demo.seed, scale: options.demo.scale }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'EADDRINUSE') throw createError(PreviewPortInUse, ['demo CMS', options.demo!.port]);
          throw error;
        },
      )
    : null;
  const decide = createPreviewRules({
    outDir: options.outDir,
    redirects: table.redirects,
    rewrites: table.shells,
    redirectServiceUrl: options.redirectServiceUrl ?? (demo ? `${demo.origin}${DEMO_REDIRECT_PATH}` : null),
  });
  // Compressed like every static host does (and like the serve CLI), so the preview measures what fans get.
  const compress = compression();
  const server: Server = createServer((req, res) => {
    void decide(new URL(req.url ?? '/', 'http://preview.local')).then((decision) => {
      if (decision.type === 'redirect') {
        res.writeHead(decision.status, {
          Location: decision.location,
          'Cache-Control': 'no-cache',
          'X-Fieldhouse-Rule': decision.via,
        });
        res.end();
        return;
      }
      compress(
        req as never,
        res as never,
        () => void handler(req, res, { ...rules, redirects: [], public: options.outDir, etag: true }),
      );
    });
  });
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? createError(PreviewPortInUse, ['preview', options.port ?? 4173]) : error),
      );
      server.listen(options.port ?? 4173, options.host ?? '127.0.0.1', resolve);
    });
  } catch (error) {
    await demo?.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    demo,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await demo?.close();
    },
  };
}
