import { PreviewShell } from '../ui/PreviewShell.tsx';
import type { PageProps } from '../types.ts';

/** The shell of page previews and revisions. */
export default function PagePreview({ data }: PageProps<'page-preview'>) {
  return <PreviewShell what="Page" kind={data.kind} />;
}
