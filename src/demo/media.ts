import type { Image } from '../api/schemas/common.ts';
import { pickFromPool, poolUrl, type PoolKind } from './photos.ts';

/**
 * Media of the demo CMS, root-relative URLs served under /media; the same URL always gives the same bytes.
 * - Action photos (galleries, article heroes, video thumbnails, page images), headshots and banners are camera-weight
 *   JPEGs, as a real CMS carries: each URL maps by a hash of its name to one image of the photo pool (photos.ts;
 *   photos of 2–8 MB at 3000–6000 px, headshots of 0.8–2.5 MB, banners of 1–3 MB), drawn once with seeded film
 *   grain and cached on disk (photo-pool.ts). A record gives the pool image's real size, except that about 1 in 3
 *   photos and headshots come without one, as most CDNs send them.
 * - Logos, the wordmark, the favicon, sponsors, opponents, ads and the default headshots are SVGs drawn on request
 *   from the URL alone (render-media.ts).
 */
export const TEAM = {
  name: 'Cedar Valley',
  nickname: 'Hawks',
  navy: '#0b2545',
  gold: '#f2a900',
  sky: '#4f7cac',
} as const;

const img = (url: string, alt: string, width: number, height: number): Image => ({
  url,
  alt,
  width,
  height,
  mime_type: 'image/svg+xml',
});

/** A JPEG of the photo pool: its real size, or none when the CDN would send none. */
const jpeg = (kind: PoolKind, name: string, alt: string): Image => {
  const { image, sized } = pickFromPool(kind, name);
  return {
    url: poolUrl(kind, name),
    alt,
    width: sized ? image.width : null,
    height: sized ? image.height : null,
    mime_type: 'image/jpeg',
  };
};

export const media = {
  logo: () => img('/media/logo/hawks.svg', 'Cedar Valley Hawks logo', 240, 240),
  wordmark: () => img('/media/logo/wordmark.svg', 'Cedar Valley Hawks', 480, 120),
  favicon: () => ({ mime_type: 'image/svg+xml', url: '/media/logo/favicon.svg' }),
  /** A portrait JPEG; the initials and `hue` (0–359) name it, and so pick its pool image. */
  headshot: (name: string, hue: number) => jpeg('headshot', `${initials(name)}-${hue}`, `Headshot of ${name}`),
  defaultHeadshot: (kind: 'player' | 'staff') =>
    img(`/media/headshot/default-${kind}.svg`, `${kind === 'player' ? 'Player' : 'Staff'} photo placeholder`, 400, 500),
  /** An action photo for a sport; `variant` picks one of 24 URLs per sport. */
  photo: (sportIcon: string, variant: number, alt: string) => jpeg('photo', `${sportIcon}/${variant % 24}`, alt),
  banner: (name: string, alt: string) => jpeg('banner', name, alt),
  opponentLogo: (opponentId: number, name: string) =>
    img(`/media/opponent/${opponentId}.svg`, `${name} logo`, 200, 200),
  sponsor: (index: number, name: string) => img(`/media/sponsor/${index}.svg`, `${name} logo`, 300, 150),
  ad: (zone: string, index: number, width: number, height: number, alt: string) =>
    img(`/media/ad/${zone}/${index}-${width}x${height}.svg`, alt, width, height),
  presentedBy: (index: number, name: string) => img(`/media/sponsor/${index}.svg`, `Presented by ${name}`, 300, 150),
  audio: (name: string) => `/media/audio/${name}.wav`,
} as const;

export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = (parts[0]?.[0] ?? 'X') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '');
  return letters.toLowerCase().replace(/[^a-z]/g, 'x');
}
