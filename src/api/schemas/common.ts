import { z } from 'zod';
import { sanitizeRichText } from '../../rich-text/sanitize.ts';
import { canonicalDateTime, readIsoDate } from '../../util/iso-dates.ts';
import { notice, noticeAbout, recordName, unpublishedReason } from '../boundary.ts';
import { compiled } from '../compiled.ts';

/** Numeric record id. */
export const Id = z.number().int().positive();
/**
 * An ISO 8601 date-time, in any of the forms real APIs write (no seconds, `-0500`, a space for `T`), made
 * canonical: `2026-11-21T19:00:00-05:00`. Without an offset it is read as UTC (events read theirs in the event's
 * own timezone, see schedule.ts). docs/content-api.md, "Dates".
 */
export const DateTime = z.string().transform((text, ctx) => {
  const canonical = canonicalDateTime(text, 'UTC');
  if (canonical) return canonical;
  ctx.addIssue({ code: 'custom', message: `expected an ISO 8601 date-time such as 2026-11-21T19:00:00-05:00` });
  return z.NEVER;
});
/** A calendar date, YYYY-MM-DD; a date-time is taken for the date it names as written. */
export const DateOnly = z.string().transform((text, ctx) => {
  const written = readIsoDate(text);
  if (written) return written.date;
  ctx.addIssue({ code: 'custom', message: 'expected an ISO 8601 date such as 2026-11-21' });
  return z.NEVER;
});
/** Text a record may leave out or send as null or blank: null then. */
export const OptionalText = z
  .string()
  .nullish()
  .transform((v) => (v && v.trim() ? v : null));
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

/** A dimension the API may not know (most CDNs send none): null then, and the page reserves the space by CSS. */
const Dimension = z
  .number()
  .positive()
  .nullish()
  .transform((v) => (v ? Math.round(v) : null));

export const Image = z.object({
  url: Url,
  alt: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  width: Dimension,
  height: Dimension,
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
 * A list whose records are taken one by one: a record that does not fit its schema is left out, with a warning
 * naming its id and the field, and the rest of the list (a roster, a schedule) is built. docs/content-api.md,
 * "What the build does with what the API sends".
 */
export function eachValid<T extends z.ZodType>(item: T, kind: string) {
  return z.array(z.unknown()).transform((records) => {
    const kept: z.output<T>[] = [];
    const parser = compiled(item);
    for (const record of records) {
      const result = parser.safeParse(record);
      if (result.success) {
        kept.push(result.data);
        continue;
      }
      const issue = result.error.issues[0]!;
      const field = issue.path.length ? issue.path.map(String).join('.') : '(the record)';
      notice(
        `${recordName(kind, record !== null && typeof record === 'object' ? record : {})} left out: field ${field}: ${issue.message}`,
      );
    }
    return kept;
  });
}

/**
 * A list of publishable records, public ones only: drafts, scheduled and private records the API sends anyway
 * are left out here, each reported with its id and the field that kept it out.
 */
export function publicOnly<
  T extends z.ZodType<{ id?: unknown; uuid?: unknown; status?: unknown; visibility?: unknown }>,
>(item: T, kind: string) {
  // Each record on its own (`eachValid`): one that does not fit is left out of the list, not the list's page.
  return eachValid(item, kind).transform((records) =>
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

/** The networks the site has an icon and a name for; a link to any other is kept as a plain link. */
export const SOCIAL_NETWORKS = ['x', 'instagram', 'facebook', 'tiktok', 'youtube', 'linkedin'] as const;
export const SocialLink = z.object({
  network: z.string().min(1),
  url: Url,
});
export type SocialLink = z.infer<typeof SocialLink>;

/** A paginated list of publishable records, public ones only (see `publicOnly`). Make it once per kind. */
export function paginatedPublic<
  T extends z.ZodType<{ id?: unknown; uuid?: unknown; status?: unknown; visibility?: unknown }>,
>(item: T, kind: string) {
  return z.object({ data: publicOnly(item, kind), meta: z.object({ pagination: Pagination }) });
}
