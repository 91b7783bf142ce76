import { TransportError, type HttpRequest, type HttpResponse, type Transport } from './transport.ts';

/** fetch with the spec's §7 modes: credentials included, cross-origin, no caching. */
export function createBrowserTransport(fetchImpl: typeof fetch = fetch): Transport {
  return async (request: HttpRequest): Promise<HttpResponse> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), request.timeoutMs);
    try {
      const response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        credentials: 'include',
        mode: 'cors',
        cache: 'no-store',
        signal: controller.signal,
      });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, key) => {
        headers[key] = value;
      });
      return { status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) };
    } catch (error) {
      if (controller.signal.aborted)
        throw new TransportError(`timed out after ${request.timeoutMs} ms`, 'timeout', { cause: error });
      throw new TransportError(error instanceof Error ? error.message : String(error), 'network', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };
}
