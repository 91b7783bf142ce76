import { createReadStream, type ReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import handler from 'serve-handler';

/** serve-handler's options (`site preview`'s rules, `site dev`'s public folder). */
export type ServeConfig = NonNullable<Parameters<typeof handler>[2]>;

/**
 * Serve a request from a folder with serve-handler, when the folder's files can go away while they are served (a
 * build replacing the output `site preview` serves; a test removing its output while a prefetch is in flight).
 * serve-handler itself ends the process when a file goes between its `lstat` and its `open`: the read stream of an
 * ETag rejects a promise nobody catches, and the body's read stream has no `'error'` listener. Here each stream it
 * opens has one and its promise is caught: the file that went is a 404 (any other failure a 500), or, when the
 * headers are out already, a closed connection. `headers` go on such an answer (the security headers every answer
 * carries).
 */
export function serveFiles(
  req: IncomingMessage,
  res: ServerResponse,
  config: ServeConfig,
  headers: Record<string, string> = {},
): void {
  const streams: ReadStream[] = [];
  const failed = (error: unknown) => {
    for (const stream of streams) stream.destroy();
    answerFailure(res, error, headers);
  };
  const open = ((path: string, options?: Parameters<typeof createReadStream>[1]) => {
    const stream = createReadStream(path, options);
    streams.push(stream);
    return stream.on('error', failed);
  }) as typeof createReadStream;
  handler(req, res, config, { createReadStream: open }).catch(failed);
}

/**
 * A request whose file could not be read: a 404 when it went away (`ENOENT`, `ENOTDIR`), a 500 otherwise, with
 * `headers`; a closed connection when the headers are out already; nothing when it was answered.
 */
export function answerFailure(res: ServerResponse, error: unknown, headers: Record<string, string> = {}): void {
  if (res.writableEnded || res.destroyed) return;
  if (res.headersSent) return void res.destroy();
  const code = (error as NodeJS.ErrnoException).code;
  const gone = code === 'ENOENT' || code === 'ENOTDIR';
  res.writeHead(gone ? 404 : 500, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(gone ? 'Not found: the file went away while it was being served.\n' : 'The file could not be read.\n');
}
