/** Root-relative media URLs (`"/media/…"`) in a JSON text: the media a page uses, which the build copies. */
const MEDIA_URL = /"(\/media\/[^"?#\\]+)"/g;

export function mediaIn(json: string): string[] {
  return [...json.matchAll(MEDIA_URL)].map((m) => m[1]!);
}
