import { PageHeader } from '../ui/page.tsx';
import type { PageProps } from '../types.ts';

/** The shell of article previews and revisions: the runtime loads the draft with the editor's identity. */
export default function ArticlePreview({ data }: PageProps<'article-preview'>) {
  return (
    <>
      <PageHeader title={data.kind === 'revision' ? 'Article revision' : 'Article preview'} />
      <div className="container narrow" id="preview-root" aria-live="polite">
        <p className="empty">Loading the {data.kind === 'revision' ? 'revision' : 'preview'}… Previews need the editor sign-in cookie.</p>
      </div>
    </>
  );
}
