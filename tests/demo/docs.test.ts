import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentRoutes, dashboardRoutes, redirectRoutes } from '../../src/demo/server/routes.ts';
import { createCms } from '../../src/demo/cms/cms.ts';
import { demoDataset } from '../helpers/demo.ts';

describe('docs/content-api.md', () => {
  it('documents every endpoint the demo CMS serves', () => {
    const doc = readFileSync(new URL('../../docs/content-api.md', import.meta.url), 'utf8');
    const headings = doc.split('\n').filter((line) => line.startsWith('### '));
    const d = demoDataset();
    const routes = [
      ...contentRoutes(d, () => false).map((r) => ({ ...r, prefix: '' })),
      { method: 'GET', pattern: '/changes', prefix: '' },
      ...createCms(d, { onChange: () => undefined }).writeRoutes.map((r) => ({ ...r, prefix: '' })),
      ...dashboardRoutes(d).map((r) => ({ ...r, prefix: '\\{dashboard api\\}' })),
      ...redirectRoutes(d, () => false).map((r) => ({ ...r, prefix: '\\{redirect service\\}' })),
    ];
    const undocumented = routes.filter((route) => {
      const pattern = route.pattern.replace(/[.]/g, '\\.').replace(/:[a-z]+/g, '\\{[a-z]+\\}(?:\\.[a-z]+)?');
      const heading = new RegExp(`^### ${route.method} ${route.prefix}${pattern}$`);
      return !headings.some((h) => heading.test(h));
    });
    expect(undocumented.map((r) => `${r.method} ${r.pattern}`)).toEqual([]);
  });
});
