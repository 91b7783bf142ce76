/** Root-relative media URLs (`"/media/…"`) in a JSON text: the media a page uses, which the build copies. */
const MEDIA_URL = /"(\/media\/[^"?#\\]+)"/g;

/**
 * Each once, in the order first named. A page names a headshot or a team photo several times (its card, its social
 * image, the roster's): about 13 names for 5 files on an average page of the demo, and each name would cost the
 * main thread a message entry and the build cache a copy.
 */
export function mediaIn(json: string): string[] {
  return [...new Set(Array.from(json.matchAll(MEDIA_URL), (m) => m[1]!))];
}
