/** Spec §2 and §9: a hash target sits this far below the sticky header and sport menu. */
export const HASH_SCROLL_EXTRA_PX = 30;
/** Spec §9: on a first load with a hash, the page must be still this long before we scroll. */
export const HASH_SETTLE_MS = 800;

const height = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0;

/** Header height, plus the single-sport menu's when the page has one, plus 30 px. */
export function hashOffset(): number {
  return height('#site-header') + height('#sport-nav') + HASH_SCROLL_EXTRA_PX;
}

function hashTarget(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep the raw id
  }
  return document.getElementById(id) ?? document.getElementsByName(id)[0] ?? null;
}

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scroll a hash target into view below the sticky chrome and give it focus, as the browser would. */
export function scrollToHash(hash: string, smooth: boolean): boolean {
  const target = hashTarget(hash);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + scrollY - hashOffset();
  scrollTo({ top: Math.max(0, top), behavior: smooth && !reducedMotion() ? 'smooth' : 'auto' });
  if (!target.matches('a[href],button,input,select,textarea,[tabindex]')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}

/**
 * First load with a hash: images and late content move the target, so wait until the page has not changed for
 * the settle time, then scroll. Any click, key press, wheel or touch means the visitor took over: stop waiting.
 */
export function scrollToHashWhenSettled(hash: string): void {
  const stopEvents = ['click', 'keydown', 'wheel', 'touchstart'] as const;
  let timer = 0;
  const observer = new MutationObserver(() => restart());
  const resize = new ResizeObserver(() => restart());
  const stop = () => {
    clearTimeout(timer);
    observer.disconnect();
    resize.disconnect();
    for (const name of stopEvents) removeEventListener(name, stop, true);
  };
  const restart = () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => {
      stop();
      scrollToHash(hash, false);
    }, HASH_SETTLE_MS);
  };
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  resize.observe(document.body);
  for (const name of stopEvents) addEventListener(name, stop, { capture: true, passive: true });
  restart();
}
