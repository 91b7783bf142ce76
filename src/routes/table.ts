import type { TemplateName } from '../pages/index.ts';
import type { ParamRule, ValidatorName } from './params.ts';

export type { TemplateName };

/**
 * How a route is produced:
 * - 'static': prerendered HTML and payload for every path the API lists;
 * - 'client': one prerendered shell; the browser loads the data at run time (previews, search, protected pages);
 * - 'file': the path is a file copied from the API (documents).
 */
export type RenderMode = 'static' | 'client' | 'file';

export interface RouteSpec {
  /** Stable route name (behaviour §2 names where given). */
  name: string;
  /** Path pattern: `:name` a segment, `:name.pdf` a segment with a fixed suffix, `:name+` one or more segments. */
  pattern: string;
  params: Readonly<Record<string, ParamRule>>;
  /** The template its pages render with ('document' for files). */
  template: TemplateName;
  render: RenderMode;
  validate?: ValidatorName;
}

/**
 * The route table itself is derived from the route families (src/pages/index.ts, `ROUTES`), and injected as
 * data into the browser and the server bundle (src/routes/injected.ts).
 */
