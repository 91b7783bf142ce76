import type { TemplateName } from '../../routes/table.ts';
import type { PageSource } from './context.ts';
import { sitePages } from './site-pages.ts';
import { sportPages } from './sport-pages.ts';

/** Page sources by route name: the Node half of the route table (src/routes/table.ts has the other). */
export const PAGE_SOURCES: Readonly<Record<string, PageSource<TemplateName>>> = {
  ...sitePages,
  ...sportPages,
} as Record<string, PageSource<TemplateName>>;
export type { PageContext, PageSource, Loaded } from './context.ts';
