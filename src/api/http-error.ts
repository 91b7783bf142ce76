import { ApiHttpError } from '../errors/catalogue.ts';
import { createError, type FieldhouseError } from '../errors/error.ts';
import { RETRYABLE_STATUSES } from './retry.ts';

const UNEXPECTED = 'Unexpected error';

/**
 * Behaviour §8: 403 and 5xx are fatal, with the server's `message` or 'Unexpected error'; 404 is not fatal (and is
 * not reported); 401 is not fatal (the user call reads it as anonymous); other statuses are plain errors.
 * Shared by the API client and the browser's ad calls.
 */
export function httpError(method: string, target: string, status: number, text: string): FieldhouseError {
  const body = readBody(text);
  const serverMessage = messageOf(body) ?? UNEXPECTED;
  const fatal = status === 403 || status >= 500;
  return createError(ApiHttpError, [method, target, status, serverMessage], {
    status,
    statusMessage: serverMessage,
    fatal,
    details: { url: target, report: status !== 404, body, transient: RETRYABLE_STATUSES.has(status) },
  });
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message)
    return body.message;
  return undefined;
}

function readBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
