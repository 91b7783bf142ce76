import type { RuntimeConfig } from '../src/contract/index.ts';
import { newContent } from './content.ts';

export const LATEST_BUILD_URL = '/_site/builds/latest.json';
const GUARD_KEY = 'fh:reload-guard';

interface Guard {
  path: string;
  at: number;
}

/**
 * Reload to a URL unless the same path was reloaded for a new build within the guard window (behaviour §1: 10,000 ms
 * by default). The guard lives in sessionStorage, so it survives the reload it protects against.
 */
export function guardedReload(url: URL, guardMs: number, now = Date.now()): boolean {
  let guard: Guard | null;
  try {
    guard = JSON.parse(sessionStorage.getItem(GUARD_KEY) ?? 'null') as Guard | null;
  } catch {
    guard = null;
  }
  if (guard && guard.path === url.pathname && now - guard.at < guardMs) return false;
  try {
    sessionStorage.setItem(GUARD_KEY, JSON.stringify({ path: url.pathname, at: now } satisfies Guard));
  } catch {
    // Storage disabled (private mode): without a guard, only reload on navigation, which cannot loop.
    if (url.href === location.href) return false;
  }
  if (url.href === location.href) location.reload();
  else location.assign(url.href);
  return true;
}

export interface BuildPoller {
  /** For the navigator: when a newer build is out, the next navigation is a full load of its target. */
  reloadFor(url: URL): boolean;
}

/**
 * Poll `_site/builds/latest.json` while the page is visible (once at start, then every interval). When its id is
 * not this page's build, reload: at once when configured, otherwise on the next navigation, to its target. When
 * only its content id moved on (an incremental deploy: the pages' code is the same), drop what this tab holds of
 * the old content (content.ts), with no reload.
 */
export function startBuildPoller(
  buildId: string,
  config: Pick<RuntimeConfig, 'buildPollIntervalMs' | 'reloadOnNewBuild' | 'reloadGuardMs'>,
): BuildPoller {
  let newBuild = false;
  let content: string | null = null;
  let timer = 0;
  const check = async () => {
    if (newBuild || document.visibilityState !== 'visible') return;
    try {
      const response = await fetch(LATEST_BUILD_URL, { cache: 'no-store' });
      if (!response.ok) return;
      const latest = (await response.json()) as { id?: unknown; content?: unknown };
      if (typeof latest.id !== 'string') return;
      if (latest.id === buildId) {
        if (typeof latest.content !== 'string') return;
        // The first answer is the content this tab started on; a later, different one is new content.
        if (content !== null && latest.content !== content) newContent();
        content = latest.content;
        return;
      }
      newBuild = true;
      if (config.reloadOnNewBuild === 'immediate') guardedReload(new URL(location.href), config.reloadGuardMs);
    } catch {
      // Offline or mid-deploy: ask again next time.
    }
  };
  const schedule = () => {
    clearInterval(timer);
    timer = window.setInterval(() => void check(), config.buildPollIntervalMs);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  void check();
  schedule();
  return { reloadFor: (url) => newBuild && guardedReload(url, config.reloadGuardMs) };
}
