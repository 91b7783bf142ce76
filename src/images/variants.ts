/**
 * The one rule for responsive images, shared by the build (which encodes the variants) and the browser (which
 * names them in `srcset`): which widths an image gets, in which formats, and at which URLs. Plain data in, plain
 * data out; no Node or DOM APIs, so it is bundled into both.
 */

/** Formats encoded beside the JPEG fallback, best first (the order of `<source>` elements). */
export type ModernFormat = 'avif' | 'webp';

/** What the pages need to know of the image settings (site.config.ts `images`), carried in the site data. */
export interface ImageSettings {
  /** Variant widths in CSS pixels times density, ascending. */
  widths: number[];
  formats: ModernFormat[];
  /**
   * A CDN that resizes on its own: `srcset` names its URLs from this pattern (`{url}`, `{width}`, `{format}`) and
   * nothing is encoded at build time. Null: the build encodes the variants.
   */
  cdn: string | null;
}

/**
 * What the build learned of one image it encoded: its size read from the file, the content id its variants are
 * named by, and its dominant colour (the placeholder a hero image shows while it loads). A payload carries these
 * by image URL (`images`), the site data for the site-wide images.
 */
export interface ImageInfo {
  /** Content id: the first 16 hex digits of the file's SHA-256. */
  id: string;
  width: number;
  height: number;
  /** Dominant colour, `#rrggbb`. */
  color: string;
}

/**
 * What the build knows of a page's images, by URL: an image it encoded, or `null` for one it could not get (a
 * 404, an API that kept failing): that file is not published, so the page shows what it shows without a picture
 * (the default photo, initials) and never asks for it. An image the build got but could not read is left out.
 */
export type ImageMap = Record<string, ImageInfo | null>;

/**
 * A new, empty {@link ImageMap}, to fill by URL: an object without a prototype, which V8 keeps as a hash table from
 * the start. A `{}` filled with URLs as keys makes V8 record a new hidden class for each key in turn, under the one
 * every `{}` starts from: a build names tens of thousands of image URLs, and by `npm run profile` at demo scale 10
 * the render threads spent 17 µs a page filling their pages' maps (2 s of the build). Filled in the same order, its
 * JSON is the same (issue 21).
 */
export const newImageMap = (): ImageMap => Object.create(null) as ImageMap;

/** Where an image's encoded variants are published. */
export const VARIANT_DIR = '_site/img';

/** The widths an image of `width` pixels is encoded at: every configured width below it, and its own if smaller. */
export function variantWidths(width: number, widths: readonly number[]): number[] {
  const below = widths.filter((w) => w < width);
  const largest = widths.at(-1) ?? width;
  return width <= largest ? [...below, width] : below.length ? below : [width];
}

export function variantUrl(id: string, width: number, format: ModernFormat | 'jpeg'): string {
  return `/${VARIANT_DIR}/${id}-${width}.${format === 'jpeg' ? 'jpg' : format}`;
}

/** Every variant an image has: what the build encodes and publishes. */
export function variantsOf(
  info: ImageInfo,
  settings: Pick<ImageSettings, 'widths' | 'formats'>,
): { width: number; format: ModernFormat | 'jpeg'; url: string }[] {
  const formats = [...settings.formats, 'jpeg' as const];
  return variantWidths(info.width, settings.widths).flatMap((width) =>
    formats.map((format) => ({ width, format, url: variantUrl(info.id, width, format) })),
  );
}

/** What an `<img>` (and the `<source>`s of its `<picture>`) say for one image. */
export interface Picture {
  src: string;
  srcSet?: string;
  sources: { type: string; srcSet: string }[];
  width?: number;
  height?: number;
  /** The placeholder colour while it loads. */
  color?: string;
}

const MIME: Record<ModernFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/**
 * The picture for an image URL: with the build's variants when it encoded them (`info`), the CDN's resized URLs
 * when the site has one, and the URL as it is otherwise (an SVG, an image the build could not read).
 */
export function pictureOf(
  url: string,
  info: ImageInfo | null | undefined,
  settings: ImageSettings | undefined,
): Picture {
  if (info && settings && !settings.cdn) {
    const widths = variantWidths(info.width, settings.widths);
    const set = (format: ModernFormat | 'jpeg') =>
      widths.map((w) => `${variantUrl(info.id, w, format)} ${w}w`).join(', ');
    // The fallback src: a JPEG about as wide as a phone's screen needs (the srcset picks the right one anyway).
    const fallback = widths.find((w) => w >= 960) ?? widths.at(-1)!;
    return {
      src: variantUrl(info.id, fallback, 'jpeg'),
      srcSet: set('jpeg'),
      sources: settings.formats.map((format) => ({ type: MIME[format], srcSet: set(format) })),
      width: info.width,
      height: info.height,
      color: info.color,
    };
  }
  if (settings?.cdn && isRaster(url)) {
    const at = (w: number, format: string) =>
      settings.cdn!.replaceAll('{url}', url).replaceAll('{width}', String(w)).replaceAll('{format}', format);
    const set = (format: string) => settings.widths.map((w) => `${at(w, format)} ${w}w`).join(', ');
    return {
      src: at(settings.widths.find((w) => w >= 960) ?? settings.widths.at(-1)!, 'jpeg'),
      srcSet: set('jpeg'),
      sources: settings.formats.map((format) => ({ type: MIME[format], srcSet: set(format) })),
    };
  }
  return { src: url, sources: [] };
}

/** An image URL whose file is a raster image the pipeline encodes (by its extension; SVGs stay as they are). */
export function isRaster(url: string): boolean {
  return /\.(jpe?g|png|webp|avif|gif|tiff?)$/i.test(url.replace(/[?#].*$/, ''));
}

/** The widest a shared image (og:image, twitter:image) is: what the networks show, well under their size limits. */
const SHARED_WIDTH = 1280;

/**
 * The image a link preview shows: the JPEG variant about as wide as social networks draw it, with its size; null
 * when the build has no variants of it (the URL is shared as it is). Twitter refuses images over 5 MB, and camera
 * originals are often larger.
 */
export function sharedImage(
  info: ImageInfo | null | undefined,
  settings: ImageSettings | undefined,
): { url: string; width: number; height: number } | null {
  if (!info || !settings || settings.cdn) return null;
  const widths = variantWidths(info.width, settings.widths);
  const width = [...widths].reverse().find((w) => w <= SHARED_WIDTH) ?? widths[0]!;
  return { url: variantUrl(info.id, width, 'jpeg'), width, height: Math.round((info.height * width) / info.width) };
}
