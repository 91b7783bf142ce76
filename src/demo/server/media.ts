import type { IncomingMessage, ServerResponse } from 'node:http';
import { PHOTO_POOL_VERSION } from '../photos.ts';
import type { MediaFile } from '../render-media.ts';
import { etagOf, notModified } from './http.ts';

/** When the demo's media were last drawn differently: the photo pool's version date, sent as Last-Modified. */
export const MEDIA_LAST_MODIFIED = new Date(`${PHOTO_POOL_VERSION}T00:00:00Z`);

/**
 * Answer a media request as a CDN does: a strong ETag (the content's hash), Last-Modified and Content-Length; 304
 * to If-None-Match with the current ETag or, without one, to an If-Modified-Since no earlier than Last-Modified;
 * the headers alone to HEAD.
 */
export function sendMedia(req: IncomingMessage, res: ServerResponse, file: MediaFile, cacheControl: string): void {
  const body = typeof file.body === 'string' ? Buffer.from(file.body) : file.body;
  const etag = file.etag ?? etagOf(body);
  const headers = {
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': MEDIA_LAST_MODIFIED.toUTCString(),
  };
  if (notModified(req, etag, MEDIA_LAST_MODIFIED)) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Type': file.contentType, 'Content-Length': String(body.byteLength) });
  res.end(req.method === 'HEAD' ? undefined : body);
}
