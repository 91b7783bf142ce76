/** Documents: PDFs the CMS holds, copied into the site at /documents/{uuid}.pdf. */
import { family } from '../define.ts';
import { every } from '../shared.ts';

export default family({
  name: 'documents',
  templates: {},
  routes: [
    {
      name: 'documents-uuid',
      pattern: '/documents/:uuid.pdf',
      params: { uuid: 'uuid' },
      render: 'file',
      template: 'document',
      source: {
        paths(ctx) {
          return every(
            (page) => ctx.api.documents({ per_page: 100, page }),
            (d) => ({ params: { uuid: d.uuid }, label: `document ${d.uuid} ("${d.title}")` }),
          );
        },
      },
    },
  ],
});
