/**
 * `npm run demo-photos -- [seed]`: draw the demo CMS's whole photo pool (src/demo/photos.ts) cold, as a clean
 * clone's first build does, and print each image's size and weight, the time taken, and whether a second drawing
 * gives the same bytes. Draws into a temporary folder, so the project's .cache/demo-photos is left as it is.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { photoPool } from '../src/demo/photo-pool.ts';
import { POOL_IMAGES } from '../src/demo/photos.ts';
import { DEFAULT_SEED } from '../src/demo/dataset.ts';

const seed = process.argv[2] ?? DEFAULT_SEED;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function drawAll(dir: string) {
  const pool = photoPool({ dir, seed });
  const started = performance.now();
  const files = await Promise.all(POOL_IMAGES.map((image) => pool.file(image)));
  return {
    ms: performance.now() - started,
    digests: files.map((f) => sha256(f.bytes)),
    sizes: files.map((f) => f.bytes.byteLength),
  };
}

const dirs = [await mkdtemp(join(tmpdir(), 'demo-photos-')), await mkdtemp(join(tmpdir(), 'demo-photos-'))];
try {
  const first = await drawAll(dirs[0]!);
  const second = await drawAll(dirs[1]!);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
  for (const [i, image] of POOL_IMAGES.entries()) {
    const bytes = first.sizes[i]!;
    const same = first.digests[i] === second.digests[i] ? 'same' : 'DIFFERENT';
    console.log(
      `${image.id.padEnd(12)} ${`${image.width}×${image.height}`.padEnd(10)} ${mb(bytes).padStart(5)} MB  ${(bytes / (image.width * image.height)).toFixed(2)} B/px  ${same}`,
    );
  }
  const total = first.sizes.reduce((a, b) => a + b, 0);
  console.log(
    `${POOL_IMAGES.length} images, ${mb(total)} MB, drawn cold in ${(first.ms / 1000).toFixed(1)} s (again in ${(second.ms / 1000).toFixed(1)} s), peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
  console.log(
    `pool digest ${sha256(Buffer.from(first.digests.join('\n'))).slice(0, 16)} (seed "${seed}"): compare across machines`,
  );
  if (first.digests.some((d, i) => d !== second.digests[i])) process.exitCode = 1;
} finally {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
