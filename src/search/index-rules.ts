/**
 * The rules that shape the index's files (format.ts), shared by the index written whole (./writer.ts) and the index
 * patched in place (./patch.ts), so that both write the same bytes for the same documents.
 */
import { DOC_CHUNK, type Shard } from './format.ts';

/** A term's posting list keeps its best documents only; beyond this the word says little about a page. */
export const MAX_POSTINGS = 2000;
/** A two-letter shard larger than this is split into three-letter ones. */
export const SHARD_SPLIT_BYTES = 24_000;

/**
 * The ids a group of `count` documents takes (format.ts): a power of two of chunks, so that its range grows, and
 * the ranges after it move, only when the group doubles.
 */
export const rangeOf = (count: number) =>
  count ? 2 ** Math.ceil(Math.log2(Math.ceil(count / DOC_CHUNK))) * DOC_CHUNK : 0;

/** What a two-letter group of terms weighs, to tell whether it is split by three letters (SHARD_SPLIT_BYTES). */
export function shardGroupBytes(terms: Iterable<string>, listOf: (term: string) => readonly number[]): number {
  let size = 0;
  for (const term of terms) size += term.length + 4 + listOf(term).length * 5;
  return size;
}

/** A shard's file: its terms, in sorted order, with their lists. */
export function shardJson(sortedTerms: readonly string[], listOf: (term: string) => number[]): string {
  const shard: Shard = Object.fromEntries(sortedTerms.map((term) => [term, listOf(term)]));
  return JSON.stringify(shard);
}

/**
 * A posting `b` ranks after `a` (a lower score, or the same and a higher id): lists are best first, and a term keeps
 * its first MAX_POSTINGS.
 */
export const ranksAfter = (aId: number, aScore: number, bId: number, bScore: number) =>
  bScore < aScore || (bScore === aScore && bId > aId);

/** The index's digest (its stats'): one line per file, `name TAB sha256`, in the order the files are written. */
export const digestLine = (name: string, digest: string) => `${name}\t${digest}\n`;
