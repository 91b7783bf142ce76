import type { Payload, SiteData } from '../src/contract/index.ts';
import { HEAD_KEYS, headTags, JSON_LD_ID, type HeadTag } from '../src/head/tags.ts';

/** The element of the live head a tag's key names, if there is one. */
function find(key: string): Element | null {
  if (key === 'title') return document.head.querySelector('title');
  if (key === 'json-ld') return document.getElementById(JSON_LD_ID);
  const [kind, ...rest] = key.split(':');
  const name = rest.join(':');
  if (kind === 'name' || kind === 'property') return document.head.querySelector(`meta[${kind}="${CSS.escape(name)}"]`);
  if (key.startsWith('link:alternate:'))
    return document.head.querySelector(
      `link[rel="alternate"][href="${CSS.escape(key.slice('link:alternate:'.length))}"]`,
    );
  return document.head.querySelector(`link[rel="${CSS.escape(name)}"]`);
}

/** A new element for a tag. */
function create(tag: HeadTag): Element {
  switch (tag.kind) {
    case 'title':
      return document.createElement('title');
    case 'meta': {
      const el = document.createElement('meta');
      el.setAttribute(tag.attr, tag.name);
      return el;
    }
    case 'link':
      return document.createElement('link');
    case 'json-ld':
      return Object.assign(document.createElement('script'), { type: 'application/ld+json', id: JSON_LD_ID });
  }
}

/** Make an element say what its tag says. */
function update(el: Element, tag: HeadTag): void {
  if (tag.kind === 'title' || tag.kind === 'json-ld') {
    if (el.textContent !== tag.text) el.textContent = tag.text;
  } else if (tag.kind === 'meta') {
    if (el.getAttribute('content') !== tag.content) el.setAttribute('content', tag.content);
  } else for (const [name, value] of tag.attrs) if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * After a client navigation: the head the build writes for the page (src/head/tags.ts, the same list), applied
 * to the live head: tags updated in place, added where missing, and those the page has not removed.
 */
export function applyHead(payload: Payload, site: SiteData): void {
  const tags = headTags(payload, site);
  const keys = new Set(tags.map((tag) => tag.key));
  for (const key of HEAD_KEYS) if (!keys.has(key)) find(key)?.remove();
  for (const link of document.head.querySelectorAll('link[rel="alternate"]'))
    if (!keys.has(`link:alternate:${link.getAttribute('href')}`)) link.remove();
  for (const tag of tags) {
    let el = find(tag.key);
    if (!el) {
      el = create(tag);
      document.head.append(el);
    }
    update(el, tag);
  }
}
