import { useEffect, useState, type ReactNode } from 'react';
import { useActions, type DraftKind, type DraftResult, type Drafts } from '../actions.ts';
import type { SiteData } from '../../src/contract/index.ts';
import { ErrorPage } from '../ErrorPage.tsx';
import { documentTitle } from '../../src/head/values.ts';
import { longDate } from './format.ts';
import { PageHeader } from './page.tsx';

/** Load the draft or revision named by the URL, with the editor's identity, once the page is interactive. */
export function useDraft<K extends DraftKind>(kind: K): DraftResult<Drafts[K]> | null {
  const actions = useActions();
  const [result, setResult] = useState<DraftResult<Drafts[K]> | null>(null);
  useEffect(() => {
    if (!actions) return;
    let current = true;
    void actions.loadDraft(kind).then((answer) => current && setResult(answer));
    return () => {
      current = false;
    };
  }, [actions, kind]);
  return result;
}

/**
 * A preview or revision: the shell while it loads, the error page when the API refuses (no editor identity: 403),
 * else the published template with a banner saying what the editor is looking at.
 */
export function DraftView<T>({
  what,
  kind,
  result,
  site,
  title,
  revision,
  children,
}: {
  what: 'Article' | 'Page';
  kind: 'preview' | 'revision';
  result: DraftResult<T> | null;
  site: SiteData;
  title: (draft: T) => string;
  revision?: (draft: T) => { created_at: string; created_by: string };
  children: (draft: T) => ReactNode;
}) {
  const shown = result?.ok ? title(result.draft) : null;
  useEffect(() => {
    if (shown)
      document.title = documentTitle(
        {
          title: `${kind === 'preview' ? 'Preview' : 'Revision'}: ${shown}`,
          description: null,
          image: null,
          type: 'website',
        },
        site,
      );
  }, [shown, kind, site]);
  if (!result) {
    return (
      <>
        <PageHeader title={`${what} ${kind}`} />
        <div className="container narrow" aria-live="polite">
          <p className="empty">Loading the {kind}… Previews need the editor sign-in cookie.</p>
        </div>
      </>
    );
  }
  if (!result.ok && (result.status === 401 || result.status === 403)) return <EditorsOnly kind={kind} site={site} />;
  if (!result.ok) return <ErrorPage status={result.status} message={result.message} site={site} />;
  const saved = revision?.(result.draft);
  return (
    <>
      <p className="preview-banner" role="note">
        {saved ? (
          <>
            {'Revision saved '}
            <time dateTime={saved.created_at}>{longDate(saved.created_at, site.settings.website_timezone)}</time>
            {' by '}
            {saved.created_by}
            {'. It is not what visitors see.'}
          </>
        ) : (
          <>{what} preview: only signed-in editors see this until it is published.</>
        )}
      </p>
      {children(result.draft)}
    </>
  );
}

/** A preview or revision opened without the editor's sign-in: say what it is and where to sign in, not "error". */
function EditorsOnly({ kind, site }: { kind: 'preview' | 'revision'; site: SiteData }) {
  const dashboard = site.api.dashboardUrl;
  useEffect(() => {
    document.title = documentTitle(
      { title: `This ${kind} is for editors`, description: null, image: null, type: 'website' },
      site,
    );
  }, [kind, site]);
  return (
    <div className="container narrow error-page">
      <h1 id="page-title">This {kind} is for editors</h1>
      <p>
        It shows work that is not published yet, so only a signed-in editor can see it. Sign in to the dashboard, then
        open this link again in the same browser.
      </p>
      <p>
        {dashboard ? (
          <a className="button" href={dashboard}>
            Sign in at the dashboard
          </a>
        ) : null}{' '}
        <a href="/">Go to the homepage</a>
      </p>
    </div>
  );
}
