import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import compression from 'compression';
import handler from 'serve-handler';
import { startDemoServer, type DemoServer } from '../demo/server/server.ts';
import { PreviewNoBuild, PreviewPortInUse } from '../errors/catalogue.ts';
import { createError } from '../errors/error.ts';

export interface PreviewOptions {
  outDir: string;
  port?: number;
  host?: string;
  /** Start the demo CMS beside the site, on this port (the address the built pages call). */
  demo?: { port: number; seed: string; scale: number } | null;
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
  const rules = JSON.parse(await readFile(serveJson, 'utf8')) as Record<string, unknown>;
  const demo = options.demo
    ? await startDemoServer({ port: options.demo.port, seed: options.demo.seed, scale: options.demo.scale }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') throw createError(PreviewPortInUse, ['demo CMS', options.demo!.port]);
        throw error;
      })
    : null;
  // Compressed like every static host does (and like the serve CLI), so the preview measures what fans get.
  const compress = compression();
  const server: Server = createServer((req, res) => {
    compress(req as never, res as never, () => void handler(req, res, { ...rules, public: options.outDir, etag: true }));
  });
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? createError(PreviewPortInUse, ['preview', options.port ?? 4173]) : error));
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
