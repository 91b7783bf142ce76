/**
 * The build's image pipeline (main thread): each raster image URL a page or the site data uses is fetched once per
 * build (a conditional request when the cache has it), read once per content (size, colour), and encoded once per
 * content and settings into the variants `variants.ts` names, on libuv's threads while the workers render. Render
 * workers ask for what a page's images are (`info`) before they render it; the media mirror publishes them
 * (`publish`). Everything is cached by content in the image store, so a rebuild encodes nothing that did not change.
 * A failed image keeps its page: it has no info (the page names the URL as it is) and is reported once.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import pLimit from 'p-limit';
import type { ApiClient } from '../api/client.ts';
import type { OutputWriter } from '../output/writer.ts';
import { encodeScaled, probe, scale, type EncodeSettings, type Probe } from './encode.ts';
import { openImageStore } from './store.ts';
import { isRaster, newImageMap, variantsOf, type ImageInfo, type ImageMap, type ImageSettings } from './variants.ts';
import { errorMessage } from '../errors/error.ts';

/** Bumped when the encoder's output changes for the same settings: every variant gets a new URL. */
const ENCODER_VERSION = 1;

export interface ImageServiceOptions {
  client: ApiClient;
  /** Root-relative media URLs are fetched from here. */
  apiOrigin: string;
  cacheDir: string;
  settings: ImageSettings & EncodeSettings;
  warn(message: string): void;
  /** Widths of images encoded at once (each its formats in turn, each several libvips threads' work already). */
  concurrency?: number;
}

/**
 * Images fetched and read at once: each holds its file (up to several MB) until it is stored and read, so the
 * requests wait their turn before they are sent, not after.
 */
const FETCH_CONCURRENCY = 6;

/** Larger than any camera's JPEG (a 100-megapixel raw export is about 60 MB): refused, not stored or published. */
export const MAX_IMAGE_BYTES = 80 * 1024 * 1024;
/** Read no further than that: a larger answer is not an image the build publishes (the client stops reading it). */
const IMAGE_LIMIT = { bytes: MAX_IMAGE_BYTES, what: 'an image may be' };

/** One variant of an image: a width in a format, at its URL. */
type Variant = ReturnType<typeof variantsOf>[number];

/** An image as fetched: its content hash and the file holding the original, with what was read of it. */
export interface FetchedImage {
  hash: string;
  file: string;
  /** Null when the file is not an image libvips can read (it is still published as it is). */
  info: ImageInfo | null;
}

export interface ImageStats {
  /** Images fetched with their bytes, and answered "not modified". */
  fetched: number;
  unchanged: number;
  /** Variants encoded in this build, and taken from the cache. */
  encoded: number;
  cached: number;
  encodeMs: number;
  failed: number;
}

/** The files of a previous output that an incremental build leaves where they are (overlay.ts, KeptFiles). */
export interface KeptOutput {
  /** Does the previous output have the file of this site path? */
  has(url: string): boolean;
  keep(url: string): void;
}

export interface ImageService {
  readonly settings: ImageSettings;
  /** The fetched image behind a URL (once per build); throws what the fetch threw. */
  fetch(url: string): Promise<FetchedImage>;
  /**
   * An image already in a previous output (a kept page's `url`): that file, not fetched. When it is the cache's own
   * copy (a hard link the build made), its content is known without reading it.
   */
  fromFile(file: string, url: string): Promise<FetchedImage>;
  /**
   * An image a previous output holds at `url` whose content hash the build cache gives: the cache's own copy, not
   * read (once per content). Null when the cache does not have that content (fromFile reads the output's file).
   */
  fromStore(hash: string, url: string): Promise<FetchedImage | null>;
  /**
   * Put an image's variants in the output (once per content), encoding those the cache lacks. Only for a service
   * made with an output writer (the build's; site dev encodes what the browser asks for: variantFile). `kept`: the
   * previous output of an incremental build that updates it in place, whose variants are left where they are.
   */
  publish(image: FetchedImage, kept?: KeptOutput): void;
  /**
   * One variant by its file name (`<id>-<width>.<format>`) of an image fetched in this session, encoded now unless
   * the cache has it; null when no such variant exists. For site dev, which encodes only what the browser asks for.
   */
  variantFile(name: string): Promise<string | null>;
  /** Wait for every encode and link; the index of URLs is saved for the next build. */
  finish(): Promise<ImageStats>;
  cancel(): Promise<void>;
}

export function createImageService(options: ImageServiceOptions, writer: OutputWriter | null): ImageService {
  const { client, settings, warn } = options;
  const store = openImageStore(options.cacheDir);
  const encodeKey = JSON.stringify([ENCODER_VERSION, settings.quality, settings.avifEffort]);
  const stats: ImageStats = { fetched: 0, unchanged: 0, encoded: 0, cached: 0, encodeMs: 0, failed: 0 };
  const encoding = pLimit(options.concurrency ?? 2);
  const fetching = pLimit(FETCH_CONCURRENCY);
  const byUrl = new Map<string, Promise<FetchedImage>>();
  const byHash = new Map<string, Promise<Probe | null>>();
  const published = new Set<string>();
  /** The images met in this session by variant id, for variantFile. */
  const byId = new Map<string, FetchedImage & { info: ImageInfo }>();
  const remember = (image: FetchedImage) => {
    if (image.info) byId.set(image.info.id, image as FetchedImage & { info: ImageInfo });
    return image;
  };
  const running = new Set<Promise<unknown>>();
  let cancelled = false;
  const track = <T>(work: Promise<T>) => {
    running.add(work);
    void work.catch(() => undefined).finally(() => running.delete(work));
    return work;
  };

  const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const infoOf = (hash: string, read: Probe | null): ImageInfo | null =>
    read && {
      id: createHash('sha256').update(`${hash}${encodeKey}`).digest('hex').slice(0, 16),
      width: read.width,
      height: read.height,
      color: read.color,
    };

  /** What the file of `hash` is (once per content per build, from the store when it was read before). */
  const probeOf = (hash: string, bytes: () => Uint8Array, label: string) => {
    let reading = byHash.get(hash);
    if (!reading) {
      reading = (async () => {
        const known = store.probe(hash);
        if (known) return known;
        try {
          const read = await probe(bytes());
          store.putProbe(hash, read);
          return read;
        } catch (error) {
          warn(`image ${label} is not an image the build can read (${errorMessage(error)}); it is published as it is`);
          return null;
        }
      })();
      byHash.set(hash, reading);
    }
    return reading;
  };

  async function fetchOne(url: string): Promise<FetchedImage> {
    const known = store.index.get(url);
    const cached = known && store.hasOriginal(known.hash) ? known : null;
    const absolute = url.startsWith('/') ? `${options.apiOrigin}${url}` : url;
    const answer = await client.getBytesIfChanged(absolute, cached?.validators ?? null, IMAGE_LIMIT);
    let hash: string;
    if (answer) {
      stats.fetched++;
      hash = hashOf(answer.bytes);
      if (!store.hasOriginal(hash)) store.putOriginal(hash, answer.bytes);
      store.remember(url, { hash, validators: answer.validators });
    } else {
      stats.unchanged++;
      hash = cached!.hash;
    }
    const file = store.originalFile(hash);
    const read = await probeOf(hash, () => answer?.bytes ?? readFileSync(file), url);
    return remember({ hash, file, info: infoOf(hash, read) });
  }

  const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  /**
   * The variants of one image at one width (its formats), encoded from one scaled copy and stored: each one's file,
   * the error that kept it from being made, or null when the build was cancelled before it was.
   */
  const encodeWidth = (image: FetchedImage, width: number, variants: readonly Variant[]) =>
    encoding(async (): Promise<(string | Error | null)[]> => {
      if (cancelled) return variants.map(() => null);
      const started = performance.now();
      try {
        const scaled = await scale(readFileSync(image.file), width);
        const made: (string | Error)[] = [];
        for (const variant of variants) {
          try {
            const bytes = await encodeScaled(scaled, variant.format, settings);
            stats.encoded++;
            made.push(store.putVariant(nameOf(variant.url), bytes));
          } catch (error) {
            made.push(asError(error));
          }
        }
        return made;
      } catch (error) {
        return variants.map(() => asError(error));
      } finally {
        stats.encodeMs += performance.now() - started;
      }
    });

  function publishVariants(image: FetchedImage & { info: ImageInfo }, writer: OutputWriter, kept?: KeptOutput): void {
    // The variants to encode, by width: the formats of one width share its scaled copy.
    const missing = new Map<number, Variant[]>();
    for (const variant of variantsOf(image.info, settings)) {
      // A variant is named by its content: the previous output's file of that name is this one.
      if (kept?.has(variant.url)) {
        stats.cached++;
        kept.keep(variant.url);
        continue;
      }
      const ready = store.variant(nameOf(variant.url));
      if (ready) {
        stats.cached++;
        writer.link(ready, variant.url, `image variant ${variant.url}`);
        continue;
      }
      const ofWidth = missing.get(variant.width);
      if (ofWidth) ofWidth.push(variant);
      else missing.set(variant.width, [variant]);
    }
    const failed = (variant: Variant, error: unknown) => {
      stats.failed++;
      warn(`image variant ${variant.url} could not be encoded: ${errorMessage(error)}`);
    };
    for (const [width, variants] of missing)
      track(
        encodeWidth(image, width, variants).then((made) =>
          made.forEach((file, i) => {
            const variant = variants[i]!;
            if (file instanceof Error) return failed(variant, file);
            try {
              if (file && !cancelled) writer.link(file, variant.url, `image variant ${variant.url}`);
            } catch (error) {
              failed(variant, error);
            }
          }),
        ),
      );
  }

  // The identity (device and inode) of each original a kept file was compared with: an incremental build compares
  // thousands of kept media with a few dozen originals (every headshot of a roster is one photo in the demo).
  const originalIds = new Map<string, string | null>();
  /** fromStore's images, by content. */
  const byStoredHash = new Map<string, Promise<FetchedImage | null>>();
  const isOriginal = (file: string, hash: string) => {
    let id = originalIds.get(hash);
    if (id === undefined) originalIds.set(hash, (id = fileId(store.originalFile(hash))));
    return id !== null && fileId(file) === id;
  };

  const service: ImageService = {
    settings,
    fetch(url) {
      let image = byUrl.get(url);
      if (!image) {
        image = track(fetching(() => fetchOne(url)));
        byUrl.set(url, image);
      }
      return image;
    },
    async fromFile(file, url) {
      const known = store.index.get(url);
      if (known && isOriginal(file, known.hash)) {
        const original = store.originalFile(known.hash);
        return {
          hash: known.hash,
          file: original,
          info: infoOf(known.hash, await probeOf(known.hash, () => readFileSync(original), url)),
        };
      }
      const bytes = readFileSync(file);
      const hash = hashOf(bytes);
      if (!store.hasOriginal(hash)) store.putOriginal(hash, bytes);
      return remember({
        hash,
        file: store.originalFile(hash),
        info: infoOf(hash, await probeOf(hash, () => bytes, file)),
      });
    },
    fromStore(hash, url) {
      let image = byStoredHash.get(hash);
      if (!image) {
        const file = store.originalFile(hash);
        image = store.hasOriginal(hash)
          ? probeOf(hash, () => readFileSync(file), url).then((read) =>
              remember({ hash, file, info: infoOf(hash, read) }),
            )
          : Promise.resolve(null);
        byStoredHash.set(hash, image);
      }
      return image;
    },
    async variantFile(name) {
      const id = /^([0-9a-f]{16})-/.exec(name)?.[1];
      const image = id ? byId.get(id) : undefined;
      const variant = image && variantsOf(image.info, settings).find((v) => nameOf(v.url) === name);
      if (!image || !variant) return null;
      return (
        store.variant(name) ??
        track(
          encodeWidth(image, variant.width, [variant]).then(([made]) => {
            if (made instanceof Error) throw made;
            return made ?? null;
          }),
        )
      );
    },
    publish(image, kept) {
      if (!writer) throw new Error('This image service has no output to publish into: it encodes on request.');
      if (!image.info || published.has(image.info.id)) return;
      published.add(image.info.id);
      publishVariants(image as FetchedImage & { info: ImageInfo }, writer, kept);
    },
    async finish() {
      while (running.size) await Promise.allSettled(running);
      store.saveIndex();
      return stats;
    },
    async cancel() {
      cancelled = true;
      while (running.size) await Promise.allSettled(running);
    },
  };
  return service;
}

/**
 * What the pipeline knows of each raster image among `urls`, in their order: null for those it could not fetch
 * (not published: pages leave them out), nothing for those it fetched but cannot read (published as they are).
 * `publish`: put their variants in the service's output too (site dev, which has no media mirror to do it).
 */
export async function imageMap(images: ImageService, urls: string[], publish = false): Promise<ImageMap> {
  const raster = [...new Set(urls.filter(isRaster))];
  const fetched = await Promise.all(raster.map((url) => images.fetch(url).catch(() => null)));
  if (publish) for (const image of fetched) if (image) images.publish(image);
  const map = newImageMap();
  raster.forEach((url, i) => {
    const image = fetched[i];
    if (image === null) map[url] = null;
    else if (image?.info) map[url] = image.info;
  });
  return map;
}

/** A file's identity, its device and inode (two hard links of one file share it); null when it is not there. */
function fileId(file: string): string | null {
  try {
    const { dev, ino } = statSync(file);
    return `${dev}:${ino}`;
  } catch {
    return null;
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
