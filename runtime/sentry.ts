import { browserTracingIntegration, captureException, init, replayIntegration } from '@sentry/browser';
import type { RuntimeConfig } from '../src/contract/index.ts';
import { isDroppedRejection, isNotFound } from './errors.ts';

/**
 * Known noise from third-party scripts and browser extensions (the community's common ignore list); the site's
 * own additions come from site.config.ts.
 */
export const KNOWN_NOISE: (string | RegExp)[] = [
  'top.GLOBALS',
  'originalCreateNotification',
  'canvas.contentDocument',
  'MyApp_RemoveAllHighlights',
  'atomicFindClose',
  'fb_xd_fixed',
  'conduitPage',
  'jigsaw is not defined',
  'ComboSearch is not defined',
  'EBCallBackMessageReceived',
  '_avast_submit',
  'NS_ERROR_NOT_CONNECTED',
  'webkitExitFullScreen',
  'instantSearchSDKJSBridgeClearHighlight',
  'ResizeObserver loop limit exceeded',
  'ResizeObserver loop completed with undelivered notifications',
  'Non-Error promise rejection captured',
  /^Script error\.?$/,
  /Can't find variable: (ZiteReader|gmo|__gCrWeb|_AutofillCallbackHandler)/,
];

export const EXTENSION_URLS: RegExp[] = [
  /extensions\//i,
  /^chrome:\/\//i,
  /^chrome-extension:\/\//i,
  /^moz-extension:\/\//i,
  /^safari-(web-)?extension:\/\//i,
];

/** "/regex/flags" in the config is a pattern; anything else a substring. */
function toMatcher(entry: string): string | RegExp {
  const literal = /^\/(.+)\/([a-z]*)$/.exec(entry);
  if (!literal) return entry;
  try {
    return new RegExp(literal[1]!, literal[2]);
  } catch {
    return entry;
  }
}

/** Start the SDK with behaviour §1's sample rates and §8's filters; returns how the runtime reports an error. */
export function startSentry(config: RuntimeConfig['errorReporting'], release: string) {
  const { sampleRates } = config;
  init({
    dsn: config.dsn ?? undefined,
    release,
    sampleRate: sampleRates.error,
    tracesSampleRate: sampleRates.traces,
    replaysSessionSampleRate: sampleRates.replays,
    replaysOnErrorSampleRate: sampleRates.replaysOnError,
    integrations: [browserTracingIntegration(), replayIntegration()],
    ignoreErrors: [...KNOWN_NOISE, ...config.ignoreErrors.map(toMatcher)],
    denyUrls: EXTENSION_URLS,
    beforeSend(event, hint) {
      const error = hint.originalException;
      if (isNotFound(error)) return null;
      const mechanism = event.exception?.values?.[0]?.mechanism?.type ?? '';
      if (mechanism.includes('unhandledrejection') && isDroppedRejection(error, config.dropRejectionUrls)) return null;
      return event;
    },
  });
  return (error: unknown, context?: Record<string, unknown>) =>
    void captureException(error, context ? { extra: context } : undefined);
}
