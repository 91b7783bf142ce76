import sharp from 'sharp';
import type { PoolImage } from './photos.ts';
import { createRandom } from './random.ts';
import { banner, headshot, scene } from './render-media.ts';

/**
 * Draw one pool image (photos.ts) as a camera would have written it: the demo's SVG drawing of the subject,
 * rasterised by sharp at the pool image's size, with seeded film grain, encoded as a baseline JPEG at quality 90
 * with an sRGB profile and a camera's EXIF fields. Every input to the bytes is fixed (the seed, the drawing, the
 * encoder's options), so the same seed gives the same file on every run; PHOTO_POOL_VERSION names this recipe.
 */
export async function renderPoolImage(image: PoolImage, seed: string): Promise<Buffer> {
  const { width, height } = image;
  const { data, info } = await sharp(Buffer.from(atSize(drawing(image), width, height)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height || info.channels !== 3)
    throw new Error(`${image.id}: drawn at ${info.width}×${info.height}×${info.channels}, not ${width}×${height}×3`);
  const grained = addGrain(data, image.grain, image.chroma, createRandom(`${seed}/photo-pool/${image.id}`).next);
  return sharp(grained, { raw: { width, height, channels: 3 } })
    .withIccProfile('srgb')
    .withExif({
      IFD0: {
        Make: 'Fieldhouse',
        Model: 'Demo CMS photo pool',
        Artist: 'Cedar Valley Athletics',
        Copyright: 'Cedar Valley Athletics',
      },
    })
    .jpeg({
      quality: 90,
      chromaSubsampling: image.subsampling,
      mozjpeg: false,
      progressive: false,
      optimiseCoding: true,
      trellisQuantisation: false,
      overshootDeringing: false,
      optimiseScans: false,
      quantisationTable: 0,
    })
    .toBuffer();
}

function drawing(image: PoolImage): string {
  switch (image.kind) {
    case 'photo':
      return scene(image.sport, image.variant);
    case 'headshot':
      return headshot(image.hue, false);
    case 'banner':
      return banner(image.name);
  }
}

/** The SVG drawn at another size, cropped to fill it (the pool's aspect ratios differ a little from the drawings'). */
function atSize(svg: string, width: number, height: number): string {
  return svg.replace(
    / width="\d+" height="\d+"/,
    ` width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"`,
  );
}

/**
 * Film grain on RGB pixels, in place (a 6000×4000 raster is 72 MB): per pixel, one luma offset (triangular,
 * ±`grain`) on all three channels and two colour offsets (±`chroma`) that move red and blue against green. One
 * 32-bit draw per pixel.
 */
function addGrain(rgb: Buffer, grain: number, chroma: number, next: () => number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(rgb.buffer, rgb.byteOffset, rgb.length);
  const luma = grain / 255;
  const colour = chroma / 128;
  for (let i = 0; i < rgb.length; i += 3) {
    const bits = (next() * 4294967296) >>> 0;
    const l = ((bits & 255) + ((bits >>> 8) & 255) - 255) * luma;
    const red = (((bits >>> 16) & 255) - 127.5) * colour;
    const blue = ((bits >>> 24) - 127.5) * colour;
    out[i] = out[i]! + l + red;
    out[i + 1] = out[i + 1]! + l - (red + blue) / 2;
    out[i + 2] = out[i + 2]! + l + blue;
  }
  return out;
}
