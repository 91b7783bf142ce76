import type { ErrorData } from './catalogue.ts';

type Args<E extends ErrorData> = E['message'] extends (...args: infer A) => string ? A : [];

export interface FieldhouseErrorOptions {
  /** HTTP status this error answers with (404, 403, 500 …). */
  status?: number;
  /** What a visitor is shown on the error page (the server's message, 'Page Not Found: /x' …). */
  statusMessage?: string;
  /** Fatal errors stop the page (error page) or the build; non-fatal ones are reported and skipped. */
  fatal?: boolean;
  cause?: unknown;
  /** Facts for machines: the URL, record id, field path … */
  details?: Record<string, unknown>;
}

/** The one error class. `name` is the catalogue code; `hint` tells the user what to do. */
export class FieldhouseError extends Error {
  readonly code: string;
  readonly title: string;
  readonly hint: string | undefined;
  readonly status: number | undefined;
  readonly statusMessage: string | undefined;
  readonly fatal: boolean;
  readonly details: Record<string, unknown>;

  constructor(data: ErrorData, message: string, hint: string | undefined, options: FieldhouseErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = data.name;
    this.code = data.name;
    this.title = data.title;
    this.hint = hint;
    this.status = options.status;
    this.statusMessage = options.statusMessage;
    this.fatal = options.fatal ?? false;
    this.details = options.details ?? {};
  }
}

/** Build an error from a catalogue entry: `createError(ApiHttpError, [method, url, status, msg], {status})`. */
export function createError<E extends ErrorData>(
  data: E,
  args: Args<E>,
  options: FieldhouseErrorOptions = {},
): FieldhouseError {
  const message =
    typeof data.message === 'function' ? (data.message as (...a: unknown[]) => string)(...args) : data.message;
  const hint = typeof data.hint === 'function' ? (data.hint as (...a: unknown[]) => string)(...args) : data.hint;
  return new FieldhouseError(data, message, hint, options);
}

export function isFieldhouseError(error: unknown, data?: ErrorData): error is FieldhouseError {
  return error instanceof FieldhouseError && (data === undefined || error.code === data.name);
}

/** One line for a terminal: message, then the hint. */
export function formatError(error: unknown): string {
  if (error instanceof FieldhouseError) {
    return error.hint ? `${error.message}\n  hint: ${error.hint}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
