/** The one seam between the API client and the network: Node uses undici, the browser uses fetch. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** A JSON string, or FormData sent as is. */
  body?: string | FormData;
  /** Abort after this many milliseconds. */
  timeoutMs: number;
  /**
   * The most body bytes the caller takes: a longer body is not read on (its Content-Length, or the bytes as they
   * come) and the call throws ResponseTooLarge. The browser's transport does not apply it (the browser's own
   * calls are the API's small JSON answers).
   */
  maxBytes?: number;
}

export interface HttpResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Raw bytes: JSON and text are decoded by the client, PDFs are kept as they are. */
  body: Uint8Array;
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/** A body over the request's `maxBytes`: not read on, and not worth another try. */
export class ResponseTooLarge extends Error {
  constructor(
    /** What is known of its size: the Content-Length it announced, or "more than" the bytes read. */
    readonly size: string,
    readonly maxBytes: number,
  ) {
    super(`the answer is ${size}, over the ${maxBytes} bytes the caller takes`);
    this.name = 'ResponseTooLarge';
  }
}

/** What the build reads at most of a JSON answer and of a file, by default (config `fetch`). */
export const DEFAULT_MAX_JSON_MB = 64;
export const DEFAULT_MAX_FILE_MB = 512;

/** A size for people: "1.5 MB", "120 MB". */
export function megabytes(bytes: number): string {
  const mb = bytes / 1048576;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** A network-level failure (refused, reset, timed out): retryable, and not an HTTP status. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TransportError';
  }
}
