/**
 * A page's head as data (React Router's MetaDescriptor is the model): the build renders this list into every
 * document (src/build/render/document.ts) and the runtime applies the same list after a client navigation
 * (runtime/head.ts), so the head of a page is the same however the fan reached it.
 */
import type { Payload, SiteData } from '../contract/index.ts';
import { feedLinks } from './feeds.ts';
import { jsonLd } from './structured-data.ts';
import { headValues } from './values.ts';

/** One element of the head, with the key that finds it again in a live document. */
export type HeadTag =
  | { kind: 'title'; key: 'title'; text: string }
  | { kind: 'meta'; key: string; attr: 'name' | 'property'; name: string; content: string }
  /** Attributes in the order they are written. */
  | { kind: 'link'; key: string; attrs: readonly (readonly [string, string])[] }
  | { kind: 'json-ld'; key: 'json-ld'; text: string };

/** The id of the JSON-LD script, so the runtime finds it. */
export const JSON_LD_ID = 'fh-jsonld';

/** Every tag of a page's head that depends on the page or the site, in document order. */
export function headTags(payload: Payload, site: SiteData): HeadTag[] {
  const { head } = payload;
  const { settings } = site;
  const { title, description, canonical, image, imageUrl, socialTitle, noindex } = headValues(payload, site);
  const favicon = settings.website_favicon;
  const ld = jsonLd(payload, site);
  // Pushed one by one rather than spread from arrays of one: this runs for every page the build writes, and a
  // function of two dozen spreads is one V8 optimises slowly, in every render thread (issue 21).
  const tags: HeadTag[] = [];
  const meta = (attr: 'name' | 'property', name: string, content: string | null | undefined) => {
    if (content) tags.push({ kind: 'meta', key: `${attr}:${name}`, attr, name, content });
  };
  meta('name', 'viewport', 'width=device-width, initial-scale=1');
  tags.push({ kind: 'title', key: 'title', text: title });
  meta('name', 'description', description);
  meta('name', 'robots', noindex ? 'noindex' : null);
  // Error documents name no canonical address; every other page does, noindex or not.
  if (!payload.error)
    tags.push({
      kind: 'link',
      key: 'link:canonical',
      attrs: [
        ['rel', 'canonical'],
        ['href', canonical],
      ],
    });
  meta('property', 'og:type', head.type);
  meta('property', 'og:site_name', settings.site_title);
  meta('property', 'og:title', socialTitle);
  meta('property', 'og:description', description);
  meta('property', 'og:url', canonical);
  meta('property', 'og:locale', 'en_US');
  meta('property', 'og:image', imageUrl);
  meta('property', 'og:image:alt', image?.alt);
  meta('property', 'og:image:width', image?.width ? String(image.width) : null);
  meta('property', 'og:image:height', image?.height ? String(image.height) : null);
  meta('name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary');
  meta('name', 'twitter:title', socialTitle);
  meta('name', 'twitter:description', description);
  meta('name', 'twitter:image', imageUrl);
  meta('name', 'twitter:image:alt', image?.alt);
  if (favicon)
    tags.push({
      kind: 'link',
      key: 'link:icon',
      attrs: [
        ['rel', 'icon'],
        ['type', favicon.mime_type],
        ['href', favicon.url],
      ],
    });
  meta('name', 'theme-color', site.theme.colors.primary);
  for (const feed of feedLinks(payload, site))
    tags.push({
      kind: 'link',
      key: `link:alternate:${feed.href}`,
      attrs: [
        ['rel', 'alternate'],
        ['type', feed.type],
        ['title', feed.title],
        ['href', feed.href],
      ],
    });
  if (ld) tags.push({ kind: 'json-ld', key: 'json-ld', text: ld });
  return tags;
}

// Most values need no escape: one test finds that, where four replacements would each read the value (a page's head
// has about 25 attributes: 9.8 µs a page at demo scale 10 by its profile, 4.9 µs with the test).
const ATTR_ESCAPED = /[&"<>]/;
const TEXT_ESCAPED = /[&<>]/;
const escapeAttr = (s: string) =>
  ATTR_ESCAPED.test(s)
    ? s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    : s;
const escapeText = (s: string) =>
  TEXT_ESCAPED.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s;
/** JSON inside a script: no "</script>", no HTML comment, no line separators that break old parsers. */
export const escapeScriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** One tag as HTML. */
export function renderHeadTag(tag: HeadTag): string {
  switch (tag.kind) {
    case 'title':
      return `<title>${escapeText(tag.text)}</title>`;
    case 'meta':
      return `<meta ${tag.attr}="${tag.name}" content="${escapeAttr(tag.content)}">`;
    case 'link':
      return `<link${tag.attrs.map(([name, value]) => ` ${name}="${escapeAttr(value)}"`).join('')}>`;
    case 'json-ld':
      return `<script type="application/ld+json" id="${JSON_LD_ID}">${escapeScriptJson(tag.text)}</script>`;
  }
}

/**
 * Every key `headTags` may give (link:alternate:* aside, which are all the page's feed links): what the runtime
 * removes from a live head when a page does not have it.
 */
export const HEAD_KEYS: readonly string[] = [
  'name:viewport', 'title', 'name:description', 'name:robots', 'link:canonical', 'property:og:type',
  'property:og:site_name', 'property:og:title', 'property:og:description', 'property:og:url', 'property:og:locale',
  'property:og:image', 'property:og:image:alt', 'property:og:image:width', 'property:og:image:height',
  'name:twitter:card', 'name:twitter:title', 'name:twitter:description', 'name:twitter:image',
  'name:twitter:image:alt', 'link:icon', 'name:theme-color', 'json-ld',
]; // prettier-ignore
