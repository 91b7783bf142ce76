/**
 * The incremental build is proven against the full build: random edits are made to the demo CMS through its write
 * API, the site is built incrementally from the CMS's change feed, and every file must be the same, byte for byte
 * (the build id included: it is a hash of the content), as a full build of the same content. The edits are drawn
 * from a seed that changes every run and is printed; FH_INCREMENTAL_SEED=<seed> repeats a run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedRecords } from '../../src/build/deps/cache.ts';
import { buildSite, type BuildSummary } from '../../src/build/index.ts';
import { validateConfig } from '../../src/config/index.ts';
import { DEMO_EDIT_TOKEN } from '../../src/demo/cms/cms.ts';
import { generateDataset, isPublic } from '../../src/demo/dataset.ts';
import { createRandom, type Random } from '../../src/demo/random.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { treeDigest } from '../helpers/tree.ts';

const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fieldhouse-incremental-'));
const logger = createLogger({ level: 'silent' });
const EPOCH = '1795305600';
const seed = process.env.FH_INCREMENTAL_SEED ?? String(Date.now());
let demo: DemoServer;

type Edit = { what: string; method: string; path: string; body?: unknown };

/** One editor's change, drawn at random from what happens on game day. */
function drawEdit(random: Random, demo: DemoServer): Edit {
  const d = demo.dataset;
  const published = d.articles.filter(isPublic);
  const kinds: (() => Edit)[] = [
    () => {
      const a = random.pick(published);
      return {
        what: `retitle article ${a.id}`,
        method: 'PATCH',
        path: `/articles/${a.id}`,
        body: { title: `${a.title} (updated)` },
      };
    },
    () => {
      const a = random.pick(published);
      return {
        what: `rewrite article ${a.id}`,
        method: 'PATCH',
        path: `/articles/${a.id}`,
        body: { body: '<p>Corrected.</p>' },
      };
    },
    () => {
      const a = random.pick(published);
      return { what: `unpublish article ${a.id}`, method: 'POST', path: `/articles/${a.id}/unpublish` };
    },
    () => {
      const draft = d.articles.find((a) => a.status === 'draft' && a.visibility === 'public');
      const a = draft ?? random.pick(published);
      return { what: `publish article ${a.id}`, method: 'POST', path: `/articles/${a.id}/publish` };
    },
    () => {
      const sport = random.pick(d.sports.filter((s) => s.slug !== 'mens-tennis'));
      return {
        what: `create article in ${sport.slug}`,
        method: 'POST',
        path: '/articles',
        body: {
          title: `Breaking ${random.int(1, 1e6)}`,
          summary: 'Late news.',
          body: '<p>Late news.</p>',
          date: '2026-11-14T20:00:00Z',
          sport_id: sport.id,
          status: 'published',
        },
      };
    },
    () => {
      const e = random.pick(d.events.filter((ev) => ev.opponent && ev.date < '2026-11-15'));
      const us = random.int(0, 9);
      const them = random.int(0, 9);
      return {
        what: `result of event ${e.id}`,
        method: 'PATCH',
        path: `/events/${e.id}`,
        body: {
          result: {
            status: 'final',
            team_score: us,
            opponent_score: them,
            outcome: us > them ? 'W' : us < them ? 'L' : 'T',
          },
        },
      };
    },
    () => {
      const p = random.pick(d.players);
      return {
        what: `bio of player ${p.id}`,
        method: 'PATCH',
        path: `/players/${p.id}`,
        body: { bio: '<p>Named captain.</p>' },
      };
    },
    () => {
      const g = random.pick(d.galleries.filter((x) => isPublic(x.summary))).summary;
      return {
        what: `retitle gallery ${g.id}`,
        method: 'PATCH',
        path: `/galleries/${g.id}`,
        body: { title: `${g.title} (more photos)` },
      };
    },
    () => {
      const g = random.pick(d.galleries.filter((x) => isPublic(x.summary))).summary;
      return { what: `unpublish gallery ${g.id}`, method: 'POST', path: `/galleries/${g.id}/unpublish` };
    },
  ];
  return random.pick(kinds)();
}

async function apply(edit: Edit): Promise<void> {
  const res = await fetch(`${demo.origin}${demo.apiPrefix}${edit.path}`, {
    method: edit.method,
    headers: { authorization: `Bearer ${DEMO_EDIT_TOKEN}`, 'content-type': 'application/json' },
    body: edit.body === undefined ? undefined : JSON.stringify(edit.body),
  });
  if (!res.ok) throw new Error(`${edit.what}: the CMS answered ${res.status} ${await res.text()}`);
}

const config = () =>
  validateConfig(
    {
      siteUrl: 'https://www.cedarvalleyhawks.example',
      api: {
        baseUrl: demo.origin,
        dashboardUrl: `${demo.origin}/dashboard`,
        redirectServiceUrl: `${demo.origin}/redirect-service`,
      },
      fetch: { concurrency: 32 },
      build: { publicDir: join(root, 'public') },
    },
    'test',
  );

describe('the incremental build (issue 19)', () => {
  beforeAll(async () => {
    process.env.SOURCE_DATE_EPOCH = EPOCH;
    demo = await startDemoServer({ dataset: generateDataset() });
  });
  afterAll(async () => {
    delete process.env.SOURCE_DATE_EPOCH;
    await demo.close();
    rmSync(work, { recursive: true, force: true });
  });

  it(`writes the same site as a full build after random edits (seed ${seed})`, { timeout: 600_000 }, async () => {
    const site = join(work, 'site');
    const first = await buildSite({ config: config(), root, outDir: site, logger });
    expect(first.ok).toBe(true);

    const random = createRandom(seed);
    const edits = Array.from({ length: 6 }, () => drawEdit(random, demo));
    for (const edit of edits) await apply(edit);
    const changes = demo.cms.log.since(0, 100);
    expect(changes).toHaveLength(edits.length);

    const incremental: BuildSummary = await buildSite({
      config: config(),
      root,
      outDir: site,
      logger,
      changes: changedRecords(changes),
    });
    const full = await buildSite({ config: config(), root, outDir: join(work, 'full'), logger });
    const story = `seed ${seed}: ${edits.map((e) => e.what).join('; ')}`;
    expect(incremental.ok, story).toBe(true);
    expect(incremental.incremental, story).toMatchObject({ reused: expect.any(Number) });
    expect((incremental.incremental as { reused: number }).reused, story).toBeGreaterThan(first.pages / 2);

    const a = treeDigest(site);
    const b = treeDigest(join(work, 'full'));
    const differing = [...new Set([...a.keys(), ...b.keys()])].filter((file) => a.get(file) !== b.get(file)).sort();
    expect(differing.slice(0, 20), story).toEqual([]);
    expect(incremental.buildId, story).toBe(full.buildId);
    expect(incremental.buildId).not.toBe(first.buildId);
  });
});
