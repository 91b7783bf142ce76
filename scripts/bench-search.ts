/**
 * `npm run bench:search -- [site folder]`: what sample searches download from a built site's static index (the
 * figures `npm run bench` prints for each scale), without building: for before/after comparisons of the search.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { measureSearch, searchReport } from './search-bench.ts';

const site = resolve(process.argv[2] ?? 'out');
if (!existsSync(resolve(site, '_site/search/index.json'))) {
  console.error(`${site} has no search index (_site/search/index.json): build the site first, or name its folder.`);
  process.exit(2);
}
console.log(searchReport(await measureSearch(site), site));
