import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeScaled, scale, type EncodeSettings } from '../../src/images/encode.ts';

const SETTINGS: EncodeSettings = { quality: { avif: 50, webp: 72, jpeg: 75 }, avifEffort: 2 };
const FORMATS = ['avif', 'webp', 'jpeg'] as const;

/** Pixels with structure in every channel (flat colour would compress to the same bytes whatever the encoder read). */
function pixels(width: number, height: number, channels: 1 | 2 | 3 | 4) {
  const data = Buffer.alloc(width * height * channels);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7919 + (i >> 6) * 31 + ((i / width) | 0)) & 255;
  return sharp(data, { raw: { width, height, channels } });
}

/**
 * The images a department's CMS hands the build: camera JPEGs (turned by EXIF, with a wide-gamut profile), JPEGs from
 * print (CMYK, with its profile or without) and greyscale ones, PNGs with alpha, greyscale and 16 bits a channel,
 * WebP, GIF, TIFF, and one smaller than the widths.
 */
const KINDS: [string, () => Promise<Buffer>][] = [
  ['a JPEG', () => pixels(480, 320, 3).jpeg().toBuffer()],
  ['a JPEG that EXIF turns', () => pixels(480, 320, 3).jpeg().withMetadata({ orientation: 6 }).toBuffer()],
  ['a JPEG with a Display P3 profile', () => pixels(480, 320, 3).jpeg().withIccProfile('p3').toBuffer()],
  ['a CMYK JPEG', () => pixels(480, 320, 3).toColourspace('cmyk').jpeg().toBuffer()],
  [
    'a CMYK JPEG with its print profile',
    () => pixels(480, 320, 3).toColourspace('cmyk').jpeg().withIccProfile('cmyk').toBuffer(),
  ],
  ['a greyscale JPEG', () => pixels(480, 320, 1).toColourspace('b-w').jpeg().toBuffer()],
  ['a PNG with alpha', () => pixels(480, 320, 4).png().toBuffer()],
  ['a greyscale PNG', () => pixels(480, 320, 1).toColourspace('b-w').png().toBuffer()],
  ['a PNG of 16 bits a channel', () => pixels(480, 320, 3).toColourspace('rgb16').png().toBuffer()],
  ['a WebP with alpha', () => pixels(480, 320, 4).webp().toBuffer()],
  ['a GIF', () => pixels(480, 320, 3).gif().toBuffer()],
  ['a TIFF', () => pixels(480, 320, 3).tiff().toBuffer()],
  ['an image narrower than the width', () => pixels(200, 120, 3).png().toBuffer()],
];

describe('a variant encoded from its width’s scaled copy', () => {
  it.each(KINDS)('is byte for byte what one pass from the original makes, for %s', async (_kind, make) => {
    const original = await make();
    for (const width of [240, 400]) {
      const scaled = await scale(original, width);
      for (const format of FORMATS) {
        // The encoder before scaled copies (one libvips pipeline a variant): variants keep their bytes, so the URLs
        // the image cache and the published sites name them by stay right (no new ENCODER_VERSION).
        const onePass = sharp(original, { failOn: 'none' }).rotate().resize({ width, withoutEnlargement: true });
        const expected = await (
          format === 'avif'
            ? onePass.avif({ quality: SETTINGS.quality.avif, effort: SETTINGS.avifEffort })
            : format === 'webp'
              ? onePass.webp({ quality: SETTINGS.quality.webp })
              : onePass.jpeg({ quality: SETTINGS.quality.jpeg, mozjpeg: true, progressive: true })
        ).toBuffer();
        const made = await encodeScaled(scaled, format, SETTINGS);
        expect(made.equals(expected), `${width} px ${format}`).toBe(true);
        const meta = await sharp(made).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
        expect(meta.width).toBe(scaled.width);
      }
    }
  });

  it('is oriented and never wider than the original', async () => {
    // 480 x 320 as stored, turned a quarter by EXIF: 320 x 480 as shown.
    const turned = await scale(await pixels(480, 320, 3).jpeg().withMetadata({ orientation: 6 }).toBuffer(), 160);
    expect([turned.width, turned.height]).toEqual([160, 240]);
    const small = await scale(await pixels(200, 120, 3).png().toBuffer(), 640);
    expect([small.width, small.height, small.channels]).toEqual([200, 120, 3]);
  });
});
