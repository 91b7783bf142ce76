/**
 * `npm run profile`: builds the demo with V8's CPU profiler on every thread of the build (`node --cpu-prof`: the
 * main thread and each render worker write a .cpuprofile), then says where the CPU went, as a table of
 * categories (issue 21's), with the OS's figure for the whole process beside it: what the profiles do not see
 * (V8's compiler threads, GC helper threads, libuv's pool) is the difference.
 * Usage: npm run profile [-- --scale 1] [--out-root /dev/shm] [--keep] [--top <category>] [--heap] [--cold-images]
 * --out-root puts the build's output (and the profiles) on another filesystem: tmpfs keeps the disk's writeback,
 * which moves from run to run, out of the figures.
 * --keep leaves the profiles (to open in Chrome DevTools); --top lists the functions of one category, by time
 * (`--top main`: the main thread's); --heap also samples what the render threads allocate, the objects their
 * collections freed included (src/util/heap-sampling.ts), and prints it by the same categories: where GC's work
 * comes from.
 * The demo CMS runs in its own process and is profiled too; it stands in for a remote API and is reported apart.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from '../src/build/bundle.ts';
import { HEAP_PROFILE_DIR_ENV } from '../src/util/heap-sampling.ts';
import { benchConfig } from './bench-config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const scale = Number(arg('--scale') ?? 1);
const keep = process.argv.includes('--keep');
const heap = process.argv.includes('--heap');
/** The profiler's sampling interval (V8's default), in µs. */
const SAMPLE_US = 1000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Where a sampled function's time goes: by what V8 says it is, the file it is in, or its module in the bundle. */
function categoryOf(frame: ProfileNode['callFrame'], moduleAt: (line: number) => string): string {
  const { functionName: name, url } = frame;
  if (name === '(garbage collector)') return 'GC (on the JavaScript threads)';
  if (name === '(program)') return 'V8 and Node native (program)';
  if (/node_modules\/zod\//.test(url)) return 'zod';
  if (/node_modules\/react(-dom)?\//.test(url)) return 'React renderToString';
  if (/node_modules\/(undici|p-limit)\//.test(url) || /src\/api\//.test(url) || url.startsWith('wasm://'))
    return 'HTTP client and API';
  if (/node_modules\/(sanitize-html|htmlparser2|parse5|entities)\//.test(url)) return 'rich-text sanitiser';
  // A stream handle's writes: in a render thread, a socket's (undici writes each request's head as a Latin-1 string).
  // The file system's are writeString, writeBuffer and writeFileUtf8.
  if (/^write(Latin1|Utf8|Ascii|Ucs2)String$/.test(name)) return 'HTTP client and API';
  if (
    /^node:fs|^node:internal\/fs/.test(url) ||
    /^(write|open|close|mkdir|rename|stat|read)(Sync)?$|^write(FileUtf8|Buffer|String)$|^openFileHandle$/.test(name)
  )
    return 'file writes';
  if (url === '' && /^(stringify|parse)$/.test(name)) return 'JSON';
  if (name.startsWith('RegExp:')) return 'regular expressions';
  if (url.startsWith('node:') || (url === '' && /^(postMessage|runMicrotasks|createTask)$/.test(name)))
    return 'Node and V8 internals (messages, microtasks, async tasks)';
  const source = url.endsWith('worker.mjs') ? moduleAt(frame.lineNumber) : url;
  if (/src\/api\//.test(source)) return 'HTTP client and API';
  if (/templates\//.test(source)) return 'templates';
  if (/src\/build\/render\/|src\/head\/|src\/rich-text\//.test(source)) return 'document assembly';
  if (/src\/build\/links\.ts|src\/output\/|src\/util\/piece-text\.ts/.test(source))
    return 'links and media in the written page';
  if (/src\/util\/(iso-)?dates|src\/contract\/dates/.test(source)) return 'dates and timezones';
  if (/src\/pages\//.test(source)) return 'page sources';
  if (/src\/search\//.test(source)) return 'search documents';
  if (/src\/build\/deps\//.test(source)) return 'build cache (deps)';
  return 'other JavaScript';
}

/** esbuild marks each module of an unminified bundle with a `// path` comment: line ranges → source path. */
function bundleModules(file: string): (line: number) => string {
  const starts: [number, string][] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, line) => {
      const match = /^\/\/ ((?:src|templates|runtime)\/\S+)$/.exec(text);
      if (match) starts.push([line, match[1]!]);
    });
  return (line) => {
    let found = '';
    for (const [start, path] of starts) {
      if (start > line) break;
      found = path;
    }
    return found;
  };
}

const work = mkdtempSync(join(arg('--out-root') ?? tmpdir(), 'fieldhouse-profile-'));
const profiles = join(work, 'profiles');
const heapProfiles = join(work, 'heap');
if (heap) mkdirSync(heapProfiles);
const out = join(work, 'out');
writeFileSync(
  join(work, 'site.config.ts'),
  benchConfig(scale, { coldImages: process.argv.includes('--cold-images'), dir: work }),
);
process.stderr.write(
  `profile: building the demo at scale ${scale} with --cpu-prof on every thread${heap ? ", and the render threads' allocations sampled (which costs CPU of its own: compare CPU without --heap)" : ''} …\n`,
);
const summary = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-interval=${SAMPLE_US}`,
      `--cpu-prof-dir=${profiles}`,
      join(root, 'bin/site.js'),
      'build',
      '--json',
      '--config',
      join(work, 'site.config.ts'),
      '--out',
      out,
    ],
    {
      cwd: work,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: heap ? { ...process.env, [HEAP_PROFILE_DIR_ENV]: heapProfiles } : process.env,
    },
  ),
) as { ok: boolean; pages: number; cpuMs: number; systemCpuMs: number; wallMs: number };
if (!summary.ok) throw new Error('the profiled build failed');

// CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: the build is the process with several threads.
const files = readdirSync(profiles).filter((f) => f.endsWith('.cpuprofile'));
const byPid = new Map<string, string[]>();
for (const file of files) {
  const pid = file.split('.')[3]!;
  byPid.set(pid, [...(byPid.get(pid) ?? []), file]);
}
const [buildPid] = [...byPid.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
// The build's own worker bundle went with its cache folder: the same bundle, made again, has the same lines.
const again = join(work, 'bundle');
const { workerBundle } = await bundle({ outDir: join(again, 'out'), cacheDir: again });
const moduleAt = bundleModules(workerBundle);

const totals = new Map<string, number>();
const add = (category: string, us: number) => totals.set(category, (totals.get(category) ?? 0) + us);
let sampledUs = 0;
const MAIN_THREAD = 'main thread (planner, pool, finish)';
/** --top <category>: the functions that take the most of one category (`main`: of the main thread). */
const top = arg('--top');
const topFunctions = new Map<string, number>();
let demoUs = 0;
for (const [pid, list] of byPid) {
  for (const file of list) {
    const profile = JSON.parse(readFileSync(join(profiles, file), 'utf8')) as CpuProfile;
    const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const isMain = file.split('.')[4] === '0';
    profile.samples.forEach((id) => {
      const frame = frames.get(id)!;
      // A sample stands for one sampling interval of the thread's running time. The time between samples
      // (timeDeltas) is wall time: on a busy machine a thread waits for a core between samples, so summing it
      // overstates CPU. Counting samples does not.
      const us = SAMPLE_US;
      if (frame.functionName === '(idle)') return;
      if (pid !== buildPid) {
        demoUs += us;
        return;
      }
      sampledUs += us;
      // The main thread plans, feeds the pool and finishes: its time is one row, whatever it ran (its functions are
      // listed with `--top main`).
      const category =
        isMain && frame.functionName !== '(garbage collector)' ? MAIN_THREAD : categoryOf(frame, moduleAt);
      if (top && (category === top || (top === 'main' && category === MAIN_THREAD))) {
        const where = frame.url.endsWith('worker.mjs') ? moduleAt(frame.lineNumber) : frame.url;
        // Native functions have no line (-1).
        const line = frame.lineNumber >= 0 ? `:${frame.lineNumber + 1}` : '';
        const key = `${frame.functionName || '(anonymous)'}  ${where}${line}`;
        topFunctions.set(key, (topFunctions.get(key) ?? 0) + us);
      }
      add(category, us);
    });
  }
}
const processUs = summary.cpuMs * 1000;
// Sampling is not exact: when the samples count more than the OS saw, they are scaled down to it.
if (sampledUs > processUs) for (const [category, us] of totals) totals.set(category, (us * processUs) / sampledUs);
add('outside the JavaScript threads (V8 compiler and GC helpers, libuv)', Math.max(0, processUs - sampledUs));

const ms = (us: number) => Math.round(us / 1000).toLocaleString('en-US');
const rows = [...totals.entries()].sort((a, b) => b[1] - a[1]);
const width = Math.max(...rows.map(([c]) => c.length));
console.log(
  `scale ${scale}: ${summary.pages.toLocaleString('en-US')} pages, wall ${(summary.wallMs / 1000).toFixed(1)} s, CPU ${ms(processUs)} ms (${(summary.cpuMs / summary.pages).toFixed(2)} ms per page; every thread of the build process, from the OS), of which the kernel's ${ms(summary.systemCpuMs * 1000)} ms (system calls: folders and files above all, the part that moves with the disk)\n`,
);
console.log(`${'category'.padEnd(width)}  ${'CPU ms'.padStart(9)}  share`);
for (const [category, us] of rows)
  console.log(`${category.padEnd(width)}  ${ms(us).padStart(9)}  ${((us / processUs) * 100).toFixed(1).padStart(4)}%`);
if (top)
  for (const [name, us] of [...topFunctions].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${ms(us).padStart(7)} ms  ${name}`);
console.log(`\nthe demo CMS's own process (not in the build's figures): ${ms(demoUs)} ms of JavaScript`);
if (heap) printAllocations();
console.log(
  `profiles: ${byPid.get(buildPid)!.length} threads of the build${keep ? ` in ${profiles}` : ' (pass --keep to keep them)'}`,
);
if (!keep) rmSync(work, { recursive: true, force: true });
else rmSync(out, { recursive: true, force: true });

interface HeapNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: HeapNode[];
}

/**
 * --heap: the render threads' sampled allocations by category. A frame of V8's or Node's own (a builtin such as
 * `replace`, Node's internals) counts for the nearest function of ours or a package's that called it; the text the
 * writer encodes has a row of its own (`Buffer.write` flattens a joined string before it encodes it), and the
 * inspector's own allocations are left out.
 */
function printAllocations(): void {
  const ENCODED = 'text encoded for the files (Buffer.write, which flattens a joined string)';
  const bytes = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode, caller: ProfileNode['callFrame'] | null) => {
    const { url, functionName } = node.callFrame;
    if (url.startsWith('node:inspector')) return;
    const own = url !== '' && !url.startsWith('node:');
    const frame = own ? node.callFrame : caller;
    const category =
      url === 'node:buffer' && functionName === 'write'
        ? ENCODED
        : frame
          ? categoryOf(frame, moduleAt)
          : 'Node and V8 internals (messages, microtasks, async tasks)';
    bytes.set(category, (bytes.get(category) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child, frame);
  };
  const threads = readdirSync(heapProfiles).filter((f) => f.endsWith('.heapprofile'));
  for (const file of threads)
    walk((JSON.parse(readFileSync(join(heapProfiles, file), 'utf8')) as { head: HeapNode }).head, null);
  const mb = (n: number) => (n / 1e6).toLocaleString('en-US', { maximumFractionDigits: 0 });
  console.log(
    `\nallocated by the ${threads.length} render threads (sampled, freed objects included): ${mb(total)} MB, ` +
      `${Math.round(total / summary.pages / 1000)} KB a page (${keep ? `profiles in ${heapProfiles}` : 'pass --keep to keep the profiles'})\n`,
  );
  const rows = [...bytes.entries()].sort((a, b) => b[1] - a[1]);
  const width = Math.max(...rows.map(([c]) => c.length));
  console.log(`${'category'.padEnd(width)}  ${'MB'.padStart(7)}  share`);
  for (const [category, n] of rows)
    console.log(`${category.padEnd(width)}  ${mb(n).padStart(7)}  ${((n / total) * 100).toFixed(1).padStart(4)}%`);
}
