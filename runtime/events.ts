import type { Payload } from '../src/contract/index.ts';
import type { Query } from './query.ts';
import { documentEventName } from '../templates/events.ts';

/** The runtime's lifecycle: what the loading bar, scripts, prefetch and (later) ads listen to. */
export interface RuntimeEvents {
  /** A client navigation began (not fired for the first load). */
  'page:start': { url: URL };
  /** A page is on screen: after hydration, and after every client navigation (error pages included). */
  'page:end': { url: URL; payload: Payload; query: Query };
  /** A client navigation ended without a new page (superseded, or handed to a full page load). */
  'page:cancel': { url: URL };
}

type Listener<K extends keyof RuntimeEvents> = (detail: RuntimeEvents[K]) => void;
const listeners = new Map<keyof RuntimeEvents, Set<(detail: never) => void>>();

export function on<K extends keyof RuntimeEvents>(name: K, listener: Listener<K>): () => void {
  const set = listeners.get(name) ?? new Set();
  listeners.set(name, set);
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Also dispatched on `document` as `fieldhouse:page-start`, `fieldhouse:page-end` and `fieldhouse:page-cancel`
 * (templates/events.ts), so menus close on navigation and the site's analytics code and third-party tags can count
 * client-side page views.
 */
export function emit<K extends keyof RuntimeEvents>(name: K, detail: RuntimeEvents[K]): void {
  for (const listener of listeners.get(name) ?? []) (listener as Listener<K>)(detail);
  document.dispatchEvent(new CustomEvent(documentEventName(name), { detail }));
}
