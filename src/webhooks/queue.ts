/**
 * What `site webhook` does with the changes it is told of: it gathers them for a short while (a burst of edits on
 * game day becomes one build), never runs two builds at once (changes that arrive during a build wait for the
 * next), runs the deploy command after a build that succeeded, and when a build fails keeps its changes and tries
 * again later, waiting longer each time. Its state is plain data for `GET /status`.
 */
import type { ContentChange } from './change.ts';
import { errorMessage } from '../errors/error.ts';

/** What one build run was asked to do: the changes it covers (none: a full build, to know where the site stands). */
export interface BuildRequest {
  changes: readonly ContentChange[];
  /** Why it runs: "3 changes", "catching up", "first start". */
  reason: string;
  /** Build everything (a first start, a manual request), not only what the changes touch. */
  full: boolean;
}

export interface BuildReport {
  ok: boolean;
  /** One line for the log and the status page ("12,659 pages, 0 failed, build 3f2a…"). */
  summary: string;
  buildId?: string | null;
  contentId?: string | null;
  /** Where the site was written (given to the deploy command). */
  outDir?: string;
}

export interface DeployReport {
  ok: boolean;
  summary: string;
}

export interface BuildQueueOptions {
  build(request: BuildRequest): Promise<BuildReport>;
  /** Runs after each build that succeeded; none: nothing is deployed. */
  deploy?: (report: BuildReport) => Promise<DeployReport>;
  /** How long to gather changes after the first one before building. */
  debounceMs: number;
  /** Waits before trying a failed build again: each failure waits the next, the last one repeats. */
  retryDelaysMs?: readonly number[];
  /** Called after a build (and its deploy) succeeded, with the newest seq it covered. */
  onBuilt?(seq: number): void;
  log(line: string): void;
  now?: () => number;
  /** The newest change the site already covers (kept across restarts): older changes are not built again. */
  builtSeq?: number;
}

export interface BuildRun {
  number: number;
  reason: string;
  changes: number;
  startedAt: string;
  finishedAt: string | null;
  ok: boolean | null;
  summary: string | null;
  deploy: DeployReport | null;
}

export interface QueueStatus {
  state: 'idle' | 'waiting' | 'building';
  queue: { changes: number; oldest: string | null; records: string[] };
  building: BuildRun | null;
  lastBuild: BuildRun | null;
  lastError: { at: string; message: string } | null;
  builds: number;
  /** The newest change a successful build covered. */
  builtSeq: number;
}

export interface BuildQueue {
  /** Add changes (from a webhook or the change feed); a change already queued or built is ignored. */
  add(changes: readonly ContentChange[], reason?: string): void;
  /** Ask for a build with no particular change (start-up, a manual trigger). */
  requestFull(reason: string): void;
  status(): QueueStatus;
  /** Resolves when nothing is queued, waiting or building. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [10_000, 30_000, 60_000, 120_000, 300_000, 600_000];

export function createBuildQueue(options: BuildQueueOptions): BuildQueue {
  const now = options.now ?? Date.now;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const pending = new Map<number, ContentChange>();
  let fullRequested: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let building: BuildRun | null = null;
  let lastBuild: BuildRun | null = null;
  let lastError: QueueStatus['lastError'] = null;
  let failures = 0;
  let builds = 0;
  let builtSeq = options.builtSeq ?? 0;
  let closed = false;
  const idleWaiters: (() => void)[] = [];

  const isIdle = () => !timer && !running && pending.size === 0 && fullRequested === null;
  const settle = () => {
    if (isIdle()) for (const resolve of idleWaiters.splice(0)) resolve();
  };

  function schedule(delayMs: number): void {
    if (closed || running || timer) return;
    timer = setTimeout(() => {
      timer = null;
      running = run().finally(() => {
        running = null;
        // Changes that came during the build: the next build, after the same short gathering.
        if (pending.size || fullRequested !== null)
          schedule(failures ? retryDelays[Math.min(failures, retryDelays.length) - 1]! : options.debounceMs);
        settle();
      });
    }, delayMs);
  }

  async function run(): Promise<void> {
    const changes = [...pending.values()].sort((a, b) => a.seq - b.seq);
    pending.clear();
    const reason = fullRequested ?? `${changes.length} change${changes.length === 1 ? '' : 's'}`;
    const full = fullRequested !== null;
    fullRequested = null;
    builds++;
    const run: BuildRun = {
      number: builds,
      reason,
      changes: changes.length,
      startedAt: new Date(now()).toISOString(),
      finishedAt: null,
      ok: null,
      summary: null,
      deploy: null,
    };
    building = run;
    const started = now();
    options.log(`build #${run.number} started: ${reason}${changes.length ? ` (${describe(changes)})` : ''}`);
    let report: BuildReport;
    try {
      report = await options.build({ changes, reason, full });
    } catch (error) {
      report = { ok: false, summary: errorMessage(error) };
    }
    if (report.ok && options.deploy) {
      try {
        run.deploy = await options.deploy(report);
      } catch (error) {
        run.deploy = { ok: false, summary: errorMessage(error) };
      }
    }
    const ok = report.ok && (run.deploy?.ok ?? true);
    run.ok = ok;
    run.summary = report.summary;
    run.finishedAt = new Date(now()).toISOString();
    building = null;
    lastBuild = run;
    const seconds = ((now() - started) / 1000).toFixed(1);
    if (ok) {
      failures = 0;
      const seq = Math.max(builtSeq, ...changes.map((c) => c.seq));
      builtSeq = seq;
      options.onBuilt?.(seq);
      options.log(
        `build #${run.number} done in ${seconds} s: ${report.summary}${run.deploy ? `; deploy: ${run.deploy.summary}` : ''}`,
      );
      return;
    }
    // Nothing is lost: the changes wait for the next try (with any that came meanwhile).
    failures++;
    for (const change of changes) if (!pending.has(change.seq)) pending.set(change.seq, change);
    if (!changes.length) fullRequested ??= reason;
    const message = report.ok ? `deploy failed: ${run.deploy!.summary}` : `build failed: ${report.summary}`;
    lastError = { at: run.finishedAt, message };
    const wait = retryDelays[Math.min(failures, retryDelays.length) - 1]!;
    options.log(
      `build #${run.number} FAILED after ${seconds} s: ${message}; trying again in ${Math.round(wait / 1000)} s`,
    );
  }

  return {
    add(changes, reason) {
      let added = 0;
      for (const change of changes) {
        if (change.seq <= builtSeq || pending.has(change.seq)) continue;
        pending.set(change.seq, change);
        added++;
      }
      if (added && reason) options.log(`${reason}: ${added} change${added === 1 ? '' : 's'} queued`);
      if (added) schedule(options.debounceMs);
    },
    requestFull(reason) {
      fullRequested ??= reason;
      schedule(0);
    },
    status() {
      const queued = [...pending.values()].sort((a, b) => a.seq - b.seq);
      return {
        state: running ? 'building' : timer ? 'waiting' : 'idle',
        queue: {
          changes: queued.length,
          oldest: queued[0]?.at ?? null,
          records: queued
            .slice(0, 20)
            .map((c) => `${c.resource}${c.record_id === null ? '' : ` ${c.record_id}`} ${c.action}`),
        },
        building,
        lastBuild,
        lastError,
        builds,
        builtSeq,
      };
    },
    idle: () => (isIdle() ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };

  function describe(changes: readonly ContentChange[]): string {
    const names = changes.map((c) => `${c.resource}${c.record_id === null ? '' : ` ${c.record_id}`} ${c.action}`);
    return names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  }
}
