/**
 * `site webhook`: the receiver (receiver.ts), the build queue (queue.ts), the site build, the deploy command, and
 * the state kept across restarts (`.fieldhouse/webhook.json`: the newest change the site covers), put together.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { changedRecords } from '../build/deps/touch.ts';
import { buildSite } from '../build/index.ts';
import { createWarmWorkers, type WarmWorkers } from '../build/render/pool.ts';
import type { SiteConfig } from '../config/schema.ts';
import { formatError, isFieldhouseError } from '../errors/error.ts';
import { createLogger, type Logger } from '../logger/logger.ts';
import { createBuildQueue, type BuildQueue, type BuildReport, type BuildRequest, type DeployReport } from './queue.ts';
import { startWebhookReceiver, type WebhookReceiver } from './receiver.ts';

/** Where `site webhook` keeps what it knows across restarts, under the project root. */
export const WEBHOOK_STATE_FILE = '.fieldhouse/webhook.json';
/** How long a burst of changes is gathered before the build starts. */
export const DEFAULT_DEBOUNCE_MS = 2_000;
const DEPLOY_OUTPUT_KEPT = 2_000;

export interface WebhookServiceOptions {
  config: SiteConfig;
  root: string;
  outDir?: string;
  secret: string;
  port: number;
  host: string;
  /** A shell command run after each successful build, in the project root. */
  deploy?: string | null;
  debounceMs?: number;
  /** The CMS's change feed; default: `{api}/changes` of the config's API, none for the embedded demo. */
  feedUrl?: string | null;
  retryDelaysMs?: readonly number[];
  logger: Logger;
  /** Replace the build (tests of the receiver alone); default: `site build`. */
  build?: (request: BuildRequest) => Promise<BuildReport>;
}

export interface WebhookService {
  receiver: WebhookReceiver;
  queue: BuildQueue;
  close(): Promise<void>;
}

export async function startWebhookService(options: WebhookServiceOptions): Promise<WebhookService> {
  const log = (line: string) => options.logger.info('webhook', line);
  const stateFile = join(options.root, WEBHOOK_STATE_FILE);
  const state = readState(stateFile);
  const outDir = resolve(options.root, options.outDir ?? options.config.build.outDir);
  const feedUrl =
    options.feedUrl !== undefined
      ? options.feedUrl
      : options.config.api
        ? `${options.config.api.baseUrl.replace(/\/$/, '')}${options.config.api.prefix}/changes`
        : null;

  // The render threads stay warm from one build to the next: a change's build renders its pages with compiled code.
  const warm = createWarmWorkers();
  const queue = createBuildQueue({
    build: options.build ?? ((request) => buildOnce(options, outDir, request, warm)),
    deploy: options.deploy ? (report) => runDeploy(options.deploy!, options.root, report) : undefined,
    debounceMs: options.debounceMs ?? DEFAULT_DEBOUNCE_MS,
    retryDelaysMs: options.retryDelaysMs,
    builtSeq: state?.builtSeq ?? 0,
    onBuilt: (seq) => writeState(stateFile, { builtSeq: seq, builtAt: new Date().toISOString() }),
    log,
  });
  const receiver = await startWebhookReceiver({
    port: options.port,
    host: options.host,
    secret: options.secret,
    queue,
    feedUrl,
    log,
  });
  log(`listening at ${receiver.origin}/webhook (status at ${receiver.origin}/status); site in ${outDir}`);
  // Changes made while this receiver was down, from the feed; on a first start, a full build as well, so the site
  // is known to match the CMS from here on.
  await receiver.catchUp();
  if (!state) queue.requestFull(`first start (no ${WEBHOOK_STATE_FILE}): a full build`);
  return {
    receiver,
    queue,
    async close() {
      await receiver.close();
      await queue.close();
      await warm.close();
    },
  };
}

async function buildOnce(
  options: WebhookServiceOptions,
  outDir: string,
  request: BuildRequest,
  warm: WarmWorkers,
): Promise<BuildReport> {
  // The build's own lines would bury the receiver's: only its errors are shown; the summary is one line.
  const quiet = createLogger({ level: 'error' });
  const n = (v: number) => v.toLocaleString('en-US');
  const changes = request.full || !request.changes.length ? undefined : changedRecords(request.changes);
  try {
    const summary = await buildSite({
      config: options.config,
      root: options.root,
      outDir,
      logger: quiet,
      changes,
      warm,
    });
    const inc = summary.incremental;
    const scope = !inc
      ? 'full build'
      : 'full' in inc
        ? `full build (${inc.full})`
        : `incremental: ${n(inc.touched)} pages touched, ${n(inc.reused)} ${inc.reusedAs === 'in place' ? 'kept as they were' : 'rendered from their previous data'}`;
    return {
      ok: summary.ok,
      summary: summary.ok
        ? `${n(summary.pages)} pages, ${n(summary.warnings)} warnings, build ${summary.buildId}, content ${summary.contentId}; ${scope}`
        : `${n(summary.failed.length)} pages failed (first: ${summary.failed[0]?.path ?? '?'}: ${summary.failed[0]?.message ?? ''}); the site was not replaced`,
      buildId: summary.buildId,
      contentId: summary.contentId,
      outDir,
    };
  } catch (error) {
    return { ok: false, summary: isFieldhouseError(error) ? formatError(error).split('\n')[0]! : String(error) };
  }
}

/** Run the deploy command in a shell, with the build's folder and id in its environment. */
function runDeploy(command: string, cwd: string, report: BuildReport): Promise<DeployReport> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(command, {
      cwd,
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FIELDHOUSE_OUT_DIR: report.outDir ?? '',
        FIELDHOUSE_BUILD_ID: report.buildId ?? '',
        FIELDHOUSE_CONTENT_ID: report.contentId ?? '',
      },
    });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-DEPLOY_OUTPUT_KEPT));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => done({ ok: false, summary: `could not start "${command}": ${error.message}` }));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const last = output.trim().split('\n').at(-1) ?? '';
      done(
        code === 0
          ? { ok: true, summary: `"${command}" done in ${seconds} s` }
          : { ok: false, summary: `"${command}" exited with ${code} after ${seconds} s${last ? `: ${last}` : ''}` },
      );
    });
  });
}

interface State {
  builtSeq: number;
  builtAt: string;
}

function readState(file: string): State | null {
  if (!existsSync(file)) return null;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as State;
    return Number.isInteger(state.builtSeq) && state.builtSeq >= 0 ? state : null;
  } catch {
    return null;
  }
}

function writeState(file: string, state: State): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temp, file);
}
