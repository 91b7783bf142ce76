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

export function crumbsFor(page: Page): Crumb[] {
  const parts = page.slug.split('/');
  return [
    { label: 'Home', href: '/' },
    ...parts.slice(0, -1).map((_, i) => ({
      label: parts[i]!.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
      href: `/${parts.slice(0, i + 1).join('/')}`,
    })),
    { label: page.title },
  ];
}

export function PageView({
  page,
  forms,
  site,
}: {
  page: Page;
  forms: PageProps<ContentPageData>['data']['forms'];
  site: PageProps<ContentPageData>['site'];
}) {
  const [unlocked, setUnlocked] = useState<Page | null>(null);
  const shown = unlocked ?? page;
  const { settings } = site;
  return (
    <>
      <PageHeader title={page.title} crumbs={crumbsFor(page)} lead={page.summary ? <p>{page.summary}</p> : undefined} />
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
  return <PageView page={data.page} forms={data.forms} site={site} />;
}
