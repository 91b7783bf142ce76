import { fileURLToPath } from 'node:url';
import { createRandom } from './random.ts';

/**
 * The demo CMS's photo pool: the raster photos a real athletics CMS carries (camera JPEGs of 2–8 MB at 3000–6000
 * px, portrait headshots of 1–2.5 MB, wide banners), so the build's image handling is measured on real weights.
 * A site has thousands of photo URLs; they share a few dozen pool images, each URL mapped to one by a hash of its
 * name. This module is the pool's table and that mapping only: photo-render.ts draws an image, photo-pool.ts keeps
 * the drawn files.
 */

/**
 * The generator's version: change it whenever what photo-render.ts draws changes, so every cache is drawn anew.
 * A date, which media answers also send as their Last-Modified.
 */
export const PHOTO_POOL_VERSION = '2026-11-25';

/**
 * Fieldhouse's own .cache/demo-photos (gitignored), where the drawn pool is kept between runs. Resolved from this
 * file, so a bundled copy of the demo CMS (server/process.ts) is handed it rather than working it out.
 */
export const DEFAULT_PHOTO_CACHE = fileURLToPath(new URL('../../.cache/demo-photos', import.meta.url));

export type PoolKind = 'photo' | 'headshot' | 'banner';

/** JPEG chroma subsampling: cameras write 4:2:0, an editor's export for the web often 4:4:4. */
export type Subsampling = '4:2:0' | '4:4:4';

interface PoolImageBase {
  /** `photo-3`: unique in the pool, and the file's name in the cache. */
  id: string;
  width: number;
  height: number;
  /**
   * Film grain, 0–255: the luma noise's and the colour noise's amplitude. Grain is what gives a camera JPEG its
   * weight (a flat drawing compresses to almost nothing); each image's is set for a realistic size in bytes.
   */
  grain: number;
  chroma: number;
  subsampling: Subsampling;
}

/** What a pool image shows: a sport's action scene, a headshot's backdrop hue, a banner's stripe pattern. */
export type PoolImage = PoolImageBase &
  (
    | { kind: 'photo'; sport: string; variant: number }
    | { kind: 'headshot'; hue: number }
    | { kind: 'banner'; name: string }
  );

type Row = readonly [width: number, height: number, grain: number, chroma: number, subsampling: Subsampling];

/** Action photos, by sport scene (render-media.ts SCENES): mostly 4000×2667, some 6000×4000 and 3000×2000. */
const PHOTOS: readonly (readonly [string, ...Row])[] = [
  ['football', 4000, 2667, 30, 12, '4:2:0'],
  ['basketball', 4000, 2667, 22, 10, '4:2:0'],
  ['soccer', 6000, 4000, 16, 8, '4:2:0'],
  ['baseball', 4000, 2667, 40, 12, '4:2:0'],
  ['volleyball', 3000, 2000, 35, 16, '4:2:0'],
  ['hockey', 4000, 2667, 18, 14, '4:4:4'],
  ['swimming', 4000, 2667, 26, 10, '4:2:0'],
  ['track', 6000, 4000, 20, 10, '4:2:0'],
  ['softball', 4000, 2667, 34, 12, '4:2:0'],
  ['lacrosse', 3000, 2000, 45, 20, '4:2:0'],
  ['tennis', 4000, 2667, 24, 16, '4:4:4'],
  ['golf', 4000, 2667, 16, 8, '4:2:0'],
  ['rowing', 6000, 4000, 12, 6, '4:2:0'],
  ['wrestling', 4000, 2667, 50, 16, '4:2:0'],
  ['gymnastics', 3000, 2000, 30, 20, '4:4:4'],
  ['campus', 4000, 2667, 28, 12, '4:2:0'],
];

/** Headshots, portrait 4:5, from 1600×2000 to 2400×3000: four of each size, one of each a line. */
// prettier-ignore
const HEADSHOTS: readonly Row[] = [
  [1600, 2000, 24, 10, '4:2:0'], [2000, 2500, 20, 8, '4:2:0'], [2400, 3000, 16, 6, '4:2:0'],
  [1600, 2000, 30, 12, '4:2:0'], [2000, 2500, 24, 10, '4:2:0'], [2400, 3000, 18, 8, '4:2:0'],
  [1600, 2000, 20, 16, '4:4:4'], [2000, 2500, 28, 12, '4:2:0'], [2400, 3000, 14, 6, '4:2:0'],
  [1600, 2000, 36, 14, '4:2:0'], [2000, 2500, 16, 12, '4:4:4'], [2400, 3000, 20, 8, '4:2:0'],
];

/** Banners, about 2.4:1, exported for the web. */
const BANNERS: readonly Row[] = [
  [2400, 1000, 24, 20, '4:4:4'],
  [2400, 1000, 30, 14, '4:4:4'],
  [2880, 1200, 20, 12, '4:4:4'],
  [2400, 1000, 40, 16, '4:2:0'],
];

const base = (id: string, [width, height, grain, chroma, subsampling]: Row): PoolImageBase => ({
  id,
  width,
  height,
  grain,
  chroma,
  subsampling,
});

export const POOL: { readonly [K in PoolKind]: readonly Extract<PoolImage, { kind: K }>[] } = {
  photo: PHOTOS.map(([sport, ...row], i) => ({ ...base(`photo-${i}`, row), kind: 'photo', sport, variant: i })),
  headshot: HEADSHOTS.map((row, i) => ({ ...base(`headshot-${i}`, row), kind: 'headshot', hue: (i * 30) % 360 })),
  banner: BANNERS.map((row, i) => ({ ...base(`banner-${i}`, row), kind: 'banner', name: `pool-${i}` })),
};

/** Every pool image, for tools that draw them all. */
export const POOL_IMAGES: readonly PoolImage[] = [...POOL.photo, ...POOL.headshot, ...POOL.banner];

export interface PoolPick {
  image: PoolImage;
  /**
   * Whether the API sends the image's size. As real CDNs do, it leaves it out for about 1 in 3 photos and
   * headshots (banners always carry theirs).
   */
  sized: boolean;
}

/** The pool image a JPEG URL's name maps to (`football/7` for /media/photo/football/7.jpg), by a hash of the name. */
export function pickFromPool(kind: PoolKind, name: string): PoolPick {
  const random = createRandom(`photo-pool/${kind}/${name}`);
  const image = random.pick<PoolImage>(POOL[kind]);
  const unsized = random.chance(1 / 3);
  return { image, sized: kind === 'banner' || !unsized };
}

/** The URL of a pool-backed JPEG. */
export const poolUrl = (kind: PoolKind, name: string) => `/media/${kind}/${name}.jpg`;
