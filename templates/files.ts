import type { TemplateName } from '../src/routes/table.ts';
import type { LayoutName } from './app.tsx';

type PageTemplate = Exclude<TemplateName, 'document'>;

const PAGE_TEMPLATES: readonly PageTemplate[] = [
  'home',
  'all-sports-schedule',
  'broadcast-guide',
  'news',
  'article',
  'search',
  'sport-home',
  'schedule',
  'roster',
  'roster-all',
  'player',
  'coach',
  'stats',
  'videos',
  'galleries',
  'gallery',
  'boxscore',
  'staff-directory',
  'staff-profile',
  'content-page',
  'article-preview',
  'page-preview',
];

/** Source files of templates and layouts (relative to the project root): each is its own browser chunk. */
export const TEMPLATE_FILES: Readonly<Record<PageTemplate, string>> = Object.fromEntries(
  PAGE_TEMPLATES.map((name) => [name, `templates/pages/${name}.tsx`]),
) as Record<PageTemplate, string>;
export const LAYOUT_FILES: Readonly<Record<LayoutName, string>> = {
  'game-day': 'templates/layouts/game-day.tsx',
  ticketing: 'templates/layouts/ticketing.tsx',
};
