import type { Segment } from './pattern.ts';

/**
 * Route ranking. When several patterns match a path, the most specific wins. Patterns are compared segment by
 * segment from the left; at the first segment that differs, the higher score wins:
 */
export const SEGMENT_SCORE = {
  /** A literal segment: `/news`. */
  STATIC: 4,
  /** A parameter with a fixed suffix: `/:uuid.pdf`. */
  PARAM_WITH_SUFFIX: 3,
  /** A parameter: `/:year`. */
  PARAM: 2,
  /** One or more segments: `/:slug+`; matches anything, so it ranks last. */
  REST: 1,
} as const;

function score(segment: Segment | undefined): number {
  if (!segment) return 0;
  if (segment.kind === 'static') return SEGMENT_SCORE.STATIC;
  if (segment.kind === 'rest') return SEGMENT_SCORE.REST;
  return segment.suffix ? SEGMENT_SCORE.PARAM_WITH_SUFFIX : SEGMENT_SCORE.PARAM;
}

/** Comparator for Array.sort: negative when `a` is more specific than `b`. Ties keep table order. */
export function compareRoutes(a: Segment[], b: Segment[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const difference = score(b[i]) - score(a[i]);
    if (difference !== 0) return difference;
  }
  return 0;
}
