/**
 * What CMS rich text may hold once it reaches a page: the one allow-list that both sanitisers apply (the build's,
 * src/rich-text/sanitize.ts, and the browser's for previews and unlocked pages, runtime/live/sanitize.ts). Plain
 * data, so the browser bundle carries no parser of its own for it.
 *
 * Fitted to what editors write: headings, paragraphs and quotes, lists, tables, links, images, figures and video
 * embeds from the hosts below. Never: scripts, styles, forms, event handlers, `javascript:` or other schemes,
 * `id`/`name` (an element named like the page's own, `__FH_PAYLOAD__` say, would shadow it: DOM clobbering),
 * `class` and `style` (the page's own styles decide how content looks).
 */

/** Elements kept (others are removed, their text kept; `DROPPED_WITH_CONTENT` go with everything inside). */
export const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'footer', 'cite', 'q', 'figure', 'figcaption',
  'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'code', 'pre', 'kbd', 'abbr',
  'time', 'span', 'div', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'colgroup', 'col', 'thead',
  'tbody', 'tfoot', 'tr', 'th', 'td', 'a', 'img', 'iframe',
] as const; // prettier-ignore

/**
 * Removed together with their content: code, styles, raw-text elements, frames and embedded documents. (An
 * `<svg>` or `<math>` is removed but its text kept: an unclosed one must not swallow the rest of the body.)
 */
export const DROPPED_WITH_CONTENT = [
  'script', 'style', 'template', 'noscript', 'textarea', 'select', 'option', 'title', 'xmp', 'noembed',
  'noframes', 'object', 'embed', 'applet', 'frameset', 'frame',
] as const; // prettier-ignore

/** An `<h1>` in a body becomes an `<h2>`: the page's title is its one `<h1>`. */
export const RENAMED_TAGS: Readonly<Record<string, string>> = { h1: 'h2' };

/** Attributes kept, per element (none on others). */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel', 'hreflang'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
  th: ['colspan', 'rowspan', 'scope', 'headers', 'abbr'],
  td: ['colspan', 'rowspan', 'headers'],
  col: ['span'],
  colgroup: ['span'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  blockquote: ['cite'],
  q: ['cite'],
  abbr: ['title'],
  time: ['datetime'],
  '*': ['lang', 'dir'],
};

/** URL schemes allowed in links; images may also be inline `data:` pictures. Relative URLs are always allowed. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const IMAGE_SCHEMES = ['http', 'https', 'data'] as const;
/** Attributes that hold URLs. */
export const URL_ATTRIBUTES = ['href', 'src', 'cite'] as const;

/** Video hosts whose embeds are kept (https only); any other `<iframe>` is removed. */
export const EMBED_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'] as const;

/** Every embed gets these: lazy loading, no referrer beyond the origin, and a title screen readers announce. */
export const EMBED_DEFAULTS = { loading: 'lazy', referrerpolicy: 'strict-origin-when-cross-origin' } as const;
export const EMBED_TITLE = 'Embedded video';

/** Links to other sites may not reach back into this page (`window.opener`). */
export const EXTERNAL_LINK_REL = 'noopener';

/** A link or embed address: relative, or absolute with one of `schemes`. */
export function allowedUrl(value: string, schemes: readonly string[]): boolean {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:"): so do we.
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (!scheme) return !compact.startsWith('//') || schemes.includes('https');
  return schemes.includes(scheme.toLowerCase());
}

/** Is an absolute link to another site (it gets `rel="noopener"`)? Root-relative and fragment links are ours. */
export function isExternalLink(href: string): boolean {
  return /^(https?:)?\/\//i.test(href.trim());
}

/** Is an `<iframe src>` an embed from an allowed video host? */
export function allowedEmbed(src: string): boolean {
  try {
    const url = new URL(src.trim());
    return url.protocol === 'https:' && (EMBED_HOSTS as readonly string[]).includes(url.hostname);
  } catch {
    return false;
  }
}

/** The largest rich-text field the build takes whole (longer ones are cut, with a warning): 1 MiB of HTML. */
export const RICH_TEXT_MAX_CHARS = 1 << 20;
