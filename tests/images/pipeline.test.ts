import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client.ts';
import type { HttpRequest, HttpResponse, Transport } from '../../src/api/transport.ts';
import { createImageService, imageMap, MAX_IMAGE_BYTES, type ImageService } from '../../src/images/service.ts';
import { pictureOf, variantWidths, type ImageSettings } from '../../src/images/variants.ts';
import { createOutputWriter } from '../../src/output/writer.ts';

/** A photo with real structure (a gradient and a disc), as a camera JPEG; `orientation` as EXIF says. */
async function photo(width: number, height: number, orientation?: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#2f7d32"/><stop offset="1" stop-color="#0b2545"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#f2a900"/></svg>`;
  const image = sharp(Buffer.from(svg)).jpeg({ quality: 90 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

/** A CMS's file server in memory: ETags, conditional requests, and every request recorded. */
function fileServer(files: Map<string, Buffer>) {
  const sent: HttpRequest[] = [];
  const transport: Transport = async (request): Promise<HttpResponse> => {
    sent.push(request);
    const body = files.get(new URL(request.url).pathname);
    if (!body) return { status: 404, headers: {}, body: new TextEncoder().encode('{"message":"No such file"}') };
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (request.headers['If-None-Match'] === etag) return { status: 304, headers: { etag }, body: new Uint8Array() };
    return { status: 200, headers: { etag, 'content-type': 'image/jpeg' }, body };
  };
  return { transport, sent };
}

const SETTINGS = {
  widths: [320, 640, 960, 1280, 1920],
  formats: ['avif', 'webp'] as ImageSettings['formats'],
  cdn: null,
  quality: { avif: 50, webp: 72, jpeg: 75 },
  avifEffort: 2,
};

describe('the image pipeline', () => {
  let root: string;
  const files = new Map<string, Buffer>();
  const server = fileServer(files);
  const client = createApiClient({
    baseUrl: 'http://cms.test',
    prefix: '',
    transport: server.transport,
    retry: { retries: 0 },
  });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'fh-images-'));
    files.set('/media/photo/wide.jpg', await photo(2400, 1600));
    files.set('/media/photo/same.jpg', files.get('/media/photo/wide.jpg')!);
    files.set('/media/headshot/small.jpg', await photo(500, 625));
    // A phone photo stored sideways with an EXIF orientation: 1600 x 1200 on disk, shown 1200 x 1600.
    files.set('/media/photo/turned.jpg', await photo(1600, 1200, 6));
    files.set('/media/photo/broken.jpg', Buffer.from('this is not a JPEG'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const service = (out: string, settings = SETTINGS) => {
    const warnings: string[] = [];
    const images = createImageService(
      {
        client,
        apiOrigin: 'http://cms.test',
        cacheDir: join(root, 'cache'),
        settings,
        warn: (m) => warnings.push(m),
      },
      createOutputWriter(join(root, out)),
    );
    return { images, warnings, out: join(root, out) };
  };
  /** What pages are told of an image: its info, or null when it cannot be had or read. */
  const infoOf = (images: ImageService, url: string) =>
    images.fetch(url).then(
      (image) => image.info,
      () => null,
    );
  const publishAll = async (images: ReturnType<typeof service>['images'], urls: string[]) => {
    for (const url of urls) images.publish(await images.fetch(url));
    return images.finish();
  };

  it('reads each image’s size from the file and encodes AVIF, WebP and JPEG variants at the widths below it', async () => {
    const { images, out } = service('first');
    const wide = await infoOf(images, '/media/photo/wide.jpg');
    expect(wide).toMatchObject({ width: 2400, height: 1600 });
    expect(wide!.id).toMatch(/^[0-9a-f]{16}$/);
    expect(wide!.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(await infoOf(images, '/media/photo/turned.jpg')).toMatchObject({ width: 1200, height: 1600 });
    const stats = await publishAll(images, [
      '/media/photo/wide.jpg',
      '/media/photo/same.jpg',
      '/media/photo/turned.jpg',
    ]);

    // Same bytes under two URLs: one set of variants.
    expect(await infoOf(images, '/media/photo/same.jpg')).toEqual(wide);
    const published = readdirSync(join(out, '_site/img')).sort();
    const ofWide = published.filter((name) => name.startsWith(wide!.id));
    expect(ofWide).toHaveLength(5 * 3);
    for (const name of ofWide) {
      const [, width, extension] = /-(\d+)\.(\w+)$/.exec(name)!;
      const meta = await sharp(readFileSync(join(out, '_site/img', name))).metadata();
      expect(meta.width).toBe(Number(width));
      expect({ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[extension!]).toBe(meta.format);
      // No camera data is published with a variant.
      expect(meta.exif).toBeUndefined();
    }
    // The turned photo's variants are upright.
    const turned = (await infoOf(images, '/media/photo/turned.jpg'))!;
    const upright = await sharp(readFileSync(join(out, '_site/img', `${turned.id}-960.jpg`))).metadata();
    expect([upright.width, upright.height]).toEqual([960, 1280]);
    // 5 widths of the wide photo, 4 of the turned one (1200 px wide: 320, 640, 960 and its own), 3 formats each.
    expect(stats).toMatchObject({ fetched: 3, encoded: 15 + 12, failed: 0 });
    // The variants are much lighter than the original.
    const original = files.get('/media/photo/wide.jpg')!.byteLength;
    expect(readFileSync(join(out, '_site/img', `${wide!.id}-640.avif`)).byteLength).toBeLessThan(original / 5);
  });

  it('leaves the variants a previous output has where they are, for a page kept in place, and writes the others', async () => {
    const { images, out } = service('kept');
    const small = (await infoOf(images, '/media/headshot/small.jpg'))!;
    const names = [320, 500].flatMap((w) => ['avif', 'jpg', 'webp'].map((e) => `${small.id}-${w}.${e}`));
    // The previous output has the variants of width 320 (an incremental build updating it in place).
    const previous = new Set(names.filter((name) => name.includes('-320.')).map((name) => `/_site/img/${name}`));
    const kept: string[] = [];
    images.publish(await images.fetch('/media/headshot/small.jpg'), {
      has: (url) => previous.has(url),
      keep: (url) => void kept.push(url),
    });
    const stats = await images.finish();
    expect(kept.sort()).toEqual([...previous].sort());
    // Only the others are written into this build's folder; the kept ones count as taken from the cache.
    expect(readdirSync(join(out, '_site/img')).sort()).toEqual(names.filter((name) => name.includes('-500.')).sort());
    expect(stats.cached + stats.encoded).toBe(names.length);
  });

  it('an image narrower than the widths gets the widths below it and its own', async () => {
    expect(variantWidths(500, SETTINGS.widths)).toEqual([320, 500]);
    expect(variantWidths(4000, SETTINGS.widths)).toEqual(SETTINGS.widths);
    expect(variantWidths(200, SETTINGS.widths)).toEqual([200]);
    const { images, out } = service('small');
    const small = (await infoOf(images, '/media/headshot/small.jpg'))!;
    await publishAll(images, ['/media/headshot/small.jpg']);
    expect(readdirSync(join(out, '_site/img')).sort()).toEqual(
      [320, 500].flatMap((w) => ['avif', 'jpg', 'webp'].map((e) => `${small.id}-${w}.${e}`)).sort(),
    );
  });

  it('encodes one variant when site dev is asked for it: the bytes a build publishes, and nothing more', async () => {
    const { images: built, out } = service('one-by-one');
    const small = (await infoOf(built, '/media/headshot/small.jpg'))!;
    await publishAll(built, ['/media/headshot/small.jpg']);
    // site dev's service: no output, an empty cache of its own, so the variant is encoded now.
    const dev = createImageService(
      { client, apiOrigin: 'http://cms.test', cacheDir: join(root, 'dev-cache'), settings: SETTINGS, warn: () => {} },
      null,
    );
    await dev.fetch('/media/headshot/small.jpg');
    const name = `${small.id}-320.webp`;
    const file = await dev.variantFile(name);
    expect(readFileSync(file!).equals(readFileSync(join(out, '_site/img', name)))).toBe(true);
    expect(await dev.variantFile(`${small.id}-321.webp`)).toBeNull();
    expect(await dev.finish()).toMatchObject({ encoded: 1, failed: 0 });
  });

  it('a rebuild asks the server only whether each image changed, and encodes nothing', async () => {
    const before = server.sent.length;
    const { images, out } = service('warm');
    const stats = await publishAll(images, ['/media/photo/wide.jpg', '/media/headshot/small.jpg']);
    expect(stats).toMatchObject({ fetched: 0, unchanged: 2, encoded: 0, cached: 15 + 6 });
    const asked = server.sent.slice(before);
    expect(asked.map((r) => r.headers['If-None-Match'])).toEqual([expect.any(String), expect.any(String)]);
    expect(readdirSync(join(out, '_site/img'))).toHaveLength(21);
  });

  it('an image whose file changed under its URL gets new variant URLs', async () => {
    const { images: first } = service('changed-1');
    const old = (await infoOf(first, '/media/headshot/small.jpg'))!;
    await first.finish();
    files.set('/media/headshot/small.jpg', await photo(600, 750));
    const { images } = service('changed-2');
    const fresh = (await infoOf(images, '/media/headshot/small.jpg'))!;
    await images.finish();
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.width).toBe(600);
  });

  it('other encoder settings name other variants', async () => {
    const { images } = service('quality', { ...SETTINGS, quality: { ...SETTINGS.quality, jpeg: 60 } });
    const other = (await infoOf(images, '/media/photo/wide.jpg'))!;
    await images.finish();
    const { images: usual } = service('usual');
    expect(other.id).not.toBe((await infoOf(usual, '/media/photo/wide.jpg'))!.id);
    await usual.finish();
  });

  it('an image that cannot be fetched or read keeps its page: no info, and one warning naming it', async () => {
    const { images, warnings } = service('broken');
    expect(await infoOf(images, '/media/photo/missing.jpg')).toBeNull();
    expect(await infoOf(images, '/media/photo/broken.jpg')).toBeNull();
    expect(await infoOf(images, '/media/photo/broken.jpg')).toBeNull();
    // A file larger than any camera's is refused (the media mirror reports why), not stored or published.
    files.set('/media/photo/huge.jpg', Buffer.alloc(MAX_IMAGE_BYTES + 1));
    expect(await infoOf(images, '/media/photo/huge.jpg')).toBeNull();
    await expect(images.fetch('/media/photo/huge.jpg')).rejects.toThrow(/over the 80 MB an image may be/);
    // What pages are told: a file the build could not get is null (not published: pages leave it out); one it
    // got but cannot read is not named (published as it is).
    expect(await imageMap(images, ['/media/photo/missing.jpg', '/media/photo/broken.jpg', '/media/logo.svg'])).toEqual({
      '/media/photo/missing.jpg': null,
    });
    await images.finish();
    expect(warnings).toEqual([expect.stringMatching(/^image \/media\/photo\/broken\.jpg is not an image/)]);
  });

  it('pages name the variants in srcset, best format first, with the file’s size and colour', () => {
    const info = { id: '0123456789abcdef', width: 1000, height: 800, color: '#102030' };
    expect(pictureOf('/media/a.jpg', info, SETTINGS)).toEqual({
      src: '/_site/img/0123456789abcdef-960.jpg',
      srcSet: [320, 640, 960, 1000].map((w) => `/_site/img/0123456789abcdef-${w}.jpg ${w}w`).join(', '),
      sources: [
        {
          type: 'image/avif',
          srcSet: [320, 640, 960, 1000].map((w) => `/_site/img/0123456789abcdef-${w}.avif ${w}w`).join(', '),
        },
        {
          type: 'image/webp',
          srcSet: [320, 640, 960, 1000].map((w) => `/_site/img/0123456789abcdef-${w}.webp ${w}w`).join(', '),
        },
      ],
      width: 1000,
      height: 800,
      color: '#102030',
    });
    // An image the build has no info on (an SVG, one it could not read) is named as it is.
    expect(pictureOf('/media/logo.svg', undefined, SETTINGS)).toEqual({ src: '/media/logo.svg', sources: [] });
    // A CDN that resizes: its URLs, nothing encoded.
    const cdn = { ...SETTINGS, cdn: 'https://cdn.example.edu/{url}?w={width}&fm={format}', formats: ['webp' as const] };
    expect(pictureOf('/media/a.jpg', undefined, cdn)).toMatchObject({
      src: 'https://cdn.example.edu//media/a.jpg?w=960&fm=jpeg',
      sources: [
        {
          type: 'image/webp',
          srcSet: expect.stringContaining('https://cdn.example.edu//media/a.jpg?w=320&fm=webp 320w'),
        },
      ],
    });
  });
});
