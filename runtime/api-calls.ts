import type { Query } from '../src/api/query.ts';
import { apiHeaders, apiUrl } from '../src/api/request.ts';
import { RETRYABLE_STATUSES } from '../src/api/retry.ts';
import { createBrowserTransport } from '../src/api/transport-browser.ts';
import { TransportError, type HttpResponse, type Transport } from '../src/api/transport.ts';
import type { SiteData } from '../src/contract/index.ts';
import { readCookie } from './cookies.ts';

/**
 * The browser's calls to the content API (behaviour §7), for the ads (runtime/ads.ts) and the live features
 * (runtime/live/api.ts). The build's client (src/api/client.ts) has what a build of thousands of calls needs: a
 * limiter, a retry budget, size limits and the trust boundary's checks. A page makes a few calls, and the home page
 * makes one in its first seconds (its ads), so the browser calls with this instead: about 1.3 KB gzipped, where the
 * client's chunk weighed 6.1 KB; the errors (runtime/api-errors.ts) come only when a call fails. The rules a fan
 * would see are the client's, from the same definitions: the URL and headers (src/api/request.ts), the fetch modes
 * (src/api/transport-browser.ts), which answers may pass later (src/api/retry.ts) and the errors of behaviour §8
 * (src/api/http-error.ts). Answers are not re-validated: the templates handle the shapes the contract documents,
 * and a broken answer surfaces as a reported error.
 */
export interface ApiCalls {
  /** A GET's JSON answer. `absolute` is for the services with their own address (the dashboard). */
  get(path: string, query?: Query, absolute?: boolean): Promise<unknown>;
  /** A POST's JSON answer: a plain object is sent as JSON, FormData as it is (multipart). Sent once. */
  post(path: string, body: Record<string, unknown> | FormData): Promise<unknown>;
}

/** A fan waits for these: one quick retry of a dropped connection or a "try again later" answer, then a message. */
const RETRIES = 1;
const RETRY_DELAY_MS = 300;
const TIMEOUT_MS = 15_000;

/** The errors these calls throw, loaded at the first failure. */
const errors = () => import('./api-errors.ts');

export function createApiCalls(site: SiteData, transport: Transport = createBrowserTransport()): ApiCalls {
  const decoder = new TextDecoder();

  /**
   * One call: a GET that failed in a way that may pass later (network, 429/502/503/504, a body cut short) is tried
   * again once; a POST is sent once, as the client does (the server may have stored it).
   */
  async function call(method: 'GET' | 'POST', url: string, body?: string | FormData, extra?: Record<string, string>) {
    const pause = () => new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    for (let attempt = 0; ; attempt++) {
      const again = method === 'GET' && attempt < RETRIES;
      const headers = apiHeaders(readCookie(site.bypassCookie), undefined, extra);
      let response: HttpResponse;
      try {
        response = await transport({ method, url, headers, body, timeoutMs: TIMEOUT_MS });
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        if (again) await pause();
        else throw (await errors()).unreachable(method, url, error, attempt + 1);
        continue;
      }
      const text = decoder.decode(response.body);
      if (response.status < 200 || response.status >= 300) {
        if (again && RETRYABLE_STATUSES.has(response.status)) await pause();
        else throw (await errors()).httpError(method, url, response.status, text);
        continue;
      }
      try {
        return text === '' ? null : (JSON.parse(text) as unknown);
      } catch (cause) {
        if (again) await pause();
        else throw (await errors()).notJson(method, url, text, cause);
      }
    }
  }

  return {
    get: (path, query, absolute) => call('GET', apiUrl(site.api, path, query, absolute)),
    post(path, body) {
      const url = apiUrl(site.api, path);
      return body instanceof FormData
        ? call('POST', url, body)
        : call('POST', url, JSON.stringify(body), { 'Content-Type': 'application/json' });
    },
  };
}
