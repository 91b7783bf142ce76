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
