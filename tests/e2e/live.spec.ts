import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { localDate } from '../../src/util/dates.ts';
import { generateDataset, PUNCTUATED_NAME, PUNCTUATED_NAME_SPORT } from '../../src/demo/dataset.ts';
import { EDITOR_IDENTITY } from '../../src/demo/generate/site.ts';
import { E2E_PORT } from '../../playwright.config.ts';
import { E2E_DEMO_PORT } from './global-setup.ts';
import { scanForStrings } from '../helpers/scan.ts';
import { addLink, pageEnds, recordRuntimeEvents, watchErrors } from './helpers.ts';

const SITE_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const API = `http://127.0.0.1:${E2E_DEMO_PORT}`;
const dataset = generateDataset();
const settings = dataset.settings;

async function open(page: Page, path: string, ends = 1): Promise<void> {
  await recordRuntimeEvents(page);
  await page.goto(path);
  await pageEnds(page, ends);
}

/** Requests whose URL path (below the API) matches, as they are sent. */
function record(page: Page, pattern: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname) && request.method() !== 'OPTIONS') seen.push(request);
  });
  return seen;
}
const zonesOf = (request: Request) => new URL(request.url()).searchParams.get('zones')!.split(',').sort();
const zonesOnPage = async (page: Page) =>
  [
    ...new Set(
      await page.locator('[data-ad-zone]').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.adZone!)),
    ),
  ].sort();

/** Follow a link as a fan would (the runtime renders the page without a full load). */
async function clientNavigate(page: Page, path: string): Promise<void> {
  await addLink(page, path, `to ${path}`);
  await page.locator('#test-link').click();
}

const signIn = (context: BrowserContext, value = EDITOR_IDENTITY) =>
  context.addCookies([{ name: 'fh_identity', value, url: SITE_ORIGIN }]);
/** The newest article with ad zones in its body (a short one has none: zones are spaced by paragraphs). */
const firstArticle = async (page: Page) => {
  await open(page, '/news');
  const hrefs = await page
    .locator('#main a[href^="/news/20"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  for (const href of hrefs) if ((await (await page.request.get(href)).text()).includes('data-ad-zone')) return href;
  throw new Error('No article listed on /news has an ad zone');
};

test.describe('ads', () => {
  test('arrive once per page load, for the zones on the page, and none without zones', async ({ page }) => {
    const errors = watchErrors(page);
    const path = await firstArticle(page);
    const ads = record(page, /\/simages$/);
    await open(page, path);
    await expect(page.locator('[data-ad-zone] .ad-slot a img').first()).toBeVisible();
    await page.waitForTimeout(600);
    expect(ads).toHaveLength(1);
    expect(zonesOf(ads[0]!)).toEqual(await zonesOnPage(page));
    expect(zonesOf(ads[0]!)).toContain(settings.ad_zones.article);
    // The ad links out as a sponsored link, with the ad's own image from the API.
    const link = page.locator('[data-ad-zone] .ad-slot a').first();
    await expect(link).toHaveAttribute('rel', 'sponsored noopener');
    expect(await link.locator('img').getAttribute('src')).toMatch(new RegExp(`^${API}/media/ad/`));

    // A page without zones asks for nothing.
    await clientNavigate(page, '/sports/football/schedule');
    await pageEnds(page, 2);
    expect(await zonesOnPage(page)).toEqual([]);
    await page.waitForTimeout(600);
    expect(ads).toHaveLength(1);

    // The home page has zones of its own: one more request, for those zones only (the article's are cached).
    await clientNavigate(page, '/');
    await pageEnds(page, 3);
    await expect.poll(() => ads.length).toBe(2);
    const homeZones = await zonesOnPage(page);
    expect(homeZones).toContain(settings.ad_zones.home);
    expect(zonesOf(ads[1]!)).toEqual(homeZones.filter((z) => !zonesOf(ads[0]!).includes(z)));
    expect(errors).toEqual([]);
  });

  test('only one ad fetch runs at a time; quick navigations ask once the page stays', async ({ page }) => {
    let inFlight = 0;
    let most = 0;
    const asked: string[][] = [];
    await page.route(/\/simages\?/, async (route) => {
      inFlight++;
      most = Math.max(most, inFlight);
      asked.push(new URL(route.request().url()).searchParams.get('zones')!.split(','));
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
      inFlight--;
    });
    const article = await firstArticle(page);
    // The home page's fetch is in flight (slow ad server) while the visitor moves on twice.
    await open(page, '/');
    await expect.poll(() => asked.length).toBe(1);
    await clientNavigate(page, '/game-day');
    await pageEnds(page, 2);
    await clientNavigate(page, article);
    await pageEnds(page, 3);
    await expect(page.locator('[data-ad-state="filled"]').first()).toBeVisible({ timeout: 10_000 });
    expect(most).toBe(1);
    // The game-day page was left while the first fetch ran: the second request is for the page that stayed (the
    // article's zones not already kept), not for every page passed through.
    expect(asked.length).toBe(2);
    expect(asked[1]!.sort()).toEqual((await zonesOnPage(page)).filter((z) => !asked[0]!.includes(z)).sort());
  });

  test('the ad-spacing settings put zones in articles, pages, roster bios and the home page', async ({ page }) => {
    const html = async (path: string) => (await page.request.get(path)).text();
    const player = dataset.players.find((p) => p.sport_id === dataset.sports.find((s) => s.slug === 'football')!.id)!;
    const zones = (text: string, uuid: string) => text.split(`data-ad-zone="${uuid}"`).length - 1;
    expect(zones(await html('/'), settings.ad_zones.home!)).toBeGreaterThan(0);
    expect(zones(await html(await firstArticle(page)), settings.ad_zones.article!)).toBeGreaterThan(0);
    expect(zones(await html('/game-day'), settings.ad_zones.page!)).toBeGreaterThan(0);
    expect(
      zones(await html(`/sports/football/roster/player/${player.slug}`), settings.ad_zones.roster_bio!),
    ).toBeGreaterThan(0);
  });

  test('an ad on screen for a second is counted once', async ({ page }) => {
    const path = await firstArticle(page);
    const impressions = record(page, /\/simages\/\d+$/);
    await open(page, path);
    const zone = page.locator('[data-ad-state="filled"]').first();
    await zone.scrollIntoViewIfNeeded();
    await expect.poll(() => impressions.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    const url = new URL(impressions[0]!.url());
    expect(url.searchParams.get('event')).toBe('impression');
    expect(url.searchParams.get('zone')).toBe(await zone.getAttribute('data-ad-zone'));
  });

  test('a failed ad load is reported and the page carries on', async ({ page }) => {
    const errors = watchErrors(page);
    await page.route(/\/simages\?/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Ad server down"}' }),
    );
    const path = await firstArticle(page);
    await open(page, path);
    await expect.poll(() => errors.some((e) => /Ad server down|503/.test(e))).toBe(true);
    await expect(page.locator('[data-ad-state="filled"]')).toHaveCount(0);
    // No empty "Advertisement" box is left in the article: every zone collapses.
    const zones = page.locator('[data-ad-zone]');
    await expect(zones.first()).toHaveAttribute('data-ad-state', 'failed');
    for (const zone of await zones.all()) expect(await zone.boundingBox()).toBeNull();
    // Still an app: client navigation works.
    await clientNavigate(page, '/news');
    await expect(page.locator('h1')).toHaveText('News');
  });
});

test.describe('ad links and images', () => {
  test('an ad whose image does not load leaves no gap; an ad that opens a new tab says so', async ({ page }) => {
    const path = await firstArticle(page);
    await open(page, path);
    const filled = page.locator('[data-ad-state="filled"]');
    await expect(filled.first()).toBeVisible();
    for (const link of await page.locator('[data-ad-zone] .ad-slot a[target="_blank"]').all())
      await expect(link).toContainText('(opens in a new tab)');
    expect(dataset.ads.some((ad) => ad.target_blank)).toBe(true);
    await expect(page.locator('[data-ad-zone] .ad-slot a[target="_blank"]').first()).toBeAttached();

    await page.route(/\/media\/ad\//, (route) => route.abort());
    await open(page, path);
    const zones = page.locator('[data-ad-zone]');
    await expect.poll(() => page.locator('[data-ad-state="failed"]').count()).toBe(await zones.count());
    for (const zone of await zones.all()) expect(await zone.boundingBox()).toBeNull();
  });

  test('an ad whose link or image is not a web address is left out and reported; the others show', async ({ page }) => {
    const errors = watchErrors(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
    const path = await firstArticle(page);
    const zone = settings.ad_zones.article!;
    await page.route(/\/simages\?/, async (route) => {
      const answer = (await (await route.fetch()).json()) as { data: Record<string, Record<string, unknown>[]> };
      const good = answer.data[zone]![0]!;
      const ads = [
        { ...good, id: 9001, url: 'javascript:alert(document.domain)' },
        { ...good, id: 9002, url: ' JaVa\tScRiPt:alert(1)' },
        { ...good, id: 9003, image: { ...(good.image as object), url: 'data:image/svg+xml,<svg onload=alert(2)>' } },
        { ...good, id: 9004, image: null },
        good,
      ];
      await route.fulfill({ json: { data: { ...answer.data, [zone]: ads } } });
    });
    await open(page, path);
    const zoneLinks = page.locator(`[data-ad-zone="${zone}"] .ad-slot a`);
    await expect(page.locator(`[data-ad-zone="${zone}"]`).first()).toHaveAttribute('data-ad-state', 'filled');
    // Only the good ad is in the zone, once per placement; nothing on the page links to a script.
    const placements = await page.locator(`[data-ad-zone="${zone}"]`).count();
    await expect(zoneLinks).toHaveCount(placements);
    expect(await page.locator('a[href^="javascript" i], img[src^="data:image/svg" i]').count()).toBe(0);
    const reported = (id: number, field: string) => `GET /simages: ad ${id} of zone ${zone} has no usable ${field}`;
    for (const [id, field] of [
      [9001, 'url'],
      [9002, 'url'],
      [9003, 'image.url'],
      [9004, 'image.url'],
    ] as const)
      await expect.poll(() => errors.some((e) => e.includes(reported(id, field)))).toBe(true);
    await zoneLinks.first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
  });
});

test.describe('identity and the admin bar', () => {
  test('anonymous: no identity header, no user call, no admin bar', async ({ page }) => {
    const user = record(page, /\/dashboard\/user$/);
    const ads = record(page, /\/simages$/);
    const path = await firstArticle(page);
    await open(page, path);
    await expect.poll(() => ads.length).toBeGreaterThan(0);
    expect(await ads[0]!.allHeaders()).not.toHaveProperty('x-oas-identity');
    expect(user).toHaveLength(0);
    await expect(page.locator('#fh-admin-bar')).toHaveCount(0);
  });

  test('with the bypass cookie: X-Oas-Identity on API calls, the user fetched, an admin bar with an edit link', async ({
    page,
    context,
  }) => {
    await signIn(context);
    const user = record(page, /\/dashboard\/user$/);
    const ads = record(page, /\/simages$/);
    const path = await firstArticle(page);
    await open(page, path);
    const bar = page.locator('#fh-admin-bar');
    await expect(bar).toContainText('Signed in as Jamie Editor');
    const id = await page.evaluate(
      () =>
        (JSON.parse(document.getElementById('__FH_PAYLOAD__')!.textContent!) as { data: { article: { id: number } } })
          .data.article.id,
    );
    await expect(bar.getByRole('link', { name: 'Edit this article' })).toHaveAttribute(
      'href',
      `${API}/admin/articles/${id}/edit`,
    );
    expect((await user[0]!.allHeaders())['x-oas-identity']).toBe(EDITOR_IDENTITY);
    await expect.poll(() => ads.length).toBeGreaterThan(0);
    expect((await ads[0]!.allHeaders())['x-oas-identity']).toBe(EDITOR_IDENTITY);
    // The bar follows client navigation: a list has nothing to edit; a page does.
    // (Counts of this document's page ends: the article's load, then each navigation.)
    await clientNavigate(page, '/news');
    await pageEnds(page, 2);
    await expect(bar.getByRole('link')).toHaveCount(0);
    // Signing out (the cookie gone) clears the user at the next page.
    await context.clearCookies();
    await clientNavigate(page, '/');
    await pageEnds(page, 3);
    await expect(bar).toHaveCount(0);
  });

  test('an identity the dashboard does not know (401) is anonymous', async ({ page, context }) => {
    await signIn(context, 'not-a-user');
    const errors = watchErrors(page);
    const user = record(page, /\/dashboard\/user$/);
    await open(page, '/');
    await expect.poll(() => user.length).toBe(1);
    await page.waitForTimeout(300);
    await expect(page.locator('#fh-admin-bar')).toHaveCount(0);
    expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
  });
});

test.describe('previews and revisions', () => {
  const draft = dataset.articles.find((a) => a.status === 'draft')!;
  const revisionId = dataset.articleRevisionIds()[0]!;
  const revision = dataset.articleRevision(revisionId)!;
  const draftPage = dataset.pages.find((p) => p.status === 'draft')!;
  const pageRevision = dataset.pageRevisions[0]!;

  test('an article preview renders for the editor identity through the article template', async ({ page, context }) => {
    await signIn(context);
    const errors = watchErrors(page);
    await open(page, `/article-preview/${draft.id}`);
    await expect(page.locator('#main h1')).toHaveText(draft.title);
    await expect(page.locator('.preview-banner')).toContainText('Article preview');
    await expect(page.locator('article.article .prose, article.article').first()).toBeVisible();
    await expect(page).toHaveTitle(`Preview: ${draft.title} - ${settings.site_title}`);
    expect(errors).toEqual([]);
  });

  test('without access a preview says it is for editors, with a link to sign in at the dashboard', async ({ page }) => {
    await open(page, `/article-preview/${draft.id}`);
    await expect(page.locator('#main h1')).toHaveText('This preview is for editors');
    await expect(page).toHaveTitle(`This preview is for editors - ${settings.site_title}`);
    await expect(page.locator('#main')).not.toContainText('Something went wrong');
    await expect(page.getByRole('link', { name: 'Sign in at the dashboard' })).toHaveAttribute(
      'href',
      `${API}/dashboard`,
    );
    await expect(page.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
    await expect(page.locator('#main')).not.toContainText(draft.title);
  });

  test('an article revision, a page preview and a page revision render for the editor', async ({ page, context }) => {
    await signIn(context);
    await open(page, `/article-revision/${revisionId}`);
    await expect(page.locator('#main h1')).toHaveText(revision.article.title);
    await expect(page.locator('.preview-banner')).toContainText(`by ${revision.created_by}`);
    await open(page, `/page-preview/${draftPage.id}`);
    await expect(page.locator('#main h1')).toHaveText(draftPage.title);
    await expect(page.locator('#fh-admin-bar').getByRole('link', { name: 'Edit this page' })).toHaveAttribute(
      'href',
      `${API}/admin/pages/${draftPage.id}/edit`,
    );
    await open(page, `/page-revision/${pageRevision.id}`);
    await expect(page.locator('#main h1')).toHaveText(pageRevision.page.title);
    await expect(page.locator('.preview-banner')).toContainText('Dana Whitfield');
  });

  test('an unknown draft is a 404', async ({ page, context }) => {
    await signIn(context);
    await open(page, '/article-preview/999999');
    await expect(page.locator('.error-status')).toHaveText('404');
  });
});

test.describe('password-protected pages', () => {
  const locked = dataset.pages.find((p) => p.password_protected)!;
  const secret = dataset.protectedContent.get(locked.id)!;

  test('the page holds only its title and a form; a wrong password says so and keeps what was typed; the right one shows it', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const html = await (await page.request.get(`/${locked.slug}`)).text();
    expect(html).not.toContain('Hawks Club donors');
    await open(page, `/${locked.slug}`);
    await expect(page.locator('#main h1')).toHaveText(locked.title);
    const input = page.getByLabel('Password');
    await input.fill('not-the-password');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.locator('#unlock-error')).toHaveText('The password is incorrect.');
    await expect(input).toHaveValue('not-the-password');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await input.fill(secret.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.locator('#main')).toContainText('Welcome, Hawks Club donors');
    await expect(page.getByLabel('Password')).toHaveCount(0);
    expect(errors.filter((e) => !/422/.test(e))).toEqual([]);
  });
});

/** Google's reCAPTCHA script stands in here (no internet in tests): it answers every check with a token. */
const RECAPTCHA = /^https:\/\/www\.google\.com\/recaptcha\/api\.js/;
const fakeRecaptcha = (page: Page) =>
  page.route(RECAPTCHA, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.grecaptcha = { render(el, o) { window.__rc = o; return 7; }, reset() {}, execute() { setTimeout(() => window.__rc.callback('token-from-recaptcha'), 20); } };
             window.__fhRecaptchaLoaded && window.__fhRecaptchaLoaded();`,
    }),
  );

test.describe('contact forms', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  async function fillContact(page: Page) {
    await page.getByLabel('Full name').fill('Pat Fan');
    await page.getByLabel('Email').fill('pat@example.com');
    await page.getByLabel('Phone').fill('319-555-0101');
    await page.getByLabel('Topic').selectOption('hawks-club');
    await page.getByLabel('Football').check();
    await page.getByLabel('Special events').check();
    await page.getByLabel('Message').fill('How do I join the Hawks Club?');
  }
  const submissions = (page: Page) => record(page, /\/forms\/1\/submissions$/);

  test('every field type submits as JSON, with the reCAPTCHA token', async ({ page }) => {
    await fakeRecaptcha(page);
    const sent = submissions(page);
    await open(page, '/contact-us');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thanks!' })).toBeVisible();
    // Focus moves to the answer, so a screen reader reads it and Tab goes on from there.
    await expect(page.locator('.form-success')).toBeFocused();
    expect(sent).toHaveLength(1);
    expect((await sent[0]!.allHeaders())['content-type']).toBe('application/json');
    expect(sent[0]!.postDataJSON()).toEqual({
      full_name: 'Pat Fan',
      email: 'pat@example.com',
      phone: '319-555-0101',
      topic: 'hawks-club',
      interests: ['football', 'events'],
      message: 'How do I join the Hawks Club?',
      'g-recaptcha-response': 'token-from-recaptcha',
    });
  });

  test('with a file attached it submits as multipart', async ({ page }) => {
    await fakeRecaptcha(page);
    const sent = submissions(page);
    await open(page, '/contact-us');
    await fillContact(page);
    await page.getByLabel('Attachment').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thanks!' })).toBeVisible();
    expect((await sent[0]!.allHeaders())['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = sent[0]!.postDataBuffer()!.toString('latin1');
    expect(body).toContain('filename="ticket.png"');
    expect(body).toContain('token-from-recaptcha');
  });

  test('the browser checks the form first, with accessible messages', async ({ page }) => {
    const sent = submissions(page);
    await open(page, '/contact-us');
    await page.getByLabel('Email').fill('not-an-email');
    await page
      .getByLabel('Attachment')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'Send message' }).click();
    const summary = page.locator('.cms-form [role="alert"]');
    await expect(summary.locator('.form-error')).toHaveText('Please correct the highlighted fields.');
    // The summary names each field in error, each a link to its field.
    await expect(summary.getByRole('link')).toHaveText([
      'Full name is required.',
      'Email must be a valid email address.',
      'Topic is required.',
      'Message is required.',
      'Attachment must be one of: PDF, JPEG, PNG.',
    ]);
    await expect(page.getByLabel('Full name')).toBeFocused();
    await summary.getByRole('link', { name: 'Topic is required.' }).click();
    await expect(page.getByLabel('Topic')).toBeFocused();
    await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.field-error').getByText('Full name is required.')).toBeVisible();
    await expect(page.locator('.field-error').getByText('Email must be a valid email address.')).toBeVisible();
    await expect(page.locator('.field-error').getByText('Topic is required.')).toBeVisible();
    await expect(page.locator('.field-error').getByText('Attachment must be one of: PDF, JPEG, PNG.')).toBeVisible();
    // The message is tied to its field for screen readers.
    const described = await page.getByLabel('Email').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe('Email must be a valid email address.');
    expect(sent).toHaveLength(0);
  });

  test("a refused submit shows the server's messages and loses nothing typed", async ({ page }) => {
    await fakeRecaptcha(page);
    await open(page, '/contact-us');
    await page.route(/\/forms\/1\/submissions$/, (route) =>
      route.request().method() === 'OPTIONS'
        ? route.continue()
        : route.fulfill({
            status: 422,
            contentType: 'application/json',
            headers: { 'access-control-allow-origin': SITE_ORIGIN, 'access-control-allow-credentials': 'true' },
            body: JSON.stringify({
              message: 'Please correct the highlighted fields.',
              errors: { email: 'This address bounced last time.' },
            }),
          }),
    );
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    const summary = page.locator('.cms-form [role="alert"]');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(['This address bounced last time.']);
    await summary.getByRole('link').click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Message')).toHaveValue('How do I join the Hawks Club?');
    await expect(page.getByLabel('Email')).toHaveValue('pat@example.com');
    await expect(page.getByLabel('Special events')).toBeChecked();
  });

  test('on a phone, by keyboard alone: a refused submit focuses the summary, whose links lead to the fields', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await fakeRecaptcha(page);
    await open(page, '/contact-us');
    await page.route(/\/forms\/1\/submissions$/, (route) =>
      route.request().method() === 'OPTIONS'
        ? route.continue()
        : route.fulfill({
            status: 422,
            contentType: 'application/json',
            headers: { 'access-control-allow-origin': SITE_ORIGIN, 'access-control-allow-credentials': 'true' },
            body: JSON.stringify({
              message: 'Please correct the highlighted fields.',
              errors: { email: 'This address bounced last time.', message: 'Message is too short.' },
            }),
          }),
    );
    await fillContact(page);
    await page.getByLabel('Message').focus();
    // Tab to the submit button and press Enter, as a keyboard user does.
    while (!(await page.getByRole('button', { name: 'Send message' }).evaluate((b) => b === document.activeElement)))
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const summary = page.locator('.cms-form [role="alert"]');
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(summary.getByRole('link', { name: 'This address bounced last time.' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Message')).toBeFocused();
    await expect(page.getByLabel('Message')).toBeInViewport();
    await expect(page.getByLabel('Message')).toHaveValue('How do I join the Hawks Club?');
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });

  test('a network failure, a server error or a blocked spam check says so, with focus on it, and loses nothing typed', async ({
    page,
  }) => {
    const sent = submissions(page);
    const summary = page.locator('.cms-form [role="alert"]');
    await page.route(RECAPTCHA, (route) => route.abort());
    await open(page, '/contact-us');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(summary).toContainText('spam check');
    await expect(summary).toBeFocused();
    await expect(page.getByLabel('Message')).toHaveValue('How do I join the Hawks Club?');
    await page.unroute(RECAPTCHA);
    await fakeRecaptcha(page);
    await page.route(/\/forms\/1\/submissions$/, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(summary).toContainText('could not be sent');
    await expect(summary).toBeFocused();
    // Sent once: the CMS may have stored a POST whose connection dropped.
    expect(sent).toHaveLength(1);
    await expect(page.getByLabel('Full name')).toHaveValue('Pat Fan');
    await expect(page.getByLabel('Topic')).toHaveValue('hawks-club');
    await page.unroute(/\/forms\/1\/submissions$/);
    await page.route(/\/forms\/1\/submissions$/, (route) =>
      route.request().method() === 'OPTIONS'
        ? route.continue()
        : route.fulfill({
            status: 500,
            contentType: 'application/json',
            headers: { 'access-control-allow-origin': SITE_ORIGIN, 'access-control-allow-credentials': 'true' },
            body: JSON.stringify({ message: 'Server Error' }),
          }),
    );
    await summary.evaluate((el) => (el as HTMLElement).blur());
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('could not be sent');
    expect(sent).toHaveLength(2);
    // Tab goes on from the message, not from the top of the page or the footer.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
  });
});

test.describe('search', () => {
  const player = dataset.players.find((p) => p.sport_id === dataset.sports[0]!.id)!;
  const playerSport = dataset.sports.find((s) => s.id === player.sport_id)!;
  const playerPath = `/sports/${playerSport.slug}/roster/player/${player.slug}`;
  const article = [...dataset.articles]
    .reverse()
    .find((a) => a.status === 'published' && a.sport && a.title.split(' ').some((w) => /^[A-Za-z]{6,}$/.test(w)))!;
  const word = article.title.split(' ').find((w) => /^[A-Za-z]{6,}$/.test(w))!;
  const [y, m, d] = localDate(article.date, settings.website_timezone).split('-');
  const articlePath = `/news/${y}/${m}/${d}/${article.slug}`;
  const hits = (page: Page) => page.locator('.search-hit h2 a');

  test('finds a player by name; a result is a link the runtime navigates to', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, `/search?s=${encodeURIComponent(player.full_name)}`);
    await expect(page.locator('#search-input')).toHaveValue(player.full_name);
    // Namesakes on other teams are listed too; the player's own page is among the results.
    const own = page.locator(`.search-hit h2 a[href="${playerPath}"]`);
    await expect(own).toHaveText(player.full_name);
    await own.click();
    await pageEnds(page, 2);
    await expect(page).toHaveURL(playerPath);
    await expect(page.locator('#main h1')).toContainText(player.full_name);
    expect(errors).toEqual([]);
  });

  test('finds a name with an apostrophe and a hyphen by its letters alone', async ({ page }) => {
    const path = `/sports/${PUNCTUATED_NAME_SPORT}/roster/player/${PUNCTUATED_NAME.slug}`;
    const name = `${PUNCTUATED_NAME.first} ${PUNCTUATED_NAME.last}`;
    for (const query of ['dasia', 'dasia smith jones']) {
      await open(page, `/search?s=${encodeURIComponent(query)}`);
      await expect(page.locator(`.search-hit h2 a[href="${path}"]`).first()).toHaveText(name);
    }
  });

  test('finds an article by a word of its title, filtered by sport; the query stays in the URL', async ({ page }) => {
    await open(page, '/search');
    await page.locator('#search-input').fill(word);
    await page.getByLabel('Sport').selectOption(article.sport!.slug);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(`/search?s=${word}&sport=${article.sport!.slug}`);
    await expect(page.locator('.search-status')).toContainText(`for “${word}”`);
    // The query is in the title: in the tab, in history, in what a screen reader announces.
    await expect(page).toHaveTitle(`Search: “${word}” - ${settings.site_title}`);
    const paths = await hits(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const sports = await page.locator('.search-hit .eyebrow').allTextContents();
    expect(sports.every((s) => s.includes(article.sport!.name))).toBe(true);
    // Every page of results, not only the first, is searched for the article.
    let found = paths.includes(articlePath);
    while (!found && (await page.getByRole('link', { name: 'Next' }).count())) {
      await page.getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/page=\d+/);
      found = (await hits(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')))).includes(articlePath);
    }
    expect(found).toBe(true);
    // Reloading the address shows the same search.
    await page.reload();
    const shownPage = Number(new URL(page.url()).searchParams.get('page') ?? 1);
    await expect(page).toHaveTitle(
      `Search: “${word}”${shownPage > 1 ? `, page ${shownPage}` : ''} - ${settings.site_title}`,
    );
    await expect(page.locator('#search-input')).toHaveValue(word);
    await expect(page.getByLabel('Sport')).toHaveValue(article.sport!.slug);
    await expect(hits(page).first()).toBeVisible();
  });

  test('forgives typos, finds a sport’s schedule by name, and says what it searched for', async ({ page }) => {
    await open(page, `/search?s=${encodeURIComponent('vollyball')}`);
    await expect(page.locator('.search-status')).toContainText('Showing results for “volleyball”');
    await expect(hits(page).first()).toBeVisible();
    expect(await page.locator('.search-hit .eyebrow').allTextContents()).toContain('Team · Volleyball');
    await open(page, `/search?s=${encodeURIComponent('footbal shedule')}`);
    await expect(page.locator('.search-status')).toContainText('Showing results for “football schedule”');
    await expect(hits(page).first()).toHaveAttribute('href', '/sports/football/schedule');
    await open(page, `/search?s=${encodeURIComponent('football roster')}`);
    await expect(hits(page).first()).toHaveAttribute('href', '/sports/football/roster');
    // Words the site lacks beside one it has: the results with the word it has, not nothing.
    await open(page, `/search?s=${encodeURIComponent('homecoming tickets')}`);
    await expect(hits(page).first()).toBeVisible();
  });

  test('with no results, offers what the fan may have meant and a search without the filters', async ({ page }) => {
    await open(page, `/search?s=${encodeURIComponent('vollyballl ')}&sport=football`);
    const status = page.locator('.search-status');
    await expect(status).toContainText('No results for “vollyballl”');
    await status.getByRole('link', { name: 'Search all sports and teams' }).click();
    await expect(page).toHaveURL(/\/search\?s=vollyballl$/);
    await expect(status).toContainText('Showing results for “volleyball”');
    await expect(page.getByLabel('Sport')).toHaveValue('');
    await open(page, `/search?s=${encodeURIComponent('vvolleybalzz')}`);
    await status.getByRole('link', { name: '“volleyball”' }).click();
    await expect(page).toHaveURL(/\/search\?s=volleyball$/);
    await expect(page.locator('#search-input')).toHaveValue('volleyball');
    await expect(hits(page).first()).toBeVisible();
  });

  test("the team_name search type keeps only that team's results", async ({ page }) => {
    await open(page, `/search?s=${encodeURIComponent('season')}&team_name=basketball`);
    await expect(hits(page).first()).toBeVisible();
    const eyebrows = await page.locator('.search-hit .eyebrow').allTextContents();
    expect(eyebrows.length).toBeGreaterThan(0);
    expect(eyebrows.every((e) => /Basketball/.test(e))).toBe(true);
  });

  test("a site configured for the API's search asks the API instead of the index", async ({ page }) => {
    // The same build with `search: { provider: 'api' }`: only the site data differs.
    await page.route(/\/_site\/data\/site-[0-9a-f]+\.json$/, async (route) => {
      const site = await (await route.fetch()).json();
      await route.fulfill({ json: { ...site, runtime: { ...site.runtime, search: 'api' } } });
    });
    const api = record(page, /\/api\/v1\/search$/);
    const files = record(page, /\/_site\/search\//);
    await open(page, `/search?s=${encodeURIComponent(player.full_name)}&sport=${playerSport.slug}`);
    await expect(page.locator(`.search-hit h2 a[href="${playerPath}"]`)).toBeVisible();
    expect(api).toHaveLength(1);
    expect(Object.fromEntries(new URL(api[0]!.url()).searchParams)).toMatchObject({
      s: player.full_name,
      sport: playerSport.slug,
    });
    expect(files).toHaveLength(0);
  });

  test('results, form errors, previews and the admin bar meet WCAG 2.1 AA', async ({ page, context }) => {
    const axe = async (what: string) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        results.violations.map(
          (v) =>
            `${what}: ${v.id} ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        ),
      ).toEqual([]);
    };
    await open(page, `/search?s=${encodeURIComponent(player.full_name)}`);
    await expect(hits(page).first()).toBeVisible();
    await axe('search results');
    await open(page, '/contact-us');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('.field-error').getByText('Full name is required.')).toBeVisible();
    await axe('form errors');
    await signIn(context);
    await open(page, `/article-preview/${dataset.articles.find((a) => a.status === 'draft')!.id}`);
    await expect(page.locator('.preview-banner')).toBeVisible();
    await expect(page.locator('#fh-admin-bar')).toBeVisible();
    await axe('preview with the admin bar');
  });

  test('a search downloads only the index files it needs', async ({ page }) => {
    const files = record(page, /\/_site\/search\//);
    await open(page, `/search?s=${encodeURIComponent(player.full_name)}`);
    await expect(hits(page).first()).toBeVisible();
    const names = files.map((r) => new URL(r.url()).pathname.split('/').pop()!);
    expect(names).toContain('index.json');
    expect(names.filter((n) => n.startsWith('t-')).length).toBeLessThanOrEqual(4);
    expect(names.filter((n) => n.startsWith('d-')).length).toBeLessThanOrEqual(20);
  });
});

test.describe('the static output', () => {
  test('holds no draft, revision or password-protected content', () => {
    const published = new Set(dataset.articles.filter((a) => a.status === 'published').map((a) => a.title));
    const needles = [
      ...dataset.articles.filter((a) => a.status === 'draft' && !published.has(a.title)).map((a) => a.title),
      ...dataset
        .articleRevisionIds()
        .slice(0, 20)
        .map((id) => dataset.articleRevision(id)!.article.title)
        .filter((t) => !published.has(t)),
      ...dataset.pages.filter((p) => p.status === 'draft').map((p) => p.title),
      ...dataset.pageRevisions.map((r) => r.page.title).filter((t) => !dataset.pages.some((p) => p.title === t)),
      ...[...dataset.protectedContent.values()].flatMap((c) => [
        c.password,
        'Welcome, Hawks Club donors',
        'Coaches’ Dinner on March 14',
      ]),
    ];
    expect(needles.length).toBeGreaterThan(5);
    // A control: a published page's text, which the scan must find (so it reads what the site holds).
    const control = dataset.pages.find((p) => p.slug === 'contact-us')!.title;
    const found = scanForStrings(process.env.FH_E2E_OUT!, [...needles, control]);
    expect(found.some((f) => f.startsWith('contact-us.html: '))).toBe(true);
    expect(found.filter((f) => !f.endsWith(`: ${control}`))).toEqual([]);
  });
});
