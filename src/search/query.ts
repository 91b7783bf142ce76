import {
  docFile,
  SEARCH_MANIFEST,
  shardFile,
  type SearchHit,
  type SearchManifest,
  type Shard,
  type StoredDoc,
} from './format.ts';
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
}

/** Reads one index file (`index.json`, `t-ab.json`, `d-3.json`): fetch in the browser, the disk in the bench. */
export type IndexLoader = (file: string) => Promise<unknown>;

export const DEFAULT_PER_PAGE = 20;
/** A word being typed also finds longer words that start with it, at half weight. */
const PREFIX_FACTOR = 0.5;
/** Shorter words are matched exactly: "st" as a prefix would download every shard of st…. */
const MIN_PREFIX = 3;

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

  async function scores(m: SearchManifest, term: string, prefix: boolean): Promise<Map<number, number>> {
    const keys = shardsFor(m, term, prefix);
    // An exact term lives in the longest key that starts it; shorter keys only hold it when no longer key exists.
    const exactKey = keys.find((key) => term.startsWith(key));
    const shards = await Promise.all(
      keys.map((key) => once<Shard>(shardFile(key)).then((shard) => [key, shard] as const)),
    );
    const out = new Map<number, number>();
    for (const [key, shard] of shards) {
      for (const [t, list] of Object.entries(shard)) {
        const exact = t === term && key === exactKey;
        if (!exact && !(prefix && t.startsWith(term) && t !== term)) continue;
        const factor = exact ? 1 : PREFIX_FACTOR;
        for (let i = 0; i < list.length; i += 2) {
          const doc = list[i]!;
          out.set(doc, Math.max(out.get(doc) ?? 0, list[i + 1]! * factor));
        }
      }
    }
    return out;
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
        wanted.map((term) => scores(m, term, term === last && term.length >= MIN_PREFIX && !/\s$/.test(query.s))),
      );
      const keep = allowed(m, query);
      // Every word must match (smallest list first); the scores add up.
      lists.sort((a, b) => a.size - b.size);
      const ranked: [number, number][] = [];
      for (const [doc, score] of lists[0]!) {
        if (keep && !keep(doc)) continue;
        let total = score;
        let all = true;
        for (let i = 1; i < lists.length && all; i++) {
          const other = lists[i]!.get(doc);
          if (other === undefined) all = false;
          else total += other;
        }
        if (all) ranked.push([doc, total]);
      }
      ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      const shown = ranked.slice((page - 1) * perPage, page * perPage).map(([doc]) => doc);
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
      return { hits, total: ranked.length, page, pages: Math.ceil(ranked.length / perPage) };
    },
  };
}
