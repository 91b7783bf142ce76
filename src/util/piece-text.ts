/**
 * A text held as pieces and read as if they were joined, without joining them. A page's document is made of a
 * dozen (its head, the page's markup with the header and footer spliced in, its scripts); joined, a page of 70,000
 * characters was copied once more before it was encoded, two bytes a character (one piece above U+00FF makes the
 * whole copy two-byte). The writer encodes the pieces one by one (output/writer.ts), and the link finder reads them
 * through this view (build/links.ts): at demo scale 10, by `npm run profile`, the encoding went from 67 to 43 µs a
 * page, the link finder from 41 to 49 µs, the render threads' collections from 60 to 54 µs.
 *
 * The methods answer as a string's would for the text joined (`indexOf`, `lastIndexOf` without a position,
 * `charCodeAt`, `slice`), a match across pieces included: they are what the link finder asks of either.
 */
export interface PieceText {
  readonly length: number;
  indexOf(search: string, from?: number): number;
  lastIndexOf(search: string): number;
  charCodeAt(at: number): number;
  slice(from: number, to?: number): string;
}

export function pieceText(pieces: readonly string[]): PieceText {
  return new Pieces(pieces);
}

/**
 * A class, not an object of closures: every page's view shares its methods, which V8 can then inline where the link
 * finder calls them (a closure made for each page is a function of its own each time).
 */
class Pieces implements PieceText {
  readonly length: number;
  readonly #list: string[];
  readonly #starts: number[] = [];
  /** The piece a reader was last in: reads mostly go forward, a few pieces at a time. */
  #cursor = 0;

  constructor(pieces: readonly string[]) {
    this.#list = pieces.filter((piece) => piece.length > 0);
    let length = 0;
    for (const piece of this.#list) {
      this.#starts.push(length);
      length += piece.length;
    }
    this.length = length;
  }

  /** The index of the piece holding `at` (0 ≤ at < length). */
  #pieceAt(at: number): number {
    const starts = this.#starts;
    let cursor = this.#cursor;
    if (at < starts[cursor]!) cursor = 0;
    while (cursor + 1 < starts.length && starts[cursor + 1]! <= at) cursor++;
    return (this.#cursor = cursor);
  }

  #slice(from: number, to: number): string {
    if (from >= to) return '';
    const list = this.#list;
    const first = this.#pieceAt(from);
    const start = this.#starts[first]!;
    const piece = list[first]!;
    if (to <= start + piece.length) return piece.slice(from - start, to - start);
    let text = piece.slice(from - start);
    for (let k = first + 1; k < list.length && this.#starts[k]! < to; k++)
      text += list[k]!.slice(0, to - this.#starts[k]!);
    return text;
  }

  /**
   * Where a match of `search` that begins in piece k's last characters (from `tailFrom`) and runs into the pieces
   * after it begins, the first (or with `last`, the last) of them; -1 when none does.
   */
  #acrossEnd(k: number, search: string, tailFrom: number, last: boolean): number {
    const piece = this.#list[k]!;
    const end = this.#starts[k]! + piece.length;
    if (k + 1 >= this.#list.length || tailFrom >= piece.length) return -1;
    const window = piece.slice(tailFrom) + this.#slice(end, Math.min(this.length, end + search.length - 1));
    const inPiece = piece.length - tailFrom;
    const at = last ? window.lastIndexOf(search, inPiece - 1) : window.indexOf(search);
    return at >= 0 && at < inPiece ? this.#starts[k]! + tailFrom + at : -1;
  }

  indexOf(search: string, from = 0): number {
    // Most reads stay in the piece of the last: looked for there first, without the general case's arithmetic.
    const piece = this.#list[this.#cursor];
    const start = this.#starts[this.#cursor]!;
    if (piece !== undefined && from >= start && from < start + piece.length) {
      const found = piece.indexOf(search, from - start);
      if (found >= 0) return start + found;
    }
    const begin = Math.max(0, Math.trunc(from) || 0);
    if (search.length === 0) return Math.min(begin, this.length);
    if (begin >= this.length) return -1;
    const list = this.#list;
    for (let k = this.#pieceAt(begin); k < list.length; k++) {
      const local = Math.max(0, begin - this.#starts[k]!);
      // A match inside a piece begins before any that runs past its end.
      const found = list[k]!.indexOf(search, local);
      if (found >= 0) return this.#starts[k]! + found;
      const across = this.#acrossEnd(k, search, Math.max(local, list[k]!.length - (search.length - 1)), false);
      if (across >= 0) return across;
    }
    return -1;
  }

  lastIndexOf(search: string): number {
    if (search.length === 0) return this.length;
    const list = this.#list;
    for (let k = list.length - 1; k >= 0; k--) {
      // A match that runs past a piece's end begins after any inside it.
      const across = this.#acrossEnd(k, search, Math.max(0, list[k]!.length - (search.length - 1)), true);
      if (across >= 0) return across;
      const found = list[k]!.lastIndexOf(search);
      if (found >= 0) return this.#starts[k]! + found;
    }
    return -1;
  }

  charCodeAt(at: number): number {
    const piece = this.#list[this.#cursor];
    const start = this.#starts[this.#cursor]!;
    if (piece !== undefined && at >= start && at < start + piece.length) return piece.charCodeAt(at - start);
    if (!(at >= 0 && at < this.length)) return NaN;
    const k = this.#pieceAt(Math.trunc(at));
    return this.#list[k]!.charCodeAt(Math.trunc(at) - this.#starts[k]!);
  }

  slice(from: number, to = this.length): string {
    const piece = this.#list[this.#cursor];
    const start = this.#starts[this.#cursor]!;
    if (piece !== undefined && from >= start && from <= to && to <= start + piece.length)
      return piece.slice(from - start, to - start);
    const clamp = (n: number) => (n < 0 ? Math.max(0, this.length + n) : Math.min(n, this.length));
    return this.#slice(clamp(Math.trunc(from) || 0), clamp(Math.trunc(to) || 0));
  }
}
