import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, nearTerms } from '../../src/search/fuzzy.ts';

describe('typo tolerance', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('vollyball', 'volleyball', 2)).toBe(1);
    expect(editDistance('shedule', 'schedule', 1)).toBe(1);
    expect(editDistance('footbal', 'football', 1)).toBe(1);
    expect(editDistance('tikcets', 'tickets', 1)).toBe(1);
    expect(editDistance('hockey', 'jockey', 1)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  });

  it('gives up past the limit, answering limit + 1', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('short', 'much-longer-word', 2)).toBe(3);
  });

  it('forgives one edit in words of 4–7 letters, two in longer ones, none in shorter', () => {
    expect([allowedEdits('hwk'), allowedEdits('hawk'), allowedEdits('tickets'), allowedEdits('vollyball')]).toEqual([
      0, 1, 1, 2,
    ]);
  });

  it('lists the nearest terms first, then the shorter, then alphabetically', () => {
    const vocabulary = ['scheduled', 'schedule', 'schedules', 'shed', 'shuttle', 'sheduler'];
    expect(nearTerms('shedule', vocabulary)).toEqual([
      { term: 'schedule', edits: 1 },
      { term: 'sheduler', edits: 1 },
    ]);
    expect(nearTerms('shedule', vocabulary, 1, 2).map((n) => n.term)).toEqual(['schedule']);
    expect(nearTerms('hwk', ['hawk'])).toEqual([]);
  });
});
