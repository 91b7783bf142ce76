/**
 * `npm run bench:incremental`: what an editor's change costs. Starts the demo CMS (editable) at each scale, makes a
 * full build, then makes four changes through the CMS's write API, each followed by an incremental build with the
 * changes from the CMS's change feed:
 *   (a) an article's title edited, (b) an article published, (c) a game's result entered, (d) a site setting
 *   changed (which touches every page: a full build).
 * For each: wall time, CPU (every thread of the build process), pages loaded from the API, pages built from their
 * previous data, and bytes written, beside the full build of the same run.
 * Usage: npm run bench:incremental [-- --scales 1,10]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { changedRecords } from '../src/build/deps/cache.ts';
import { buildSite, type BuildSummary } from '../src/build/index.ts';
import { validateConfig } from '../src/config/index.ts';
import { DEMO_EDIT_TOKEN } from '../src/demo/cms/cms.ts';
import { generateDataset, isPublic } from '../src/demo/dataset.ts';
import { startDemoServer, type DemoServer } from '../src/demo/server/server.ts';
import { createLogger } from '../src/logger/logger.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const scalesArg = process.argv.indexOf('--scales');
const scales = scalesArg > 0 ? process.argv[scalesArg + 1]!.split(',').map(Number) : [1];
const logger = createLogger({ level: 'error' });

interface Row {
  scale: number;
  case: string;
  wallSeconds: number;
  cpuSeconds: number;
  pagesLoaded: number;
  pagesReused: number;
  writtenMb: number;
  note: string;
}

async function write(demo: DemoServer, method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${demo.origin}${demo.apiPrefix}${path}`, {
    method,
    headers: { authorization: `Bearer ${DEMO_EDIT_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
}

function row(scale: number, name: string, s: BuildSummary): Row {
  if (!s.ok) throw new Error(`${name} at scale ${scale} failed: ${s.failed[0]?.message}`);
  const inc = s.incremental;
  const reused = inc && 'reused' in inc ? inc.reused : 0;
  return {
    scale,
    case: name,
    wallSeconds: s.wallMs / 1000,
    cpuSeconds: s.cpuMs / 1000,
    pagesLoaded: s.pages - reused,
    pagesReused: reused,
    writtenMb: s.bytesWritten / 1048576,
    note: !inc ? 'full build' : 'full' in inc ? `full: ${inc.full}` : `${inc.touched} pages touched`,
  };
}

const rows: Row[] = [];
for (const scale of scales) {
  const work = mkdtempSync(join(tmpdir(), `fieldhouse-bench-incremental-${scale}-`));
  process.stderr.write(`bench:incremental: scale ${scale}: generating the demo …\n`);
  const demo = await startDemoServer({ dataset: generateDataset({ scale }) });
  try {
    const config = validateConfig(
      {
        siteUrl: 'https://www.cedarvalleyhawks.example',
        api: {
          baseUrl: demo.origin,
          dashboardUrl: `${demo.origin}/dashboard`,
          redirectServiceUrl: `${demo.origin}/redirect-service`,
        },
        build: { publicDir: join(root, 'public') },
      },
      'bench',
    );
    const outDir = join(work, 'site');
    const build = (name: string, changes?: Parameters<typeof changedRecords>[0]) => {
      process.stderr.write(`bench:incremental: scale ${scale}: ${name} …\n`);
      return buildSite({ config, root, outDir, logger, changes: changes && changedRecords(changes) }).then((s) =>
        rows.push(row(scale, name, s)),
      );
    };
    await build('full build');
    let seq = 0;
    const since = () => {
      const changes = demo.cms.log.since(seq, 1000);
      seq = demo.cms.log.latest;
      return changes;
    };
    const d = demo.dataset;
    const article = d.articles.findLast(isPublic)!;
    await write(demo, 'PATCH', `/articles/${article.id}`, { title: `${article.title}, updated` });
    await build('(a) article edited', since());
    await write(demo, 'POST', '/articles', {
      title: 'Hawks Announce Spring Schedule',
      summary: 'The full slate.',
      body: '<p>The full slate.</p>',
      date: `${d.asOf}T12:00:00Z`,
      sport_id: 1,
      status: 'published',
    });
    await build('(b) article published', since());
    const game = d.events.findLast((e) => e.opponent && e.date.slice(0, 10) <= d.asOf)!;
    await write(demo, 'PATCH', `/events/${game.id}`, {
      result: { status: 'final', team_score: 4, opponent_score: 2, outcome: 'W' },
    });
    await build('(c) game result', since());
    await write(demo, 'PATCH', '/website-config', { copyright_text: '© Cedar Valley University Athletics' });
    await build('(d) site setting', since());
  } finally {
    await demo.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const header = ['scale', 'case', 'wall s', 'CPU s', 'loaded', 'reused', 'written MB', 'vs full (wall)', 'note'];
const fullOf = (scale: number) => rows.find((r) => r.scale === scale && r.case === 'full build')!;
const table = rows.map((r) => [
  String(r.scale),
  r.case,
  r.wallSeconds.toFixed(1),
  r.cpuSeconds.toFixed(1),
  r.pagesLoaded.toLocaleString('en-US'),
  r.pagesReused.toLocaleString('en-US'),
  r.writtenMb.toFixed(0),
  `${((r.wallSeconds / fullOf(r.scale).wallSeconds) * 100).toFixed(0)}%`,
  r.note,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 1 || i === 8 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(line(header));
for (const cells of table) console.log(line(cells));
console.log(
  JSON.stringify(
    { machine: { cpus: (await import('node:os')).availableParallelism(), node: process.version }, results: rows },
    null,
    2,
  ),
);
