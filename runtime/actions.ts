import type { RuntimeActions } from '../templates/actions.ts';
import type { SiteData } from '../src/contract/index.ts';

/**
 * The templates' actions, with their code (the API client, reCAPTCHA, the search reader) loaded on first use:
 * a page that never submits, unlocks or searches never downloads it.
 */
export function lazyActions(site: SiteData, buildId: string): RuntimeActions {
  let live: Promise<RuntimeActions> | null = null;
  const load = () => (live ??= import('./live/actions.ts').then((m) => m.createActions(site, buildId)));
  return {
    submitForm: async (form, data) => (await load()).submitForm(form, data),
    unlockPage: async (id, password) => (await load()).unlockPage(id, password),
    loadDraft: async (kind) => (await load()).loadDraft(kind),
    search: async (query) => (await load()).search(query),
    showSearch: (query) => void load().then((actions) => actions.showSearch(query)),
  };
}
