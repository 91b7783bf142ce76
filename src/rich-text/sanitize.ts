import sanitizeHtml from 'sanitize-html';
import { isCanonicalRichText } from './canonical.ts';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  allowedEmbed,
  allowedUrl,
  DROPPED_WITH_CONTENT,
  EMBED_DEFAULTS,
  EMBED_HOSTS,
  EMBED_TITLE,
  EXTERNAL_LINK_REL,
  IMAGE_SCHEMES,
  isExternalLink,
  LINK_SCHEMES,
  RENAMED_TAGS,
  RICH_TEXT_MAX_CHARS,
  URL_ATTRIBUTES,
} from './policy.ts';

/** The cleaned HTML, and what was taken out because it could run code (for the build's warning). */
export interface SanitizedHtml {
  html: string;
  /** E.g. `<script>`, `onerror=`, `javascript: URL`, `<iframe> from evil.example`; empty when nothing unsafe was found. */
  removed: readonly string[];
  /** The field was longer than RICH_TEXT_MAX_CHARS and was cut. */
  truncated: boolean;
}

const DROPPED = new Set<string>(DROPPED_WITH_CONTENT);

/** sanitize-html's options, but for the hook that notes what was removed (made once, not per call). */
const OPTIONS = {
  allowedTags: [...ALLOWED_TAGS],
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROPPED_WITH_CONTENT],
  allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: [...URL_ATTRIBUTES],
  allowProtocolRelative: true,
  allowedIframeHostnames: [...EMBED_HOSTS],
  allowIframeRelativeUrls: false,
  parseStyleAttributes: false,
  // A nesting bomb is cut at this depth, not followed down.
  nestingLimit: 64,
  transformTags: {
    ...Object.fromEntries(Object.entries(RENAMED_TAGS).map(([from, to]) => [from, to])),
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const rel = new Set((attribs.rel ?? '').split(/\s+/).filter(Boolean));
      if (isExternalLink(href) || attribs.target) rel.add(EXTERNAL_LINK_REL);
      return { tagName, attribs: rel.size ? { ...attribs, rel: [...rel].join(' ') } : attribs };
    },
    iframe: (tagName, attribs) => {
      // The host check is ours (policy.allowedEmbed); sanitize-html's own would keep an iframe without src.
      if (!allowedEmbed(attribs.src ?? '')) return { tagName: 'span', attribs: {} };
      return { tagName, attribs: { ...attribs, ...EMBED_DEFAULTS, title: attribs.title || EMBED_TITLE } };
    },
  },
} satisfies sanitizeHtml.IOptions;

/** What the current call removed: sanitize-html runs synchronously, so one collector serves every call in turn. */
let removed = new Set<string>();

/** Notes what will be removed for running code (sanitize-html's hook, called for each opening tag). */
function noteUnsafe(name: string, attribs: sanitizeHtml.Attributes): void {
  const tag = name.toLowerCase();
  if (DROPPED.has(tag)) removed.add(`<${tag}>`);
  if (tag === 'iframe' && !allowedEmbed(attribs.src ?? '')) removed.add(`<iframe> from ${hostOf(attribs.src)}`);
  for (const [attr, value] of Object.entries(attribs)) {
    const lower = attr.toLowerCase();
    if (lower.startsWith('on')) removed.add(`${lower}=`);
    else if ((URL_ATTRIBUTES as readonly string[]).includes(lower)) {
      const schemes = tag === 'img' && lower === 'src' ? IMAGE_SCHEMES : LINK_SCHEMES;
      if (!allowedUrl(decodeEntities(value), schemes)) removed.add(`${schemeOf(value)} URL`);
    } else if (lower === 'style' && /expression|url\s*\(|javascript:/i.test(value)) removed.add('style=');
  }
}

/**
 * Results by input, within one thread, for the fields sanitize-html parses (canonical ones are returned before it
 * and never kept). Pages load the same record's rich text over and over (a player's bio with each of his seasons'
 * pages, an article's body with every list that carries it): in a build of the demo about 60% of the calls of a
 * render thread repeated an input it had seen. Bounded by the characters held (inputs and results), oldest out
 * first; an input over a sixteenth of the bound is not kept.
 */
const memo = new Map<string, SanitizedHtml>();
const MEMO_MAX_CHARS = 4_000_000;
let memoChars = 0;

/** What a canonical field's result says was removed: nothing (one array, shared, as results are). */
const NONE: readonly string[] = Object.freeze([]);

/**
 * Sanitise CMS rich text by the allow-list of src/rich-text/policy.ts, with sanitize-html (htmlparser2 parses it,
 * the output is re-serialised: what a browser then parses is what was checked). Whatever the API sends, the
 * result holds no script, handler, style or unknown embed. The result may be shared with other calls of the same
 * input: read it, do not change it.
 */
export function sanitizeRichText(input: string): SanitizedHtml {
  // Already as sanitize-html would write it (canonical.ts): most fields are, and need no parse.
  if (input.length <= RICH_TEXT_MAX_CHARS && isCanonicalRichText(input))
    return { html: input, removed: NONE, truncated: false };
  const known = memo.get(input);
  if (known) return known;
  const result = sanitizeWithParser(input);
  if (input.length <= MEMO_MAX_CHARS / 16) {
    memo.set(input, result);
    memoChars += input.length + result.html.length;
    for (const [oldest, kept] of memo) {
      if (memoChars <= MEMO_MAX_CHARS) break;
      memo.delete(oldest);
      memoChars -= oldest.length + kept.html.length;
    }
  }
  return result;
}

/** sanitize-html itself, every time: what sanitizeRichText gives for any input (its tests hold the two the same). */
export function sanitizeWithParser(input: string): SanitizedHtml {
  const truncated = input.length > RICH_TEXT_MAX_CHARS;
  const source = truncated ? input.slice(0, RICH_TEXT_MAX_CHARS) : input;
  removed = new Set<string>();
  const html = sanitizeHtml(source, { ...OPTIONS, onOpenTag: noteUnsafe });
  return { html, removed: [...removed], truncated };
}

function hostOf(src: string | undefined): string {
  try {
    return new URL(src ?? '').hostname || 'nowhere';
  } catch {
    return JSON.stringify(src ?? '');
  }
}

function schemeOf(url: string): string {
  // eslint-disable-next-line no-control-regex -- browsers skip control characters inside a scheme: so do we
  const compact = decodeEntities(url).replace(/[\u0000-\u0020]/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase() ?? 'bad';
}

/** Enough decoding to see the scheme a browser would (`&#106;avascript:`, `&#x6A;`, `&Tab;`). */
function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(
      /&(tab|newline|colon);/gi,
      (_, name: string) => ({ tab: '\t', newline: '\n', colon: ':' })[name.toLowerCase()]!,
    );
}
