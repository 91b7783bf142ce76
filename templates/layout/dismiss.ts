import { useEffect, useRef, type RefObject } from 'react';
import { documentEventName } from '../events.ts';

/**
 * Close an open menu the way fans expect (WAI-ARIA disclosure navigation): when a navigation begins, when a link in
 * it is followed, and when a click or the keyboard focus lands outside it. Listens only while `open`.
 */
export function useDismiss(root: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && !root.current?.contains(target)) latest.current();
    };
    const followed = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (link && root.current?.contains(link)) latest.current();
    };
    const navigating = () => latest.current();
    const start = documentEventName('page:start');
    document.addEventListener('click', outside);
    document.addEventListener('click', followed);
    document.addEventListener('focusin', outside);
    document.addEventListener(start, navigating);
    return () => {
      document.removeEventListener('click', outside);
      document.removeEventListener('click', followed);
      document.removeEventListener('focusin', outside);
      document.removeEventListener(start, navigating);
    };
  }, [open, root]);
}
