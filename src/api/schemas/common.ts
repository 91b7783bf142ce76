import { z } from 'zod';
import { sanitizeRichText } from '../../rich-text/sanitize.ts';
import { notice, noticeAbout, recordName, unpublishedReason } from '../boundary.ts';

/** Numeric record id. */
export const Id = z.number().int().positive();
/** ISO-8601 date-time with an offset, e.g. 2026-11-21T19:00:00-05:00. */
export const DateTime = z.iso.datetime({ offset: true });
/** Calendar date, YYYY-MM-DD. */
export const DateOnly = z.iso.date();
/**
 * Rich text (HTML) authored in the CMS, sanitised here at the boundary whatever the CMS promises: the pages get
 * the allow-list of src/rich-text/policy.ts and nothing else. What was removed is reported with its record.
 */
export const RichText = z.string().transform((html) => {
  const clean = sanitizeRichText(html);
  const said: string[] = [];
  if (clean.removed.length) said.push(`unsafe markup removed (${clean.removed.join(', ')})`);
  if (clean.truncated)
    said.push(`cut to ${(clean.html.length / 1024).toFixed(0)} KB of ${(html.length / 1024).toFixed(0)} KB`);
  if (said.length) noticeAbout(html, said.join('; '));
  return clean.html;
});
/** Rich text a record may leave empty. */
export const OptionalRichText = z
  .string()
  .nullish()
  .transform((v) => v ?? null)
  .pipe(RichText.nullable());
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

/** One schema per wrapped schema: zod compiles each on first use, so wrappers are made once, not per request. */
function memoised<A extends z.ZodType, R>(make: (inner: A) => R): (inner: A) => R {
  const made = new WeakMap<A, R>();
  return (inner) => {
    let found = made.get(inner);
    if (!found) made.set(inner, (found = make(inner)));
    return found;
  };
}

/** `{ data: T }`: every answer of the API but the icon sets is wrapped in this envelope. */
export const envelope = memoised(<T extends z.ZodType>(data: T) => z.object({ data })) as <T extends z.ZodType>(
  data: T,
) => z.ZodObject<{ data: T }>;

/** `{ data: T[], meta: { pagination } }`: paginated lists. */
export const paginated = memoised(<T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.object({ pagination: Pagination }) }),
) as <T extends z.ZodType>(
  item: T,
) => z.ZodObject<{ data: z.ZodArray<T>; meta: z.ZodObject<{ pagination: typeof Pagination }> }>;

/** `T[]`, made once per item schema. */
export const arrayOf = memoised(<T extends z.ZodType>(item: T) => z.array(item)) as <T extends z.ZodType>(
  item: T,
) => z.ZodArray<T>;

/**
 * Whether editors have published a record: absent means published and public (most CMSs send only public
 * records); any status other than "published" or visibility other than "public" keeps it off the site.
 */
export const Publication = {
  status: z.string().nullish(),
  visibility: z.string().nullish(),
};

/**
 * A list of publishable records, public ones only: drafts, scheduled and private records the API sends anyway
 * are left out here, each reported with its id and the field that kept it out.
 */
export function publicOnly<
  T extends z.ZodType<{ id?: unknown; uuid?: unknown; status?: unknown; visibility?: unknown }>,
>(item: T, kind: string) {
  return z.array(item).transform((records) =>
    records.filter((record) => {
      const reason = unpublishedReason(record);
      if (reason) notice(`${recordName(kind, record)} left out: ${reason} (only published, public records are built)`);
      return !reason;
    }),
  );
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

/** A paginated list of publishable records, public ones only (see `publicOnly`). Make it once per kind. */
export function paginatedPublic<
  T extends z.ZodType<{ id?: unknown; uuid?: unknown; status?: unknown; visibility?: unknown }>,
>(item: T, kind: string) {
  return z.object({ data: publicOnly(item, kind), meta: z.object({ pagination: Pagination }) });
}
