import { createHash } from 'node:crypto';
import type { SportRef } from '../api/schemas/common.ts';
import type {
  Article,
  ArticleRevision,
  ArticleSummary,
  Category,
  Department,
  DocumentMeta,
  Gallery,
  StaffMember,
  Video,
} from '../api/schemas/content.ts';
import type { Block, ContentPage, Form, PageRevision } from '../api/schemas/pages.ts';
import type { EventWithSport, Schedule } from '../api/schemas/schedule.ts';
import type { Ad, AdZone, CurrentUser, RedirectRule } from '../api/schemas/services.ts';
import type { SiteSettings } from '../api/schemas/settings.ts';
import type {
  AllTimePlayer,
  AllTimeStaff,
  CoachProfile,
  Player,
  Roster,
  Season,
  Sport,
} from '../api/schemas/sports.ts';
import type { BoxScore, SeasonStats } from '../api/schemas/stats.ts';
import { SPORTS } from './data/sports.ts';
import { coverageOf, NO_NEWS_SPORT, ROSTER_ONLY_SPORT, seasonsOfSport } from './generate/coverage.ts';
import { createContext, makeSeasons, seasonRef, type GenContext, type SportEntry } from './generate/context.ts';
import { generateGalleries, generateVideos, makeGallery, type GalleryRecord } from './generate/media-items.ts';
import { CATEGORIES, generateArticles, makeArticle, makeRevisions, type ArticleRecord } from './generate/news.ts';
import { generatePeople } from './generate/people.ts';
import { generateSchedules, makeBoxScore, makeSeasonStats, type LineScore } from './generate/schedule.ts';
import {
  generateAds,
  generateDocuments,
  generateForms,
  generatePages,
  generateRedirects,
  generateSettings,
  generateStaffDirectory,
  generateUsers,
} from './generate/site.ts';
import { media } from './media.ts';
import { renderPdf } from './pdf.ts';
import { createRandom } from './random.ts';
import { DEMO_AS_OF } from './time.ts';

export interface DatasetOptions {
  /** Same seed, same data, byte for byte. */
  seed?: string;
  /** 1 = six seasons; N = 6·N seasons of history (scale 10 passes 50,000 routes). */
  scale?: number;
  /**
   * Seasons of history, when not the scale's 6·N. Three is the fewest that still has every shape of season a real
   * department has (generate/coverage.ts: roster only, no statistics, complete): a small department for tests that
   * build the site many times (5,300 pages, where scale 1 has 12,600).
   */
  seasons?: number;
  /** The dataset's "today" (YYYY-MM-DD): results before it, upcoming events after it. */
  asOf?: string;
}

export const DEFAULT_SEED = 'fieldhouse';
export const SEASONS_PER_SCALE = 6;

/** The demo athletics department: records, their indexes, and the records drawn on request. */
export interface Dataset {
  seed: string;
  scale: number;
  asOf: string;
  settings: SiteSettings;
  sports: Sport[];
  seasons: Season[];
  rosters: Roster[];
  players: Player[];
  coaches: CoachProfile[];
  allTime: Map<number, AllTimePlayer[]>;
  allTimeStaff: Map<number, AllTimeStaff[]>;
  schedules: Schedule[];
  /** Every event with its sport, by date. */
  events: EventWithSport[];
  categories: Category[];
  /** Published and draft articles, oldest first. */
  articles: ArticleSummary[];
  videos: Video[];
  galleries: GalleryRecord[];
  departments: Department[];
  staff: StaffMember[];
  pages: ContentPage[];
  protectedContent: Map<number, { password: string; blocks: Block[] }>;
  pageRevisions: PageRevision[];
  forms: Form[];
  documents: DocumentMeta[];
  adZones: AdZone[];
  ads: Ad[];
  redirects: RedirectRule[];
  users: Map<string, CurrentUser>;
  article(id: number): Article | undefined;
  articleRevision(id: number): ArticleRevision | undefined;
  /** Revision ids that exist (for tests and docs). */
  articleRevisionIds(): number[];
  boxScore(id: number): BoxScore | undefined;
  /** A sport's seasons as the API lists them, each saying what it has (generate/coverage.ts). */
  seasonsOf(sportId: number): Season[] | undefined;
  stats(sportId: number, seasonSlug: string): SeasonStats | undefined;
  gallery(slug: string): Gallery | undefined;
  documentFile(uuid: string): Uint8Array | undefined;
  sportRef(id: number): SportRef | undefined;
}

export function generateDataset(options: DatasetOptions = {}): Dataset {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = options.scale ?? 1;
  const asOf = options.asOf ?? DEMO_AS_OF;
  const seasonCount = options.seasons ?? SEASONS_PER_SCALE * scale;
  if (!Number.isInteger(seasonCount) || seasonCount < 1)
    throw new Error(`A demo department has a whole number of seasons, at least 1: ${seasonCount} is not.`);
  const seasons = makeSeasons(seasonCount, asOf);
  const ctx: GenContext = createContext(createRandom(seed), scale, asOf, seasons);
  const current = seasons.at(-1)!;

  const sportEntries: SportEntry[] = SPORTS.map((def, index) => ({
    index,
    id: index + 1,
    def,
    ref: { id: index + 1, name: def.name, slug: def.slug, short_name: def.shortName },
  }));
  const people = generatePeople(ctx, sportEntries);
  accentOneSlug(people, sportEntries.find((s) => s.def.slug === ACCENTED_SLUG_SPORT)!.id);
  punctuateOneName(people, sportEntries.find((s) => s.def.slug === PUNCTUATED_NAME_SPORT)!.id);
  const seasonIndex = new Map(seasons.map((season, i) => [season.id, i]));
  const covers = (sportId: number, seasonId: number) =>
    coverageOf(sportEntries[sportId - 1]!.def.slug, seasonIndex.get(seasonId)!);
  const generated = generateSchedules(ctx, sportEntries);
  const lineScores = generated.lineScores;
  const schedules = generated.schedules.filter((s) => covers(s.sport_id, s.season.id).schedule);
  const rosterKey = (sportId: number, seasonId: number) => `${sportId}/${seasonId}`;
  const rosterIndex = new Map(people.rosters.map((r) => [rosterKey(r.sport_id, r.season.id), r]));
  const rosterOf = (sportId: number, seasonId: number) => rosterIndex.get(rosterKey(sportId, seasonId))!;
  const articleRecords = generateArticles(ctx, sportEntries, schedules, rosterOf).filter(
    (r) => r.summary.sport?.slug !== NO_NEWS_SPORT,
  );
  unlinkMissingArticles(schedules, new Set(articleRecords.map((r) => r.summary.id)));
  const videos = generateVideos(ctx, sportEntries, schedules);
  const galleries = generateGalleries(ctx, sportEntries, schedules);
  const { zones, ads, zoneUuid } = generateAds(ctx);
  const { departments, staff } = generateStaffDirectory(ctx, sportEntries, people.coaches);
  const documents = generateDocuments(ctx, sportEntries);
  hideSome(articleRecords, videos, galleries, documents);
  const pdfs = new Map<string, Uint8Array>();
  for (const doc of documents) {
    const pdf = renderPdf(doc.title, documentLines(doc.title));
    pdfs.set(doc.uuid, pdf);
    doc.size_bytes = pdf.byteLength;
  }
  const { pages, protectedContent, revisions: pageRevisions } = generatePages(zoneUuid, documents);
  const settings = generateSettings(pages, zoneUuid, current.id, current.name);

  const sports: Sport[] = sportEntries.map(({ id, def, index }) => {
    const rosterId = index * seasons.length + seasons.length;
    return {
      id,
      name: def.name,
      slug: def.slug,
      short_name: def.shortName,
      gender: def.gender,
      format: def.format,
      order: index + 1,
      conference: 'Prairie Athletic Conference',
      icon: { name: `fieldhouse:${def.icon}` },
      default_season: seasonRef(current),
      default_season_id: current.id,
      default_roster: { id: rosterId, season_id: current.id },
      default_roster_id: rosterId,
      display_next_event_on_sports_schedule: def.format === 'game',
      hide_from_dropdown: def.hideFromDropdown ?? false,
      remove_overall_score_table: def.slug === HIDDEN_RECORD_SPORT,
      roster_page_image: media.photo(def.icon, 20, `${def.name} team photo`),
      schedule_id: def.slug === ROSTER_ONLY_SPORT ? null : rosterId,
      schedule_page_image: media.photo(def.icon, 21, `${def.name} in action`),
      score_decimal_places: def.scoreDecimals,
      meta_image: media.photo(def.icon, 22, `${def.name}`),
      heroPresentedByLogo: index % 3 === 0 ? media.presentedBy(index % 10, `Partner ${index}`) : null,
      rosterPlayersTemplateFields: def.playerFields.map(([key, label]) => ({ key, label })),
      rosterStaffMembersTemplateFields: [{ key: 'alma_mater', label: 'Alma mater' }],
    };
  });
  for (const sport of sports) {
    if (sport.heroPresentedByLogo) {
      const i = Number(/sponsor\/(\d+)/.exec(sport.heroPresentedByLogo.url)![1]);
      sport.heroPresentedByLogo.alt = `Presented by ${['Cedar Valley Credit Union', 'Prairie Health', 'River City Ford', 'Hy-Vale Grocery', 'Midwest Energy Co.', 'Hawkeye Insurance', 'Three Rivers Brewing', 'Northstar Bank', 'Valley Orthopedics', 'Corn Belt Coffee'][i]}`;
    }
  }

  const sportRefs = new Map(sportEntries.map((s) => [s.id, s.ref]));
  const events: EventWithSport[] = schedules
    .flatMap((s) => s.events.map((e) => ({ ...e, sport: sportRefs.get(s.sport_id)! })))
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);

  // Indexes for the records drawn on request.
  const articleById = new Map(articleRecords.map((r) => [r.summary.id, r]));
  const publishedBySport = new Map<number | null, ArticleRecord[]>();
  for (const record of articleRecords) {
    if (record.summary.status !== 'published') continue;
    const key = record.summary.sport?.id ?? null;
    const list = publishedBySport.get(key) ?? [];
    list.push(record);
    publishedBySport.set(key, list);
  }
  const eventById = new Map(events.map((e) => [e.id, e]));
  const scheduleIndex = new Map(schedules.map((s) => [`${s.sport_id}/${s.season.slug}`, s]));
  const galleryBySlug = new Map(galleries.map((g) => [g.summary.slug, g]));
  const sportEntryById = new Map(sportEntries.map((s) => [s.id, s]));

  const article = (id: number): Article | undefined => {
    const record = articleById.get(id);
    if (!record) return undefined;
    const siblings = publishedBySport.get(record.summary.sport?.id ?? null) ?? [];
    const at = siblings.indexOf(record);
    const related = (at >= 0 ? siblings.slice(Math.max(0, at - 3), at).reverse() : siblings.slice(-3)).map(
      (r) => r.summary,
    );
    return makeArticle(ctx, record, related);
  };

  // Revisions: the newest published articles of each month carry a couple of saved versions.
  const revisionOwners = articleRecords
    .filter((r, i) => r.summary.status === 'published' && i % 40 === 0)
    .map((r) => r.summary.id);
  const revisionIndex = new Map<number, { articleId: number; first: number; count: number }>();
  let nextRevision = 1;
  for (const articleId of revisionOwners) {
    const count = 1 + (articleId % 3);
    for (let k = 0; k < count; k++) revisionIndex.set(nextRevision + k, { articleId, first: nextRevision, count });
    nextRevision += count;
  }

  return {
    seed,
    scale,
    asOf,
    settings,
    sports,
    seasons,
    rosters: people.rosters,
    players: people.players,
    coaches: people.coaches,
    allTime: people.allTime,
    allTimeStaff: people.allTimeStaff,
    schedules,
    events,
    categories: CATEGORIES,
    articles: articleRecords.map((r) => r.summary),
    videos,
    galleries,
    departments,
    staff,
    pages,
    protectedContent,
    pageRevisions,
    forms: generateForms(),
    documents,
    adZones: zones,
    ads,
    redirects: generateRedirects(),
    users: generateUsers(),
    article,
    articleRevision(id) {
      const found = revisionIndex.get(id);
      if (!found) return undefined;
      const base = article(found.articleId)!;
      return makeRevisions(ctx, base, found.first, found.count).find((r) => r.id === id);
    },
    articleRevisionIds: () => [...revisionIndex.keys()],
    boxScore(id) {
      const event = eventById.get(id);
      const line: LineScore | undefined = lineScores.get(id);
      if (!event || !line || event.boxscore_id !== id) return undefined;
      return makeBoxScore(
        ctx,
        sportEntryById.get(event.sport_id)!,
        event,
        line,
        rosterOf(event.sport_id, event.season_id),
      );
    },
    seasonsOf(sportId) {
      const sport = sportEntryById.get(sportId);
      return sport ? seasonsOfSport(sport.def.slug, seasons) : undefined;
    },
    stats(sportId, seasonSlug) {
      const schedule = scheduleIndex.get(`${sportId}/${seasonSlug}`);
      if (!schedule || !covers(sportId, schedule.season.id).stats) return undefined;
      return makeSeasonStats(ctx, sportEntryById.get(sportId)!, schedule, rosterOf(sportId, schedule.season.id));
    },
    gallery(slug) {
      const record = galleryBySlug.get(slug);
      return record ? makeGallery(ctx, record) : undefined;
    },
    documentFile: (uuid) => pdfs.get(uuid),
    sportRef: (id) => sportRefs.get(id),
  };
}

/** The game sport whose department hides its won-lost record (`remove_overall_score_table`) on every page. */
export const HIDDEN_RECORD_SPORT = 'womens-tennis';

/** The sport whose first player's slug keeps an accent, as some CMSs write it (the router refuses it). */
export const ACCENTED_SLUG_SPORT = 'womens-soccer';

/**
 * One player whose CMS slug keeps an accent ("inés-…"), as real CMSs write them: the router refuses such a slug,
 * so the build skips the player's pages and every link to them (docs/content-api.md, "Slugs"). The same player
 * everywhere she appears; no random draw.
 */
function accentOneSlug(people: ReturnType<typeof generatePeople>, sportId: number): void {
  const player = people.players.find((p) => p.sport_id === sportId)!;
  const last = player.full_name.split(' ').at(-1)!;
  renamePlayer(people, player.id, { first: 'Inés', last, slug: `inés-${last.toLowerCase()}` });
}

/** The sport whose last player has a name with an apostrophe and a hyphen, as real rosters do (search folds both). */
export const PUNCTUATED_NAME_SPORT = 'womens-basketball';
export const PUNCTUATED_NAME = { first: "D'Asia", last: 'Smith-Jones', slug: 'dasia-smith-jones' } as const;

function punctuateOneName(people: ReturnType<typeof generatePeople>, sportId: number): void {
  const player = people.players.findLast((p) => p.sport_id === sportId)!;
  renamePlayer(people, player.id, PUNCTUATED_NAME);
}

/** Give one player another name and slug everywhere she appears: player record, seasons, rosters, all-time list. */
function renamePlayer(
  people: ReturnType<typeof generatePeople>,
  playerId: number,
  name: { first: string; last: string; slug: string },
): void {
  const player = people.players.find((p) => p.id === playerId)!;
  const fullName = `${name.first} ${name.last}`;
  const fields = { slug: name.slug, first_name: name.first, last_name: name.last, full_name: fullName };
  player.slug = name.slug;
  player.full_name = fullName;
  for (const season of player.seasons) Object.assign(season.entry, fields);
  for (const roster of people.rosters)
    for (const entry of roster.players) if (entry.player_id === player.id) Object.assign(entry, fields);
  for (const line of people.allTime.get(player.sport_id) ?? [])
    if (line.player_id === player.id) Object.assign(line, { slug: name.slug, full_name: fullName });
}

/** Events name only articles that exist (a sport without news has no previews or recaps). */
function unlinkMissingArticles(schedules: Schedule[], kept: Set<number>): void {
  for (const event of schedules.flatMap((s) => s.events)) {
    if (event.preview_article_id && !kept.has(event.preview_article_id)) event.preview_article_id = null;
    if (event.recap_article_id && !kept.has(event.recap_article_id)) event.recap_article_id = null;
  }
}

/**
 * Records a CMS holds but does not publish, beside the drafts: two drafts scheduled to go out later, and a private
 * video, gallery and document (copies of public ones, marked). The demo CMS leaves them out of its public answers
 * unless it runs leaky (`leaky: true`), as a careless CMS or a misconfigured API would; the build must never
 * publish them either way. Added without a random draw, so every other record stays as it was.
 */
function hideSome(
  articles: ArticleRecord[],
  videos: Video[],
  galleries: GalleryRecord[],
  documents: DocumentMeta[],
): void {
  for (const record of articles.filter((a) => a.summary.status === 'draft').slice(0, 2)) {
    record.summary.status = 'scheduled';
    record.summary.title = record.summary.title.replace(/^Draft: /, 'Scheduled: ');
  }
  // A department with one season may have no videos or galleries yet: then there is nothing to copy.
  const video = videos.at(-1);
  if (video)
    videos.push({
      ...video,
      id: video.id + 100_000,
      slug: `${video.slug}-private`,
      title: `Private: ${video.title}`,
      visibility: 'private',
    });
  const gallery = galleries.at(-1);
  if (gallery)
    galleries.push({
      ...gallery,
      summary: {
        ...gallery.summary,
        id: gallery.summary.id + 100_000,
        slug: `${gallery.summary.slug}-private`,
        title: `Private: ${gallery.summary.title}`,
        visibility: 'private',
      },
    });
  const document = documents[0];
  if (document)
    documents.push({
      ...document,
      uuid: `${document.uuid.slice(0, -4)}f00d`,
      title: 'Private: Budget Draft 2027',
      filename: 'budget-draft-2027.pdf',
      file_url: `/documents/${document.uuid.slice(0, -4)}f00d.pdf`,
      visibility: 'private',
    });
}

/** Is a record public, by its status and visibility (see src/api/boundary.ts: the build applies the same rule)? */
export const isPublic = (record: { status?: string | null; visibility?: string | null }) =>
  (record.status ?? 'published') === 'published' && (record.visibility ?? 'public') === 'public';

function documentLines(title: string): string[] {
  return [
    'Cedar Valley University Athletics',
    '1 Hawk Drive, Cedar Falls, IA 50613 - (319) 555-0100',
    '',
    `This document, "${title}", is published by Cedar Valley Athletics.`,
    'It is provided to fans, student-athletes, parents and media.',
    'Questions may be sent to athletics@cvu.edu.',
    '',
    'Go Hawks!',
  ];
}

/** A SHA-256 over every record, including those drawn on request: same seed, same digest. */
export function datasetDigest(dataset: Dataset): string {
  const hash = createHash('sha256');
  const add = (value: unknown) => hash.update(JSON.stringify(value, mapReplacer)).update('\n');
  const {
    article,
    articleRevision,
    articleRevisionIds,
    boxScore,
    stats,
    gallery,
    documentFile,
    sportRef,
    seasonsOf,
    ...records
  } = dataset;
  void sportRef;
  for (const sport of dataset.sports) add(seasonsOf(sport.id));
  add(records);
  for (const a of dataset.articles) add(article(a.id));
  for (const id of articleRevisionIds()) add(articleRevision(id));
  for (const e of dataset.events) if (e.boxscore_id) add(boxScore(e.boxscore_id));
  for (const s of dataset.schedules) add(stats(s.sport_id, s.season.slug) ?? null);
  for (const g of dataset.galleries) add(gallery(g.summary.slug));
  for (const d of dataset.documents) hash.update(documentFile(d.uuid)!);
  return hash.digest('hex');
}

function mapReplacer(_key: string, value: unknown): unknown {
  return value instanceof Map ? [...value.entries()] : value;
}
