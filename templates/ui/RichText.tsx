import { Fragment, type ReactNode } from 'react';
import { AdZone } from './AdZone.tsx';

/**
 * Whether rich text shows anything: words, or media (an image, a video, a table). `<p></p>`, `<p>&nbsp;</p>` and
 * `<br>` alone are nothing, so a "Biography" heading never stands over an empty section.
 */
export function hasContent(html: string | null | undefined): html is string {
  if (!html) return false;
  if (/<(?:img|iframe|video|audio|table|hr|svg|object|embed)\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:nbsp|#160|#xa0);/gi, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x');
  return /\S/.test(text.replace(/\u00a0/g, ' '));
}

/**
 * Split sanitised CMS HTML into its top-level elements, so ad zones can go between paragraphs.
 * A small scanner, not a parser: CMS rich text is well-formed, and void elements are known.
 */
export function splitTopLevel(html: string): string[] {
  const VOID = /^(br|hr|img|input|meta|link|source|wbr|area|col|embed|track)$/i;
  const chunks: string[] = [];
  let depth = 0;
  let start = 0;
  const tag = /<\/?([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>/g;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const closing = m[0]!.startsWith('</');
    const selfClosing = m[2] === '/' || VOID.test(m[1]!);
    if (closing) depth--;
    else if (!selfClosing) depth++;
    if (depth === 0) {
      const chunk = html.slice(start, tag.lastIndex).trim();
      if (chunk) chunks.push(chunk);
      start = tag.lastIndex;
    }
  }
  const rest = html.slice(start).trim();
  if (rest) chunks.push(rest.startsWith('<') ? rest : `<p>${rest}</p>`);
  return chunks;
}

/**
 * Where ad zones go among n items: after every `interval` items, starting after `shift` more.
 * Interval 0 means no ads (the settings default).
 */
export function adSlots(count: number, interval: number, shift: number): Set<number> {
  const slots = new Set<number>();
  if (interval <= 0) return slots;
  for (let after = interval + shift; after < count; after += interval) slots.add(after);
  return slots;
}

const HEADING = /^<h[1-6]\b/i;

/**
 * The slots moved past headings: a zone never stands between a heading and the text it heads ("Before Cedar
 * Valley", then an advertisement, then the paragraph). A slot with only headings after it is dropped.
 */
export function slotsAfterText(chunks: string[], slots: Set<number>): Set<number> {
  const placed = new Set<number>();
  for (const slot of slots) {
    let at = slot;
    while (at < chunks.length && HEADING.test(chunks[at - 1]!)) at++;
    if (at < chunks.length) placed.add(at);
  }
  return placed;
}

interface Props {
  html: string;
  className?: string;
  ad?: { zone: string | null; interval: number; shift: number; label: string };
}

/** CMS rich text, with ad zones spaced by the site settings when asked. */
export function RichText({ html, className, ad }: Props) {
  if (!ad || !ad.zone || ad.interval <= 0)
    return <div className={className ?? 'prose'} dangerouslySetInnerHTML={{ __html: html }} />;
  const chunks = splitTopLevel(html);
  const slots = slotsAfterText(chunks, adSlots(chunks.length, ad.interval, ad.shift));
  const out: ReactNode[] = [];
  chunks.forEach((chunk, i) => {
    if (slots.has(i)) out.push(<AdZone key={`ad-${i}`} uuid={ad.zone!} label={ad.label} />);
    out.push(<div key={i} className="prose-part" dangerouslySetInnerHTML={{ __html: chunk }} />);
  });
  return (
    <div className={className ?? 'prose'}>
      {out.map((node, i) => (
        <Fragment key={i}>{node}</Fragment>
      ))}
    </div>
  );
}
