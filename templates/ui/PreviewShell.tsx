import { PageHeader } from './page.tsx';

/** The shell of a preview or revision: the runtime loads the draft with the editor's identity. */
export function PreviewShell({ what, kind }: { what: 'Article' | 'Page'; kind: 'preview' | 'revision' }) {
  return (
    <>
      <PageHeader title={`${what} ${kind}`} />
      <div className="container narrow" id="preview-root" aria-live="polite">
        <p className="empty">Loading the {kind}… Previews need the editor sign-in cookie.</p>
      </div>
    </>
  );
}
