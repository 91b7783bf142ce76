/**
 * What error reporting ignores, shared by the runtime (which loads the SDK at a session's first error, and should
 * not load it for noise) and the SDK's own filters (runtime/sentry.ts).
 */

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
export function toMatcher(entry: string): string | RegExp {
  const literal = /^\/(.+)\/([a-z]*)$/.exec(entry);
  if (!literal) return entry;
  try {
    return new RegExp(literal[1]!, literal[2]);
  } catch {
    return entry;
  }
}

/** The ignore list for a site: the known noise and site.config.ts's own entries. */
export const ignoreListOf = (configured: readonly string[]): (string | RegExp)[] => [
  ...KNOWN_NOISE,
  ...configured.map(toMatcher),
];

/**
 * Whether an error is noise: its message (or "Name: message", as the SDK matches) is on the ignore list, or it was
 * raised by a browser extension's script (`source`: the script's URL, when the browser gives one).
 */
export function isNoise(error: unknown, ignore: readonly (string | RegExp)[], source?: string): boolean {
  if (source && EXTENSION_URLS.some((pattern) => pattern.test(source))) return true;
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : String((error as object) ?? '');
  const named = error instanceof Error ? `${error.name}: ${message}` : message;
  return ignore.some((entry) =>
    typeof entry === 'string' ? named.includes(entry) : entry.test(message) || entry.test(named),
  );
}
