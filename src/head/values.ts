import type { HeadData, Payload, SiteData } from '../contract/index.ts';
import { sharedImage } from '../images/variants.ts';

/** Spec §1: '{title} - {site title}'; the home page uses the site's meta title. */
export function documentTitle(head: HeadData, site: SiteData): string {
  const siteTitle = site.settings.site_title;
  return head.title ? `${head.title} - ${siteTitle}` : (site.settings.meta_title ?? siteTitle);
}

export function absoluteUrl(url: string, siteUrl: string): string {
  return /^https?:\/\//.test(url) ? url : `${siteUrl.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The values of a page's head tags: the build writes them, the runtime updates them on client navigation. */
export function headValues(payload: Pick<Payload, 'head' | 'path' | 'error' | 'images'>, site: SiteData) {
  const { head } = payload;
  const { settings } = site;
  const title = documentTitle(head, site);
  const description = head.description ?? settings.meta_description;
  const canonical = absoluteUrl(payload.path, site.siteUrl);
  const named = head.image ?? (settings.meta_image ? { url: settings.meta_image.url, alt: settings.site_title } : null);
  // A link preview shows the build's JPEG variant of a photo, not the camera original.
  const shared =
    named && sharedImage(payload.images?.[named.url] ?? site.images?.known[named.url], site.images?.settings);
  const image = named && shared ? { ...named, ...shared } : named;
  const imageUrl = image ? absoluteUrl(image.url, site.siteUrl) : null;
  return {
    title,
    description,
    canonical,
    image,
    imageUrl,
    socialTitle: head.title ?? title,
    noindex: Boolean(head.noindex || payload.error),
  };
}
