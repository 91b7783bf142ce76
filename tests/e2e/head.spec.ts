import { expect, test, type Page } from '@playwright/test';
import { templatePages } from './template-pages.ts';
import { addLink, markWindow, pageEnds, recordRuntimeEvents, windowMarked } from './helpers.ts';

/**
 * The head of a page is the same however a fan reached it: by loading it, or by a client navigation from
 * another page (the build and the runtime apply one list of head tags, src/head/tags.ts).
 */

/** The head's page-dependent elements, in a comparable form (React's own resource hints aside). */
const headOf = (page: Page) =>
  page.evaluate(() => {
    const items: string[] = [`title=${document.title}`];
    for (const meta of document.head.querySelectorAll('meta[name], meta[property]')) {
      const key = meta.getAttribute('name') ?? `property:${meta.getAttribute('property')}`;
      if (key !== 'fh-build') items.push(`meta ${key}=${meta.getAttribute('content')}`);
    }
    for (const link of document.head.querySelectorAll('link[rel="canonical"], link[rel="icon"], link[rel="alternate"]'))
      items.push(
        `link ${[...link.attributes]
          .map((a) => `${a.name}=${a.value}`)
          .sort()
          .join(' ')}`,
      );
    const ld = document.getElementById('fh-jsonld');
    if (ld) items.push(`json-ld ${ld.textContent}`);
    return items.sort();
  });

// Previews and protected pages need the editor or a password; the rest are every template, the layouts and 404.
const pages = templatePages(process.env.FH_E2E_OUT!).filter(
  ({ template }) => !['article-preview', 'page-preview'].includes(template),
);

for (const { template, path } of pages) {
  test(`${template}: the head after a client navigation is the head of a first load (${path})`, async ({ page }) => {
    await recordRuntimeEvents(page);
    await page.goto(path);
    await pageEnds(page);
    const loaded = await headOf(page);
    expect(loaded.some((item) => item.startsWith('title='))).toBe(true);

    const from = path === '/search' ? '/news' : '/search';
    await page.goto(from);
    await pageEnds(page);
    await markWindow(page);
    await addLink(page, path, 'to the page');
    await page.locator('#test-link').click();
    // The runtime renders the page in place, or (a page it has no payload for: the 404 page, a browser-rendered
    // route) loads it whole; either way the page's end is announced at its own address.
    await page.waitForFunction(
      (target) => (window.__fhEvents ?? []).some((e) => e.type === 'page-end' && e.path === target),
      path,
    );
    const clientSide = !['/search', '/no-such-page'].includes(path);
    expect(await windowMarked(page), 'rendered in place, not loaded whole').toBe(clientSide);
    expect(await headOf(page)).toEqual(loaded);
  });
}
