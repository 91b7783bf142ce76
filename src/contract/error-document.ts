import type { HeadData, Payload } from './page.ts';

/**
 * The payload of an error document, the one shape for both: the 404 page the build writes (404.html), and the
 * errors the runtime shows in place (an invalid path, an unknown sport, a failed render). Its title is its
 * message; it is never indexed.
 */
export function errorPayload(path: string, status: number, message: string): Omit<Payload, 'buildId'> {
  const head: HeadData = { title: message, description: null, image: null, type: 'website', noindex: true };
  return { route: 'error', path, template: 'document', params: {}, head, data: {}, error: { status, message } };
}
