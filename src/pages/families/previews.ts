/**
 * Previews and revisions of articles and pages, for editors: one shell per route, rendered in the browser from
 * the API with the editor's identity (nothing of a draft is ever in the build's output).
 */
import { family, template, type PageSource } from '../define.ts';
import { single } from '../shared.ts';

export interface PreviewData {
  kind: 'preview' | 'revision';
  /** Filled in the browser from the address. */
  id: string;
}

const shell = (kind: PreviewData['kind'], title: string): PageSource<PreviewData> => ({
  paths: single,
  async load() {
    return {
      data: { kind, id: '' },
      head: { title, description: null, image: null, type: 'website', noindex: true },
    };
  },
});

export default family({
  name: 'previews',
  templates: {
    'article-preview': template<PreviewData>({
      component: () => import('../../../templates/pages/article-preview.tsx'),
    }),
    'page-preview': template<PreviewData>({ component: () => import('../../../templates/pages/page-preview.tsx') }),
  },
  routes: [
    {
      name: 'article-preview-id',
      pattern: '/article-preview/:id',
      params: { id: 'id' },
      render: 'client',
      template: 'article-preview',
      source: shell('preview', 'Article preview'),
    },
    {
      name: 'article-revision-id',
      pattern: '/article-revision/:id',
      params: { id: 'id' },
      render: 'client',
      template: 'article-preview',
      source: shell('revision', 'Article revision'),
    },
    {
      name: 'page-preview-id',
      pattern: '/page-preview/:id',
      params: { id: 'id' },
      render: 'client',
      template: 'page-preview',
      source: shell('preview', 'Page preview'),
    },
    {
      name: 'page-revision-id',
      pattern: '/page-revision/:id',
      params: { id: 'id' },
      render: 'client',
      template: 'page-preview',
      source: shell('revision', 'Page revision'),
    },
  ],
});
