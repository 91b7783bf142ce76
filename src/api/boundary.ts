/**
 * The trust boundary: what the build does to every API answer before a page sees it, whatever the API sends.
 * - Text: control characters are removed (a NUL byte never reaches a page); any one string is capped.
 * - Structure: an answer nested deeper than MAX_DEPTH is cut at that depth.
 * - Rich text: sanitised (src/rich-text), see `RichText` in schemas/common.ts.
 * - Publication: records that are not public (drafts, scheduled, private, protected bodies) are left out, see
 *   `publicOnly` and `Publication` in schemas/common.ts.
 * Each change is reported (endpoint, record, field) so the build can warn: the site is built from what was
 * left, never from a record it could not trust.
 */
import { describeRecord, formatPath } from './record-path.ts';

/** Deeper than this, an answer is cut (zod and the templates recurse; a 20,000-deep menu would overflow them). */
export const MAX_DEPTH = 32;
/** The longest plain string kept whole (rich text has its own, smaller cap): 2 MiB. */
export const MAX_STRING_CHARS = 2 << 20;
/** Answers at least this long are searched for oversized strings. */
const LARGE_ANSWER_CHARS = 1 << 20;

// C0 controls but tab, line feed and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const CONTROL_ESCAPE = /\\u00(?:0[0-8bcef]|1[0-9a-f]|7f|[89][0-9a-f])|[\u007f-\u009f]/i;

interface Collection {
  /**
   * What the schemas said, each once: a transform can run twice in one parse (zod's compiled parser hands a parse it
   * cannot decide to the runtime parser, which runs it again: compiled.ts), and said twice, it is still one notice.
   */
  notices: Set<string>;
  /** Rich-text values a schema changed, with what it said: located in the answer (path, record) afterwards. */
  located: Map<string, string>;
}

let current: Collection | null = null;

/**
 * Run `parse` (synchronous: answers never mix) and collect what the schemas report. Notices about a string value
 * (`noticeAbout`) are located in `body` afterwards, so each names the record and the field.
 */
export function collectNotices<T>(body: unknown, parse: () => T): { value: T; notices: string[] } {
  const outer = current;
  const collection: Collection = { notices: new Set(), located: new Map() };
  current = collection;
  try {
    const value = parse();
    const notices = [...collection.notices];
    if (collection.located.size) notices.push(...locate(body, collection.located));
    return { value, notices };
  } finally {
    current = outer;
  }
}

/**
 * A schema reports something it changed or left out (once, however often it is said in one answer). Outside
 * `collectNotices` (a plain parse), nothing.
 */
export function notice(message: string): void {
  current?.notices.add(message);
}

/** A schema changed this string value: the notice names where it was, once the whole answer is parsed. */
export function noticeAbout(value: string, message: string): void {
  if (current && !current.located.has(value)) current.located.set(value, message);
}

function locate(body: unknown, located: Map<string, string>): string[] {
  const out: string[] = [];
  walkStrings(body, (value, path) => {
    const message = located.get(value);
    if (message === undefined) return value;
    out.push(`${describeRecord(body, path)}, field ${formatPath(path)}: ${message}`);
    located.delete(value);
    return value;
  });
  // A value not found as is (it was already cleaned of control characters, say) is still reported.
  for (const message of located.values()) out.push(message);
  return out;
}

/**
 * Before the schemas see an answer: control characters out, oversized strings cut, an over-deep structure cut.
 * `text` is the answer as received (cheap tests decide whether the walks are needed at all).
 */
export function cleanAnswer(text: string, json: unknown): { json: unknown; notices: string[] } {
  const notices: string[] = [];
  let out = json;
  if (CONTROL_ESCAPE.test(text)) {
    const where: string[] = [];
    out = walkStrings(out, (value, path) => {
      if (!CONTROL.test(value)) return value;
      CONTROL.lastIndex = 0;
      if (where.length < 3) where.push(`${describeRecord(json, path)}, field ${formatPath(path)}`);
      return value.replace(CONTROL, '');
    });
    if (where.length) notices.push(`control characters removed from text (${where.join('; ')})`);
  }
  if (text.length >= LARGE_ANSWER_CHARS) {
    out = walkStrings(out, (value, path) => {
      if (value.length <= MAX_STRING_CHARS) return value;
      notices.push(
        `${describeRecord(json, path)}, field ${formatPath(path)}: ${value.length.toLocaleString('en-US')} characters, cut to ${MAX_STRING_CHARS.toLocaleString('en-US')}`,
      );
      return value.slice(0, MAX_STRING_CHARS);
    });
  }
  return { json: out, notices };
}

/** Cut whatever lies deeper than `max` levels (objects and arrays become empty), reporting the first place. */
export function limitDepth(json: unknown, max = MAX_DEPTH): { json: unknown; notices: string[] } {
  let first: string | null = null;
  const visit = (node: unknown, depth: number, path: PropertyKey[]): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (depth >= max) {
      first ??= `${describeRecord(json, path)}, at ${formatPath(path)}`;
      return Array.isArray(node) ? [] : {};
    }
    if (Array.isArray(node)) return node.map((item, i) => visit(item, depth + 1, [...path, i]));
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, visit(value, depth + 1, [...path, key])]),
    );
  };
  // Iterative descent is not needed: `max` bounds the recursion.
  const cut = visit(json, 0, []);
  return { json: cut, notices: first ? [`nested deeper than ${max} levels, cut there (${first})`] : [] };
}

/** Visit every string of a JSON value with its path; `replace` returns the value to keep. Copies only when changed. */
function walkStrings(node: unknown, replace: (value: string, path: PropertyKey[]) => string): unknown {
  const path: PropertyKey[] = [];
  const visit = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return replace(value, path);
    if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
    if (Array.isArray(value)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        const next = visit(value[i], depth + 1);
        path.pop();
        if (next !== value[i]) (copy ??= [...value])[i] = next;
      }
      return copy ?? value;
    }
    let copy: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value)) {
      path.push(key);
      const next = visit(item, depth + 1);
      path.pop();
      if (next !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = next;
    }
    return copy ?? value;
  };
  return visit(node, 0);
}

/** Why a record must not be published (its status or visibility), or null when it is public. */
export function unpublishedReason(record: { status?: unknown; visibility?: unknown }): string | null {
  if (record.status !== undefined && record.status !== null && record.status !== 'published')
    return `status ${JSON.stringify(record.status)}`;
  if (record.visibility !== undefined && record.visibility !== null && record.visibility !== 'public')
    return `visibility ${JSON.stringify(record.visibility)}`;
  return null;
}

/** "article 12 (slug "x")": a record named the way warnings name it. */
export function recordName(kind: string, record: { id?: unknown; slug?: unknown; uuid?: unknown }): string {
  const key = record.id ?? record.uuid;
  const slug = typeof record.slug === 'string' ? ` (slug ${JSON.stringify(record.slug)})` : '';
  return `${kind} ${key === undefined ? '?' : String(key)}${slug}`;
}
