/**
 * Is a rich-text field already what the sanitiser would write? Most of what editors send is plain prose in
 * paragraphs, headings, quotes and lists: sanitize-html parses it, finds nothing to remove, and writes the same
 * characters back. At demo scale 10 a render thread sanitised more than 34,000 distinct fields that way, 7% of its
 * time (issue 21). This recognises, in one pass, a strict subset of that: text and a few elements without
 * attributes, nested as sanitize-html (htmlparser2) reads them without closing anything implicitly. What it accepts,
 * sanitize.ts returns as it is; anything else (an attribute, a link, `<br>`, `&nbsp;`, an unclosed or misnested tag,
 * a capital letter in a tag) goes through sanitize-html. tests/rich-text/canonical.test.ts holds the two to the same
 * output over the demo's fields and generated ones.
 */

/** Inline elements: none of them closes another when it opens (htmlparser2's openImpliesClose has none). */
const INLINE = ['strong', 'em', 'b', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'cite', 'code'];

/**
 * The elements each element may hold directly ('' is the field itself). Blocks only where no open element is one
 * their opening closes (a `<p>` in a `<p>`, a heading after an unclosed `<p>`, an `<li>` in an `<li>`).
 */
const CHILDREN: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    '': ['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol'],
    blockquote: ['p', 'footer'],
    ul: ['li'],
    ol: ['li'],
    ...Object.fromEntries(['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'footer', ...INLINE].map((tag) => [tag, INLINE])),
  }).map(([tag, children]) => [tag, new Set(children)]),
);

/** Deeper than this is left to sanitize-html (its nesting limit is 64). */
const MAX_DEPTH = 16;

/** The entities text may hold: sanitize-html decodes them and writes them back the same. */
const ENTITIES = ['&amp;', '&lt;', '&gt;'];

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SLASH = 0x2f;
const TAB = 0x09;
const NEWLINE = 0x0a;

/** What text may not hold as it is: `<`, `>`, `&` (but in ENTITIES), and controls other than tab and newline. */
const refusedInText = (code: number) =>
  code === LT || code === GT || code === AMP || code === 0x7f || (code < 0x20 && code !== TAB && code !== NEWLINE);

/**
 * True when sanitising `html` would give `html` back, with nothing removed: text and the elements of CHILDREN,
 * without attributes, every one closed in order. False says only "not sure": the caller sanitises then.
 */
export function isCanonicalRichText(html: string): boolean {
  const open: string[] = [];
  let at = 0;
  while (at < html.length) {
    const code = html.charCodeAt(at);
    if (code === LT) {
      const end = html.indexOf('>', at + 1);
      if (end < 0) return false;
      const closing = html.charCodeAt(at + 1) === SLASH;
      const tag = html.slice(closing ? at + 2 : at + 1, end);
      if (closing) {
        if (open.pop() !== tag) return false;
      } else {
        if (!CHILDREN.get(open.at(-1) ?? '')?.has(tag) || open.length === MAX_DEPTH) return false;
        open.push(tag);
      }
      at = end + 1;
    } else if (code === AMP) {
      const entity = ENTITIES.find((name) => html.startsWith(name, at));
      if (!entity) return false;
      at += entity.length;
    } else if (refusedInText(code)) return false;
    else at++;
  }
  return open.length === 0;
}
