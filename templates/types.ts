import type { Payload, SiteData } from '../src/contract/index.ts';

/** What every page template gets: its data, the site data, and its whole payload (route, params, head). */
export interface PageProps<D> {
  data: D;
  site: SiteData;
  payload: Payload;
}
