import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectNotices } from '../../src/api/boundary.ts';
import { RichText } from '../../src/api/schemas/common.ts';
import { sanitizeRichText } from '../../src/rich-text/sanitize.ts';

const Record = z.object({ id: z.number(), bio: RichText });
const hostile = '<p>Fast <b>hands</b></p><script>alert(1)</script><img src="x.jpg" onerror="alert(2)" alt="">';

describe('rich text at the boundary', () => {
  it('reports what it removed with the record every time the same text is parsed, not only the first', () => {
    const parse = () => collectNotices({ id: 7, bio: hostile }, () => Record.parse({ id: 7, bio: hostile }));
    const first = parse();
    const again = parse();
    expect(again.value).toEqual(first.value);
    expect(first.value.bio).toBe('<p>Fast <b>hands</b></p><img src="x.jpg" alt="" />');
    for (const { notices } of [first, again]) {
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain('unsafe markup removed (<script>, onerror=)');
    }
  });

  it('cleans every text alike however many come before it (the results a thread keeps are bounded)', () => {
    // More distinct texts than the kept results hold (4 M characters): the first are dropped and made again.
    const texts = Array.from({ length: 900 }, (_, i) => `<p>${'x'.repeat(5_000)}${i}<script>${i}</script></p>`);
    const first = texts.map((t) => sanitizeRichText(t).html);
    expect(texts.map((t) => sanitizeRichText(t).html)).toEqual(first);
    expect(first[899]).toBe(`<p>${'x'.repeat(5_000)}899</p>`);
    expect(sanitizeRichText(texts[0]!).removed).toEqual(['<script>']);
  });
});
