import type { Article, ArticleRevision } from '../../src/api/schemas/index.ts';
import { DraftView, useDraft } from '../ui/DraftView.tsx';
import type { PageProps } from '../types.ts';
import { ArticleView } from './article.tsx';
import type { PreviewData } from '../../src/pages/families/previews.ts';

/** Article previews and revisions, rendered in the browser through the published article's template. */
export default function ArticlePreview({ data, site }: PageProps<PreviewData>) {
  const result = useDraft(data.kind === 'preview' ? 'article-preview' : 'article-revision');
  const article = (draft: Article | ArticleRevision) => ('article' in draft ? draft.article : draft);
  return (
    <DraftView
      what="Article"
      kind={data.kind}
      result={result}
      site={site}
      title={(draft) => article(draft).title}
      revision={data.kind === 'revision' ? (draft) => draft as ArticleRevision : undefined}
    >
      {(draft) => <ArticleView article={article(draft)} site={site} />}
    </DraftView>
  );
}
