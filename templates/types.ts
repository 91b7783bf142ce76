import type { TemplateName } from '../src/routes/table.ts';
import type { PageData, Payload, SiteData } from './data.ts';

/** Every page template gets its data, the site data, and its whole payload (route, params, head). */
export interface PageProps<T extends TemplateName> {
  data: PageData<T>;
  site: SiteData;
  payload: Payload<T>;
}
