import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The hosts' own software, started on loopback for a test: Debian's nginx with the include the build writes, and
 * Cloudflare's `wrangler pages dev` (workerd, Pages' asset server and rule parser, offline from the npm package).
 * Each runs in a folder of its own under the system's temp folder and is stopped by `close`.
 */
export interface Engine {
  name: string;
  origin: string;
  /** What the engine printed (wrangler names the `_redirects` lines it rejects). */
  output(): string;
  close(): Promise<void>;
}

const NGINX = '/usr/sbin/nginx';
/** The newest date the pinned wrangler's workerd knows (a newer one refuses to start). */
export const WRANGLER_COMPATIBILITY_DATE = '2026-04-01';

export const nginxAvailable = () => existsSync(NGINX);

/** A port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(origin: string, child: ChildProcess, log: () => string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before it served:\n${log()}`);
    try {
      await fetch(`${origin}/`, { redirect: 'manual', signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`did not answer at ${origin} within ${ms} ms:\n${log()}`);
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

function capture(child: ChildProcess): () => string {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

/** An engine once it answers on `port`; if it does not within `ms`, it is stopped and the error shows its output. */
async function running(
  name: string,
  child: ChildProcess,
  port: number,
  dir: string,
  ms: number,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<Engine> {
  const output = capture(child);
  const origin = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stop(child, signal);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(origin, child, output, ms);
  } catch (error) {
    await close();
    throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
  }
  return { name, origin, output, close };
}

/** Debian's nginx serving `outDir` with `_site/nginx.conf` included in its server block, as the README says. */
export async function startNginx(outDir: string): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-nginx-'));
  const port = await freePort();
  mkdirSync(join(dir, 'temp'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `${name}_temp_path ${join(dir, 'temp', name)};`)
    .join(' ');
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      `  ${temp}`,
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    root ${outDir};`,
      `    include ${join(outDir, '_site/nginx.conf')};`,
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-e', join(dir, 'error.log'), '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  return running('nginx', child, port, dir, 15_000, 'SIGQUIT');
}

/** Cloudflare Pages' engine: `wrangler pages dev outDir`, with `_worker.js`, `_routes.json`, `_redirects`, `_headers`. */
export async function startWrangler(outDir: string): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-wrangler-'));
  const port = await freePort();
  const bin = join(import.meta.dirname, '../../node_modules/wrangler/bin/wrangler.js');
  const child = spawn(
    process.execPath,
    [
      bin,
      'pages',
      'dev',
      outDir,
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--compatibility-date',
      WRANGLER_COMPATIBILITY_DATE,
      '--inspector-port',
      String(await freePort()),
      '--persist-to',
      join(dir, 'state'),
    ],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_LOG_PATH: join(dir, 'logs'),
        XDG_CONFIG_HOME: join(dir, 'config'),
        NO_COLOR: '1',
        CI: '1',
      },
    },
  );
  return running('Cloudflare Pages (wrangler pages dev)', child, port, dir, 90_000);
}
