/** Where a value sits in an API answer, for messages: its path and the record around it. */

/** `data[3].default_season.id` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out || '(root)';
}

/** The innermost object on the path that carries an id, slug or uuid: "record data[3] (id 7, slug "golf")". */
export function describeRecord(body: unknown, path: readonly PropertyKey[]): string {
  let node: unknown = body;
  let found: { at: string; ids: string } | undefined;
  const walked: PropertyKey[] = [];
  for (const key of path) {
    const ids = identify(node);
    if (ids) found = { at: formatPath(walked), ids };
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<PropertyKey, unknown>)[key as string];
    walked.push(key);
  }
  const ids = identify(node);
  if (ids && walked.length === path.length - 1) found = { at: formatPath(walked), ids };
  return found ? `record ${found.at} (${found.ids})` : 'record';
}

function identify(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const record = node as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of ['id', 'uuid', 'slug'] as const) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') parts.push(`${key} ${JSON.stringify(value)}`);
  }
  return parts.length ? parts.join(', ') : undefined;
}
