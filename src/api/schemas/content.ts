import { z } from 'zod';
import {
  DateTime,
  Id,
  Image,
  OptionalRichText,
  OptionalText,
  Publication,
  publicOnly,
  RichText,
  SportRef,
  Url,
} from './common.ts';

export const Category = z.object({ id: Id, name: z.string().min(1), slug: z.string().min(1) });
export type Category = z.infer<typeof Category>;

/** What article lists return. */
export const ArticleSummary = z.object({
  id: Id,
  slug: z.string().min(1),
  /** Publication time; the site's news URL uses its calendar date in the site's timezone. */
  date: DateTime,
  title: z.string().min(1),
  summary: z.string(),
  author: z.string().nullable(),
  sport: SportRef.nullable(),
  categories: z.array(Category),
  featured_image: Image.nullable(),
  /** "published" is built; any other value ("draft", "scheduled", "private" …) is not. */
  status: z.string(),
  visibility: Publication.visibility,
});
export type ArticleSummary = z.infer<typeof ArticleSummary>;

export const Article = ArticleSummary.extend({
  body: RichText,
  updated_at: DateTime,
  related: publicOnly(ArticleSummary, 'related article'),
  event_id: Id.nullable(),
});
export type Article = z.infer<typeof Article>;

/** A saved revision of an article (only for the editor identity). */
export const ArticleRevision = z.object({
  id: Id,
  article_id: Id,
  created_at: DateTime,
  created_by: z.string(),
  article: Article,
});
export type ArticleRevision = z.infer<typeof ArticleRevision>;

export const Video = z.object({
  id: Id,
  slug: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  date: DateTime,
  sport: SportRef.nullable(),
  provider: z.enum(['youtube', 'vimeo', 'file']),
  /** YouTube or Vimeo video id. */
  provider_id: z.string().nullable(),
  /** The file's URL when provider is 'file'. */
  file_url: Url.nullable(),
  thumbnail: Image,
  duration_seconds: z.number().int().nonnegative(),
  ...Publication,
});
export type Video = z.infer<typeof Video>;

export const Photo = z.object({
  id: Id,
  image: Image,
  caption: z.string(),
  credit: z.string().nullable(),
});
export type Photo = z.infer<typeof Photo>;

export const GallerySummary = z.object({
  id: Id,
  slug: z.string().min(1),
  title: z.string().min(1),
  date: DateTime,
  sport: SportRef.nullable(),
  cover: Image,
  photo_count: z.number().int().nonnegative(),
  ...Publication,
});
export type GallerySummary = z.infer<typeof GallerySummary>;

export const Gallery = GallerySummary.extend({
  description: z.string(),
  photos: z.array(Photo),
});
export type Gallery = z.infer<typeof Gallery>;

export const StaffMember = z.object({
  id: Id,
  slug: z.string().min(1),
  full_name: z.string().min(1),
  title: z.string().min(1),
  email: OptionalText,
  phone: OptionalText,
  photo: Image.nullish().transform((v) => v ?? null),
  bio: OptionalRichText,
  department_ids: z.array(Id),
  sport_id: Id.nullable(),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const Department = z.object({
  id: Id,
  slug: z.string().min(1),
  name: z.string().min(1),
  order: z.number().int(),
  members: z.array(StaffMember),
});
export type Department = z.infer<typeof Department>;

export const DocumentMeta = z.object({
  uuid: z.string().min(1),
  title: z.string().min(1),
  filename: z.string().min(1),
  mime_type: z.literal('application/pdf'),
  size_bytes: z.number().int().positive(),
  updated_at: DateTime,
  /** Where the file itself is served, relative to the API prefix. */
  file_url: Url,
  ...Publication,
});
export type DocumentMeta = z.infer<typeof DocumentMeta>;

export const SearchResult = z.object({
  type: z.enum(['article', 'player', 'coach', 'staff', 'page', 'sport', 'video', 'gallery']),
  id: Id,
  title: z.string().min(1),
  /** Site path of the result, e.g. /news/2026/11/21/hawks-top-lakers. */
  path: z.string().startsWith('/'),
  summary: z.string(),
  date: DateTime.nullable(),
  sport: SportRef.nullable(),
  image: Image.nullable(),
  score: z.number(),
});
export type SearchResult = z.infer<typeof SearchResult>;

/** Search filters (behaviour §3 "Search type"). */
export const SearchType = z.object({ team_name: z.string().nullable(), sport: z.string().nullable() });
export type SearchType = z.infer<typeof SearchType>;
