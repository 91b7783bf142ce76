import type { BootData, Payload, SiteData } from '../../contract/index.ts';
import { escapeScriptJson, headTags, renderHeadTag, type HeadTag } from '../../head/tags.ts';
import type { ScriptConfig } from '../../config/schema.ts';

/** The hashed files a page links to, from the bundle stage. */
export interface AssetManifest {
  /** The one module script a page names (runtime/hydrate.ts): it starts hydration once the page has loaded. */
  hydrate: string;
  /** Hydration itself (runtime/boot.tsx): React, the app, the runtime's first part. */
  boot: string;
  css: string;
  siteData: string;
  /** The chunks each template's code imports (its own chunk and what it imports), and those of the boot script. */
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
  /** renderToString of <App>, as pieces that joined are it (ssr.tsx splices the header and footer in). */
  body: readonly string[];
  /** The payload as JSON without its build id, when the caller already has it (saves serialising it again). */
  inlineJson?: string;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every document starts with this, the build id right after it. */
export const DOCUMENT_PREFIX =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="fh-build" content="';
/** A payload file starts with this, the build id right after it. */
export const PAYLOAD_PREFIX = '{"buildId":"';

/** The payload file's text, from the payload's JSON without its build id and a build id. */
export function payloadFile(payloadJson: string, buildId: string): string {
  return `${PAYLOAD_PREFIX}${buildId}",${payloadJson.slice(1)}`;
}

/** A value as JSON safe inside <script> (see escapeScriptJson). */
export function scriptJson(value: unknown): string {
  return escapeScriptJson(JSON.stringify(value));
}

/** Theme colours and fonts from site.config.ts as CSS custom properties. */
export function themeCss(site: SiteData): string {
  const { colors, fonts } = site.theme;
  const safe = (v: string) => v.replace(/[;{}<>]/g, '');
  return `:root{--c-primary:${safe(colors.primary)};--c-secondary:${safe(colors.secondary)};--c-accent:${safe(colors.accent)};--c-text:${safe(colors.text)};--c-bg:${safe(colors.background)};--font-body:${safe(fonts.body)};--font-heading:${safe(fonts.heading)}}`;
}

function scriptTag(script: ScriptConfig, extra: Record<string, string> = {}): string {
  const attrs = Object.entries({ ...script.attributes, ...extra })
    .map(([k, v]) => ` ${escapeAttr(k)}="${escapeAttr(v)}"`)
    .join('');
  return `<script async src="${escapeAttr(script.src)}"${attrs}></script>`;
}

/** What every document of a build says alike: made once per build (per render thread), not once per page. */
interface DocumentParts {
  of: { site: SiteData; assets: AssetManifest; scripts: DocumentScripts };
  /** The head's stylesheet, theme, site data preload, hydration script and ticket marketing tag, in that order. */
  assets: string;
  /** The heatmap's tag, or nothing. */
  heatmap: string;
  /** The boot data's JSON for a template: what hydration loads, each once, the boot module first. */
  boot(template: string): string;
}

let lastParts: DocumentParts | null = null;

function partsFor(site: SiteData, assets: AssetManifest, scripts: DocumentScripts): DocumentParts {
  const last = lastParts;
  if (last?.of.site === site && last.of.assets === assets && last.of.scripts === scripts) return last;
  let head = `<link rel="stylesheet" href="${assets.css}">`;
  head += `<style>${themeCss(site)}</style>`;
  head += `<link rel="preload" href="${assets.siteData}" as="fetch" crossorigin="anonymous">`;
  head += `<script type="module" src="${assets.hydrate}"></script>`;
  if (scripts.ticketMarketing) head += scriptTag(scripts.ticketMarketing);
  const heatmap = scripts.heatmap
    ? scriptTag({ src: scripts.heatmap.src, attributes: {} }, { 'data-site-id': scripts.heatmap.siteId })
    : '';
  const boots = new Map<string, string>();
  const boot = (template: string) => {
    let json = boots.get(template);
    if (json === undefined) {
      // runtime/hydrate.ts imports the boot module: it comes first.
      const modules = new Set([assets.boot, ...assets.bootPreloads, ...(assets.preloads[template] ?? [])]);
      json = scriptJson({ siteData: assets.siteData, modules: [...modules] } satisfies BootData);
      boots.set(template, json);
    }
    return json;
  };
  lastParts = { of: { site, assets, scripts }, assets: head, heatmap, boot };
  return lastParts;
}

/** The piece of a document (documentPieces) that is the page's data: its payload's JSON, as the script holds it. */
export const dataPiece = (pieces: readonly string[]): string => pieces[pieces.length - 2]!;

/**
 * A whole HTML document for one page, as the pieces it is made of, in order (`.join('')` is the HTML): the build
 * writes them one by one and reads its links through them (util/piece-text.ts), without the copy of the whole page
 * that joining them makes. The last piece but one is the page's data, and only it (`dataPiece`).
 */
export function documentPieces({ payload, site, assets, scripts, body, inlineJson }: DocumentInput): string[] {
  const { settings } = site;
  const { buildId } = payload;
  // Without the caller's JSON, the payload's less its build id (an undefined value is left out, in its place).
  const inlineText =
    inlineJson === undefined ? scriptJson({ ...payload, buildId: undefined }) : escapeScriptJson(inlineJson);
  // The head as one string, part by part: this runs for every page, and a function of spreads and filters is one
  // V8 optimises slowly, in every render thread (issue 21).
  let ld: HeadTag | null = null;
  let head = '';
  for (const tag of headTags(payload, site)) {
    if (tag.kind === 'json-ld' && !ld) ld = tag;
    else head += renderHeadTag(tag);
  }
  const parts = partsFor(site, assets, scripts);
  head += parts.assets;
  if (ld) head += renderHeadTag(ld);
  head += parts.heatmap;
  return [
    `${DOCUMENT_PREFIX}${buildId}">${head}</head><body>` +
      `<noscript><p class="noscript">Javascript is required.</p></noscript><div id="app">`,
    ...body,
    `</div><script type="application/json" id="__FH_BOOT__">${parts.boot(payload.template)}</script>` +
      `<script type="application/json" id="__FH_PAYLOAD__">`,
    inlineText,
    `</script>${settings.analytics_code ?? ''}</body></html>\n`,
  ];
}
