import { z } from 'zod';
import { notice, recordName } from '../boundary.ts';
import { DateTime, Id, Image, Publication, RichText, Url } from './common.ts';

const Link = z.object({ label: z.string().min(1), url: Url });

const block = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ id: Id, type: z.literal(type), ...shape });

/** Content blocks of pages (behaviour §1). Discriminated by `type`. */
export const Block = z.discriminatedUnion('type', [
  block('banner', { title: z.string(), subtitle: z.string().nullable(), image: Image, link: Link.nullable() }),
  block('slider', {
    interval_ms: z.number().int().positive(),
    slides: z
      .array(z.object({ title: z.string(), subtitle: z.string().nullable(), image: Image, link: Link.nullable() }))
      .min(1),
  }),
  block('tiles', {
    title: z.string().nullable(),
    tiles: z.array(z.object({ title: z.string(), image: Image, url: Url })).min(1),
  }),
  block('membership_promotion', {
    title: z.string(),
    body: RichText,
    image: Image.nullable(),
    tiers: z.array(z.object({ name: z.string(), price: z.string(), perks: z.array(z.string()) })),
    link: Link.nullable(),
  }),
  block('ticket_promotion', {
    title: z.string(),
    body: RichText,
    image: Image.nullable(),
    link: Link,
    event_id: Id.nullable(),
  }),
  block('sponsors', {
    title: z.string(),
    sponsors: z.array(z.object({ name: z.string(), logo: Image, url: Url.nullable() })),
  }),
  block('rich_text', { html: RichText }),
  block('ad_zone', { zone_uuid: z.string().min(1) }),
  block('form', { form_id: Id }),
  block('audio_player', {
    title: z.string(),
    src: Url,
    duration_seconds: z.number().int().nonnegative(),
    description: z.string().nullable(),
  }),
  block('schedule_ticker', { sport_id: Id.nullable() }),
  block('sticky_popup', { title: z.string(), body: RichText, link: Link.nullable(), dismiss_key: z.string().min(1) }),
]);
export type Block = z.infer<typeof Block>;
export type BlockType = Block['type'];

export const PageSummary = z.object({
  id: Id,
  /** Multi-segment path without leading slash, e.g. "about/history". */
  slug: z.string().min(1),
  title: z.string().min(1),
  password_protected: z.boolean(),
  updated_at: DateTime,
  ...Publication,
});
export type PageSummary = z.infer<typeof PageSummary>;

/**
 * A page. A password-protected page is built with its title alone: its blocks and summary come from
 * `POST /pages/{id}/unlock` in the browser, after the password. A CMS that sends them anyway in its public answer
 * has them left out here (and reported), so they never reach the HTML or the payload.
 */
export const ContentPage = PageSummary.extend({
  summary: z.string().nullable(),
  layout: z.enum(['game-day', 'ticketing']).nullable(),
  /** "published" is built; any other value is not. */
  status: z.string(),
  meta_description: z.string().nullable(),
  /** Empty for a password-protected page until it is unlocked. */
  blocks: z.array(Block),
}).transform((page) => {
  if (!page.password_protected || (page.blocks.length === 0 && page.summary === null)) return page;
  notice(
    `${recordName('page', page)} is password-protected: its ${page.blocks.length} block${page.blocks.length === 1 ? '' : 's'} and summary are left out (they load after the password)`,
  );
  return { ...page, blocks: [], summary: null };
});
export type ContentPage = z.infer<typeof ContentPage>;

export const PageRevision = z.object({
  id: Id,
  page_id: Id,
  created_at: DateTime,
  created_by: z.string(),
  page: ContentPage,
});
export type PageRevision = z.infer<typeof PageRevision>;

export const FormField = z.object({
  name: z.string().min(1),
  label: z.string().min(1),
  type: z.enum(['input', 'textarea', 'select', 'checkboxes', 'file', 'paragraph']),
  /** For 'input': the HTML input type. */
  input_type: z.enum(['text', 'email', 'tel', 'number', 'date', 'url']).nullable(),
  required: z.boolean(),
  placeholder: z.string().nullable(),
  help: z.string().nullable(),
  options: z.array(z.object({ label: z.string(), value: z.string() })),
  max_length: z.number().int().positive().nullable(),
  /** For 'file': accepted MIME types, the size limit per file and the number of files. */
  accept: z.array(z.string()),
  max_size_bytes: z.number().int().positive().nullable(),
  max_files: z.number().int().positive().nullable(),
  /** For 'paragraph': the text shown. */
  html: RichText.nullable(),
});
export type FormField = z.infer<typeof FormField>;

export const Form = z.object({
  id: Id,
  title: z.string().min(1),
  description: z.string().nullable(),
  submit_label: z.string().min(1),
  success_message: z.string().min(1),
  fields: z.array(FormField).min(1),
});
export type Form = z.infer<typeof Form>;

export const FormSubmissionResult = z.object({ id: Id, message: z.string() });
export type FormSubmissionResult = z.infer<typeof FormSubmissionResult>;
