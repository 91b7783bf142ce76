import { httpError } from '../src/api/http-error.ts';
import { ApiNetworkError, ApiNotJson } from '../src/errors/catalogue.ts';
import { createError, type FieldhouseError } from '../src/errors/error.ts';

/**
 * The errors the browser's API calls throw (runtime/api-calls.ts), from the catalogue the build's client uses: a
 * chunk of their own, fetched only when a call fails, so that a page whose calls succeed (the home page's ads in its
 * first seconds) does not download the error class and the catalogue's texts.
 */

/** An answer outside 2xx: behaviour §8's error, with the server's message (src/api/http-error.ts). */
export { httpError };

/** An answer that is not JSON (a proxy's error page, a body cut short). */
export function notJson(method: string, url: string, text: string, cause: unknown): FieldhouseError {
  return createError(ApiNotJson, [`${method} ${url}`, JSON.stringify(text.slice(0, 80))], {
    status: 502,
    fatal: true,
    cause,
    details: { transient: true },
  });
}

/** The API could not be reached, after `attempts` tries. */
export function unreachable(method: string, url: string, cause: Error, attempts: number): FieldhouseError {
  return createError(ApiNetworkError, [method, url, cause.message, attempts], { fatal: true, cause });
}
