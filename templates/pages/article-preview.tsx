import { PreviewShell } from '../ui/PreviewShell.tsx';
import type { PageProps } from '../types.ts';

/** The shell of article previews and revisions. */
export default function ArticlePreview({ data }: PageProps<'article-preview'>) {
  return <PreviewShell what="Article" kind={data.kind} />;
}
