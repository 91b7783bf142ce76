/**
 * `npm run bench:dev`: how fast `site dev` is on the demo. Start: from launching `site dev` to its "ready" line,
 * in a fresh process each run. Change to page: from saving a template (in a copy of the project, so the repository
 * is never touched) to the first answer of a page that shows the change, with a pause between saves as an author
 * makes (`site dev` readies the next render worker in it). Median and range over `--runs` (3).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '../src/logger/logger.ts';
import { startDevOnCopy } from '../tests/helpers/dev-project.ts';

const repo = join(import.meta.dirname, '..');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt === -1 ? 3 : Number(process.argv[runsAt + 1]);
/** Between two saves: an author looks at the page. */
const PAUSE_MS = 3_000;

/** Launch `site dev` and time it to its ready line; stop it. */
function startTime(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(repo, 'bin/site.js'), 'dev', '--port', '0'], {
      cwd: repo,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    let ready: number | null = null;
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (ready !== null || !/\[dev\] ready in/.test(log)) return;
      ready = performance.now() - started;
      child.kill('SIGINT');
    });
    child.once('exit', (code) =>
      ready === null ? reject(new Error(`site dev exited (${code}) before it was ready:\n${log}`)) : resolve(ready),
    );
  });
}

/** Save a template in a copy of the project and time until a page answers with the change. */
async function changeToPage(): Promise<number[]> {
  const { dev, project, close } = await startDevOnCopy(createLogger({ level: 'error' }));
  const footer = join(project, 'templates/layout/Footer.tsx');
  const original = readFileSync(footer, 'utf8');
  const times: number[] = [];
  try {
    await fetch(`${dev.url}/news`).then((r) => r.text());
    for (let run = 0; run < runs; run++) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const mark = `Bench change ${run}.`;
      const saved = performance.now();
      writeFileSync(footer, original.replace('<p className="copyright">', `<p className="copyright">${mark} `));
      for (;;) {
        const html = await (await fetch(`${dev.url}/news`)).text();
        if (html.includes(mark)) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      times.push(performance.now() - saved);
    }
  } finally {
    await close();
  }
  return times;
}

const summary = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  process.stdout.write(
    `${label.padEnd(16)} median ${Math.round(median)} ms, range ${Math.round(sorted[0]!)}–${Math.round(sorted.at(-1)!)} ms (${values.map(Math.round).join(', ')})\n`,
  );
};

const starts: number[] = [];
for (let run = 0; run < runs; run++) starts.push(await startTime());
summary('start to ready', starts);
summary('change to page', await changeToPage());
