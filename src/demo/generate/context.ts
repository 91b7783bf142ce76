import type { SeasonRef, SportRef } from '../../api/schemas/common.ts';
import type { Season } from '../../api/schemas/sports.ts';
import type { Random } from '../random.ts';
import type { SportDefinition } from '../data/sports.ts';

/** What every generator step shares: the seed's randomness, the calendar and id counters. */
export interface GenContext {
  random: Random;
  scale: number;
  asOf: string;
  seasons: Season[];
  /** Hands out sequential ids per record type, so ids are stable for a seed. */
  nextId(kind: string): number;
  /** Claims a globally unique slug for people (players may repeat across sports, coaches and staff may not). */
  uniqueSlug(scope: string, base: string): string;
}

export interface SportEntry {
  index: number;
  id: number;
  def: SportDefinition;
  ref: SportRef;
}

export function createContext(random: Random, scale: number, asOf: string, seasons: Season[]): GenContext {
  const counters = new Map<string, number>();
  const slugs = new Map<string, Set<string>>();
  return {
    random,
    scale,
    asOf,
    seasons,
    nextId(kind) {
      const next = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, next);
      return next;
    },
    uniqueSlug(scope, base) {
      let taken = slugs.get(scope);
      if (!taken) slugs.set(scope, (taken = new Set()));
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      taken.add(slug);
      return slug;
    },
  };
}

export function seasonRef(season: Season): SeasonRef {
  return { id: season.id, name: season.name, slug: season.slug };
}

/** Seasons oldest first, the last one holding the dataset's "today". */
export function makeSeasons(count: number, asOf: string): Season[] {
  const asOfYear = Number(asOf.slice(0, 4));
  const currentStart = Number(asOf.slice(5, 7)) >= 7 ? asOfYear : asOfYear - 1;
  return Array.from({ length: count }, (_, i) => {
    const start = currentStart - (count - 1) + i;
    const name = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    return {
      id: i + 1,
      name,
      slug: name,
      start_date: `${start}-07-01`,
      end_date: `${start + 1}-06-30`,
      // Each sport's list says what its seasons have (coverage.ts); the shared calendar does not.
      has_roster: null,
      has_schedule: null,
      has_stats: null,
    };
  });
}
