import type { CurrentUser } from '../src/api/schemas/index.ts';
import type { Payload, SiteData } from '../src/contract/index.ts';
import { readCookie } from './cookies.ts';
import { reportError } from './errors.ts';
import type { LiveApi } from './live/api.ts';
import type { Router } from '../src/routes/match.ts';

const BAR_ID = 'fh-admin-bar';

/** What the CMS edits for a page: its type and id in `edit_url_template`, or null (lists, revisions). */
export function editTarget(payload: Payload, router: Router): { type: string; id: number; label: string } | null {
  const data = payload.data as Record<string, { id?: number } | undefined>;
  if (payload.template === 'article' && data.article?.id)
    return { type: 'articles', id: data.article.id, label: 'Edit this article' };
  if (payload.template === 'content-page' && data.page?.id)
    return { type: 'pages', id: data.page.id, label: 'Edit this page' };
  // A preview's shell is one file for every id: the id is in the address (a revision has its own id, not the page's).
  const match = router.match(location.pathname);
  if (
    (payload.template === 'article-preview' || payload.template === 'page-preview') &&
    (payload.data as { kind?: string }).kind === 'preview' &&
    match.type === 'match'
  ) {
    const what = payload.template === 'article-preview' ? 'article' : 'page';
    return { type: `${what}s`, id: Number(match.params.id), label: `Edit this ${what}` };
  }
  return null;
}

/**
 * Spec §4 and §6, for a visitor with the bypass cookie (runtime/identity.ts loads this only then): the current user
 * is fetched (dashboard `/user`) while the cookie is present, and cleared when it is not; a 401 means anonymous. A
 * signed-in editor gets the admin bar, with a link to edit the page on screen in the CMS.
 */
export function createAdminBar(
  site: SiteData,
  api: () => Promise<LiveApi>,
  router: Router,
): (payload: Payload) => Promise<void> {
  let user: Promise<CurrentUser | null> | null = null;
  let identity: string | null = null;

  return async (payload: Payload) => {
    const cookie = readCookie(site.bypassCookie);
    if (!cookie) {
      user = null;
      identity = null;
      return renderBar(null, payload, site, router);
    }
    if (cookie !== identity) {
      identity = cookie;
      user = api()
        .then((live) => live.currentUser())
        .catch((error: unknown) => {
          reportError(error, { feature: 'current user' });
          return null;
        });
    }
    renderBar(await user, payload, site, router);
  };
}

function renderBar(user: CurrentUser | null, payload: Payload, site: SiteData, router: Router): void {
  let bar = document.getElementById(BAR_ID);
  if (!user) {
    bar?.remove();
    document.documentElement.classList.remove('has-admin-bar');
    return;
  }
  if (!bar) {
    bar = document.createElement('div');
    bar.id = BAR_ID;
    bar.className = 'admin-bar';
    bar.setAttribute('role', 'region');
    bar.setAttribute('aria-label', 'Editor tools');
    document.body.append(bar);
    document.documentElement.classList.add('has-admin-bar');
  }
  const who = document.createElement('span');
  who.textContent = `Signed in as ${user.name}`;
  const parts: Node[] = [who];
  const target = editTarget(payload, router);
  if (target) {
    const link = document.createElement('a');
    link.href = new URL(
      user.edit_url_template.replace('{type}', target.type).replace('{id}', String(target.id)),
      site.api.baseUrl,
    ).href;
    link.textContent = target.label;
    link.target = '_blank';
    link.rel = 'noopener';
    parts.push(link);
  }
  bar.replaceChildren(...parts);
}
