import { createHash } from 'node:crypto';
import { DomUtils, parseDocument } from 'htmlparser2';
import { sanitizeRichText } from '../rich-text/sanitize.ts';
import { ASSETS_DIR } from '../output/layout.ts';

/** A script of the settings' analytics code, moved out of the page into a file of its own. */
export interface AnalyticsFile {
  /** Root-relative URL, under the hashed assets. */
  url: string;
  content: string;
}

export interface AnalyticsCode {
  /** What every page carries: `<script src>` tags (and sanitised `<noscript>` fallbacks), no inline code. */
  html: string;
  files: AnalyticsFile[];
  /** What was left out, for warnings. */
  notices: string[];
}

type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { name: string; attribs: Record<string, string> }>;

/** Script types a browser runs; others (JSON data, templates) are not code. */
const EXECUTABLE = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript']);

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The site settings' `analytics_code` (behaviour §1: present on every page) as pages carry it: each inline script
 * becomes a file of its own under the hashed assets, loaded by `<script src>` in the same place and order, so the
 * Content-Security-Policy allows the site's own files and no inline script at all. A hash of an analytics script
 * in the policy would let any body holding the same text run it; a file's address cannot be reused that way.
 * Scripts with `src` stay as they are; `<noscript>` fallbacks (tracking pixels) are kept, sanitised; anything else
 * is left out and reported.
 */
export function analyticsCode(code: string | null): AnalyticsCode {
  const out: AnalyticsCode = { html: '', files: [], notices: [] };
  if (!code?.trim()) return out;
  const parts: string[] = [];
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text' || node.type === 'comment') {
        if (node.type === 'text' && node.data.trim())
          out.notices.push(`analytics_code: text outside a script left out`);
        continue;
      }
      if (node.type !== 'script' && node.type !== 'tag') continue;
      const element = node as Element;
      const name = element.name.toLowerCase();
      if (name === 'script') parts.push(scriptTag(element, out));
      else if (name === 'noscript') {
        const inner = sanitizeRichText(DomUtils.getInnerHTML(element));
        if (inner.html) parts.push(`<noscript>${inner.html}</noscript>`);
      } else if (name === 'html' || name === 'head' || name === 'body') visit(element.children);
      else out.notices.push(`analytics_code: <${name}> left out (only scripts and noscript fallbacks are kept)`);
    }
  };
  visit(parseDocument(code, { lowerCaseAttributeNames: true }).children);
  out.html = parts.join('');
  return out;
}

function scriptTag(element: Element, out: AnalyticsCode): string {
  const attribs = Object.entries(element.attribs).filter(([name]) => !name.startsWith('on'));
  const type = (element.attribs.type ?? '').trim().toLowerCase();
  const text = element.children.map(textOf).join('');
  const attrs = (list: [string, string][]) =>
    list.map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`)).join('');
  if (element.attribs.src !== undefined || !EXECUTABLE.has(type)) {
    // External scripts, and data blocks (JSON) that no browser runs, stay where they are.
    const body = element.attribs.src !== undefined ? '' : text.replace(/<\/script/gi, '<\\/script');
    return `<script${attrs(attribs)}>${body}</script>`;
  }
  const content = text.trim();
  if (!content) return '';
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 12);
  const url = `/${ASSETS_DIR}/analytics-${hash}.js`;
  if (!out.files.some((f) => f.url === url)) out.files.push({ url, content: `${content}\n` });
  return `<script src="${url}"${attrs(attribs)}></script>`;
}

function textOf(node: ChildNode): string {
  if (node.type === 'text') return node.data;
  if ('children' in node) return (node.children as ChildNode[]).map(textOf).join('');
  return '';
}
