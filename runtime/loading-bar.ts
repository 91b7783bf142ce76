import { on } from './events.ts';

/** Spec §1: the top loading bar's timings and size. */
export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 2000,
  heightPx: 3,
  hideDelayMs: 500,
  resetDelayMs: 400,
} as const;

/**
 * A bar at the top of the viewport while a client navigation loads. Loads shorter than the throttle never show
 * it; it creeps towards the end over the duration, then fills, fades after the hide delay and resets.
 */
export function initLoadingBar(): void {
  let bar: HTMLElement | null = null;
  let showTimer = 0;
  let loading = false;
  const { throttleMs, durationMs, heightPx, hideDelayMs, resetDelayMs } = LOADING_BAR;

  const element = (): HTMLElement => {
    if (bar) return bar;
    bar = document.createElement('div');
    bar.className = 'fh-loading-bar';
    bar.setAttribute('aria-hidden', 'true');
    bar.style.cssText = `position:fixed;top:0;left:0;z-index:1000;height:${heightPx}px;width:100%;background:var(--c-secondary);transform-origin:0 0;transform:scaleX(0);opacity:0;pointer-events:none`;
    document.body.append(bar);
    return bar;
  };
  const set = (scale: number, transition: string, opacity = 1) => {
    const el = element();
    el.style.transition = transition;
    el.style.transform = `scaleX(${scale})`;
    el.style.opacity = String(opacity);
  };

  on('page:start', () => {
    loading = true;
    clearTimeout(showTimer);
    showTimer = window.setTimeout(() => {
      if (!loading) return;
      set(0, 'none');
      void element().offsetWidth; // start the creep from zero
      set(0.9, `transform ${durationMs}ms cubic-bezier(.1,.6,.3,1)`);
    }, throttleMs);
  });
  const finish = () => {
    loading = false;
    clearTimeout(showTimer);
    if (!bar || bar.style.opacity === '0') return;
    set(1, 'transform 150ms ease-out');
    showTimer = window.setTimeout(() => {
      set(1, `opacity ${resetDelayMs}ms`, 0);
      showTimer = window.setTimeout(() => set(0, 'none', 0), resetDelayMs);
    }, hideDelayMs);
  };
  on('page:end', finish);
  on('page:cancel', finish);
}
