/**
 * Words as the search index stores them and queries look them up: accents folded, lowercase, split on anything
 * that is not a letter or digit. Single letters carry nothing; a few very common English words are left out so
 * their posting lists (every article) never have to be downloaded.
 */
const STOP_WORDS = new Set(
  'the and for with from that this are was were has have had its into our their his her they them will who you your but not all out'.split(
    ' ',
  ),
);

export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
}

/** Index terms of a text: its words without the stop words, once each. */
export function terms(text: string): string[] {
  return [...new Set(words(text).filter((w) => !STOP_WORDS.has(w)))];
}

/** Shard keys: the first two letters of a term; a large shard is split by the first three. */
export const SHARD_PREFIX = 2;
export const shardKeyOf = (term: string, length: number) => term.slice(0, length);
