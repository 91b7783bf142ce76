import { useState, type FormEvent } from 'react';
import type { ContentPage as Page } from '../../src/api/schemas/pages.ts';
import { useActions } from '../actions.ts';
import { Blocks } from '../blocks/Blocks.tsx';
import { PageHeader, type Crumb } from '../ui/page.tsx';
import type { PageProps } from '../types.ts';
import type { ContentPageData } from '../../src/pages/families/content.ts';

/** A password-protected page's form: the content comes from the API after the right password. */
function Unlock({ page, onUnlocked }: { page: Page; onUnlocked: (page: Page) => void }) {
  const actions = useActions();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!actions) return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    const result = await actions.unlockPage(page.id, password);
    setBusy(false);
    if (result.ok) onUnlocked(result.page);
    else setMessage(result.message);
  };
  return (
    <form className="container narrow unlock" onSubmit={onSubmit} aria-describedby="unlock-help">
      <p id="unlock-help">This page is password-protected. Enter the password to see it.</p>
      <div className="field">
        <label htmlFor="page-password">Password</label>
        <input
          id="page-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'unlock-error' : undefined}
        />
        {message ? (
          <p className="field-error" id="unlock-error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={busy || !actions}>
        {busy ? 'Checking…' : 'Unlock'}
      </button>
    </form>
  );
}

/**
 * Home, the page's ancestors that are pages of the site (by their titles), and the page. A folder of the path that
 * is no page (/compliance/boosters when only /compliance/boosters/guidelines exists) is left out, never linked.
 * Without the list (a preview, rendered in the browser), only Home and the page.
 */
export function crumbsFor(page: Page, ancestors: ContentPageData['ancestors'] = []): Crumb[] {
  return [
    { label: 'Home', href: '/' },
    ...ancestors.map((a) => ({ label: a.title, href: a.path })),
    { label: page.title },
  ];
}

export function PageView({
  page,
  forms,
  site,
  ancestors,
}: {
  page: Page;
  ancestors?: ContentPageData['ancestors'];
  forms: PageProps<ContentPageData>['data']['forms'];
  site: PageProps<ContentPageData>['site'];
}) {
  const [unlocked, setUnlocked] = useState<Page | null>(null);
  const shown = unlocked ?? page;
  const { settings } = site;
  return (
    <>
      <PageHeader
        title={page.title}
        crumbs={crumbsFor(page, ancestors)}
        lead={page.summary ? <p>{page.summary}</p> : undefined}
      />
      {page.password_protected && !unlocked ? (
        <Unlock page={page} onUnlocked={setUnlocked} />
      ) : (
        <Blocks
          blocks={shown.blocks}
          site={site}
          forms={forms}
          ads={{ zone: settings.ad_zones.page, interval: settings.page_ad_interval, shift: settings.page_ad_shift }}
        />
      )}
    </>
  );
}

export default function ContentPage({ data, site }: PageProps<ContentPageData>) {
  return <PageView page={data.page} forms={data.forms} site={site} ancestors={data.ancestors} />;
}
