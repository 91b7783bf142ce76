/**
 * The events the runtime dispatches on `document` (runtime/events.ts): `fieldhouse:page-start` when a client
 * navigation begins, `fieldhouse:page-end` when a page is on screen, `fieldhouse:page-cancel` when a navigation
 * ends without one. Templates listen to them; so can the site's analytics code and third-party tags.
 */
export type LifecycleEvent = 'page:start' | 'page:end' | 'page:cancel';

export const documentEventName = (name: LifecycleEvent): string => `fieldhouse:${name.replace(':', '-')}`;
