/**
 * What a content change is, as the CMS announces it (its webhooks and its change feed) and as the build takes it
 * (`site webhook`, `site build --changed`). docs/content-api.md, "Writing content, webhooks and the change feed".
 */
import { z } from 'zod';

/** The kinds of record an editor changes. */
export const CONTENT_RESOURCES = ['article', 'event', 'player', 'gallery', 'settings'] as const;
export type ContentResource = (typeof CONTENT_RESOURCES)[number];

export const CONTENT_ACTIONS = ['create', 'update', 'delete', 'publish', 'unpublish'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

/** One change: which record, what was done to it, and which fields it touched. No values: fetch the record. */
export const ContentChange = z.object({
  /** The CMS's running number of changes: 1, 2, 3 … (the change feed's `since`). */
  seq: z.number().int().positive(),
  /** A stable id of the change (`chg_…`); the webhook carrying it has the same id. */
  id: z.string().min(1),
  /** When it was made, ISO 8601 UTC. */
  at: z.string().min(1),
  resource: z.enum(CONTENT_RESOURCES),
  /** The record's id; null for the site settings (there is one). */
  record_id: z.number().int().positive().nullable(),
  action: z.enum(CONTENT_ACTIONS),
  /** The fields an update set (empty for the other actions). */
  fields: z.array(z.string()),
});
export type ContentChange = z.infer<typeof ContentChange>;

/** The body of a content webhook. */
export const ContentWebhook = z.object({
  type: z.literal('content.changed'),
  timestamp: z.string(),
  data: ContentChange,
});
export type ContentWebhook = z.infer<typeof ContentWebhook>;

/** The change feed's answer (`GET /changes?since=N`): changes after N, oldest first, and the newest seq there is. */
export const ChangeFeedPage = z.object({
  data: z.array(ContentChange),
  meta: z.object({ latest: z.number().int().nonnegative(), has_more: z.boolean() }),
});
export type ChangeFeedPage = z.infer<typeof ChangeFeedPage>;

/** A change named by hand (`--changed article:123,event:9,settings`): what changed, not how. */
export interface ChangedRecord {
  resource: ContentResource;
  recordId: number | null;
}

/** Read `article:123,event:9,settings` into records, or throw a message naming the part it cannot read. */
export function parseChangedList(text: string): ChangedRecord[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [resource, id, extra] = part.split(':');
      if (!(CONTENT_RESOURCES as readonly string[]).includes(resource!) || extra !== undefined)
        throw new Error(
          `"${part}" is not a change: write <resource>:<id>, the resource one of ${CONTENT_RESOURCES.join(', ')} (settings takes no id)`,
        );
      if (resource === 'settings') {
        if (id !== undefined) throw new Error(`"${part}": settings takes no id (write "settings")`);
        return { resource: 'settings', recordId: null };
      }
      if (!id || !/^[1-9]\d{0,15}$/.test(id)) throw new Error(`"${part}": the id must be a positive whole number`);
      return { resource: resource as ContentResource, recordId: Number(id) };
    });
}
