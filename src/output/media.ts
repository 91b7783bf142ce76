const MEDIA_PREFIX = '"/media/';
const QUOTE = 0x22;
/** What ends a media URL's characters: its closing quote, or a `?`, `#` or escape, which disqualify it. */
const endsMediaUrl = (c: number) => c === QUOTE || c === 0x3f || c === 0x23 || c === 0x5c;

/**
 * Root-relative media URLs (`"/media/…"`, up to a `?`, `#` or escape, which disqualify it) in a JSON text: the
 * media a page uses, which the build copies. Each once, in the order first named. A page names a headshot or a team
 * photo several times (its card, its social image, the roster's): about 13 names for 5 files on an average page of
 * the demo, and each name would cost the main thread a message entry and the build cache a copy. Found with
 * indexOf, not a regular expression's matches: this runs on every page's payload, and each match was an array.
 */
export function mediaIn(json: string): string[] {
  const found = new Set<string>();
  for (let at = json.indexOf(MEDIA_PREFIX); at >= 0;) {
    let end = at + MEDIA_PREFIX.length;
    while (end < json.length && !endsMediaUrl(json.charCodeAt(end))) end++;
    const named = end > at + MEDIA_PREFIX.length && json.charCodeAt(end) === QUOTE;
    if (named) found.add(json.slice(at + 1, end));
    at = json.indexOf(MEDIA_PREFIX, named ? end + 1 : at + 1);
  }
  return [...found];
}
