/**
 * Stable news pages. Pages are numbered from the oldest story: page k holds the stories k×size−size+1 to k×size in
 * date order, so a page keeps its stories when news is published (a new story changes the news page and no
 * numbered page), a link to page 40 shows the same stories next year, and a host's or CDN's copy of it stays good.
 *
 * The newest full page and the stories after it (fewer than a page) are the news page itself: it shows between one
 * and two pages' worth, newest first, and "Older stories" goes on from the page below them with no story repeated.
 * A page is numbered once it is full and a newer full page exists.
 */
export interface NewsPaging {
  /** Numbered pages: 1 … numbered (0: the news page holds every story). */
  numbered: number;
  /** How many of the newest stories the news page shows. */
  latest: number;
}

export function newsPaging(total: number, size: number): NewsPaging {
  const numbered = Math.max(0, Math.floor(total / size) - 1);
  return { numbered, latest: total - numbered * size };
}

/** How many pages either side of its own a pager names (besides page 1 and the news page). */
export const PAGER_REACH = 2;

/**
 * The count of numbered pages a numbered page is made with: no more than its pager can tell apart, so a page far
 * below the newest is the same whatever the count (a page's data is its payload: it must not change either).
 */
export const pagesSeenFrom = (page: number, numbered: number): number => Math.min(numbered, page + PAGER_REACH + 1);
