import type { Params } from './params.ts';

export type Segment =
  { kind: 'static'; value: string } | { kind: 'param'; name: string; suffix: string } | { kind: 'rest'; name: string };

/** Split a pattern into segments: `/documents/:uuid.pdf` → static "documents", param "uuid" with suffix ".pdf". */
export function parsePattern(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((part): Segment => {
      if (!part.startsWith(':')) return { kind: 'static', value: part };
      if (part.endsWith('+')) return { kind: 'rest', name: part.slice(1, -1) };
      const dot = part.indexOf('.');
      return dot === -1
        ? { kind: 'param', name: part.slice(1), suffix: '' }
        : { kind: 'param', name: part.slice(1, dot), suffix: part.slice(dot) };
    });
}

/** Match path segments against a pattern's segments; the raw (unvalidated) params, or null. */
export function matchSegments(segments: Segment[], parts: string[]): Params | null {
  const params: Params = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.kind === 'rest') {
      const rest = parts.slice(i);
      if (rest.length === 0) return null;
      params[segment.name] = rest;
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === 'static') {
      if (part !== segment.value) return null;
    } else {
      if (!part.endsWith(segment.suffix) || part.length === segment.suffix.length) return null;
      params[segment.name] = part.slice(0, part.length - segment.suffix.length);
    }
  }
  return parts.length === segments.length ? params : null;
}

/** Build a concrete path from a pattern and params: the inverse of matchSegments. */
export function buildPath(segments: Segment[], params: Params): string {
  const parts = segments.map((segment) => {
    if (segment.kind === 'static') return segment.value;
    const value = params[segment.name];
    if (segment.kind === 'rest') return (value as string[]).join('/');
    return `${value as string}${segment.suffix}`;
  });
  return `/${parts.join('/')}`;
}
