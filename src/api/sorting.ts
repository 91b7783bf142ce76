import type { SportSortingBehavior } from './schemas/settings.ts';

/** Spec §4: how the site settings' sport_sorting_behavior maps to the API's `sort` parameter. */
export const SPORT_SORT: Readonly<Record<SportSortingBehavior, string>> = {
  order_ascending: 'order',
  order_descending: '-order',
  name_ascending: 'name',
  name_descending: '-name',
};

export function sportSortParam(behavior: SportSortingBehavior | null | undefined): string {
  return SPORT_SORT[behavior ?? 'order_ascending'];
}

/**
 * Where a list asked for in date order, oldest first (`sort: 'date'`), is not: the index of the first item earlier
 * than the one before it both in time and in its date's text; -1 when there is none. A CMS may sort by the time or
 * by the date's text (they differ when dates are written in different timezones): either is date order. An API that
 * ignored the sort gives its newest first, which neither is.
 */
export function dateOrderBreak(dates: readonly string[]): number {
  for (let i = 1; i < dates.length; i++) {
    const [before, date] = [dates[i - 1]!, dates[i]!];
    if (date < before && Date.parse(date) < Date.parse(before)) return i;
  }
  return -1;
}
