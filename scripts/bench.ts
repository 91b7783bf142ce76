/**
 * `npm run bench`: builds the demo at scale 1 and scale 10 against the demo CMS on loopback, each in a fresh
 * process, and prints routes, wall time, pages/s, CPU time and CPU ms per page (all threads of the build process,
 * from the OS; and apart, the kernel's part of it and the user CPU per page: the kernel's moves with the disk's
 * state, see the README), peak RSS (and what held it: each thread's V8 heap, and the rest), API requests and bytes
 * written (table and JSON), then
 * the static search index of each build: its size and the bytes sample queries download.
 * Usage: npm run bench [-- --scales 1,10] [--out-root /dev/shm] [--cold-images]
 * --out-root puts the output on another filesystem (tmpfs measures the builder without the disk).
 * --cold-images encodes every image variant afresh instead of taking them from .cache/images (bench-config.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describePeak, type PeakMemory } from '../src/build/session.ts';
import { benchConfig } from './bench-config.ts';
import { measureSearch, searchReport, type SearchBench } from './search-bench.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const scalesArg = process.argv.indexOf('--scales');
const scales = scalesArg > 0 ? process.argv[scalesArg + 1]!.split(',').map(Number) : [1, 10];
const outRootArg = process.argv.indexOf('--out-root');
const outRoot = outRootArg > 0 ? process.argv[outRootArg + 1]! : tmpdir();
const coldImages = process.argv.includes('--cold-images');

interface Row {
  scale: number;
  routes: number;
  pages: number;
  wallSeconds: number;
  pagesPerSecond: number;
  cpuMsPerPage: number;
  cpuSeconds: number;
  /** Of cpuSeconds, the kernel's part (making folders and files above all: it moves with the disk, the rest not). */
  systemSeconds: number;
  peakRssMb: number;
  /** What held the peak: V8's heap of each thread, and the rest (src/build/session.ts). */
  peakMemory: PeakMemory;
  demoPeakRssMb: number | null;
  apiRequests: number;
  bytesWrittenMb: number;
  stages: Record<string, number>;
  search: SearchBench;
}

const rows: Row[] = [];
for (const scale of scales) {
  const dir = mkdtempSync(join(tmpdir(), `fieldhouse-bench-${scale}-`));
  const out = mkdtempSync(join(outRoot, `fieldhouse-bench-out-${scale}-`));
  try {
    writeFileSync(join(dir, 'site.config.ts'), benchConfig(scale, { coldImages, dir }));
    process.stderr.write(`bench: building the demo at scale ${scale} …\n`);
    const output = execFileSync(
      process.execPath,
      [
        join(root, 'bin/site.js'),
        'build',
        '--json',
        '--config',
        join(dir, 'site.config.ts'),
        '--out',
        join(out, 'site'),
      ],
      {
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const s = JSON.parse(output) as {
      ok: boolean;
      routes: number;
      pages: number;
      wallMs: number;
      pagesPerSecond: number;
      cpuMs: number;
      systemCpuMs: number;
      cpuMsPerPage: number;
      peakRssMb: number;
      peakMemory: PeakMemory;
      demoPeakRssMb: number | null;
      apiRequests: number;
      bytesWritten: number;
      stages: Record<string, number>;
    };
    if (!s.ok) throw new Error(`the scale ${scale} build failed`);
    rows.push({
      scale,
      routes: s.routes,
      pages: s.pages,
      wallSeconds: s.wallMs / 1000,
      pagesPerSecond: s.pagesPerSecond,
      cpuMsPerPage: s.cpuMsPerPage,
      cpuSeconds: s.cpuMs / 1000,
      systemSeconds: s.systemCpuMs / 1000,
      peakRssMb: s.peakRssMb,
      peakMemory: s.peakMemory,
      demoPeakRssMb: s.demoPeakRssMb,
      apiRequests: s.apiRequests,
      bytesWrittenMb: Math.round(s.bytesWritten / 1048576),
      stages: s.stages,
      search: await measureSearch(join(out, 'site')),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}

const header = [
  'scale',
  'routes',
  'pages',
  'wall s',
  'pages/s',
  'CPU s',
  'of it sys s',
  'CPU ms/page',
  'user ms/page',
  'peak RSS MB',
  'demo CMS MB',
  'API requests',
  'written MB',
];
const table = rows.map((r) =>
  [
    r.scale,
    r.routes,
    r.pages,
    r.wallSeconds.toFixed(1),
    r.pagesPerSecond,
    r.cpuSeconds.toFixed(1),
    r.systemSeconds.toFixed(1),
    r.cpuMsPerPage.toFixed(2),
    (((r.cpuSeconds - r.systemSeconds) * 1000) / r.pages).toFixed(2),
    r.peakRssMb,
    r.demoPeakRssMb ?? '-',
    r.apiRequests,
    r.bytesWrittenMb,
  ].map(String),
);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
console.log(line(header));
for (const row of table) console.log(line(row));
console.log('');
for (const r of rows) console.log(`scale ${r.scale}, at the peak: ${describePeak(r.peakMemory)}`);
// glibc's malloc settings change the peak by 30-40 MB at scale 10 and the CPU by a tenth at scale 1 (README,
// Benchmarks, "glibc's mmap threshold" and "glibc's trim threshold"): a run says which it had, so two runs are
// compared as like with like. A fixed mmap threshold fixes the trim threshold too, at 128 KiB unless it is set.
const malloc = {
  mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null,
  trimThreshold: process.env.MALLOC_TRIM_THRESHOLD_ ?? null,
  arenaMax: process.env.MALLOC_ARENA_MAX ?? null,
};
const trimDefault = malloc.mmapThreshold === null ? "glibc's own (rises)" : "glibc's own (128 KiB, fixed)";
console.log(
  `\nglibc malloc: mmap threshold ${malloc.mmapThreshold ?? "glibc's own (rises)"}, trim threshold ${malloc.trimThreshold ?? trimDefault}, arenas ${malloc.arenaMax ?? "glibc's own"}`,
);
for (const r of rows) console.log(`\n${searchReport(r.search, `scale ${r.scale}`)}`);
console.log(
  JSON.stringify(
    {
      machine: { cpus: (await import('node:os')).availableParallelism(), node: process.version, malloc },
      outRoot,
      results: rows,
    },
    null,
    2,
  ),
);
