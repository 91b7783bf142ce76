/**
 * How many of an output's pages name each medium and each chrome (the set of links of a page's header, menus and
 * footer: links.ts). The build cache keeps the counts (media.tsv, chrome.json). An incremental build that keeps most
 * pages in place knows from them which media and chromes the kept pages still name without reading a line of theirs:
 * the previous output's counts, less those of the pages it does not keep (the few a change touched or removed).
 */
export interface PageTally {
  /** A page that names these media and this chrome. */
  add(media: readonly string[], chrome: string): void;
  /** A page counted before that is gone (its media and chrome as the build cache has them). */
  remove(media: readonly string[], chrome: string): void;
  /** Add another tally's counts (of other pages) to this one's. */
  merge(other: PageTally): void;
  /** Each medium some page names, with how many do. */
  media(): ReadonlyMap<string, number>;
  /** Each chrome some page names, with how many do. */
  chromes(): ReadonlyMap<string, number>;
}

export function createPageTally(from?: {
  media: Iterable<readonly [string, number]>;
  chromes: Iterable<readonly [string, number]>;
}): PageTally {
  const media = new Map<string, number>();
  const chromes = new Map<string, number>();
  for (const [url, pages] of from?.media ?? []) if (pages > 0) media.set(url, pages);
  for (const [chrome, pages] of from?.chromes ?? []) if (pages > 0) chromes.set(chrome, pages);
  const count = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    add(pageMedia, chrome) {
      for (const url of pageMedia) count(media, url, 1);
      count(chromes, chrome, 1);
    },
    remove(pageMedia, chrome) {
      for (const url of pageMedia) count(media, url, -1);
      count(chromes, chrome, -1);
    },
    merge(other) {
      for (const [url, pages] of other.media()) count(media, url, pages);
      for (const [chrome, pages] of other.chromes()) count(chromes, chrome, pages);
    },
    media: () => media,
    chromes: () => chromes,
  };
}
