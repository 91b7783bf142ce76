/**
 * The site.config.ts that `npm run bench` and `npm run profile` build the demo with. Image variants come from
 * Fieldhouse's own image cache (.cache/images, as `site build` of the demo uses it), so the figures are the
 * builder's, as a second build or a CI run with its cache restored sees them; the first run on a machine fills
 * the cache. `coldImages` gives the build a cache of its own, empty: every photo is encoded at every width and
 * format (sharp's threads; about 100 s of CPU at scale 1), which is what a first build of a site costs.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function benchConfig(scale: number, options: { coldImages: boolean; dir: string }): string {
  const cacheDir = options.coldImages ? join(options.dir, 'images') : join(root, '.cache/images');
  return `export default {
  siteUrl: 'https://www.cedarvalleyhawks.example',
  demo: { scale: ${scale} },
  images: { cacheDir: ${JSON.stringify(cacheDir)} },
};
`;
}
