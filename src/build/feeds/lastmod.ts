import type { PageDataMap } from '../../../templates/data.ts';
import type { TemplateName } from '../../routes/table.ts';

/** When a page's content last changed, from its data, for the sitemap; null when the data does not say. */
export function lastmodOf(template: TemplateName, data: unknown): string | null {
  const d = data as PageDataMap[keyof PageDataMap];
  switch (template) {
    case 'article':
      return (d as PageDataMap['article']).article.updated_at;
    case 'news':
      return (d as PageDataMap['news']).articles[0]?.date ?? null;
    case 'sport-home':
      return (d as PageDataMap['sport-home']).news[0]?.date ?? null;
    case 'schedule':
      return (d as PageDataMap['schedule']).schedule.events.filter((e) => e.result).at(-1)?.date ?? null;
    case 'boxscore':
      return (d as PageDataMap['boxscore']).box.date;
    case 'gallery':
      return (d as PageDataMap['gallery']).gallery.date;
    case 'content-page':
      return (d as PageDataMap['content-page']).page.updated_at;
    default:
      return null;
  }
}
