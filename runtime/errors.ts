import type { RuntimeConfig } from '../src/contract/index.ts';
import { samplingOf, sessionRolls } from './error-sampling.ts';

type ErrorConfig = RuntimeConfig['errorReporting'];
type Reporter = (error: unknown, context?: Record<string, unknown>) => void;
type Level = ErrorConfig['logLevel'];

const LEVELS: Record<Level, number> = { debug: 0, info: 1, warn: 2, error: 3 };
let threshold = LEVELS.info;
let reporter: Reporter | null = null;
/** Errors raised before the SDK is ready: the error, its context, the script that raised it (when known). */
let pending: [unknown, Record<string, unknown> | undefined, string?][] = [];
/** In a session not sampled into tracing or replay: loads the SDK, at the first error worth reporting. */
let loadAtFirstError: (() => void) | null = null;

/** The runtime's console output, filtered by site.config.ts's log level (behaviour §1: info by default). */
export function log(level: Level, ...args: unknown[]): void {
  // eslint-disable-next-line no-console -- the runtime's one console writer, filtered by the configured level
  if (LEVELS[level] >= threshold) console[level](...args);
}

const detailsOf = (error: unknown) =>
  error && typeof error === 'object'
    ? (error as { status?: unknown; details?: { url?: unknown; report?: unknown } })
    : {};

/** Behaviour §8: a 404 is not an error worth reporting. */
export function isNotFound(error: unknown): boolean {
  const e = detailsOf(error);
  return e.status === 404 || e.details?.report === false;
}

/** Behaviour §8: some unhandled rejections are dropped silently when their request URL is on the configured list. */
export function isDroppedRejection(reason: unknown, urls: readonly string[]): boolean {
  if (!urls.length) return false;
  const e = detailsOf(reason);
  const url =
    typeof e.details?.url === 'string' ? e.details.url : reason instanceof Error ? reason.message : String(reason);
  return urls.some((fragment) => url.includes(fragment));
}

/** Report an error to the error-reporting service (once its SDK has loaded; until then, queued). */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (isNotFound(error)) return;
  log('error', error);
  if (reporter) reporter(error, context);
  else {
    pending.push([error, context]);
    loadAtFirstError?.();
  }
}

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 200);

/** sessionStorage, or null where the browser refuses it. */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Error reporting with the service's browser SDK (91 KB gzipped), loaded only where it is needed: in a session
 * sampled into tracing or replay (behaviour §1's rates, rolled once per tab session), after hydration in idle
 * time; in any other session at its first error worth reporting (not a 404, not known noise). Errors raised
 * before it arrives are queued and sent when it does. A replay on error covers the time since the SDK loaded.
 */
export function initErrorReporting(config: ErrorConfig, release: string): void {
  threshold = LEVELS[config.logLevel];
  const early = (event: ErrorEvent | PromiseRejectionEvent) => {
    if (reporter) return;
    const error = 'reason' in event ? event.reason : (event.error ?? event.message);
    if (isNotFound(error)) return;
    pending.push([error, { mechanism: event.type }, 'filename' in event ? event.filename : undefined]);
    loadAtFirstError?.();
  };
  addEventListener('error', early);
  addEventListener('unhandledrejection', (event) => {
    if (isDroppedRejection(event.reason, config.dropRejectionUrls)) event.preventDefault();
    else early(event);
  });
  if (!config.dsn) {
    reporter = () => undefined;
    pending = [];
    return;
  }
  const sampling = samplingOf(config.sampleRates, sessionRolls(sessionStore()));
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    loadAtFirstError = null;
    import('./sentry.ts')
      .then(({ startSentry }) => {
        reporter = startSentry(config, release, sampling);
        removeEventListener('error', early);
        for (const [error, context] of pending.splice(0))
          if (!isDroppedRejection(error, config.dropRejectionUrls)) reporter(error, context);
      })
      .catch((error: unknown) => log('warn', 'Error reporting did not load:', error));
  };
  if (!sampling.traced && !sampling.replayed) {
    // The noise list is a small chunk of its own, fetched at the first error: the first load does not carry it.
    let checking = false;
    loadAtFirstError = () => {
      if (checking) return;
      checking = true;
      import('./error-noise.ts')
        .then(({ ignoreListOf, isNoise }) => {
          const ignore = ignoreListOf(config.ignoreErrors);
          pending = pending.filter(([error, , source]) => !isNoise(error, ignore, source));
          checking = false;
          if (pending.length) start();
        })
        // The list did not load: the SDK, which has the same filters, decides instead.
        .catch(start);
    };
    if (pending.length) loadAtFirstError();
  } else if (document.readyState === 'complete') idle(start);
  else addEventListener('load', () => idle(start), { once: true });
}
