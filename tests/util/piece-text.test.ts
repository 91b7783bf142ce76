import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/demo/random.ts';
import { pieceText } from '../../src/util/piece-text.ts';

/** A text cut into pieces at random places, empty pieces among them. */
function cut(text: string, count: number, int: (below: number) => number): string[] {
  const cuts = Array.from({ length: count }, () => int(text.length + 1)).sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const at of cuts) {
    pieces.push(text.slice(from, at));
    from = at;
  }
  pieces.push(text.slice(from));
  return pieces;
}

describe('pieceText', () => {
  it('answers as the joined string does, matches across pieces included', () => {
    const random = createRandom('piece-text');
    const int = (below: number) => random.int(0, below - 1);
    const alphabet = ['<', 'm', 'a', 'i', 'n', '/', '>', ' ', 'h', 'r', 'e', 'f', '=', '"', '–', '🦅'];
    const fixed = ['<main', '</main>', ' href="', '"', 'aa', 'a', '–', '🦅', '\ud83e', 'absent!'];
    let checks = 0;
    for (let round = 0; round < 400; round++) {
      let text = '';
      for (let n = int(200); n > 0; n--) text += alphabet[int(alphabet.length)];
      const view = pieceText(cut(text, int(12), int));
      expect(view.length).toBe(text.length);
      const searches = [...fixed, ''];
      // Pieces of the text itself, so that most searches match, some across a cut.
      for (let n = 0; n < 8; n++) {
        const at = int(text.length + 1);
        searches.push(text.slice(at, at + 1 + int(8)));
      }
      for (const search of searches) {
        expect(view.lastIndexOf(search), `lastIndexOf ${search}`).toBe(text.lastIndexOf(search));
        for (const from of [
          undefined,
          -3,
          0,
          int(text.length + 1),
          int(text.length + 1),
          text.length,
          text.length + 5,
        ]) {
          expect(view.indexOf(search, from), `indexOf ${search} ${from}`).toBe(text.indexOf(search, from));
          checks++;
        }
      }
      for (let n = 0; n < 10; n++) {
        const at = int(text.length + 2) - 1;
        expect(view.charCodeAt(at)).toBe(text.charCodeAt(at));
        const from = int(text.length + 3) - 1;
        const to = int(text.length + 3) - 1;
        expect(view.slice(from, to)).toBe(text.slice(from, to));
        expect(view.slice(from)).toBe(text.slice(from));
      }
    }
    expect(checks).toBeGreaterThan(40_000);
  });

  it('reads a text of no pieces, or of empty ones, as the empty string', () => {
    for (const view of [pieceText([]), pieceText(['', ''])]) {
      expect(view.length).toBe(0);
      expect(view.indexOf('a')).toBe(-1);
      expect(view.indexOf('')).toBe(0);
      expect(view.lastIndexOf('')).toBe(0);
      expect(view.slice(0)).toBe('');
      expect(view.charCodeAt(0)).toBeNaN();
    }
  });
});
