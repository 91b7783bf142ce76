import type { Payload, SiteData } from '../templates/data.ts';
import { feedLinks } from '../templates/feeds.ts';
import { headValues } from '../templates/head.ts';
import { jsonLd } from '../templates/structured-data.ts';

function setMeta(attr: 'name' | 'property', key: string, content: string | null | undefined): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) return el?.remove();
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
}

/** After a client navigation: the same title and tags the build writes for the page. */
export function applyHead(payload: Payload, site: SiteData): void {
  const v = headValues(payload, site);
  document.title = v.title;
  setMeta('name', 'description', v.description);
  setMeta('name', 'robots', v.noindex ? 'noindex' : null);
  setMeta('property', 'og:type', payload.head.type);
  setMeta('property', 'og:title', v.socialTitle);
  setMeta('property', 'og:description', v.description);
  setMeta('property', 'og:url', v.canonical);
  setMeta('property', 'og:image', v.imageUrl);
  setMeta('property', 'og:image:alt', v.image?.alt);
  setMeta('property', 'og:image:width', payload.head.image?.width?.toString());
  setMeta('property', 'og:image:height', payload.head.image?.height?.toString());
  setMeta('name', 'twitter:card', v.imageUrl ? 'summary_large_image' : 'summary');
  setMeta('name', 'twitter:title', v.socialTitle);
  setMeta('name', 'twitter:description', v.description);
  setMeta('name', 'twitter:image', v.imageUrl);
  for (const link of document.head.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')) link.remove();
  for (const feed of feedLinks(payload, site)) {
    const link = Object.assign(document.createElement('link'), {
      rel: 'alternate',
      type: feed.type,
      title: feed.title,
      href: feed.href,
    });
    document.head.append(link);
  }
  // Structured data follows the page too (crawlers that run scripts read it after client navigation).
  const ld = jsonLd(payload, site);
  let script = document.getElementById('fh-jsonld');
  if (!ld) script?.remove();
  else {
    if (!script)
      script = Object.assign(document.createElement('script'), { type: 'application/ld+json', id: 'fh-jsonld' });
    script.textContent = ld;
    document.head.append(script);
  }
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (v.noindex) canonical?.remove();
  else if (canonical) canonical.href = v.canonical;
  else
    document.head.insertAdjacentHTML(
      'beforeend',
      `<link rel="canonical" href="${v.canonical.replace(/"/g, '&quot;')}">`,
    );
}
