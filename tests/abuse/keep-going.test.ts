import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildSummary } from '../../src/build/index.ts';
import { createWarmWorkers } from '../../src/build/render/pool.ts';
import { validateConfig } from '../../src/config/index.ts';
import { isPublic } from '../../src/demo/dataset.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import type { FaultOptions } from '../../src/demo/server/faults.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { smallDepartment } from '../helpers/demo.ts';
import { treeDigest } from '../helpers/tree.ts';

const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fieldhouse-keep-going-'));
const logger = createLogger({ level: 'silent' });
const base = join(work, 'base');
let demo: DemoServer;
/** Threads kept warm between this file's builds, as `site webhook` keeps them: each build after the first costs less. */
const threads = createWarmWorkers();

const configFor = (origin: string, fetch: Record<string, unknown> = {}) =>
  validateConfig(
    {
      siteUrl: 'https://www.cedarvalleyhawks.example',
      api: { baseUrl: origin, dashboardUrl: `${origin}/dashboard`, redirectServiceUrl: `${origin}/redirect-service` },
      fetch,
      build: { publicDir: join(root, 'public') },
    },
    'test',
  );

/** A build against the demo CMS with some of its answers broken. */
async function faultyBuild(
  outDir: string,
  faults: FaultOptions,
  fetch: Record<string, unknown> = {},
): Promise<BuildSummary> {
  demo.setFaults(faults);
  try {
    return await buildSite({
      config: configFor(demo.origin, fetch),
      root,
      outDir,
      logger,
      keepGoing: true,
      warm: threads,
    });
  } finally {
    demo.setFaults({});
  }
}

beforeAll(async () => {
  demo = await startDemoServer({ dataset: smallDepartment() });
  const first = await buildSite({ config: configFor(demo.origin), root, outDir: base, logger, warm: threads });
  if (!first.ok) throw new Error(`the base build failed: ${JSON.stringify(first.failed.slice(0, 2))}`);
}, 180_000);

// Several whole sites are removed here: on a busy machine that takes longer than the default minute.
afterAll(async () => {
  await demo?.close();
  await threads.close();
  rmSync(work, { recursive: true, force: true });
}, 180_000);

describe('--keep-going never loses a good page', () => {
  it('builds a page that fails now from the previous build’s data, and says so', async () => {
    const out = join(work, 'kept');
    cpSync(base, out, { recursive: true });
    const players = readdirSync(join(out, 'sports/football/roster/player'));
    // One endpoint answers 500 to everything: every player page fails.
    const summary = await faultyBuild(out, { errorRate: 1, errorStatus: 500, match: '/players/by/slug/' });
    expect(summary.failed).toEqual([]);
    expect(summary.kept.length).toBeGreaterThan(players.length);
    expect(summary.ok).toBe(false);
    expect(summary.kept[0]!.message).toMatch(/answered 500/);
    // The live site still has every football player, re-rendered into this build (its build id, its assets).
    const after = readdirSync(join(out, 'sports/football/roster/player'));
    expect(after.sort()).toEqual(players.sort());
    const html = readFileSync(join(out, 'sports/football/roster/player', players[0]! + '.html'), 'utf8');
    expect(html).toContain(`<meta name="fh-build" content="${summary.buildId}">`);
    expect(html).toContain('<h1');
  }, 240_000);

  it('keeps a page whose answer runs on past fetch.maxJsonMb, read no further and not tried again', async () => {
    const out = join(work, 'runaway');
    cpSync(base, out, { recursive: true });
    const players = readdirSync(join(out, 'sports/football/roster/player'));
    // Every player's answer is a JSON string that never ends (a runaway export); the build reads 1 MB of each.
    const summary = await faultyBuild(out, { runawayRate: 1, match: '/players/by/slug/' }, { maxJsonMb: 1 });
    expect(summary.failed).toEqual([]);
    expect(summary.kept.length).toBeGreaterThan(players.length);
    expect(summary.kept[0]!.message).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/players\/by\/slug\/[^ ]+ sent more than 1\.0 MB, over the 1\.0 MB the build reads of a JSON answer \(fetch\.maxJsonMb in site\.config\.ts\); the rest was not read/,
    );
    expect(summary.apiRetries).toBe(0);
    expect(readdirSync(join(out, 'sports/football/roster/player')).sort()).toEqual(players.sort());
  }, 240_000);

  it('does not replace a site it would leave without a share of its pages', async () => {
    const out = join(work, 'lost');
    cpSync(base, out, { recursive: true });
    // The previous build has no copy of the articles (nor the news lists) to fall back on.
    const articles = smallDepartment().articles.filter(isPublic);
    rmSync(join(out, 'news'), { recursive: true, force: true });
    const before = treeDigest(out);
    const summary = await faultyBuild(out, { errorRate: 1, errorStatus: 500, match: '/articles/by/slug/' });
    expect(articles.length / summary.routes).toBeGreaterThan(0.05);
    expect(summary.ok).toBe(false);
    expect(summary.failed.at(-1)!.message).toMatch(
      /page\(s\) failed with no previous version to keep, more than 5% of the \d+ pages of the site now in the output folder: it was not replaced/,
    );
    expect(treeDigest(out)).toEqual(before);
  }, 240_000);
});

describe('a page that failed on a flaky API', () => {
  it('is tried once more at the end, and built', async () => {
    // Every box score answers 503 twice before it answers: one retry per request is not enough, the second pass is.
    const summary = await faultyBuild(
      join(work, 'second-pass'),
      { failFirst: 2, errorStatus: 503, match: '/boxscores/' },
      { retries: 1 },
    );
    expect(summary.failed).toEqual([]);
    expect(summary.ok).toBe(true);
    const boxScores = smallDepartment().events.filter((e) => e.boxscore_id).length;
    expect(summary.retriedPages).toBe(boxScores);
  }, 240_000);
});
