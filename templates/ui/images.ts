import { createContext, useContext } from 'react';
import type { Payload, SiteData } from '../../src/contract/index.ts';
import { pictureOf, type ImageInfo, type ImageSettings, type Picture } from '../../src/images/variants.ts';

/** What the build made of the images a page names (its payload's and the site's), and how pages name variants. */
export interface PageImages {
  settings: ImageSettings;
  /** What the build made of an image; null when it could not get the file (it is not published). */
  find(url: string): ImageInfo | null | undefined;
}

export const ImagesContext = createContext<PageImages | null>(null);

/** The images of one page: its payload's, then the site's (the header's and footer's, the default photos). */
export function pageImages(site: SiteData, payload: Pick<Payload, 'images'> | null): PageImages {
  const known = site.images?.known ?? {};
  const own = payload?.images;
  return { settings: site.images?.settings, find: (url) => (own && url in own ? own[url] : known[url]) };
}

/** Whether the build could not get an image's file: the page shows what it shows without it, and never asks. */
export function useMissing(): (url: string) => boolean {
  const images = useContext(ImagesContext);
  return (url) => images?.find(url) === null;
}

/**
 * How a picture is made: `pictureOf` (src/images/variants.ts). The build's render threads put a memo of it in its
 * place (src/build/render/page-memos.ts), which the browser's bundle need not carry.
 */
export const picturing = { pictureOf };

/** The `<picture>` an image URL gets on this page (src/images/variants.ts: the same rule the build encodes by). */
export function usePicture(url: string): Picture {
  const images = useContext(ImagesContext);
  return picturing.pictureOf(url, images?.find(url), images?.settings);
}
