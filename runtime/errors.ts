import type { RuntimeConfig } from '../src/contract/index.ts';

type ErrorConfig = RuntimeConfig['errorReporting'];
type Reporter = (error: unknown, context?: Record<string, unknown>) => void;
type Level = ErrorConfig['logLevel'];

const LEVELS: Record<Level, number> = { debug: 0, info: 1, warn: 2, error: 3 };
let threshold = LEVELS.info;
let reporter: Reporter | null = null;
let pending: [unknown, Record<string, unknown> | undefined][] = [];

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
  else pending.push([error, context]);
}

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 200);

/**
 * Error reporting with the service's browser SDK, loaded after hydration in idle time so it costs the first load
 * nothing. Errors raised before it arrives are queued and sent when it does.
 */
export function initErrorReporting(config: ErrorConfig, release: string): void {
  threshold = LEVELS[config.logLevel];
  const early = (event: ErrorEvent | PromiseRejectionEvent) => {
    if (!reporter)
      pending.push(['reason' in event ? event.reason : (event.error ?? event.message), { mechanism: event.type }]);
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
  const start = () =>
    import('./sentry.ts')
      .then(({ startSentry }) => {
        reporter = startSentry(config, release);
        removeEventListener('error', early);
        for (const [error, context] of pending.splice(0))
          if (!isDroppedRejection(error, config.dropRejectionUrls)) reporter(error, context);
      })
      .catch((error: unknown) => log('warn', 'Error reporting did not load:', error));
  if (document.readyState === 'complete') idle(() => void start());
  else addEventListener('load', () => idle(() => void start()), { once: true });
}
