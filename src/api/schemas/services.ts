import { z } from 'zod';
import { Id, Image, Url } from './common.ts';

export const AdZone = z.object({
  uuid: z.string().min(1),
  name: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type AdZone = z.infer<typeof AdZone>;

export const Ad = z.object({
  id: Id,
  zone_uuid: z.string().min(1),
  title: z.string().min(1),
  image: Image,
  url: Url,
  target_blank: z.boolean(),
});
export type Ad = z.infer<typeof Ad>;

/** `GET /simages?zones=…`: the ads of each requested zone, keyed by zone uuid. */
export const AdsByZone = z.record(z.string(), z.array(Ad));
export type AdsByZone = z.infer<typeof AdsByZone>;

export const CurrentUser = z.object({
  id: Id,
  name: z.string().min(1),
  email: z.string(),
  roles: z.array(z.string()),
  /** Where the user edits content in the CMS; `{type}` and `{id}` are filled in by the admin bar. */
  edit_url_template: Url,
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** Redirect check result (behaviour §3). */
export const RedirectCheck = z.object({
  target_url: z.string().nullable(),
  /** 'ignore_pass' passes the query string through. */
  query_parameters: z.string().nullable(),
  redirect_type: z
    .number()
    .int()
    .min(300)
    .max(399)
    .nullish()
    .transform((v) => v ?? 307),
});
export type RedirectCheck = z.infer<typeof RedirectCheck>;

/** One rule of the redirect service's bulk list. */
export const RedirectRule = z.object({
  source: z.string().startsWith('/'),
  target_url: z.string().min(1),
  query_parameters: z.string().nullable(),
  redirect_type: z
    .number()
    .int()
    .min(300)
    .max(399)
    .nullish()
    .transform((v) => v ?? 307),
});
export type RedirectRule = z.infer<typeof RedirectRule>;

/** An Iconify-compatible icon set answer: `GET /icons/{prefix}.json?icons=a,b`. */
export const IconSet = z.object({
  prefix: z.string().min(1),
  icons: z.record(
    z.string(),
    z.object({ body: z.string(), width: z.number().optional(), height: z.number().optional() }),
  ),
  width: z.number().optional(),
  height: z.number().optional(),
  not_found: z.array(z.string()).optional(),
});
export type IconSet = z.infer<typeof IconSet>;
