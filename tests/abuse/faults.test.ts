import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildSummary } from '../../src/build/index.ts';
import { validateConfig, type SiteConfig } from '../../src/config/index.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.ts';
import { smallDepartment } from '../helpers/demo.ts';
import { treeDigest } from '../helpers/tree.ts';

const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fieldhouse-faults-'));
const logger = createLogger({ level: 'silent' });
const EPOCH = '1795305600';
const FAULT_RATE = 0.1;
let demo: DemoServer;
let proxy: FaultProxy;
let config: SiteConfig;
let clean: BuildSummary;
let faulty: BuildSummary;

beforeAll(async () => {
  process.env.SOURCE_DATE_EPOCH = EPOCH;
  demo = await startDemoServer({ dataset: smallDepartment() });
  // The same proxy (so the same API address in the output) for both builds: clean, then at a 10% fault rate.
  proxy = await startFaultProxy({ target: demo.origin, seed: 'faults-test' });
  // Default fetch settings: retries, budget and second pass as a user gets them.
  config = validateConfig(
    {
      siteUrl: 'https://www.cedarvalleyhawks.example',
      api: {
        baseUrl: proxy.origin,
        dashboardUrl: `${proxy.origin}/dashboard`,
        redirectServiceUrl: `${proxy.origin}/redirect-service`,
      },
      build: { publicDir: join(root, 'public') },
    },
    'test',
  );
  clean = await buildSite({ config, root, outDir: join(work, 'clean'), logger });
  proxy.setRate(FAULT_RATE);
  faulty = await buildSite({ config, root, outDir: join(work, 'faulty'), logger });
}, 420_000);

afterAll(async () => {
  delete process.env.SOURCE_DATE_EPOCH;
  await proxy?.close();
  await demo?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a build through a network that loses 10% of its answers', () => {
  it('injected faults of every kind', () => {
    expect(clean.ok).toBe(true);
    const { injected, byKind, requests } = proxy.stats;
    expect(injected / requests).toBeGreaterThan(0.05);
    for (const [kind, count] of Object.entries(byKind)) expect(count, kind).toBeGreaterThan(50);
  });

  it('survives them with the default settings, retries counted in the summary', () => {
    expect(faulty.failed).toEqual([]);
    expect(faulty.ok).toBe(true);
    expect(faulty.apiRetries).toBeGreaterThan(proxy.stats.injected * 0.8);
  });

  it('writes the same site, byte for byte, as the build without faults', () => {
    expect(faulty.buildId).toBe(clean.buildId);
    const a = treeDigest(join(work, 'clean'));
    const b = treeDigest(join(work, 'faulty'));
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    expect([...a].filter(([file, digest]) => b.get(file) !== digest).map(([file]) => file)).toEqual([]);
    // Two outputs of 5,300 pages read and hashed: well past the default 30 s on a busy 2-core machine.
  }, 180_000);
});
