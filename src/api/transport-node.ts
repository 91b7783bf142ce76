import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
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

/** undici with a keep-alive connection pool. Node only: the browser bundle never imports this file. */
export function createNodeTransport(options: NodeTransportOptions = {}): NodeTransport {
  const agent = new Agent({
    connections: options.connections ?? 16,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
    pipelining: 1,
  });
  const transport: Transport = async (request: HttpRequest): Promise<HttpResponse> => {
    const { body, headers } = await encodeBody(request);
    const controller = new AbortController();
    // undici's own timers are coarse (about a second); an abort signal keeps short timeouts exact.
    const timer = setTimeout(() => controller.abort(), request.timeoutMs);
    try {
      const response = await undiciRequest(request.url, {
        method: request.method,
        headers,
        body,
        dispatcher: agent,
        signal: controller.signal,
      });
      const responseHeaders: Record<string, string> = {};
      for (const [key, value] of Object.entries(response.headers)) {
        if (value !== undefined) responseHeaders[key] = Array.isArray(value) ? value.join(', ') : value;
      }
      return {
        status: response.statusCode,
        headers: responseHeaders,
        body: await readBody(response, request.maxBytes),
      };
    } catch (error) {
      if (controller.signal.aborted)
        throw new TransportError(`timed out after ${request.timeoutMs} ms`, 'timeout', { cause: error });
      if (isNetworkError(error)) throw new TransportError(describe(error), 'network', { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  return { transport, close: () => agent.close() };
}

/**
 * The body, whole; or ResponseTooLarge as soon as it is known to be over `maxBytes`: by its Content-Length before a
 * byte is read, else by the bytes as they come. The rest is not read (the connection is dropped), so a runaway
 * answer costs the build at most `maxBytes` of memory.
 */
async function readBody(response: Dispatcher.ResponseData, maxBytes: number | undefined): Promise<Uint8Array> {
  if (maxBytes === undefined) return new Uint8Array(await response.body.arrayBuffer());
  const announced = Number(response.headers['content-length']);
  if (announced > maxBytes) {
    response.body.destroy();
    throw new ResponseTooLarge(megabytes(announced), maxBytes);
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    length += chunk.byteLength;
    if (length > maxBytes) {
      response.body.destroy();
      throw new ResponseTooLarge(`more than ${megabytes(maxBytes)}`, maxBytes);
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
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
