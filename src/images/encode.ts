/**
 * The image library's part of the pipeline (sharp, libvips underneath: the library Astro, Next and Gatsby use):
 * read an image's size and colour, scale it to a width, and encode that width's variants from the scaled copy. Runs
 * on libuv's thread pool, off the JS thread.
 */
import sharp from 'sharp';
import type { ModernFormat } from './variants.ts';

// The pipeline keeps its own cache of results on disk; libvips' operation cache would only hold decoded photos.
sharp.cache(false);

export interface Probe {
  /** After EXIF orientation, as the browser shows it. */
  width: number;
  height: number;
  color: string;
  /** The decoder's format name (jpeg, png, webp…). */
  format: string;
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** Size (oriented) and dominant colour of an image; throws when the bytes are not an image libvips can read. */
export async function probe(bytes: Uint8Array): Promise<Probe> {
  const meta = await sharp(bytes).metadata();
  if (!meta.width || !meta.height) throw new Error('the file has no pixel size');
  const turned = (meta.orientation ?? 1) >= 5;
  // The dominant colour of a small copy: libvips shrinks a JPEG while decoding it, so this reads a fraction of it.
  const { dominant } = await sharp(bytes, { failOn: 'none' }).resize(64, 64, { fit: 'inside' }).stats();
  return {
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
    format: meta.format ?? 'unknown',
  };
}

export interface EncodeSettings {
  quality: { avif: number; webp: number; jpeg: number };
  avifEffort: number;
}

/**
 * An image oriented (EXIF) and scaled to one width, as raw pixels: what each format of that width is encoded from.
 * Decoding a camera JPEG and scaling it costs about as much as encoding it, so the build does it once per width,
 * not once per format: the demo's photos, five widths in three formats, took a third less CPU (the bytes of every
 * variant are the same either way: tests/images/encode.test.ts).
 */
export interface Scaled {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The image oriented and `width` pixels wide (never wider than it is), as raw pixels. */
export async function scale(bytes: Uint8Array, width: number): Promise<Scaled> {
  const { data, info } = await sharp(bytes, { failOn: 'none' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** One variant of a scaled image, in `format`, with no metadata (no camera or GPS data). */
export async function encodeScaled(
  scaled: Scaled,
  format: ModernFormat | 'jpeg',
  settings: EncodeSettings,
): Promise<Buffer> {
  const { data, width, height, channels } = scaled;
  const image = sharp(data, { raw: { width, height, channels } });
  switch (format) {
    case 'avif':
      return image.avif({ quality: settings.quality.avif, effort: settings.avifEffort }).toBuffer();
    case 'webp':
      return image.webp({ quality: settings.quality.webp }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: settings.quality.jpeg, mozjpeg: true, progressive: true }).toBuffer();
  }
}
