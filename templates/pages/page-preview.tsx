import type { ContentPage, PageRevision } from '../../src/api/schemas/index.ts';
import { DraftView, useDraft } from '../ui/DraftView.tsx';
import type { PageProps } from '../types.ts';
import { PageView } from './content-page.tsx';
import type { PreviewData } from '../../src/pages/families/previews.ts';

/** Page previews and revisions, rendered in the browser through the published page's template. */
export default function PagePreview({ data, site }: PageProps<PreviewData>) {
  const result = useDraft(data.kind === 'preview' ? 'page-preview' : 'page-revision');
  const page = (draft: ContentPage | PageRevision) => ('page' in draft ? draft.page : draft);
  return (
    <DraftView
      what="Page"
      kind={data.kind}
      result={result}
      site={site}
      title={(draft) => page(draft).title}
      revision={data.kind === 'revision' ? (draft) => draft as PageRevision : undefined}
    >
      {(draft) => <PageView page={{ ...page(draft), password_protected: false }} forms={{}} site={site} />}
    </DraftView>
  );
}
