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
  return errorMessage(error);
}

/** What anything thrown says: an Error's message, or the thrown value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An error as plain data, to cross a thread or process boundary and come back as the catalogue's error. */
export interface ErrorRecord {
  code: string;
  title: string;
  message: string;
  hint: string | null;
  status: number | null;
  fatal: boolean;
  details: Record<string, unknown>;
}

/** Any thrown value as an ErrorRecord: a FieldhouseError keeps its code, hint, status and details. */
export function errorToRecord(error: unknown): ErrorRecord {
  if (error instanceof FieldhouseError)
    return {
      code: error.code,
      title: error.title,
      message: error.message,
      hint: error.hint ?? null,
      status: error.status ?? null,
      fatal: error.fatal,
      details: plainDetails(error.details),
    };
  return {
    code: 'Unexpected',
    title: 'Unexpected error',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    hint: null,
    status: null,
    fatal: true,
    details: {},
  };
}

/** The FieldhouseError an ErrorRecord stands for. */
export function errorFromRecord(record: ErrorRecord): FieldhouseError {
  return new FieldhouseError(
    { name: record.code, title: record.title, message: record.message },
    record.message,
    record.hint ?? undefined,
    {
      status: record.status ?? undefined,
      fatal: record.fatal,
      details: record.details,
    },
  );
}

/** Details that survive structured cloning (JSON-safe values only). */
function plainDetails(details: Record<string, unknown>): Record<string, unknown> {
  try {
    return JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
  } catch {
    return {};
  }
}
