import type { z } from 'zod';
import { ApiInvalidResponse } from '../errors/catalogue.ts';
import { createError } from '../errors/error.ts';
import { cleanAnswer, collectNotices, limitDepth } from './boundary.ts';
import { compiled } from './compiled.ts';
import { describeRecord, formatPath } from './record-path.ts';

const MAX_PROBLEMS = 5;

/** A validated answer, and what the boundary changed or left out on the way (for the build's warnings). */
export interface Parsed<T> {
  data: T;
  notices: string[];
}

/**
 * Take an API answer across the trust boundary (src/api/boundary.ts), then validate it against its schema. A
 * violation names the endpoint, the record it found in (by id, slug or uuid), the field path, and what was
 * expected.
 */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  text: string,
  body: unknown,
  endpoint: string,
): Parsed<z.output<S>> {
  const cleaned = cleanAnswer(text, body);
  let input = cleaned.json;
  const notices = cleaned.notices;
  let parsed: { value: z.ZodSafeParseResult<z.output<S>>; notices: string[] };
  const parser = compiled(schema);
  try {
    parsed = collectNotices(input, () => parser.safeParse(input));
  } catch (error) {
    // A structure deep enough to overflow the stack: cut it and try once more.
    if (!(error instanceof RangeError)) throw error;
    const limited = limitDepth(input);
    input = limited.json;
    notices.push(...limited.notices);
    parsed = collectNotices(input, () => parser.safeParse(input));
  }
  const result = parsed.value;
  if (result.success) return { data: result.data, notices: [...notices, ...parsed.notices] };
  const issues = result.error.issues;
  const first = issues[0];
  const record = first ? describeRecord(input, first.path) : 'record';
  const problems = issues
    .slice(0, MAX_PROBLEMS)
    .map((issue) => `at ${formatPath(issue.path)}: ${issue.message}`)
    .join('; ');
  const more = issues.length > MAX_PROBLEMS ? ` (and ${issues.length - MAX_PROBLEMS} more)` : '';
  throw createError(ApiInvalidResponse, [endpoint, record, problems + more], {
    status: 502,
    fatal: true,
    details: { endpoint, record, issues: issues.map((i) => ({ path: formatPath(i.path), message: i.message })) },
  });
}
