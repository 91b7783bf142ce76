import { SPONSORS } from './data/places.ts';
import { OPPONENTS } from './data/places.ts';
import { ICONS } from './icons.ts';
import type { PhotoPool } from './photo-pool.ts';
import { pickFromPool, type PoolKind } from './photos.ts';
import { createRandom } from './random.ts';
import { TEAM } from './media.ts';

export interface MediaFile {
  contentType: string;
  body: Uint8Array | string;
  /** Known already (a pool photo's); otherwise the server hashes the body. */
  etag?: string;
}

const svg = (w: number, h: number, inner: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(label)}">${inner}</svg>`;
const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"`;

/** Each sport's scene colours: the ground's top and bottom. */
export const SCENES: Record<string, [string, string]> = {
  football: ['#2f7d32', '#1b5e20'],
  soccer: ['#388e3c', '#1b5e20'],
  'field-hockey': ['#1565c0', '#0d47a1'],
  lacrosse: ['#2e7d32', '#1b5e20'],
  baseball: ['#6d8b3a', '#b5835a'],
  softball: ['#6d8b3a', '#c9935f'],
  basketball: ['#d9a066', '#b07a45'],
  volleyball: ['#e0b070', '#b07a45'],
  hockey: ['#e8f1f8', '#b8cfe0'],
  swimming: ['#29b6f6', '#0277bd'],
  track: ['#c0392b', '#8e2b20'],
  running: ['#7cb342', '#33691e'],
  golf: ['#8bc34a', '#558b2f'],
  rowing: ['#4fc3f7', '#01579b'],
  tennis: ['#2e6f9e', '#1d4e70'],
  wrestling: ['#f2a900', '#b8860b'],
  gymnastics: ['#3949ab', '#1a237e'],
  campus: ['#4f7cac', '#0b2545'],
};

/**
 * The file a /media/... path names, or undefined when the path names nothing: logos, sponsors, ads and the
 * default headshots are SVGs drawn from the path; photos, headshots and banners are JPEGs from the photo pool.
 */
export async function renderMedia(path: string, photos: PhotoPool): Promise<MediaFile | undefined> {
  const parts = path.replace(/^\/media\//, '').split('/');
  const [kind, a, b] = parts;
  const image = (body: string): MediaFile => ({ contentType: 'image/svg+xml', body });
  const jpeg = async (kind: PoolKind, name: string): Promise<MediaFile> => {
    const file = await photos.file(pickFromPool(kind, name).image);
    return { contentType: 'image/jpeg', body: file.bytes, etag: file.etag };
  };
  switch (kind) {
    case 'logo':
      if (a === 'hawks.svg' || a === 'favicon.svg') return image(logo(a === 'favicon.svg' ? 64 : 240));
      if (a === 'wordmark.svg')
        return image(
          svg(
            480,
            120,
            `<rect width="480" height="120" rx="12" fill="${TEAM.navy}"/><text x="240" y="78" text-anchor="middle" ${FONT} font-size="54" font-weight="800" fill="${TEAM.gold}">CV HAWKS</text>`,
            'Cedar Valley Hawks',
          ),
        );
      return undefined;
    case 'headshot': {
      if (/^default-(player|staff)\.svg$/.test(a ?? '') && !b) return image(headshot(210, true));
      const match = /^([a-z]{1,2}-\d{1,3})\.jpg$/.exec(a ?? '');
      return match && !b ? jpeg('headshot', match[1]!) : undefined;
    }
    case 'photo': {
      const match = /^(\d{1,2})\.jpg$/.exec(b ?? '');
      return a && SCENES[a] && match && parts.length === 3 ? jpeg('photo', `${a}/${match[1]}`) : undefined;
    }
    case 'banner': {
      const match = /^([a-z0-9-]{1,40})\.jpg$/.exec(a ?? '');
      return match && !b ? jpeg('banner', match[1]!) : undefined;
    }
    case 'opponent': {
      const match = /^(\d{1,3})\.svg$/.exec(a ?? '');
      const opponent = match ? OPPONENTS[Number(match[1]) - 1] : undefined;
      return opponent ? image(opponentLogo(Number(match![1]), opponent[0], opponent[1])) : undefined;
    }
    case 'sponsor': {
      const match = /^(\d{1,2})\.svg$/.exec(a ?? '');
      const name = match ? SPONSORS[Number(match[1])] : undefined;
      return name ? image(sponsor(name, 300, 150, Number(match![1]))) : undefined;
    }
    case 'ad': {
      const match = /^(\d{1,2})-(\d{2,4})x(\d{2,4})\.svg$/.exec(b ?? '');
      const name = match ? SPONSORS[Number(match[1])] : undefined;
      return name ? image(ad(name, Number(match![2]), Number(match![3]), Number(match![1]))) : undefined;
    }
    case 'audio': {
      return /^[a-z0-9-]{1,40}\.wav$/.test(a ?? '') ? { contentType: 'audio/wav', body: fightSong() } : undefined;
    }
    default:
      return undefined;
  }
}

function logo(size: number): string {
  return svg(
    240,
    240,
    `<circle cx="120" cy="120" r="116" fill="${TEAM.navy}"/><circle cx="120" cy="120" r="104" fill="none" stroke="${TEAM.gold}" stroke-width="8"/>` +
      `<path d="M52 118c30-38 66-52 118-46-16 8-26 18-30 30 22-4 40 0 54 12-30 0-52 8-66 26l-8 34-14-30c-20-6-38-14-54-26z" fill="${TEAM.gold}"/>` +
      `<circle cx="150" cy="92" r="6" fill="${TEAM.navy}"/>`,
    'Cedar Valley Hawks logo',
  ).replace('width="240" height="240"', `width="${size}" height="${size}"`);
}

/** A headshot silhouette on a backdrop of `hue`: the placeholder's greys, or the photo pool's colours. */
export function headshot(hue: number, placeholder: boolean): string {
  const bg = placeholder ? '#d7dde5' : `hsl(${hue} 35% 82%)`;
  const body = placeholder ? '#9aa7b6' : TEAM.navy;
  return svg(
    400,
    500,
    `<rect width="400" height="500" fill="${bg}"/><circle cx="200" cy="190" r="92" fill="${placeholder ? '#b7c1cd' : `hsl(${hue} 30% 64%)`}"/>` +
      `<path d="M40 500c10-120 80-180 160-180s150 60 160 180z" fill="${body}"/>`,
    placeholder ? 'Photo placeholder' : 'Headshot',
  );
}

/** An action scene in a sport's colours (a key of SCENES), 1600×1067. */
export function scene(topic: string, variant: number): string {
  const [top, bottom] = SCENES[topic]!;
  const random = createRandom(`scene/${topic}/${variant}`);
  const figures = Array.from({ length: random.int(3, 7) }, () => {
    const x = random.int(120, 1480);
    const y = random.int(560, 880);
    const s = random.float(0.8, 1.5, 2);
    const us = random.chance(0.55);
    return `<g transform="translate(${x} ${y}) scale(${s})"><circle cx="0" cy="-150" r="34" fill="#f1d2b6"/><rect x="-45" y="-115" width="90" height="130" rx="30" fill="${us ? TEAM.navy : '#fafafa'}"/><rect x="-40" y="15" width="32" height="110" rx="14" fill="${us ? TEAM.gold : '#9e9e9e'}"/><rect x="8" y="15" width="32" height="110" rx="14" fill="${us ? TEAM.gold : '#9e9e9e'}"/></g>`;
  }).join('');
  const icon = ICONS[topic] ?? '';
  return svg(
    1600,
    1067,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${TEAM.sky}"/><stop offset="0.42" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
      `<rect width="1600" height="1067" fill="url(#g)"/><rect y="0" width="1600" height="300" fill="#0b2545" opacity="0.35"/>` +
      Array.from(
        { length: 9 },
        (_, i) =>
          `<rect x="${i * 180 + (variant % 5) * 8}" y="120" width="120" height="160" fill="#ffffff" opacity="${0.05 + (i % 3) * 0.03}"/>`,
      ).join('') +
      figures +
      `<g transform="translate(1380 860) scale(6)" color="#ffffff" opacity="0.35">${icon}</g>`,
    `${topic} scene ${variant}`,
  );
}

/** A banner in the team's colours, 1920×800, its stripes drawn from `name`. */
export function banner(name: string): string {
  const random = createRandom(`banner/${name}`);
  const stripes = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${-400 + i * 420 + random.int(0, 80)}" y="-200" width="${random.int(60, 140)}" height="1400" fill="${i % 2 ? TEAM.gold : '#ffffff'}" opacity="${random.float(0.06, 0.16, 2)}" transform="rotate(25 960 400)"/>`,
  ).join('');
  return svg(
    1920,
    800,
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${TEAM.navy}"/><stop offset="1" stop-color="${TEAM.sky}"/></linearGradient></defs>` +
      `<rect width="1920" height="800" fill="url(#b)"/>${stripes}` +
      `<g transform="translate(1500 400) scale(1.6)" opacity="0.25">${logo(240).replace(/^<svg[^>]*>|<\/svg>$/g, '')}</g>`,
    `${name} banner`,
  );
}

function opponentLogo(id: number, name: string, nickname: string): string {
  const hue = (id * 47) % 360;
  const letters = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 3);
  return svg(
    200,
    200,
    `<path d="M100 8l80 28v56c0 52-36 86-80 100-44-14-80-48-80-100V36z" fill="hsl(${hue} 55% 38%)" stroke="hsl(${hue} 60% 22%)" stroke-width="6"/>` +
      `<text x="100" y="118" text-anchor="middle" ${FONT} font-size="52" font-weight="800" fill="#ffffff">${escapeXml(letters)}</text>`,
    `${name} ${nickname} logo`,
  );
}

function sponsor(name: string, w: number, h: number, index: number): string {
  const hue = (index * 67 + 20) % 360;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" rx="10" fill="#ffffff" stroke="hsl(${hue} 45% 40%)" stroke-width="4"/>` +
      `<circle cx="${h / 2}" cy="${h / 2}" r="${h / 3}" fill="hsl(${hue} 55% 42%)"/>` +
      `<text x="${h + 4}" y="${h / 2 + 8}" ${FONT} font-size="${Math.max(12, Math.min(22, ((w - h) / name.length) * 1.7))}" font-weight="700" fill="#1f2933">${escapeXml(name)}</text>`,
    name,
  );
}

function ad(name: string, w: number, h: number, index: number): string {
  const hue = (index * 67 + 20) % 360;
  const size = Math.max(11, Math.min(h * 0.32, (w / name.length) * 1.4));
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="hsl(${hue} 55% 30%)"/><rect x="4" y="4" width="${w - 8}" height="${h - 8}" fill="none" stroke="${TEAM.gold}" stroke-width="2"/>` +
      `<text x="${w / 2}" y="${h / 2}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="800" fill="#ffffff">${escapeXml(name)}</text>` +
      `<text x="${w / 2}" y="${h / 2 + size}" text-anchor="middle" ${FONT} font-size="${Math.max(9, size * 0.5)}" fill="${TEAM.gold}">Proud partner of the Hawks</text>`,
    `${name} advertisement`,
  );
}

let fightSongCache: Uint8Array | undefined;
/** Eight seconds of the fight song's opening phrase as 8 kHz mono WAV. */
function fightSong(): Uint8Array {
  if (fightSongCache) return fightSongCache;
  const rate = 8000;
  const notes: [number, number][] = [
    [392, 0.5],
    [523, 0.5],
    [659, 0.5],
    [784, 1],
    [659, 0.5],
    [784, 1.5],
    [698, 0.5],
    [659, 0.5],
    [587, 0.5],
    [523, 2],
  ];
  const total = notes.reduce((s, [, d]) => s + d, 0);
  const samples = Math.floor(total * rate);
  const buffer = new Uint8Array(44 + samples);
  const view = new DataView(buffer.buffer);
  const ascii = (offset: number, text: string) =>
    [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  let i = 0;
  for (const [freq, duration] of notes) {
    const n = Math.floor(duration * rate);
    for (let k = 0; k < n && i < samples; k++, i++) {
      const envelope = Math.min(1, k / 200, (n - k) / 400);
      buffer[44 + i] = 128 + Math.round(60 * envelope * Math.sin((2 * Math.PI * freq * k) / rate));
    }
  }
  fightSongCache = buffer;
  return buffer;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
