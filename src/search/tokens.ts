/**
 * Words as the search index stores them and queries look them up: accents folded, lowercase, split on anything
 * that is not a letter or digit. An apostrophe inside a word (D'Asia, O’Neil, women's) gives the word both joined
 * and in its parts, so "dasia", "asia" and "d'asia" all find D'Asia; a hyphen splits (Smith-Jones = smith jones).
 * Single letters carry nothing; a few very common English words are left out so their posting lists (every
 * article) never have to be downloaded.
 */
const STOP_WORDS = new Set(
  'the and for with from that this are was were has have had its into our their his her they them will who you your but not all out'.split(
    ' ',
  ),
);

/** The marks taken for an apostrophe: ' ‘ ’ ʼ and the backtick. */
const APOSTROPHE = /['\u2018\u2019\u02bc`]/g;

export function words(text: string): string[] {
  const out: string[] = [];
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  for (const token of folded.split(/[^a-z0-9'\u2018\u2019\u02bc`]+/)) {
    const parts = token.split(/['\u2018\u2019\u02bc`]+/).filter((w) => w.length > 1);
    const joined = token.replace(APOSTROPHE, '');
    if (joined.length > 1) out.push(joined);
    for (const part of parts) if (part !== joined) out.push(part);
  }
  return out;
}

/** Index terms of a text: its words without the stop words, once each. */
export function terms(text: string): string[] {
  return [...new Set(words(text).filter((w) => !STOP_WORDS.has(w)))];
}

/** Shard keys: the first two letters of a term; a large shard is split by the first three. */
export const SHARD_PREFIX = 2;
export const shardKeyOf = (term: string, length: number) => term.slice(0, length);
