import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { PHOTO_POOL_VERSION, type PoolImage } from './photos.ts';
import { renderPoolImage } from './photo-render.ts';
import { etagOf } from './server/http.ts';
import { errorMessage } from '../errors/error.ts';

export interface PoolFile {
  bytes: Buffer;
  /** A strong ETag: the file's content hash. */
  etag: string;
}

export interface PhotoPool {
  /** The pool image's JPEG: from memory, else from the disk cache, else drawn (once, however many ask at once). */
  file(image: PoolImage): Promise<PoolFile>;
}

export interface PhotoPoolOptions {
  /** The cache folder, or null to keep the drawn files in memory only. */
  dir: string | null;
  /** The seed of the grain: the dataset's. */
  seed: string;
  /** Told when the disk cache cannot be written (the file is still served). */
  warn?: (message: string) => void;
}

/** Pools by cache folder and seed: servers in one process (tests start several) share the files drawn. */
const pools = new Map<string, Map<string, Promise<PoolFile>>>();
/** Drawing takes a core and up to a few hundred MB at 6000×4000: two at a time. */
const drawing = pLimit(2);

export function photoPool(options: PhotoPoolOptions): PhotoPool {
  const folder = options.dir && join(options.dir, cacheKey(options.seed));
  const key = `${folder ?? ''}\0${options.seed}`;
  let files = pools.get(key);
  if (!files) pools.set(key, (files = new Map()));
  const memory = files;
  return {
    file(image) {
      let file = memory.get(image.id);
      if (!file) {
        file = load(image, folder, options).catch((error: unknown) => {
          memory.delete(image.id);
          throw error;
        });
        memory.set(image.id, file);
      }
      return file;
    },
  };
}

/** The cache's subfolder: the generator's version and a hash of the seed, so a change to either draws anew. */
export function cacheKey(seed: string): string {
  return `${PHOTO_POOL_VERSION}-${createHash('sha256').update(seed).digest('hex').slice(0, 12)}`;
}

async function load(image: PoolImage, folder: string | null, options: PhotoPoolOptions): Promise<PoolFile> {
  const path = folder && join(folder, `${image.id}.jpg`);
  const cached = path ? await readFile(path).catch(() => null) : null;
  if (cached) return { bytes: cached, etag: etagOf(cached) };
  const bytes = await drawing(() => renderPoolImage(image, options.seed));
  if (folder && path)
    await keep(folder, path, bytes).catch((error: unknown) =>
      options.warn?.(`demo photo pool: ${image.id} could not be cached in ${folder}: ${errorMessage(error)}`),
    );
  return { bytes, etag: etagOf(bytes) };
}

/** Written beside and renamed into place, so a reader never sees half a file. */
async function keep(folder: string, path: string, bytes: Buffer): Promise<void> {
  await mkdir(folder, { recursive: true });
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}
