/** `site check-api` on a CMS with the faults real adapters have: it names each endpoint, field and outcome. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkApi, locate, type CheckReport } from '../src/check/index.ts';
import { validateConfig } from '../src/config/index.ts';
import { generateDataset } from '../src/demo/dataset.ts';
import { startDemoServer, type DemoServer } from '../src/demo/server/server.ts';
import { createLogger } from '../src/logger/logger.ts';

const root = join(import.meta.dirname, '..');
let demo: DemoServer;
let report: CheckReport;
let oldest: string;

beforeAll(async () => {
  const dataset = generateDataset();
  oldest = dataset.seasons[0]!.slug;
  // A roster with a nameless player, a schedule with an unreadable date, and a seasons list that claims the oldest
  // football season has a schedule (the API then answers 404 for it).
  const roster = dataset.rosters.find((r) => r.sport_id === 2 && r.season.id === dataset.seasons.at(-1)!.id)!;
  roster.players[0]!.full_name = '';
  const schedule = dataset.schedules.find((s) => s.sport_id === 3 && s.season.id === dataset.seasons.at(-1)!.id)!;
  schedule.events[0]!.date = 'next Saturday';
  const seasonsOf = dataset.seasonsOf.bind(dataset);
  dataset.seasonsOf = (id) => seasonsOf(id)?.map((s, i) => (id === 1 && i === 0 ? { ...s, has_schedule: true } : s));
  // Leaky: drafts and private records come through, as from a careless adapter.
  demo = await startDemoServer({ dataset, leaky: true });
  const config = validateConfig(
    {
      siteUrl: 'https://www.cedarvalleyhawks.example',
      api: {
        baseUrl: demo.origin,
        dashboardUrl: `${demo.origin}/dashboard`,
        redirectServiceUrl: `${demo.origin}/redirect-service`,
      },
    },
    'test',
  );
  report = await checkApi({ config, root, logger: createLogger({ level: 'silent' }) });
}, 240_000);

afterAll(async () => {
  await demo?.close();
});

const find = (endpoint: string, field: string) =>
  report.findings.filter((f) => f.endpoint === endpoint && f.field === field);

describe('site check-api', () => {
  it('reads every page the build would, without rendering', () => {
    expect(report.pages).toBeGreaterThan(10_000);
    expect(report.requests).toBeGreaterThan(report.pages / 2);
  });

  it('names the record and field of each record left out, grouped by endpoint and field', () => {
    const player = find('GET /api/v1/rosters', 'full_name');
    expect(player).toHaveLength(1);
    expect(player[0]).toMatchObject({ outcome: 'normalised or left out' });
    expect(player[0]!.examples[0]).toMatch(/roster player \d+ \(slug "[^"]+"\) left out: field full_name/);
    const event = find('GET /api/v1/schedules', 'date');
    expect(event[0]!.examples[0]).toMatch(/event \d+ left out: field date: expected an ISO 8601 date/);
  });

  it('says what is left out for not being public', () => {
    const drafts = report.findings.filter((f) => f.examples.some((e) => /left out: status "draft"/.test(e)));
    expect(drafts.length).toBeGreaterThan(0);
  });

  it('names the page a 404 skips, and the call', () => {
    const skipped = report.findings.filter((f) => f.outcome === 'page skipped');
    const example = skipped.flatMap((f) => f.examples).find((e) => e.includes(`/schedule/season/${oldest}`));
    expect(example).toMatch(/no \S+ schedule: GET \S+\/api\/v1\/schedules\?\S+ answered 404/);
  });

  it('finds the endpoint and field in the forms the client and boundary write', () => {
    expect(locate('GET /api/v1/sports/12/seasons: season 3, field has_stats: x')).toEqual({
      endpoint: 'GET /api/v1/sports/{id}/seasons',
      field: 'has_stats',
    });
    expect(
      locate(
        'GET http://127.0.0.1:9/api/v1/articles?page=2 returned an invalid record data[3] (id 4): at data[3].date: y',
      ),
    ).toEqual({ endpoint: 'GET /api/v1/articles', field: 'date' });
  });
});
