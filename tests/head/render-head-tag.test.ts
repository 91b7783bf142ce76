import { describe, expect, it } from 'vitest';
import { renderHeadTag } from '../../src/head/tags.ts';

describe('renderHeadTag', () => {
  const values = [
    'plain',
    '',
    'Hawks – “Official”',
    'A & B',
    'say "hi"',
    '<script>x</script>',
    "it's > all &amp; more",
  ];
  /** Each of &, ", < and > escaped in attributes; &, < and > in the title's text; anything else as it is. */
  const attr = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  it('escapes what must be escaped in titles, metas and links, and nothing else', () => {
    for (const value of values) {
      expect(renderHeadTag({ kind: 'title', key: 'title', text: value })).toBe(`<title>${text(value)}</title>`);
      expect(
        renderHeadTag({ kind: 'meta', key: 'name:description', attr: 'name', name: 'description', content: value }),
      ).toBe(`<meta name="description" content="${attr(value)}">`);
      expect(
        renderHeadTag({
          kind: 'link',
          key: 'link:canonical',
          attrs: [
            ['rel', 'canonical'],
            ['href', value],
          ],
        }),
      ).toBe(`<link rel="canonical" href="${attr(value)}">`);
    }
    // Spelled out once, so the expectation above is not only the code restated.
    expect(renderHeadTag({ kind: 'title', key: 'title', text: 'A & "B" <C>' })).toBe(
      '<title>A &amp; "B" &lt;C&gt;</title>',
    );
    expect(
      renderHeadTag({
        kind: 'meta',
        key: 'property:og:title',
        attr: 'property',
        name: 'og:title',
        content: 'A & "B" <C>',
      }),
    ).toBe('<meta property="og:title" content="A &amp; &quot;B&quot; &lt;C&gt;">');
  });
});
