import { z } from 'zod';

/** Numeric record id. */
export const Id = z.number().int().positive();
/** ISO-8601 date-time with an offset, e.g. 2026-11-21T19:00:00-05:00. */
export const DateTime = z.iso.datetime({ offset: true });
/** Calendar date, YYYY-MM-DD. */
export const DateOnly = z.iso.date();
/** Sanitised rich text (HTML) authored in the CMS. */
export const RichText = z.string();
/** A URL: absolute, or root-relative to the API origin (the demo CMS serves media under /media). */
export const Url = z.string().min(1);

/** Numbers the CMS may leave empty; the spec says they default to 0. */
export const zeroDefault = z
  .number()
  .int()
  .nonnegative()
  .nullish()
  .transform((v) => v ?? 0);
/** Flags the CMS may leave empty; empty means false. */
export const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);

export const Image = z.object({
  url: Url,
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  mime_type: z.string().optional(),
});
export type Image = z.infer<typeof Image>;

export const Pagination = z.object({
  total: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  per_page: z.number().int().positive(),
  current_page: z.number().int().positive(),
  total_pages: z.number().int().nonnegative(),
});
export type Pagination = z.infer<typeof Pagination>;

/** `{ data: T }`: every answer of the API but the icon sets is wrapped in this envelope. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** `{ data: T[], meta: { pagination } }`: paginated lists. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: z.object({ pagination: Pagination }) });
}
export interface Page<T> {
  data: T[];
  meta: { pagination: Pagination };
}

/** A short reference to a season, embedded in other records. */
export const SeasonRef = z.object({ id: Id, name: z.string(), slug: z.string().min(1) });
export type SeasonRef = z.infer<typeof SeasonRef>;

/** A short reference to a sport, embedded in other records. */
export const SportRef = z.object({ id: Id, name: z.string(), slug: z.string().min(1), short_name: z.string() });
export type SportRef = z.infer<typeof SportRef>;

export const SocialLink = z.object({
  network: z.enum(['x', 'instagram', 'facebook', 'tiktok', 'youtube', 'linkedin']),
  url: Url,
});
export type SocialLink = z.infer<typeof SocialLink>;
