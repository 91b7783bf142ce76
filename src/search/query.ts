import {
  docFile,
  SEARCH_MANIFEST,
  shardFile,
  type SearchHit,
  type SearchManifest,
  type Shard,
  type StoredDoc,
  vocabFile,
} from './format.ts';
import { allowedEdits, nearTerms } from './fuzzy.ts';
import { terms as termsOf, words } from './tokens.ts';

export interface SearchQuery {
  /** The search text (`?s=`). */
  s: string;
  /** Search type `sport`: a sport slug. */
  sport?: string | null;
  /** Search type `team_name`: part of a team's name, e.g. "women's" or "basketball". */
  teamName?: string | null;
  page?: number;
  perPage?: number;
}

export type { SearchHit };

export interface SearchAnswer {
  hits: SearchHit[];
  total: number;
  page: number;
  pages: number;
  /**
   * The query with each word the index does not have replaced by the nearest word it has: the results include
   * those words ("Showing results for …"), or, with no results, what the fan may have meant ("Did you mean …?").
   */
  corrected?: string | null;
}

/** Reads one index file (`index.json`, `t-ab.json`, `d-3.json`): fetch in the browser, the disk in the bench. */
export type IndexLoader = (file: string) => Promise<unknown>;

export const DEFAULT_PER_PAGE = 20;
/** A word being typed also finds longer words that start with it, at half weight. */
const PREFIX_FACTOR = 0.5;
/** Shorter words are matched exactly: "st" as a prefix would download every shard of st…. */
const MIN_PREFIX = 3;
/** A near word (a typo's likely meaning) counts for less than the word itself: by its number of edits. */
const NEAR_FACTOR = [1, 0.6, 0.4];
/** How many near words of one typed word are looked up. */
const NEAR_TERMS = 3;

/** One query word's documents, and whether the index has the word (or, for a prefix, words it starts). */
interface WordMatch {
  scores: Map<number, number>;
  known: boolean;
  /** The indexed word used instead of an unknown one. */
  correction: string | null;
}

/** A search over the static index: downloads only the shards of the query's words and the documents shown. */
export function createStaticSearch(load: IndexLoader) {
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      entry = load(file);
      cache.set(file, entry);
      entry.catch(() => cache.delete(file));
    }
    return entry as Promise<T>;
  };
  const manifest = () => once<SearchManifest>(SEARCH_MANIFEST);

  /** The shards that may hold `term` (exact) or, for a prefix, every term starting with it. */
  const shardsFor = (m: SearchManifest, term: string, prefix: boolean) =>
    m.shards
      .filter((key) => term.startsWith(key) || (prefix && key.startsWith(term)))
      .sort((a, b) => b.length - a.length);

  async function scores(m: SearchManifest, term: string, prefix: boolean): Promise<WordMatch> {
    const keys = shardsFor(m, term, prefix);
    // An exact term lives in the longest key that starts it; shorter keys only hold it when no longer key exists.
    const exactKey = keys.find((key) => term.startsWith(key));
    const shards = await Promise.all(
      keys.map((key) => once<Shard>(shardFile(key)).then((shard) => [key, shard] as const)),
    );
    const out = new Map<number, number>();
    let known = false;
    for (const [key, shard] of shards) {
      for (const [t, list] of Object.entries(shard)) {
        const exact = t === term && key === exactKey;
        if (!exact && !(prefix && t.startsWith(term) && t !== term)) continue;
        known = true;
        const factor = exact ? 1 : PREFIX_FACTOR;
        for (let i = 0; i < list.length; i += 2) {
          const doc = list[i]!;
          out.set(doc, Math.max(out.get(doc) ?? 0, list[i + 1]! * factor));
        }
      }
    }
    return { scores: out, known, correction: null };
  }

  /** The indexed words near `term` (its first letter's vocabulary), within `edits` of it. */
  async function near(m: SearchManifest, term: string, edits: number) {
    if (!m.vocab.includes(term[0]!)) return [];
    const vocabulary = await once<string[]>(vocabFile(term[0]!));
    return nearTerms(term, vocabulary, NEAR_TERMS, edits);
  }

  /** A word's documents; a word the index does not have is looked up as its near words (typo tolerance). */
  async function match(m: SearchManifest, term: string, prefix: boolean): Promise<WordMatch> {
    const own = await scores(m, term, prefix);
    if (own.known || allowedEdits(term) === 0) return own;
    const found = await near(m, term, allowedEdits(term));
    if (!found.length) return own;
    const out = new Map<number, number>();
    for (const [i, list] of (await Promise.all(found.map((n) => scores(m, n.term, false)))).entries()) {
      const factor = NEAR_FACTOR[found[i]!.edits]!;
      for (const [doc, score] of list.scores) out.set(doc, Math.max(out.get(doc) ?? 0, score * factor));
    }
    return { scores: out, known: true, correction: found[0]!.term };
  }

  /** Search types (behaviour §3): `sport` is a slug; `team_name` words each start a word of the team's name. */
  function allowed(m: SearchManifest, query: SearchQuery): ((doc: number) => boolean) | null {
    const team = words(query.teamName ?? '');
    if (!query.sport && !team.length) return null;
    const ranges = Object.entries(m.sports)
      .filter(
        ([slug, s]) =>
          (!query.sport || slug === query.sport) && team.every((w) => words(s.name).some((n) => n.startsWith(w))),
      )
      .map(([, s]) => s);
    return (doc) => ranges.some((r) => doc >= r.start && doc < r.end);
  }

  return {
    /** Forget the files read so far: a new build's content replaced them (the next search reads them again). */
    drop(): void {
      cache.clear();
    },
    async search(query: SearchQuery): Promise<SearchAnswer> {
      const perPage = Math.max(1, Math.min(50, query.perPage ?? DEFAULT_PER_PAGE));
      const page = Math.max(1, query.page ?? 1);
      const typed = words(query.s);
      // Stop words alone ("the") still search; with other words they are dropped.
      const meaningful = termsOf(query.s);
      const wanted = meaningful.length ? meaningful : [...new Set(typed)];
      if (!wanted.length) return { hits: [], total: 0, page, pages: 0 };
      const m = await manifest();
      const last = typed.at(-1);
      const lists = await Promise.all(
        wanted.map((term) => match(m, term, term === last && term.length >= MIN_PREFIX && !/\s$/.test(query.s))),
      );
      const keep = allowed(m, query);
      // Documents with every word first, then those with fewer; within each, the scores added up.
      const ranked = new Map<number, { words: number; score: number }>();
      for (const { scores: list } of lists)
        for (const [doc, score] of list) {
          if (keep && !keep(doc)) continue;
          const entry = ranked.get(doc);
          if (entry) {
            entry.words++;
            entry.score += score;
          } else ranked.set(doc, { words: 1, score });
        }
      const order = [...ranked].sort(([a, x], [b, y]) => y.words - x.words || y.score - x.score || a - b);
      const corrections = new Map(wanted.map((term, i) => [term, lists[i]!.correction]));
      if (!order.length)
        // Nothing found: what the fan may have meant, one edit further than the search itself looks.
        for (const [i, term] of wanted.entries())
          if (!lists[i]!.known && term.length >= MIN_PREFIX)
            corrections.set(term, (await near(m, term, allowedEdits(term) + 1))[0]?.term ?? null);
      const corrected = [...corrections.values()].some(Boolean)
        ? typed.map((word) => corrections.get(word) ?? word).join(' ')
        : null;
      const shown = order.slice((page - 1) * perPage, page * perPage).map(([doc]) => doc);
      const chunks = await Promise.all(
        [...new Set(shown.map((doc) => Math.floor(doc / m.docChunk)))].map(
          async (n) => [n, await once<StoredDoc[]>(docFile(n))] as const,
        ),
      );
      const byChunk = new Map(chunks);
      const hits = shown.map((doc) => {
        const [type, title, path, summary, date, sport] = byChunk.get(Math.floor(doc / m.docChunk))![doc % m.docChunk]!;
        return {
          type,
          title,
          path,
          summary,
          date: date || null,
          sport: sport ? { slug: sport, name: m.sports[sport]?.name ?? sport } : null,
        };
      });
      return { hits, total: order.length, page, pages: Math.ceil(order.length / perPage), corrected };
    },
  };
}
