import type { SiteData } from '../src/contract/index.ts';

/** The error page: status, message (or the settings' not-found text on a 404) and a link home. */
export function ErrorPage({ status, message, site }: { status: number; message: string; site: SiteData }) {
  const notFoundText = status === 404 ? site.settings.not_found_error_page_text : null;
  return (
    <div className="container narrow error-page">
      <p className="error-status" aria-hidden="true">
        {status}
      </p>
      <h1 id="page-title">{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      {notFoundText ? (
        <div className="prose" dangerouslySetInnerHTML={{ __html: notFoundText }} />
      ) : (
        <p className="error-message">{message}</p>
      )}
      <p>
        <a className="button" href="/">
          Go To Homepage
        </a>
      </p>
    </div>
  );
}
