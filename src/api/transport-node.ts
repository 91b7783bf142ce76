import { Agent, type Dispatcher } from 'undici';
import {
  megabytes,
  ResponseTooLarge,
  TransportError,
  type HttpRequest,
  type HttpResponse,
  type Transport,
} from './transport.ts';

export interface NodeTransportOptions {
  /** Sockets kept open per origin. */
  connections?: number;
  keepAliveTimeoutMs?: number;
}

export interface NodeTransport {
  transport: Transport;
  /** Close the keep-alive pool. */
  close(): Promise<void>;
}

/**
 * undici with a keep-alive connection pool, through its dispatcher's handler: the answer's bytes are gathered as they
 * come, with no stream, async iterator or abort signal between the socket and the caller (undici's `request()` makes
 * all three for each call). The handler is undici 7's (`onRequestStart` … `onResponseError`; its docs say the
 * dispatch API may change between majors, and package.json keeps undici at 7: tests/api/transport-node.test.ts is
 * the contract to check after an upgrade). Node only: the browser bundle never imports this file.
 */
export function createNodeTransport(options: NodeTransportOptions = {}): NodeTransport {
  const agent = new Agent({
    connections: options.connections ?? 16,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
    pipelining: 1,
  });
  const transport: Transport = async (request: HttpRequest): Promise<HttpResponse> => {
    const { body, headers } = await encodeBody(request);
    return exchange(agent, request, body, headers);
  };
  return { transport, close: () => agent.close() };
}

/**
 * One request and its whole answer. It settles once: with the answer; with ResponseTooLarge as soon as the body is
 * known to be over `maxBytes` (by its Content-Length before a byte is read, else by the bytes as they come: the rest
 * is not read and the connection is dropped, so a runaway answer costs the build at most `maxBytes` of memory); or
 * with a TransportError when the socket fails or `timeoutMs` passes (undici's own timers are coarse, about a second;
 * this one is exact). A request still waiting for a socket when it times out is aborted as soon as it gets one.
 */
function exchange(
  agent: Agent,
  request: HttpRequest,
  body: string | Uint8Array | null,
  headers: Record<string, string>,
): Promise<HttpResponse> {
  return new Promise<HttpResponse>((resolve, reject) => {
    const { maxBytes } = request;
    const url = new URL(request.url);
    let controller: Dispatcher.DispatchController | null = null;
    /** Settled: with the answer, or with `failure`. Nothing after it (a late timer, an error) counts. */
    let settled = false;
    let failure: Error | null = null;
    let status = 0;
    let answerHeaders: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let length = 0;

    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      failure = error;
      clearTimeout(timer);
      controller?.abort(error);
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new TransportError(`timed out after ${request.timeoutMs} ms`, 'timeout')),
      request.timeoutMs,
    );

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (failure) started.abort(failure);
      },
      onResponseStart(_controller, statusCode, received) {
        if (statusCode < 200) return; // 1xx: the answer's own head follows
        status = statusCode;
        answerHeaders = {};
        for (const key in received) {
          const value = received[key];
          if (value !== undefined) answerHeaders[key] = Array.isArray(value) ? value.join(', ') : value;
        }
        const announced = Number(answerHeaders['content-length']);
        if (maxBytes !== undefined && announced > maxBytes) fail(new ResponseTooLarge(megabytes(announced), maxBytes));
      },
      onResponseData(_controller, chunk) {
        if (settled) return;
        length += chunk.byteLength;
        if (maxBytes !== undefined && length > maxBytes) {
          fail(new ResponseTooLarge(`more than ${megabytes(maxBytes)}`, maxBytes));
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({
          status,
          headers: answerHeaders,
          body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length),
        });
      },
      onResponseError(_controller, error) {
        fail(isNetworkError(error) ? new TransportError(describe(error), 'network', { cause: error }) : error);
      },
    };
    // What undici refuses (a header it cannot send, a closed pool) comes through onResponseError: it never throws.
    agent.dispatch(
      { origin: url.origin, path: url.pathname + url.search, method: request.method, headers, body },
      handler,
    );
  });
}

/**
 * FormData is serialised with Node's own Request, which writes the multipart body and its boundary; undici's
 * request() cannot stream a FormData made by another copy of undici (Node's global one).
 */
async function encodeBody(
  request: HttpRequest,
): Promise<{ body: string | Uint8Array | null; headers: Record<string, string> }> {
  if (!(request.body instanceof FormData)) return { body: request.body ?? null, headers: request.headers };
  const encoded = new Request('http://multipart.local/', { method: 'POST', body: request.body });
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { ...request.headers, 'Content-Type': encoded.headers.get('content-type')! },
  };
}

/** Socket and protocol failures (refused, reset, DNS, undici's own) are retryable; bugs are not. */
function isNetworkError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('UND_ERR') || /^E[A-Z]+$/.test(code));
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
}
