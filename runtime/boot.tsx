import { useEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { ActionsContext } from '../templates/actions.ts';
import { App } from '../templates/app.tsx';
import type { SiteData } from '../src/contract/index.ts';
import { lazyActions } from './actions.ts';
import { APP_ID, BOOT_ID, PAYLOAD_ID, readJson, type BootData, type Payload } from './boot-data.ts';
import { initErrorReporting, reportError } from './errors.ts';
import { loadCode } from './templates.ts';
import { errorView, type View } from './views.ts';

/** Renders nothing of its own: runs `onMount` once, when the tree it wraps has hydrated. */
function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  // Once, on the first commit: later renders of the same tree are client navigations, not a new mount.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(onMount, []);
  return children;
}

/**
 * Hydration, when runtime/hydrate.ts starts it: read the inline payload, fetch the site data, load this page's
 * template chunk, hydrate, then tell `onHydrated`. Only what hydration needs is here; the rest of the runtime
 * (start.ts) loads once the page is interactive.
 */
export async function boot({ onHydrated }: { onHydrated(): void }): Promise<void> {
  const bootData = readJson<BootData>(BOOT_ID);
  const inline = readJson<Omit<Payload, 'buildId'>>(PAYLOAD_ID);
  const container = document.getElementById(APP_ID);
  if (!bootData || !inline || !container) return;
  const buildId = document.querySelector<HTMLMetaElement>('meta[name="fh-build"]')?.content ?? '';
  const payload: Payload = { ...inline, buildId };
  const [site, code] = await Promise.all([
    fetch(bootData.siteData).then((response) => response.json() as Promise<SiteData>),
    loadCode(payload),
  ]);
  initErrorReporting(site.runtime.errorReporting, buildId);

  const show = (view: View) => flushSync(() => root.render(render(view)));
  const started = () => {
    onHydrated();
    void import('./start.ts')
      .then((runtime) => runtime.start({ site, buildId, payload, show }))
      .catch((error: unknown) => reportError(error, { phase: 'start' }));
  };
  const actions = lazyActions(site, buildId);
  const render = (view: View) => (
    <Mounted onMount={started}>
      <ActionsContext.Provider value={actions}>
        <App site={site} payload={view.payload} Page={view.Page} Layout={view.Layout} error={view.error} />
      </ActionsContext.Provider>
    </Mounted>
  );
  const root = hydrateRoot(container, render({ payload, ...code, error: payload.error ?? null }), {
    onRecoverableError: (error) => reportError(error, { phase: 'hydration' }),
    // Spec §8: an unhandled error is reported and the error page shows.
    onUncaughtError: (error) => {
      reportError(error, { phase: 'render' });
      setTimeout(() => show(errorView(location.pathname, buildId, 500, 'Unexpected error')));
    },
  });
}
