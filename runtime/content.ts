/**
 * What the browser keeps of a build's content (page payloads, the redirect table, the search index's files), kept
 * under the page's build id (spec §4, §7). An incremental deploy changes content and leaves the build id as it was,
 * so these caches register here, and the build poller drops them all when `latest.json` names new content.
 */
const droppers = new Set<() => void>();

/** Register a cache to drop when the site's content changes under the same build id. */
export function onNewContent(drop: () => void): void {
  droppers.add(drop);
}

/** The site's content changed: drop every cache of it (the next read fetches again). */
export function newContent(): void {
  for (const drop of droppers) drop();
}
