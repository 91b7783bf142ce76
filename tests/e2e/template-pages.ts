import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRouter } from '../../src/routes/match.ts';
import { ROUTES } from '../../src/pages/index.ts';

/** Pages chosen where a template has a richer example than the first one listed. */
const PREFERRED: Record<string, string> = {
  'content-page': '/contact-us',
  'sport-home': '/sports/football',
  roster: '/sports/football/roster',
  schedule: '/sports/mens-basketball/schedule',
  stats: '/sports/mens-basketball/stats',
  gallery: '',
};

/** Templates whose example is the first page whose title starts so: a basketball box score has the widest tables. */
const PREFERRED_TITLE: Record<string, string> = {
  boxscore: "Men's Basketball:",
};

/** One page of every template in a built site (from its build manifest), plus the shells and the 404 page. */
export function templatePages(outDir: string): { template: string; path: string }[] {
  const latest = JSON.parse(readFileSync(join(outDir, '_site/builds/latest.json'), 'utf8')) as { id: string };
  const meta = JSON.parse(readFileSync(join(outDir, '_site/builds/meta', `${latest.id}.json`), 'utf8')) as {
    prerendered: string[];
  };
  const router = createRouter(ROUTES);
  const byTemplate = new Map<string, string>();
  for (const path of meta.prerendered) {
    const match = router.match(path);
    // Shells are listed below by the paths fans use for them.
    const template = match.type === 'match' && !path.startsWith('/_shells/') ? match.route.template : null;
    if (!template || byTemplate.has(template)) continue;
    const title = PREFERRED_TITLE[template];
    if (title && !titleOf(outDir, path).startsWith(title)) continue;
    byTemplate.set(template, PREFERRED[template] || path);
  }
  byTemplate.set('article-preview', '/article-preview/1');
  byTemplate.set('page-preview', '/page-preview/1');
  byTemplate.set('protected-page', '/hawks-club/donor-portal');
  byTemplate.set('layout-game-day', '/game-day');
  byTemplate.set('layout-ticketing', '/tickets');
  byTemplate.set('error-404', '/no-such-page');
  byTemplate.delete('document');
  return [...byTemplate.entries()]
    .map(([template, path]) => ({ template, path }))
    .sort((a, b) => a.template.localeCompare(b.template));
}

function titleOf(outDir: string, path: string): string {
  const payload = JSON.parse(readFileSync(join(outDir, path, '_payload.json'), 'utf8')) as { head: { title: string } };
  return payload.head.title;
}

export const WIDTHS = [375, 1280] as const;
