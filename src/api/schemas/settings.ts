import { z } from 'zod';
import { notice } from '../boundary.ts';
import { flag, Id, Image, RichText, Url, zeroDefault } from './common.ts';

export interface MenuItem {
  id: number;
  title: string;
  url: string;
  /** '_blank' opens in a new tab. */
  target: '_self' | '_blank';
  /** Iconify-style icon name, used by the icon menu (e.g. "fieldhouse:instagram"). */
  icon: string | null;
  children: MenuItem[];
}
export const MenuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: Id,
    title: z.string().min(1),
    url: Url,
    target: z
      .enum(['_self', '_blank'])
      .nullish()
      .transform((v) => v ?? '_self'),
    icon: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    children: z
      .array(MenuItem)
      .nullish()
      .transform((v) => v ?? []),
  }),
) as z.ZodType<MenuItem>;

/** Menus deeper than this are cut (a menu shows three levels at most: bar, submenu, and a group within it). */
export const MENU_MAX_DEPTH = 3;

function capMenu(items: MenuItem[], depth: number, trail: string[]): MenuItem[] {
  return items.map((item) => {
    if (item.children.length === 0) return item;
    const where = [...trail, item.title];
    if (depth + 1 >= MENU_MAX_DEPTH) {
      notice(
        `menu item "${where.join(' › ')}": ${item.children.length} deeper item(s) left out (menus show ${MENU_MAX_DEPTH} levels)`,
      );
      return { ...item, children: [] };
    }
    return { ...item, children: capMenu(item.children, depth + 1, where) };
  });
}

const Menu = z
  .array(MenuItem)
  .nullish()
  .transform((v) => capMenu(v ?? [], 0, []));

export const FooterContentBlock = z.object({
  id: Id,
  title: z.string(),
  body: RichText,
  image: Image.nullable(),
  link: z.object({ label: z.string(), url: Url }).nullable(),
});
export type FooterContentBlock = z.infer<typeof FooterContentBlock>;

const Ref = z.object({ id: Id, name: z.string().optional() });
const PageRef = z.object({ id: Id, slug: z.string().min(1) });

export const SportSortingBehavior = z.enum([
  'order_ascending',
  'order_descending',
  'name_ascending',
  'name_descending',
]);
export type SportSortingBehavior = z.infer<typeof SportSortingBehavior>;

/** The website configuration view (behaviour §3 "Site settings"). */
export const SiteSettings = z.object({
  // Menus
  website_additional_menu: Menu,
  website_footer_menu: Menu,
  website_menu: Menu,
  website_icon_menu: Menu,
  website_user_menu: Menu,
  // Lists and text
  website_footer_content_blocks: z
    .array(FooterContentBlock)
    .nullish()
    .transform((v) => v ?? []),
  copyright_text: z.string(),
  site_title: z.string().min(1),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  staff_directory_note: RichText.nullable(),
  not_found_error_page_text: RichText.nullable(),
  analytics_code: z.string().nullable(),
  wmt_calendar_widget_name: z.string().nullable(),
  website_timezone: z.string().min(1),
  // Images and logos
  website_logo: Image.nullable(),
  current_team_logo: Image.nullable(),
  default_player_photo: Image.nullable(),
  default_staff_member_photo: Image.nullable(),
  default_schedule_image: Image.nullable(),
  all_sports_schedule_image: Image.nullable(),
  staff_directory_hero_image: Image.nullable(),
  meta_image: z.object({ url: Url }).nullable(),
  website_favicon: z.object({ mime_type: z.string().min(1), url: Url }).nullable(),
  current_team_name: z.string().min(1),
  // Behaviour
  sport_sorting_behavior: SportSortingBehavior.nullish().transform((v) => v ?? 'order_ascending'),
  // Ad spacing: numeric, default 0
  roster_bio_ad_interval: zeroDefault,
  roster_bio_ad_shift: zeroDefault,
  article_ad_interval: zeroDefault,
  article_ad_shift: zeroDefault,
  page_ad_interval: zeroDefault,
  page_ad_shift: zeroDefault,
  home_page_ad_interval: zeroDefault,
  home_page_ad_shift: zeroDefault,
  // References
  default_season: Ref.nullable(),
  featured_category: Ref.nullable(),
  headlines_category: Ref.nullable(),
  sport_page_category: Ref.nullable(),
  homepage_static_page: PageRef.nullable(),
  sport_static_page: PageRef.nullable(),
  // Flags
  hide_schedule_page_image: flag,
  hide_all_sports_schedule_image: flag,
  hide_staff_directory_hero_image: flag,
  hide_schedule_ticker_block: flag,
  /** 'sport' shows the sport name in the schedule ticker; anything else shows current_team_name. */
  show_current_team_in_schedule_ticker_as: z.string().nullable(),
  recaptcha_site_key: z.string().nullable(),
  /** Ad zone uuids the site places by position (see docs/content-api.md "Ad zones"). */
  ad_zones: z
    .object({
      home: z.string().nullable(),
      article: z.string().nullable(),
      page: z.string().nullable(),
      roster_bio: z.string().nullable(),
      leaderboard: z.string().nullable(),
    })
    .nullish()
    .transform((v) => v ?? { home: null, article: null, page: null, roster_bio: null, leaderboard: null }),
});
export type SiteSettings = z.infer<typeof SiteSettings>;
