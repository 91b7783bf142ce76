import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCacheDir } from '../../src/build/deps/cache.ts';
import { buildSite } from '../../src/build/index.ts';
import { loadConfig } from '../../src/config/load.ts';
import { DEV_CLIENT_TAG } from '../../src/dev/client.ts';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { startPreview, type Preview } from '../../src/preview/server.ts';
import { freePort } from '../e2e/engines.ts';
import { templatePages } from '../e2e/template-pages.ts';

const root = join(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'fieldhouse-dev-equivalence-'));
let dev: DevServer;
let preview: Preview;
let pages: { template: string; path: string }[];
let ids: { build: string; dev: string };

beforeAll(async () => {
  // One demo port for both: the site data (and so its hashed file name) names the address the browser calls.
  const { config } = await loadConfig({ cwd: root, overrides: { demo: { port: await freePort() } } });
  const logger = createLogger({ level: 'error' });
  const summary = await buildSite({ config, root, outDir: out, logger });
  expect(summary.ok).toBe(true);
  // The built site as hosts serve it (shells rewritten, 404.html), without a demo CMS: dev runs the one on demo.port.
  preview = await startPreview({ outDir: out, port: 0, demo: null });
  dev = await startDevServer({
    config,
    root,
    configFile: null,
    reloadConfig: () => Promise.resolve(config),
    port: 0,
    logger,
  });
  const latest = async (base: string) =>
    ((await (await fetch(`${base}/_site/builds/latest.json`)).json()) as { id: string }).id;
  ids = { build: await latest(preview.url), dev: await latest(dev.url) };
  pages = templatePages(out);
}, 180_000);

afterAll(async () => {
  await dev?.close();
  await preview?.close();
  rmSync(out, { recursive: true, force: true });
  rmSync(buildCacheDir(out), { recursive: true, force: true });
});

/**
 * What `site dev` answers, made comparable with the build: the dev client's tag (dev only) is taken out, once, and
 * dev's build id is replaced by the build's. The build id is a hash over the assets and the edge worker, which dev
 * does not make, so the two differ by design; everything else (asset names, site data file, markup, payload) must
 * be the same bytes.
 */
function normalise(text: string, html: boolean): string {
  let result = text;
  if (html) {
    expect(result.split(DEV_CLIENT_TAG)).toHaveLength(2);
    result = result.replace(DEV_CLIENT_TAG, '');
  }
  return result.replaceAll(ids.dev, ids.build);
}

describe('site dev answers what site build writes', () => {
  it('covers every template', () => {
    expect(pages.length).toBeGreaterThan(20);
  });

  it('gives the same HTML and payload for one page of every template', async () => {
    for (const { template, path } of pages) {
      const [built, served] = await Promise.all([fetch(`${preview.url}${path}`), fetch(`${dev.url}${path}`)]);
      expect(served.status, `${template} ${path}`).toBe(built.status);
      expect(normalise(await served.text(), true), `${template} ${path}`).toBe(await built.text());
      const payloadPath = `${path === '/' ? '' : path}/_payload.json`;
      const builtPayload = await fetch(`${preview.url}${payloadPath}`);
      if (builtPayload.status !== 200) continue; // shells and the 404 page have no payload
      const servedPayload = await fetch(`${dev.url}${payloadPath}`);
      expect(servedPayload.status, `${template} ${payloadPath}`).toBe(200);
      expect(normalise(await servedPayload.text(), false), `${template} ${payloadPath}`).toBe(
        await builtPayload.text(),
      );
    }
  });

  it('serves the assets, the site data and the image variants the pages name', async () => {
    const html = await (await fetch(`${dev.url}/`)).text();
    const urls = [...html.matchAll(/(?:href|src)="(\/_site\/[^"]+)"/g)].map((m) => m[1]!);
    // Each picture's AVIF and WebP sources (the JPEG fallback is its src): the same bytes as the build's.
    const sources = [...html.matchAll(/<source type="image\/(?:avif|webp)" srcSet="(\/_site\/img\/[^" ]+)/gi)];
    expect(sources.length).toBeGreaterThan(1);
    urls.push(...sources.slice(0, 4).map((m) => m[1]!));
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) {
      const [built, served] = await Promise.all([fetch(`${preview.url}${url}`), fetch(`${dev.url}${url}`)]);
      expect(served.status, url).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(await built.arrayBuffer())), url).toBe(true);
    }
  });

  it('applies the URL rules as site preview does', async () => {
    for (const path of ['/News', '/news/', '/Tickets/Season-Tickets.ASPX', '/searchresults.aspx?q=football']) {
      const [built, served] = await Promise.all([
        fetch(`${preview.url}${path}`, { redirect: 'manual' }),
        fetch(`${dev.url}${path}`, { redirect: 'manual' }),
      ]);
      expect(served.status, path).toBe(built.status);
      expect(served.headers.get('location'), path).toBe(built.headers.get('location'));
    }
  });
});
