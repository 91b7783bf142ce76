/** The one seam between the API client and the network: Node uses undici, the browser uses fetch. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** A JSON string, or FormData sent as is. */
  body?: string | FormData;
  /** Abort after this many milliseconds. */
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Raw bytes: JSON and text are decoded by the client, PDFs are kept as they are. */
  body: Uint8Array;
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

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
