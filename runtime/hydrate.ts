import { APP_ID, BOOT_ID, PAYLOAD_ID, readJson, type BootData } from './boot-data.ts';
import type { boot } from './boot.tsx';

/**
 * The only script a page's HTML names (issue 21). The page is whole without JavaScript: links navigate and forms
 * post. So React, the runtime and the template's code (70–76 KB gzipped) wait until the page has loaded and do
 * not compete with its stylesheet, fonts and photos; hydration starts at the first of:
 * - the window's load event;
 * - the first sign of a visitor acting on the page (a pointer or key going down, a touch, a focus moving in);
 * - START_BY_MS after the document was parsed, so a page whose photos load slowly is not left inert.
 *
 * A control that needs the runtime (a menu button, a tab), clicked before hydration has finished, is not lost: the
 * click is held and given to the control again once the page has hydrated. Links, form fields and a form's submit
 * button keep their native behaviour.
 */
export const START_BY_MS = 3000;

/** What starts hydration at once: a visitor reaching for the page. */
const FIRST_INPUT = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
/** Controls whose click only the runtime can answer. */
const NEEDS_RUNTIME = 'button, [role="button"], [role="tab"], [role="switch"], [aria-expanded], [aria-controls]';

function hydrateWhenReady(): void {
  const data = readJson<BootData>(BOOT_ID);
  const app = document.getElementById(APP_ID);
  // A page without its payload has nothing to hydrate (runtime/boot.tsx reads it).
  if (!data || !app || !document.getElementById(PAYLOAD_ID) || !data.modules.length) return;
  let started = false;
  let held: HTMLElement | null = null;
  const listen = { capture: true, passive: true } as const;

  const start = () => {
    if (started) return;
    started = true;
    clearTimeout(timer);
    removeEventListener('load', later);
    for (const type of FIRST_INPUT) removeEventListener(type, start, listen);
    for (const href of data.modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    (import(data.modules[0]!) as Promise<{ boot: typeof boot }>)
      .then((module) => module.boot({ onHydrated }))
      .catch((error: unknown) => {
        // The page stays HTML: stop holding clicks for a runtime that is not coming.
        release();
        console.error('Fieldhouse: the page could not hydrate', error);
      });
  };
  // After the load event's own handlers, not inside them.
  const later = () => setTimeout(start);

  /** Stop holding clicks; the held one, if any, is handed back. */
  function release(): HTMLElement | null {
    removeEventListener('click', hold, true);
    const control = held;
    held = null;
    return control;
  }

  function onHydrated() {
    const control = release();
    if (control?.isConnected) control.click();
  }

  function hold(event: MouseEvent) {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(NEEDS_RUNTIME) : null;
    if (!control || !app!.contains(control)) return;
    // A form's submit button posts the form without the runtime (templates/blocks/FormBlock.tsx).
    if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = control;
    start();
  }

  addEventListener('click', hold, true);
  for (const type of FIRST_INPUT) addEventListener(type, start, listen);
  const timer = setTimeout(start, START_BY_MS);
  if (document.readyState === 'complete') start();
  else addEventListener('load', later, { once: true });
}

hydrateWhenReady();
