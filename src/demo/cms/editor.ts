/**
 * Edits to the demo department, as an editor makes them in a CMS: create, update, delete, publish and unpublish
 * articles, events (their results), players, galleries and the site settings. Each edit changes the dataset's
 * records where every endpoint reads them (an event is in its schedule and in the all-sports list; a player on
 * each season's roster and the all-time list), so the whole API answers consistently after it. Each record is
 * checked against the content API's own schema before it is changed: an edit the API could not serve is refused
 * (422) and changes nothing.
 */
import type { z } from 'zod';
import { Article, ArticleSummary, GallerySummary, Photo } from '../../api/schemas/content.ts';
import { Event } from '../../api/schemas/schedule.ts';
import { SiteSettings } from '../../api/schemas/settings.ts';
import { RosterPlayer } from '../../api/schemas/sports.ts';
import type { Gallery, Article as ArticleT, ArticleSummary as ArticleSummaryT } from '../../api/schemas/content.ts';
import type { EventWithSport, Event as EventT } from '../../api/schemas/schedule.ts';
import type { AllTimePlayer, Player, RosterPlayer as RosterPlayerT } from '../../api/schemas/sports.ts';
import type { ContentAction, ContentResource } from '../../webhooks/change.ts';
import { isPublic, type Dataset } from '../dataset.ts';
import type { GalleryRecord } from '../generate/media-items.ts';

/** An edit the CMS will not make: the HTTP status and a message naming the field. */
export class EditRefused extends Error {
  constructor(
    readonly status: 404 | 405 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export interface EditResult {
  /** The record's id (a created record's new id); null for the settings. */
  recordId: number | null;
  /** The fields the edit set. */
  fields: string[];
  /** The record as the API now answers it (null once deleted). */
  record: unknown;
}

export interface Editor {
  apply(
    resource: ContentResource,
    action: ContentAction,
    recordId: number | null,
    input: unknown,
    at: string,
  ): EditResult;
}

type Json = Record<string, unknown>;

/** Season-specific roster fields: an edit sets them on the player's newest season only. */
const SEASON_FIELDS = ['jersey_number', 'position', 'position_long', 'height', 'weight', 'class_year', 'captain'];
/** Fields of the person: an edit sets them on every season's entry. */
const PERSON_FIELDS = [
  'first_name',
  'last_name',
  'slug',
  'hometown',
  'high_school',
  'previous_school',
  'headshot',
  'bio',
  'social_links',
];
const ARTICLE_FIELDS = ['title', 'slug', 'date', 'summary', 'author', 'featured_image', 'status', 'visibility', 'body'];
const ARTICLE_REFS = ['sport_id', 'category_ids'];
const EVENT_FIELDS = [
  'date',
  'time_tba',
  'timezone',
  'title',
  'opponent',
  'location_type',
  'location',
  'is_conference',
  'tournament',
  'result',
  'broadcasts',
  'tickets_url',
  'preview_article_id',
  'recap_article_id',
];
const GALLERY_FIELDS = ['title', 'slug', 'date', 'cover', 'status', 'visibility', 'description', 'photos'];

export function createEditor(dataset: Dataset): Editor {
  const bodies = new Map<number, string>();
  const updatedAt = new Map<number, string>();
  const createdArticles = new Set<number>();
  const galleryExtras = new Map<number, { description?: string; photos?: Gallery['photos'] }>();
  const createdGalleries = new Set<number>();
  const originalSlug = new Map(dataset.galleries.map((g) => [g.summary.id, g.summary.slug]));
  const deletedEvents = new Set<number>();
  // Articles by id, made again when one is created or deleted (edits change the records in place).
  let articleIndex: Map<number, ArticleSummaryT> | null = null;
  const articleById = () => (articleIndex ??= new Map(dataset.articles.map((a) => [a.id, a])));

  // The dataset draws articles, galleries and box scores on request: from the first edit, those views read the
  // edited records (a dataset never edited keeps its own, faster views).
  let viewsInstalled = false;
  const installViews = () => {
    if (viewsInstalled) return;
    viewsInstalled = true;
    const generatedArticle = dataset.article.bind(dataset);
    dataset.article = (id) => {
      const summary = articleById().get(id);
      if (!summary) return undefined;
      const base: ArticleT | undefined = createdArticles.has(id)
        ? { ...summary, body: '', updated_at: summary.date, related: [], event_id: null }
        : generatedArticle(id);
      if (!base) return undefined;
      const index = articleById();
      return {
        ...base,
        ...summary,
        body: bodies.get(id) ?? base.body,
        updated_at: updatedAt.get(id) ?? base.updated_at,
        related: base.related.filter((r) => {
          const current = index.get(r.id);
          return current !== undefined && isPublic(current);
        }),
      };
    };
    const generatedGallery = dataset.gallery.bind(dataset);
    dataset.gallery = (slug) => {
      const record = dataset.galleries.find((g) => g.summary.slug === slug);
      if (!record) return undefined;
      const id = record.summary.id;
      const extra = galleryExtras.get(id) ?? {};
      const base = createdGalleries.has(id) ? undefined : generatedGallery(originalSlug.get(id)!);
      const photos = extra.photos ?? base?.photos ?? [];
      return {
        ...record.summary,
        description: extra.description ?? base?.description ?? record.description,
        photos,
        photo_count: photos.length,
      };
    };
    const generatedBox = dataset.boxScore.bind(dataset);
    dataset.boxScore = (id) => (deletedEvents.has(id) ? undefined : generatedBox(id));
  };

  return {
    apply(resource, action, recordId, input, at) {
      installViews();
      const fields = input === null || input === undefined ? {} : input;
      if (typeof fields !== 'object' || Array.isArray(fields))
        throw new EditRefused(422, 'The body must be a JSON object of the fields to set.');
      const body = fields as Json;
      switch (resource) {
        case 'article':
          return editArticle(action, recordId, body, at);
        case 'event':
          return editEvent(action, recordId, body);
        case 'player':
          return editPlayer(action, recordId, body);
        case 'gallery':
          return editGallery(action, recordId, body);
        case 'settings':
          if (action !== 'update') throw new EditRefused(405, 'The site settings can only be updated.');
          return editSettings(body);
      }
    },
  };

  // ── Articles ─────────────────────────────────────────────────────────────────────────────────────────────
  function editArticle(action: ContentAction, id: number | null, body: Json, at: string): EditResult {
    if (action === 'create') {
      known(body, [...ARTICLE_FIELDS, ...ARTICLE_REFS], 'article');
      const newId = 1 + Math.max(0, ...dataset.articles.map((a) => a.id));
      const title = String(body.title ?? '');
      const summary: ArticleSummaryT = {
        id: newId,
        slug: slugify(title) || `article-${newId}`,
        date: at,
        title,
        summary: '',
        author: null,
        sport: null,
        categories: [],
        featured_image: null,
        status: 'draft',
        visibility: 'public',
      };
      const next = articlePatch(summary, body);
      check(ArticleSummary, next, `article ${newId}`);
      createdArticles.add(newId);
      if (typeof body.body === 'string') bodies.set(newId, body.body);
      updatedAt.set(newId, at);
      dataset.articles.push(next);
      articleIndex = null;
      placeByDate(dataset.articles, next);
      return { recordId: newId, fields: Object.keys(body), record: dataset.article(newId) };
    }
    const summary = found(articleById().get(id!), `article ${id}`);
    if (action === 'delete') {
      dataset.articles.splice(dataset.articles.indexOf(summary), 1);
      articleIndex = null;
      for (const event of allEvents())
        for (const key of ['preview_article_id', 'recap_article_id'] as const) if (event[key] === id) event[key] = null;
      return { recordId: id, fields: [], record: null };
    }
    const patch = publication(action, body);
    known(patch, [...ARTICLE_FIELDS, ...ARTICLE_REFS], 'article');
    const next = articlePatch({ ...summary }, patch);
    check(ArticleSummary, next, `article ${id}`);
    if (typeof patch.body === 'string') check(Article.shape.body, patch.body, `article ${id}`, 'body');
    Object.assign(summary, next);
    if (typeof patch.body === 'string') bodies.set(id!, patch.body);
    updatedAt.set(id!, at);
    if ('date' in patch) placeByDate(dataset.articles, summary);
    return { recordId: id, fields: Object.keys(patch), record: dataset.article(id!) };
  }

  function articlePatch(summary: ArticleSummaryT, patch: Json): ArticleSummaryT {
    const next: Json = { ...summary };
    for (const key of ARTICLE_FIELDS) if (key in patch && key !== 'body') next[key] = patch[key];
    if ('sport_id' in patch)
      next.sport =
        patch.sport_id === null
          ? null
          : found(dataset.sportRef(Number(patch.sport_id)), `sport ${String(patch.sport_id)}`);
    if ('category_ids' in patch) {
      const ids = Array.isArray(patch.category_ids) ? patch.category_ids : [];
      next.categories = ids.map((cid) =>
        found(
          dataset.categories.find((c) => c.id === cid),
          `category ${String(cid)}`,
        ),
      );
    }
    return next as ArticleSummaryT;
  }

  // ── Events and results ───────────────────────────────────────────────────────────────────────────────────
  function allEvents(): EventT[] {
    return [...dataset.schedules.flatMap((s) => s.events), ...dataset.events];
  }

  function editEvent(action: ContentAction, id: number | null, body: Json): EditResult {
    if (action === 'publish' || action === 'unpublish')
      throw new EditRefused(405, 'Events are not published or unpublished: update them, or delete one.');
    if (action === 'create') return createEvent(body);
    const copies = allEvents().filter((e) => e.id === id);
    found(copies[0], `event ${id}`);
    if (action === 'delete') {
      for (const schedule of dataset.schedules) schedule.events = schedule.events.filter((e) => e.id !== id);
      dataset.events.splice(
        dataset.events.findIndex((e) => e.id === id),
        1,
      );
      deletedEvents.add(copies[0]!.boxscore_id ?? -1);
      return { recordId: id, fields: [], record: null };
    }
    known(body, EVENT_FIELDS, 'event');
    const patch: Json = { ...body };
    // A result may be sent in part ({ team_score, opponent_score, outcome }): the rest is kept.
    if (body.result && typeof body.result === 'object' && copies[0]!.result)
      patch.result = { ...copies[0]!.result, ...(body.result as Json) };
    if (body.result && typeof body.result === 'object' && !copies[0]!.result)
      patch.result = { status: 'final', note: null, place: null, field_size: null, ...(body.result as Json) };
    check(Event, { ...copies[0], ...patch }, `event ${id}`);
    for (const copy of copies) Object.assign(copy, patch);
    if ('date' in patch) resortEvents(copies[0]!.sport_id, copies[0]!.season_id);
    return { recordId: id, fields: Object.keys(body), record: dataset.events.find((e) => e.id === id) };
  }

  function createEvent(body: Json): EditResult {
    known(body, [...EVENT_FIELDS, 'sport_id', 'season_id'], 'event');
    const sport = found(
      dataset.sports.find((s) => s.id === body.sport_id),
      `sport ${String(body.sport_id)} (sport_id is required)`,
    );
    const seasonId = typeof body.season_id === 'number' ? body.season_id : (sport.default_season_id ?? 0);
    const schedule = found(
      dataset.schedules.find((s) => s.sport_id === sport.id && s.season.id === seasonId),
      `the schedule of ${sport.name} in season ${String(seasonId)}`,
    );
    const newId = 1 + Math.max(0, ...dataset.events.map((e) => e.id));
    const home = schedule.events.find((e) => e.location_type === 'home');
    const { sport_id: _sport, season_id: _season, ...fields } = body;
    const event: EventT = {
      id: newId,
      sport_id: sport.id,
      season_id: seasonId,
      date: '',
      time_tba: false,
      timezone: home?.timezone ?? 'America/Chicago',
      title: null,
      opponent: null,
      location_type: 'home',
      location: home?.location ?? { venue: null, city: null, state: null, country: null },
      is_conference: false,
      tournament: null,
      result: null,
      broadcasts: [],
      tickets_url: null,
      boxscore_id: null,
      preview_article_id: null,
      recap_article_id: null,
      layout: null,
      ...(fields as Partial<EventT>),
    };
    if (typeof body.opponent === 'string')
      event.opponent = { id: 90_000 + newId, name: body.opponent, nickname: null, logo: null };
    check(Event, event, `event ${newId}`);
    schedule.events.push(event);
    dataset.events.push({ ...event, sport: dataset.sportRef(sport.id)! } as EventWithSport);
    resortEvents(sport.id, seasonId);
    return { recordId: newId, fields: Object.keys(body), record: dataset.events.find((e) => e.id === newId) };
  }

  function resortEvents(sportId: number, seasonId: number): void {
    const schedule = dataset.schedules.find((s) => s.sport_id === sportId && s.season.id === seasonId);
    const byDate = (a: EventT, b: EventT) => a.date.localeCompare(b.date) || a.id - b.id;
    schedule?.events.sort(byDate);
    dataset.events.sort(byDate);
  }

  // ── Players ──────────────────────────────────────────────────────────────────────────────────────────────
  function editPlayer(action: ContentAction, id: number | null, body: Json): EditResult {
    if (action === 'publish' || action === 'unpublish')
      throw new EditRefused(405, 'Players are not published or unpublished: update them, or delete one.');
    if (action === 'create') return createPlayer(body);
    const player = found(
      dataset.players.find((p) => p.id === id),
      `player ${id}`,
    );
    const entries = dataset.rosters.flatMap((r) => r.players).filter((e) => e.player_id === id);
    const allTime = dataset.allTime.get(player.sport_id) ?? [];
    if (action === 'delete') {
      dataset.players.splice(dataset.players.indexOf(player), 1);
      for (const roster of dataset.rosters) roster.players = roster.players.filter((e) => e.player_id !== id);
      dataset.allTime.set(
        player.sport_id,
        allTime.filter((line) => line.player_id !== id),
      );
      return { recordId: id, fields: [], record: null };
    }
    known(body, [...PERSON_FIELDS, ...SEASON_FIELDS], 'player');
    const person = pick(body, PERSON_FIELDS);
    const season = pick(body, SEASON_FIELDS);
    const newest = player.seasons.at(-1)!;
    const named = (entry: RosterPlayerT): RosterPlayerT => {
      const next = { ...entry, ...person } as RosterPlayerT;
      next.full_name = `${next.first_name} ${next.last_name}`.trim();
      return next;
    };
    for (const entry of [...entries, ...player.seasons.map((s) => s.entry)]) {
      const next = named(entry);
      const isNewest = entry.id === newest.entry.id;
      check(RosterPlayer, isNewest ? { ...next, ...season } : next, `player ${id}`);
    }
    for (const entry of [...entries, ...player.seasons.map((s) => s.entry)])
      Object.assign(entry, named(entry), entry.id === newest.entry.id ? season : {});
    player.slug = newest.entry.slug;
    player.full_name = newest.entry.full_name;
    for (const line of allTime)
      if (line.player_id === id)
        Object.assign(line, {
          slug: player.slug,
          full_name: player.full_name,
          position: newest.entry.position ?? null,
          hometown: newest.entry.hometown ?? null,
        });
    return { recordId: id, fields: Object.keys(body), record: player };
  }

  function createPlayer(body: Json): EditResult {
    known(body, [...PERSON_FIELDS, ...SEASON_FIELDS, 'sport_id'], 'player');
    const sport = found(
      dataset.sports.find((s) => s.id === body.sport_id),
      `sport ${String(body.sport_id)} (sport_id is required)`,
    );
    const roster = found(
      dataset.rosters.find((r) => r.sport_id === sport.id && r.season.id === sport.default_season_id),
      `the current roster of ${sport.name}`,
    );
    const playerId = 1 + Math.max(0, ...dataset.players.map((p) => p.id));
    const entryId = 1 + Math.max(0, ...dataset.rosters.flatMap((r) => r.players.map((e) => e.id)));
    const first = String(body.first_name ?? '');
    const last = String(body.last_name ?? '');
    const entry = {
      id: entryId,
      player_id: playerId,
      slug: slugify(`${first} ${last}`) || `player-${playerId}`,
      first_name: first,
      last_name: last,
      full_name: `${first} ${last}`.trim(),
      jersey_number: null,
      position: null,
      position_long: null,
      height: null,
      weight: null,
      class_year: null,
      hometown: null,
      high_school: null,
      previous_school: null,
      headshot: null,
      bio: null,
      captain: false,
      social_links: [],
      template_fields: {},
      ...pick(body, [...PERSON_FIELDS, ...SEASON_FIELDS]),
    } as RosterPlayerT;
    entry.full_name = `${entry.first_name} ${entry.last_name}`.trim();
    check(RosterPlayer, entry, `player ${playerId}`);
    roster.players.push(entry);
    const player: Player = {
      id: playerId,
      slug: entry.slug,
      sport_id: sport.id,
      full_name: entry.full_name,
      seasons: [{ season: roster.season, roster_id: roster.id, entry: { ...entry } }],
    };
    dataset.players.push(player);
    const line: AllTimePlayer = {
      player_id: playerId,
      slug: entry.slug,
      full_name: entry.full_name,
      position: entry.position ?? null,
      hometown: entry.hometown ?? null,
      first_season: roster.season,
      last_season: roster.season,
      seasons_played: 1,
      season_slugs: [roster.season.slug],
    };
    dataset.allTime.set(sport.id, [...(dataset.allTime.get(sport.id) ?? []), line]);
    return { recordId: playerId, fields: Object.keys(body), record: player };
  }

  // ── Galleries ────────────────────────────────────────────────────────────────────────────────────────────
  function editGallery(action: ContentAction, id: number | null, body: Json): EditResult {
    if (action === 'create') return createGallery(body);
    const record = found(
      dataset.galleries.find((g) => g.summary.id === id),
      `gallery ${id}`,
    );
    if (action === 'delete') {
      dataset.galleries.splice(dataset.galleries.indexOf(record), 1);
      return { recordId: id, fields: [], record: null };
    }
    const patch = publication(action, body);
    known(patch, [...GALLERY_FIELDS, 'sport_id'], 'gallery');
    const photos = 'photos' in patch ? galleryPhotos(patch.photos, id!) : undefined;
    const summary = gallerySummary({ ...record.summary }, patch, photos);
    check(GallerySummary, summary, `gallery ${id}`);
    Object.assign(record.summary, summary);
    const extra = galleryExtras.get(id!) ?? {};
    if (typeof patch.description === 'string') extra.description = patch.description;
    if (photos) extra.photos = photos;
    galleryExtras.set(id!, extra);
    if ('date' in patch) placeByDate(dataset.galleries, record, (g) => g.summary.date);
    return { recordId: id, fields: Object.keys(patch), record: dataset.gallery(record.summary.slug) };
  }

  function createGallery(body: Json): EditResult {
    known(body, [...GALLERY_FIELDS, 'sport_id'], 'gallery');
    const newId = 1 + Math.max(0, ...dataset.galleries.map((g) => g.summary.id));
    const photos = galleryPhotos(body.photos ?? [], newId);
    if (!photos.length)
      throw new EditRefused(422, `gallery ${newId}, field photos: a gallery needs at least one photo`);
    const title = String(body.title ?? '');
    const base = {
      id: newId,
      slug: slugify(title) || `gallery-${newId}`,
      title,
      date: '',
      sport: null,
      cover: photos[0]!.image,
      photo_count: photos.length,
      status: 'draft',
      visibility: 'public',
    };
    const summary = gallerySummary(base as GalleryRecord['summary'], body, photos);
    check(GallerySummary, summary, `gallery ${newId}`);
    const record: GalleryRecord = { summary, icon: 'photo', description: String(body.description ?? '') };
    createdGalleries.add(newId);
    galleryExtras.set(newId, { description: record.description, photos });
    dataset.galleries.push(record);
    placeByDate(dataset.galleries, record, (g) => g.summary.date);
    return { recordId: newId, fields: Object.keys(body), record: dataset.gallery(summary.slug) };
  }

  function gallerySummary(
    summary: GalleryRecord['summary'],
    patch: Json,
    photos: Gallery['photos'] | undefined,
  ): GalleryRecord['summary'] {
    const next: Json = { ...summary };
    for (const key of GALLERY_FIELDS)
      if (key in patch && key !== 'description' && key !== 'photos') next[key] = patch[key];
    if ('sport_id' in patch)
      next.sport =
        patch.sport_id === null
          ? null
          : found(dataset.sportRef(Number(patch.sport_id)), `sport ${String(patch.sport_id)}`);
    if (photos) next.photo_count = photos.length;
    return next as GalleryRecord['summary'];
  }

  function galleryPhotos(value: unknown, galleryId: number): Gallery['photos'] {
    if (!Array.isArray(value))
      throw new EditRefused(422, `gallery ${galleryId}, field photos: expected a list of photos`);
    return value.map((photo, i) => {
      const given = (photo ?? {}) as Json;
      const next = {
        id: galleryId * 1000 + i + 1,
        image: given.image ?? { url: given.url, alt: given.alt ?? given.caption ?? '' },
        caption: given.caption ?? '',
        credit: given.credit ?? null,
      };
      check(Photo, next, `gallery ${galleryId}`, `photos.${i}`);
      return next as Gallery['photos'][number];
    });
  }

  // ── Site settings ────────────────────────────────────────────────────────────────────────────────────────
  function editSettings(body: Json): EditResult {
    const next = { ...dataset.settings, ...body };
    check(SiteSettings, next, 'the site settings');
    Object.assign(dataset.settings, body);
    return { recordId: null, fields: Object.keys(body), record: dataset.settings };
  }
}

/** What publishing or unpublishing sets; an update sets what it was sent. */
function publication(action: ContentAction, body: Json): Json {
  if (action === 'publish') return { status: 'published', visibility: 'public' };
  if (action === 'unpublish') return { status: 'draft' };
  return body;
}

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new EditRefused(404, `No ${what}.`);
  return value;
}

function known(body: Json, fields: readonly string[], what: string): void {
  const unknown = Object.keys(body).filter((key) => !fields.includes(key));
  if (unknown.length)
    throw new EditRefused(
      422,
      `An ${what} has no field ${unknown.map((k) => `"${k}"`).join(', ')}: the fields an edit may set are ${fields.join(', ')}.`,
    );
}

function pick(body: Json, fields: readonly string[]): Json {
  return Object.fromEntries(Object.entries(body).filter(([key]) => fields.includes(key)));
}

/** Check a record against the API's schema: a refusal names the record and the first field that does not fit. */
function check(schema: z.ZodType, value: unknown, what: string, field?: string): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const issue = result.error.issues[0]!;
  const path = [field, ...issue.path.map(String)].filter(Boolean).join('.');
  throw new EditRefused(422, `${what}${path ? `, field ${path}` : ''}: ${issue.message}`);
}

/** Move an item to its place in a list kept oldest first, by date (ties keep the list's order). */
function placeByDate<T>(list: T[], item: T, dateOf: (t: T) => string = (t) => (t as { date: string }).date): void {
  list.splice(list.indexOf(item), 1);
  const date = dateOf(item);
  const at = list.findIndex((other) => dateOf(other) > date);
  list.splice(at === -1 ? list.length : at, 0, item);
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}
