import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EMBED_HOSTS } from '../../src/rich-text/policy.ts';

const TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const URL_ATTRS = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'data',
  'poster',
  'xlink:href',
  'dynsrc',
  'lowsrc',
]);
const NEVER = new Set(['object', 'embed', 'base', 'frame', 'frameset', 'applet', 'bgsound', 'xss:script']);
const OUR_SCRIPTS = /^\/(?:_site\/assets|vendor)\//;

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * Markup in an HTML document that could run code the site did not write: a script that is not one of the site's
 * own files or JSON data, an event-handler attribute, a script URL, `srcdoc`, an embed from an unknown host, or an
 * element that loads other documents (object, embed, base, frames).
 */
export function unsafeMarkupIn(html: string): string[] {
  const found: string[] = [];
  for (const [whole, rawName, rawAttrs] of html.matchAll(TAG)) {
    const name = rawName!.toLowerCase();
    const attrs = new Map<string, string>();
    for (const [, attr, a, b, c] of (rawAttrs ?? '').matchAll(ATTR))
      attrs.set(attr!.toLowerCase(), decode(a ?? b ?? c ?? ''));
    const what = whole.length > 120 ? `${whole.slice(0, 120)}…` : whole;
    if (NEVER.has(name)) found.push(what);
    if (name === 'script') {
      const type = attrs.get('type') ?? '';
      const src = attrs.get('src');
      if (!(type === 'application/json' || type === 'application/ld+json' || (src && OUR_SCRIPTS.test(src))))
        found.push(what);
    }
    if (name === 'meta' && attrs.has('http-equiv')) found.push(what);
    if (name === 'iframe') {
      let host = '';
      try {
        host = new URL(attrs.get('src') ?? '').hostname;
      } catch {
        // not a URL at all
      }
      if (!(EMBED_HOSTS as readonly string[]).includes(host)) found.push(what);
    }
    for (const [attr, value] of attrs) {
      // eslint-disable-next-line no-control-regex -- browsers skip these inside a URL's scheme
      const compact = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (
        attr.startsWith('on') ||
        attr === 'srcdoc' ||
        (attr === 'style' && /expression|javascript:|behavior/i.test(value))
      )
        found.push(what);
      else if (URL_ATTRS.has(attr) && /^(javascript|vbscript|livescript|data:text|data:application)/.test(compact))
        found.push(what);
    }
  }
  return [...new Set(found)];
}

/** Every HTML file under `dir` with what `unsafeMarkupIn` finds in it: "file: markup". */
export function unsafeMarkupUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html'))
        for (const markup of unsafeMarkupIn(readFileSync(path, 'utf8')))
          found.push(`${relative(dir, path)}: ${markup}`);
    }
  };
  walk(dir);
  return found;
}

/** Files under `dir` holding a control character (raw, or escaped in JSON as \u00XX): "file". */
export function controlCharactersUnder(dir: string): string[] {
  const found: string[] = [];
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\\u00(?:0[0-8bcef]|1[0-9a-f]|7f)/i;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(html|json|xml|ics|txt)$/.test(entry.name) && CONTROL.test(readFileSync(path, 'utf8')))
        found.push(relative(dir, path));
    }
  };
  walk(dir);
  return found;
}
