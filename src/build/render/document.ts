import type { Payload, SiteData } from '../../../templates/data.ts';
import { headValues } from '../../../templates/head.ts';
import { jsonLd } from '../../../templates/structured-data.ts';
import { feedLinks } from '../../../templates/feeds.ts';
import type { ScriptConfig } from '../../config/schema.ts';

/** The hashed files a page links to, from the bundle stage. */
export interface AssetManifest {
  boot: string;
  css: string;
  siteData: string;
  /** Chunks to modulepreload for each template (its own chunk and what it imports), and for the boot script. */
  preloads: Record<string, string[]>;
  bootPreloads: string[];
}

/** What the build's config says about scripts, for every document. */
export interface DocumentScripts {
  ticketMarketing: ScriptConfig | null;
  heatmap: { src: string; siteId: string } | null;
}

export interface DocumentInput {
  payload: Payload;
  site: SiteData;
  assets: AssetManifest;
  scripts: DocumentScripts;
  /** renderToString of <App>. */
  body: string;
  /** The payload as JSON without its build id, when the caller already has it (saves serialising it again). */
  inlineJson?: string;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Written where the build id goes until every page is known; then patched in place (same length). */
export const BUILD_ID_PLACEHOLDER = 'fh-build-pending';
export const BUILD_ID_LENGTH = BUILD_ID_PLACEHOLDER.length;
/** Every document starts with this, so the build id sits at a fixed byte offset. */
export const DOCUMENT_PREFIX =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="fh-build" content="';
export const HTML_BUILD_ID_OFFSET = DOCUMENT_PREFIX.length;
/** A payload file starts with this, for the same reason. */
export const PAYLOAD_PREFIX = '{"buildId":"';
export const PAYLOAD_BUILD_ID_OFFSET = PAYLOAD_PREFIX.length;

/** The payload file's text for a spooled payload (JSON without buildId) and a build id. */
export function payloadFile(spool: string, buildId: string): string {
  return `${PAYLOAD_PREFIX}${buildId}",${spool.slice(1)}`;
}

/** JSON safe inside <script>: no "</script>", no HTML comments, no line separators that break old parsers. */
export function scriptJson(value: unknown): string {
  return escapeScriptJson(JSON.stringify(value));
}

export function escapeScriptJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Theme colours and fonts from site.config.ts as CSS custom properties. */
export function themeCss(site: SiteData): string {
  const { colors, fonts } = site.theme;
  const safe = (v: string) => v.replace(/[;{}<>]/g, '');
  return `:root{--c-primary:${safe(colors.primary)};--c-secondary:${safe(colors.secondary)};--c-accent:${safe(colors.accent)};--c-text:${safe(colors.text)};--c-bg:${safe(colors.background)};--font-body:${safe(fonts.body)};--font-heading:${safe(fonts.heading)}}`;
}

function meta(attr: 'name' | 'property', key: string, content: string | null | undefined): string {
  return content ? `<meta ${attr}="${key}" content="${escapeAttr(content)}">` : '';
}

function scriptTag(script: ScriptConfig, extra: Record<string, string> = {}): string {
  const attrs = Object.entries({ ...script.attributes, ...extra })
    .map(([k, v]) => ` ${escapeAttr(k)}="${escapeAttr(v)}"`)
    .join('');
  return `<script async src="${escapeAttr(script.src)}"${attrs}></script>`;
}

/** A whole HTML document for one page. */
export function renderDocument({ payload, site, assets, scripts, body, inlineJson }: DocumentInput): string {
  const { head } = payload;
  const { settings } = site;
  const { title, description, canonical, image, imageUrl, socialTitle, noindex } = headValues(payload, site);
  const favicon = settings.website_favicon;
  const preloads = [...new Set([assets.boot, ...assets.bootPreloads, ...(assets.preloads[payload.template] ?? [])])];
  const boot = { siteData: assets.siteData };
  const { buildId, ...inline } = payload;
  const inlineText = inlineJson === undefined ? scriptJson(inline) : escapeScriptJson(inlineJson);
  const headTags = [
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeText(title)}</title>`,
    meta('name', 'description', description),
    noindex ? '<meta name="robots" content="noindex">' : '',
    payload.error ? '' : `<link rel="canonical" href="${escapeAttr(canonical)}">`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', settings.site_title),
    meta('property', 'og:title', socialTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', 'en_US'),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:alt', image?.alt),
    image?.width ? meta('property', 'og:image:width', String(image.width)) : '',
    image?.height ? meta('property', 'og:image:height', String(image.height)) : '',
    meta('name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', socialTitle),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', imageUrl),
    meta('name', 'twitter:image:alt', image?.alt),
    favicon ? `<link rel="icon" type="${escapeAttr(favicon.mime_type)}" href="${escapeAttr(favicon.url)}">` : '',
    meta('name', 'theme-color', site.theme.colors.primary),
    ...feedLinks(payload, site).map(
      (f) => `<link rel="alternate" type="${f.type}" title="${escapeAttr(f.title)}" href="${escapeAttr(f.href)}">`,
    ),
    `<link rel="stylesheet" href="${assets.css}">`,
    `<style>${themeCss(site)}</style>`,
    `<link rel="preload" href="${assets.siteData}" as="fetch" crossorigin="anonymous">`,
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
    `<script type="module" src="${assets.boot}"></script>`,
    scripts.ticketMarketing ? scriptTag(scripts.ticketMarketing) : '',
    ((ld) => (ld ? `<script type="application/ld+json" id="fh-jsonld">${escapeScriptJson(ld)}</script>` : ''))(
      jsonLd(payload, site),
    ),
    scripts.heatmap
      ? scriptTag({ src: scripts.heatmap.src, attributes: {} }, { 'data-site-id': scripts.heatmap.siteId })
      : '',
  ].filter(Boolean);
  return (
    `${DOCUMENT_PREFIX}${buildId}">${headTags.join('')}</head><body>` +
    `<noscript><p class="noscript">Javascript is required.</p></noscript>` +
    `<div id="app">${body}</div>` +
    `<script type="application/json" id="__FH_BOOT__">${scriptJson(boot)}</script>` +
    `<script type="application/json" id="__FH_PAYLOAD__">${inlineText}</script>` +
    (settings.analytics_code ?? '') +
    `</body></html>\n`
  );
}
