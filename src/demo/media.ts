import type { Image } from '../api/schemas/common.ts';

/**
 * Media of the demo CMS: every image is an SVG drawn on request from its URL alone, so URLs are stable
 * (root-relative, served under /media) and the same URL always gives the same bytes.
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

export const media = {
  logo: () => img('/media/logo/hawks.svg', 'Cedar Valley Hawks logo', 240, 240),
  wordmark: () => img('/media/logo/wordmark.svg', 'Cedar Valley Hawks', 480, 120),
  favicon: () => ({ mime_type: 'image/svg+xml', url: '/media/logo/favicon.svg' }),
  /** Headshot silhouette with initials; `hue` 0–359 varies the backdrop. */
  headshot: (name: string, hue: number) =>
    img(`/media/headshot/${initials(name)}-${hue}.svg`, `Headshot of ${name}`, 400, 500),
  defaultHeadshot: (kind: 'player' | 'staff') =>
    img(`/media/headshot/default-${kind}.svg`, `${kind === 'player' ? 'Player' : 'Staff'} photo placeholder`, 400, 500),
  /** An action scene for a sport; `variant` picks one of 24 compositions. */
  photo: (sportIcon: string, variant: number, alt: string) =>
    img(`/media/photo/${sportIcon}/${variant % 24}.svg`, alt, 1600, 1067),
  banner: (name: string, alt: string) => img(`/media/banner/${name}.svg`, alt, 1920, 800),
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
