/**
 * `npm run bench:incremental`: what an editor's change costs. Starts the demo CMS (editable) at each scale, in its own
 * process as a remote CMS would run (its work is not the build's), makes a full build, then makes four changes
 * through the CMS's write API, each followed by an incremental build with the changes from the CMS's change feed:
 *   (a) an article's title edited, (b) an article published, (c) a game's result entered, (d) a site setting
 *   changed (which touches every page: a full build).
 * For each: wall time, CPU (every thread of the build process), pages loaded from the API, pages kept from the
 * previous output, the files the build wrote (counted in the output afterwards: files modified since the build
 * started; a page kept by a hard link keeps its old time) and their bytes, and the stages, beside the full build of
 * the same run.
 * The builds run in this one process, one after the other, as `site webhook` runs them: their render threads and
 * the search index's are kept warm from one build to the next (render/pool.ts, createWarmWorkers). `--cold` starts
 * fresh threads for every build, as a `site build --changed` in a process of its own (a CI job) does.
 * `--repeat N` then makes (a), (b) and (c) N times more each, in turn (each (b) another story), and prints each
 * build's wall time, CPU and stages, and the memory pages new to the process that it touched (minor page faults: on
 * the 2-core VM each costs about 14 µs of CPU to map and zero, a quarter of an article edit's CPU at scale 10). The
 * first builds after a full build run on threads that are not warm yet; a repeated build is what `site webhook`
 * gives its editors all day.
 * Usage: npm run bench:incremental [-- --scales 1,10] [--cold] [--repeat N]
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { changedRecords } from '../src/build/deps/touch.ts';
import { buildSite, type BuildSummary } from '../src/build/index.ts';
import { createWarmWorkers } from '../src/build/render/pool.ts';
import { validateConfig } from '../src/config/index.ts';
import { DEMO_EDIT_TOKEN } from '../src/demo/cms/cms.ts';
import { generateDataset, isPublic } from '../src/demo/dataset.ts';
import { startDemoProcess, type DemoHandle } from '../src/demo/server/process.ts';
import { createLogger } from '../src/logger/logger.ts';
import { ChangeFeedPage } from '../src/webhooks/change.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const scalesArg = process.argv.indexOf('--scales');
const scales = scalesArg > 0 ? process.argv[scalesArg + 1]!.split(',').map(Number) : [1];
const logger = createLogger({ level: 'error' });
const cold = process.argv.includes('--cold');
const repeatArg = process.argv.indexOf('--repeat');
const repeat = repeatArg > 0 ? Number(process.argv[repeatArg + 1]) : 0;
if (!Number.isInteger(repeat) || repeat < 0) throw new Error('--repeat takes a whole number of builds');

interface Row {
  scale: number;
  case: string;
  wallSeconds: number;
  cpuSeconds: number;
  /** Of cpuSeconds, the kernel's part (making folders and files above all: it moves with the disk). */
  systemSeconds: number;
  pagesLoaded: number;
  pagesReused: number;
  /** Files in the output modified since the build started (so written by it), of all its files. */
  filesWritten: number;
  files: number;
  writtenMb: number;
  stages: Record<string, number>;
  /** Memory pages new to the process that the build touched (minor page faults, every thread). */
  freshPages: number;
  note: string;
}

/** Files under `dir`, and how many of them were modified at or after `since` (ms since the epoch). */
function countFiles(dir: string, since: number): { files: number; written: number } {
  let files = 0;
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    if (statSync(join(entry.parentPath, entry.name)).mtimeMs >= since) written++;
  }
  return { files, written };
}

async function write(demo: DemoHandle, method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${demo.origin}${demo.apiPrefix}${path}`, {
    method,
    headers: { authorization: `Bearer ${DEMO_EDIT_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
}

function row(
  scale: number,
  name: string,
  s: BuildSummary,
  counted: { files: number; written: number },
  freshPages: number,
): Row {
  if (!s.ok) throw new Error(`${name} at scale ${scale} failed: ${s.failed[0]?.message}`);
  const inc = s.incremental;
  const reused = inc && 'reused' in inc ? inc.reused : 0;
  return {
    scale,
    case: name,
    wallSeconds: s.wallMs / 1000,
    cpuSeconds: s.cpuMs / 1000,
    systemSeconds: s.systemCpuMs / 1000,
    pagesLoaded: s.pages - reused,
    pagesReused: reused,
    filesWritten: counted.written,
    files: counted.files,
    writtenMb: s.bytesWritten / 1048576,
    stages: s.stages,
    freshPages,
    note: !inc ? 'full build' : 'full' in inc ? `full: ${inc.full}` : `${inc.touched} pages touched`,
  };
}

/**
 * The records the changes are made to, from the department the CMS generated (the same seed and scale). Only they are
 * kept: the dataset (hundreds of MB at scale 10) would weigh on every collection of the build's main thread.
 */
function recordsToChange(scale: number) {
  const d = generateDataset({ scale });
  const article = d.articles.findLast(isPublic)!;
  const game = d.events.findLast((e) => e.opponent && e.date.slice(0, 10) <= d.asOf)!;
  return { asOf: d.asOf, article: { id: article.id, title: article.title }, game: { id: game.id } };
}

const rows: Row[] = [];
for (const scale of scales) {
  const work = mkdtempSync(join(tmpdir(), `fieldhouse-bench-incremental-${scale}-`));
  process.stderr.write(`bench:incremental: scale ${scale}: starting the demo CMS …\n`);
  // Bundled into the project's cache folder, where it finds its packages.
  const demo = await startDemoProcess({ scale, port: 0, cacheDir: join(root, '.cache', 'demo-process') });
  const d = recordsToChange(scale);
  const warm = cold ? undefined : createWarmWorkers();
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
    const build = async (name: string, changes?: Parameters<typeof changedRecords>[0]) => {
      process.stderr.write(`bench:incremental: scale ${scale}: ${name} …\n`);
      // File times have a coarser grain than the clock on some file systems: a second of margin, and a pause
      // first, so the files the build before wrote in its last second are not counted as this one's.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const started = Date.now() - 1000;
      const faults = process.resourceUsage().minorPageFault;
      const s = await buildSite({ config, root, outDir, logger, changes: changes && changedRecords(changes), warm });
      rows.push(row(scale, name, s, countFiles(outDir, started), process.resourceUsage().minorPageFault - faults));
    };
    await build('full build');
    let seq = 0;
    // The changes since the last build, from the CMS's change feed.
    const since = async () => {
      const answer = await fetch(`${demo.origin}${demo.apiPrefix}/changes?since=${seq}&limit=1000`);
      const page = ChangeFeedPage.parse(await answer.json());
      seq = page.meta.latest;
      return page.data;
    };
    const { article, game } = d;
    const editArticle = (n: number) =>
      write(demo, 'PATCH', `/articles/${article.id}`, { title: `${article.title}, updated${n ? ` (${n})` : ''}` });
    const enterResult = (n: number) =>
      write(demo, 'PATCH', `/events/${game.id}`, {
        result: { status: 'final', team_score: 4 + n, opponent_score: 2, outcome: 'W' },
      });
    await editArticle(0);
    await build('(a) article edited', await since());
    const publish = (n: number) =>
      write(demo, 'POST', '/articles', {
        title: `Hawks Announce Spring Schedule${n ? ` (${n})` : ''}`,
        summary: 'The full slate.',
        body: '<p>The full slate.</p>',
        date: `${d.asOf}T12:00:00Z`,
        sport_id: 1,
        status: 'published',
      });
    await publish(0);
    await build('(b) article published', await since());
    await enterResult(0);
    await build('(c) game result', await since());
    for (let n = 1; n <= repeat; n++) {
      await editArticle(n);
      await build(`(a) again, ${n}`, await since());
      await publish(n);
      await build(`(b) again, ${n}`, await since());
      await enterResult(n);
      await build(`(c) again, ${n}`, await since());
    }
    await write(demo, 'PATCH', '/website-config', { copyright_text: '© Cedar Valley University Athletics' });
    await build('(d) site setting', await since());
  } finally {
    // A failed case ends the warm threads too, before the CMS they would ask.
    await warm?.close();
    await demo.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const header = [
  'scale',
  'case',
  'wall s',
  'CPU s',
  'of it sys s',
  'loaded',
  'kept',
  'files written',
  'MB written',
  'fresh pages',
  'vs full (wall)',
  'note',
];
const fullOf = (scale: number) => rows.find((r) => r.scale === scale && r.case === 'full build')!;
const table = rows.map((r) => [
  String(r.scale),
  r.case,
  r.wallSeconds.toFixed(2),
  r.cpuSeconds.toFixed(2),
  r.systemSeconds.toFixed(2),
  r.pagesLoaded.toLocaleString('en-US'),
  r.pagesReused.toLocaleString('en-US'),
  `${r.filesWritten.toLocaleString('en-US')} of ${r.files.toLocaleString('en-US')}`,
  r.writtenMb.toFixed(1),
  r.freshPages.toLocaleString('en-US'),
  `${((r.wallSeconds / fullOf(r.scale).wallSeconds) * 100).toFixed(0)}%`,
  r.note,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 1 || i === header.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(line(header));
for (const cells of table) console.log(line(cells));
console.log('\nstages (s):');
for (const r of rows)
  console.log(
    `  ${r.scale} ${r.case.padEnd(22)} ${Object.entries(r.stages)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(2)}`)
      .join(', ')}`,
  );
console.log(
  JSON.stringify(
    {
      machine: { cpus: (await import('node:os')).availableParallelism(), node: process.version },
      renderThreads: cold ? 'fresh for every build' : 'kept warm between builds',
      results: rows,
    },
    null,
    2,
  ),
);
