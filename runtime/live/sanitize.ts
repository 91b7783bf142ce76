import DOMPurify from 'dompurify';
import type { Article, ArticleRevision, Block, ContentPage, PageRevision } from '../../src/api/schemas/index.ts';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  allowedEmbed,
  allowedUrl,
  DROPPED_WITH_CONTENT,
  EMBED_DEFAULTS,
  EMBED_TITLE,
  EXTERNAL_LINK_REL,
  IMAGE_SCHEMES,
  isExternalLink,
  LINK_SCHEMES,
  RENAMED_TAGS,
  URL_ATTRIBUTES,
} from '../../src/rich-text/policy.ts';

/**
 * The browser's side of src/rich-text: rich text the browser gets from the API itself (previews, revisions, a
 * page unlocked by its password) is sanitised by the same allow-list before React puts it in the page. DOMPurify
 * parses with the browser's own parser; this module is a chunk of its own, loaded only by those calls.
 */
const purify = DOMPurify(window);
const allAttributes = [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())];

purify.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.nodeName.toLowerCase();
  const name = data.attrName.toLowerCase();
  const allowed = ALLOWED_ATTRIBUTES[tag]?.includes(name) || ALLOWED_ATTRIBUTES['*']?.includes(name);
  if (!allowed) data.keepAttr = false;
  else if ((URL_ATTRIBUTES as readonly string[]).includes(name)) {
    const schemes = tag === 'img' && name === 'src' ? IMAGE_SCHEMES : LINK_SCHEMES;
    if (!allowedUrl(data.attrValue, schemes)) data.keepAttr = false;
  }
  // DOMPurify's own URL check would refuse data: images and protocol-relative links the policy allows.
  if (data.keepAttr) data.forceKeepAttr = true;
});

purify.addHook('afterSanitizeAttributes', (node) => {
  const element = node as Element;
  const tag = element.nodeName.toLowerCase();
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (isExternalLink(href) || element.hasAttribute('target')) {
      const rel = new Set((element.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean));
      rel.add(EXTERNAL_LINK_REL);
      element.setAttribute('rel', [...rel].join(' '));
    }
  } else if (tag === 'iframe') {
    if (!allowedEmbed(element.getAttribute('src') ?? '')) {
      element.replaceWith(...Array.from(element.childNodes));
      return;
    }
    for (const [name, value] of Object.entries(EMBED_DEFAULTS)) element.setAttribute(name, value);
    if (!element.getAttribute('title')) element.setAttribute('title', EMBED_TITLE);
  }
});

/** Sanitise one rich-text field by the policy. */
export function sanitizeHtml(html: string): string {
  const fragment = purify.sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS, ...Object.keys(RENAMED_TAGS)],
    ALLOWED_ATTR: [...allAttributes, 'referrerpolicy'],
    FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const [from, to] of Object.entries(RENAMED_TAGS)) {
    for (const element of fragment.querySelectorAll(from)) {
      const renamed = document.createElement(to);
      renamed.append(...Array.from(element.childNodes));
      element.replaceWith(renamed);
    }
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

function cleanBlock(block: Block): Block {
  switch (block.type) {
    case 'rich_text':
      return { ...block, html: sanitizeHtml(block.html) };
    case 'membership_promotion':
    case 'ticket_promotion':
    case 'sticky_popup':
      return { ...block, body: sanitizeHtml(block.body) };
    default:
      return block;
  }
}

export const cleanArticle = (article: Article): Article => ({ ...article, body: sanitizeHtml(article.body) });
export const cleanPage = (page: ContentPage): ContentPage => ({ ...page, blocks: page.blocks.map(cleanBlock) });
export const cleanArticleRevision = (revision: ArticleRevision): ArticleRevision => ({
  ...revision,
  article: cleanArticle(revision.article),
});
export const cleanPageRevision = (revision: PageRevision): PageRevision => ({
  ...revision,
  page: cleanPage(revision.page),
});
