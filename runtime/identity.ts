import type { Payload, SiteData } from '../src/contract/index.ts';
import { readCookie } from './cookies.ts';
import { reportError } from './errors.ts';
import { on } from './events.ts';
import type { LiveApi } from './live/api.ts';
import { router } from './pages.ts';

/**
 * Spec §4 and §6: who is signed in, and the editor's admin bar (runtime/admin-bar.ts), checked as each page load
 * ends. A fan has no bypass cookie, so the bar's code loads only for a visitor who has one (or once had one on this
 * page, so that the bar goes when the cookie does): nothing of it is in a fan's first seconds.
 */
export function initIdentity(site: SiteData, api: () => Promise<LiveApi>): void {
  let bar: Promise<(payload: Payload) => Promise<void>> | null = null;
  on('page:end', ({ payload }) => {
    if (!bar && !readCookie(site.bypassCookie)) return;
    bar ??= import('./admin-bar.ts').then((m) => m.createAdminBar(site, api, router));
    void bar
      .then((update) => update(payload))
      .catch((error: unknown) => {
        // Its code did not load (the network dropped): the next page asks again.
        bar = null;
        reportError(error, { feature: 'admin bar' });
      });
  });
}
