import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '../../src/api/schemas/common.ts';
import { cacheKey, photoPool } from '../../src/demo/photo-pool.ts';
import { pickFromPool, POOL, POOL_IMAGES, type PoolKind } from '../../src/demo/photos.ts';
import type { DemoServer } from '../../src/demo/server/server.ts';
import { demoDataset, startDemo } from '../helpers/demo.ts';

/** The weights a real CMS's originals have, by kind (bytes). */
const WEIGHTS: Record<PoolKind, [number, number]> = {
  photo: [2e6, 8e6],
  headshot: [0.8e6, 2.5e6],
  banner: [1e6, 3e6],
};

const d = demoDataset();
const kindOf = (url: string) => url.split('/')[2] as PoolKind;
/** Every pool-backed image record of the dataset, once per URL. */
const records = (() => {
  const all = new Map<string, Image>();
  const json = JSON.stringify(d, (_key, value: unknown) => (value instanceof Map ? [...value.values()] : value));
  JSON.parse(json, (_key, value: unknown) => {
    const image = value as Image | null;
    if (
      image &&
      typeof image === 'object' &&
      'width' in image &&
      /^\/media\/(photo|headshot|banner)\/.+\.jpg$/.test(image.url)
    )
      all.set(image.url, image);
    return value;
  });
  return [...all.values()];
})();
/** The first record of a kind with its size, mapped to the smallest pool image of that kind (quick to draw cold). */
const sizedRecord = (kind: PoolKind) => {
  const sized = records.filter((r) => kindOf(r.url) === kind && r.width);
  const area = (r: Image) => r.width! * r.height!;
  return sized.reduce((best, r) => (area(r) < area(best) ? r : best));
};
const sha256 = (bytes: ArrayBuffer | Uint8Array) => createHash('sha256').update(new Uint8Array(bytes)).digest('hex');

let server: DemoServer;
const folders: string[] = [];
beforeAll(async () => {
  server = await startDemo();
});
afterAll(async () => {
  await server.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});
const emptyFolder = async () => {
  const folder = await mkdtemp(join(tmpdir(), 'fh-demo-photos-'));
  folders.push(folder);
  return folder;
};

describe('the demo CMS’s photos', () => {
  it('are JPEGs of a real camera’s size and weight, the size the record gives', async () => {
    for (const kind of ['photo', 'headshot', 'banner'] as const) {
      const record = sizedRecord(kind);
      expect(record.url, kind).toMatch(/\.jpg$/);
      expect(record.mime_type).toBe('image/jpeg');
      const response = await fetch(`${server.origin}${record.url}`);
      expect(response.status, record.url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height], record.url).toEqual(['jpeg', record.width, record.height]);
      const [min, max] = WEIGHTS[kind];
      expect(bytes.byteLength, record.url).toBeGreaterThanOrEqual(min);
      expect(bytes.byteLength, record.url).toBeLessThanOrEqual(max);
    }
  });

  it('leave out their size for about 1 in 3 photos and headshots, as CDNs do; banners always carry it', () => {
    for (const kind of ['photo', 'headshot'] as const) {
      const ofKind = records.filter((r) => kindOf(r.url) === kind);
      const unsized = ofKind.filter((r) => r.width === null && r.height === null);
      expect(ofKind.length, kind).toBeGreaterThan(100);
      expect(unsized.length / ofKind.length, kind).toBeGreaterThan(0.25);
      expect(unsized.length / ofKind.length, kind).toBeLessThan(0.42);
    }
    expect(records.filter((r) => kindOf(r.url) === 'banner' && !r.width)).toEqual([]);
    for (const record of records.filter((r) => r.width)) {
      const name = record.url.replace(/^\/media\/[a-z]+\/|\.jpg$/g, '');
      const { image } = pickFromPool(kindOf(record.url), name);
      expect([record.width, record.height], record.url).toEqual([image.width, image.height]);
    }
  });

  it('are drawn from a pool of a few dozen images at the sizes real originals have', () => {
    expect(POOL.photo.length).toBeGreaterThanOrEqual(16);
    expect(POOL.headshot.length).toBeGreaterThanOrEqual(12);
    expect(new Set(POOL_IMAGES.map((i) => i.id)).size).toBe(POOL_IMAGES.length);
    for (const image of POOL.photo) expect(Math.max(image.width, image.height), image.id).toBeGreaterThanOrEqual(3000);
    for (const image of POOL.headshot) {
      expect(image.height / image.width, image.id).toBeCloseTo(1.25);
      expect(image.width, image.id).toBeGreaterThanOrEqual(1600);
    }
    // Records name many pool images, not a few.
    const used = new Set(
      records.map((r) => pickFromPool(kindOf(r.url), r.url.replace(/^\/media\/[a-z]+\/|\.jpg$/g, '')).image.id),
    );
    expect(used.size).toBeGreaterThan(POOL.photo.length + POOL.headshot.length - 4);
  });

  it('give the same bytes for a URL on every run: drawn cold twice from the seed, and kept on disk', async () => {
    const url = sizedRecord('headshot').url;
    const [first, second] = [await emptyFolder(), await emptyFolder()];
    const digests: string[] = [];
    for (const photoCache of [first, second]) {
      const cold = await startDemo({ photoCache });
      try {
        digests.push(sha256(await (await fetch(`${cold.origin}${url}`)).arrayBuffer()));
      } finally {
        await cold.close();
      }
    }
    digests.push(sha256(await (await fetch(`${server.origin}${url}`)).arrayBuffer()));
    expect(new Set(digests).size).toBe(1);
    const { image } = pickFromPool('headshot', url.replace(/^\/media\/headshot\/|\.jpg$/g, ''));
    expect(existsSync(join(first, cacheKey(d.seed), `${image.id}.jpg`))).toBe(true);
  });

  it('are drawn once when many ask for the same image at once', async () => {
    const pool = photoPool({ dir: null, seed: 'drawn-once' });
    const image = POOL.headshot.find((i) => i.width === 1600)!;
    const [a, b, c] = await Promise.all([
      pool.file(image),
      pool.file(image),
      photoPool({ dir: null, seed: 'drawn-once' }).file(image),
    ]);
    expect(b.bytes).toBe(a.bytes);
    expect(c.bytes).toBe(a.bytes);
  });
});

describe('the demo CMS’s media over HTTP, as a CDN answers', () => {
  it('sends a strong ETag, Last-Modified and Content-Length, and 304 to a request that has the file', async () => {
    for (const url of [sizedRecord('photo').url, d.settings.website_logo!.url]) {
      const first = await fetch(`${server.origin}${url}`);
      await first.arrayBuffer();
      const etag = first.headers.get('etag')!;
      const lastModified = first.headers.get('last-modified')!;
      expect(etag, url).toMatch(/^"[^"]+"$/);
      expect(new Date(lastModified).getTime(), url).toBeLessThan(Date.now());
      const byEtag = await fetch(`${server.origin}${url}`, { headers: { 'If-None-Match': `"other", ${etag}` } });
      expect(byEtag.status, url).toBe(304);
      expect(byEtag.headers.get('etag')).toBe(etag);
      expect(await byEtag.text()).toBe('');
      const byDate = await fetch(`${server.origin}${url}`, { headers: { 'If-Modified-Since': lastModified } });
      expect(byDate.status, url).toBe(304);
      // If-None-Match wins over If-Modified-Since (RFC 9110): a stale ETag gets the file.
      const stale = await fetch(`${server.origin}${url}`, {
        headers: { 'If-None-Match': '"stale"', 'If-Modified-Since': lastModified },
      });
      expect(stale.status, url).toBe(200);
      await stale.arrayBuffer();
      const older = new Date(new Date(lastModified).getTime() - 86_400_000).toUTCString();
      const changed = await fetch(`${server.origin}${url}`, { headers: { 'If-Modified-Since': older } });
      expect(changed.status, url).toBe(200);
      await changed.arrayBuffer();
    }
  });

  it('answers HEAD with the headers alone', async () => {
    const url = sizedRecord('banner').url;
    const get = await fetch(`${server.origin}${url}`);
    const length = (await get.arrayBuffer()).byteLength;
    const head = await fetch(`${server.origin}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(head.headers.get('content-length'))).toBe(length);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 404 to JPEG paths the pool does not serve, and keeps the default headshots SVG', async () => {
    for (const path of [
      '/media/photo/curling/1.jpg',
      '/media/photo/football/1.svg',
      '/media/headshot/removed/ab-12.jpg',
      '/media/headshot/ab-12.svg',
      '/media/banner/x/y.jpg',
    ])
      expect((await fetch(`${server.origin}${path}`)).status, path).toBe(404);
    const placeholder = await fetch(`${server.origin}/media/headshot/default-player.svg`);
    expect(placeholder.headers.get('content-type')).toBe('image/svg+xml');
    expect(await placeholder.text()).toMatch(/^<svg /);
  });
});
