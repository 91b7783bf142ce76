import { expect, test, type APIRequestContext } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';

const xml = new XMLParser({ ignoreAttributes: false });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

async function jsonLd(request: APIRequestContext, path: string): Promise<Record<string, unknown>[]> {
  const html = await (await request.get(path)).text();
  const script = /<script type="application\/ld\+json" id="fh-jsonld">([\s\S]*?)<\/script>/.exec(html);
  expect(script, `${path} has JSON-LD`).not.toBeNull();
  const doc = JSON.parse(script![1]!) as { '@context': string; '@graph': Record<string, unknown>[] };
  expect(doc['@context']).toBe('https://schema.org');
  return doc['@graph'];
}

const ofType = (graph: Record<string, unknown>[], type: string) => graph.filter((thing) => thing['@type'] === type);

test.describe('iCalendar feeds', () => {
  test('each sport and all sports: RFC 5545 that a real parser reads, with opponent, location, broadcast and result', async ({
    request,
  }) => {
    for (const path of [
      '/sports/football/schedule.ics',
      '/sports/mens-basketball/schedule.ics',
      '/all-sports-schedule.ics',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain('text/calendar');
      const text = await response.text();
      expect(
        text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75),
        `${path} folds long lines`,
      ).toBe(true);
      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(events.length, path).toBeGreaterThan(5);
      for (const event of events) {
        expect(event.uid).toMatch(/^event-\d+@www\.cedarvalleyhawks\.example$/);
        expect(event.summary).toMatch(/^Cedar Valley Hawks /);
        // A place nobody reported is left out (the demo's away games with blank venues), never written empty.
        if (event.location !== null) expect(event.location).toMatch(/\p{L}.*, \p{L}/u);
        expect(event.startDate).toBeTruthy();
      }
      expect(
        events.some((e) => /Result: [WLT] \d+-\d+|Result: \d+(st|nd|rd|th)/.test(e.description)),
        `${path} has results`,
      ).toBe(true);
      expect(
        events.some((e) => /(TV|Radio|Stream): /.test(e.description)),
        `${path} has broadcasts`,
      ).toBe(true);
      // Games name the opponent (meets their own title).
      expect(
        events.some((e) => / (vs\.|at) [A-Z]/.test(e.summary)),
        `${path} names opponents`,
      ).toBe(true);
    }
  });

  test('schedule pages link to their calendar', async ({ page }) => {
    await page.goto('/sports/football/schedule');
    await expect(page.getByRole('link', { name: /Subscribe to the Football schedule/ })).toHaveAttribute(
      'href',
      'webcal://www.cedarvalleyhawks.example/sports/football/schedule.ics',
    );
    await expect(page.getByRole('link', { name: 'Download the calendar (.ics)' })).toHaveAttribute(
      'href',
      '/sports/football/schedule.ics',
    );
    await page.goto('/all-sports-schedule');
    await expect(page.getByRole('link', { name: 'Download the calendar (.ics)' })).toHaveAttribute(
      'href',
      '/all-sports-schedule.ics',
    );
  });
});

test.describe('crawler files', () => {
  test('sitemap.xml lists every indexable page with lastmod from content; robots.txt points to it', async ({
    request,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://www.cedarvalleyhawks.example/sitemap.xml');
    const sitemap = xml.parse(await (await request.get('/sitemap.xml')).text());
    const urls = asList<{ loc: string; lastmod?: string }>(sitemap.urlset.url);
    expect(sitemap.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urls.length).toBeGreaterThan(10_000);
    expect(urls.every((u) => u.loc.startsWith('https://www.cedarvalleyhawks.example/'))).toBe(true);
    const locs = new Set(urls.map((u) => u.loc));
    expect(locs.has('https://www.cedarvalleyhawks.example/news')).toBe(true);
    // Shells, previews and the protected page are not for search engines.
    expect([...locs].some((l) => /_shells|article-preview|donor-portal/.test(l))).toBe(false);
    const article = urls.find((u) => /\/news\/\d{4}\/\d\d\/\d\d\//.test(u.loc))!;
    expect(article.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test('RSS 2.0 feeds of all news and of each sport carry their required elements', async ({ request, page }) => {
    for (const path of ['/news/rss.xml', '/sports/football/news/rss.xml']) {
      const rss = xml.parse(await (await request.get(path)).text()).rss;
      expect(rss['@_version']).toBe('2.0');
      expect(rss.channel.title).toBeTruthy();
      expect(rss.channel.link).toMatch(/^https:\/\/www\.cedarvalleyhawks\.example\//);
      expect(rss.channel.description).toBeTruthy();
      const items = asList<Record<string, unknown>>(rss.channel.item);
      expect(items.length).toBeGreaterThan(3);
      for (const item of items) {
        expect(item.title).toBeTruthy();
        expect(item.link).toMatch(/^https:\/\/www\.cedarvalleyhawks\.example\/news\/\d{4}\//);
        expect(new Date(item.pubDate as string).getTime()).not.toBeNaN();
      }
      if (path.includes('football')) expect(items.every((i) => asList(i.category).includes('Football'))).toBe(true);
    }
    await page.goto('/sports/football');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(2);
  });
});

test.describe('JSON-LD', () => {
  test('SportsEvent on schedule and event pages has what Google event rich results need, and nothing unknown', async ({
    request,
  }) => {
    const html = await (await request.get('/sports/football/schedule')).text();
    const boxscore = /href="(\/boxscore\/\d+)"/.exec(html)![1]!;
    const countries = new Set<string>();
    let placeless = 0;
    for (const path of [
      '/sports/football/schedule',
      boxscore,
      '/sports/mens-basketball/schedule',
      // A season with a tournament in the Bahamas.
      '/sports/mens-basketball/schedule/season/2025-26',
      '/sports/mens-ice-hockey/schedule',
    ]) {
      const events = ofType(await jsonLd(request, path), 'SportsEvent');
      expect(events.length, path).toBeGreaterThan(0);
      for (const event of events) {
        expect(event.name).toBeTruthy();
        expect(String(event.startDate)).toMatch(/^\d{4}-\d\d-\d\d/);
        // What the API does not know is left out, never sent as an empty string or an assumed country.
        expect(JSON.stringify(event), path).not.toMatch(/:""|:" "/);
        const location = event.location as
          { '@type': string; name: string; address?: Record<string, string> } | undefined;
        if (!location) {
          placeless++;
          continue;
        }
        expect(location['@type']).toBe('Place');
        expect(location.name).toBeTruthy();
        if (location.address?.addressCountry) countries.add(location.address.addressCountry);
        expect((event.homeTeam as { name: string }).name).toBeTruthy();
        expect((event.awayTeam as { name: string }).name).toBeTruthy();
        expect(String(event.eventStatus)).toMatch(/^https:\/\/schema\.org\/Event(Scheduled|Postponed|Cancelled)$/);
      }
    }
    // The demo's games abroad carry their country; games in the department's own country carry none.
    expect([...countries].sort()).toEqual(['Bahamas', 'Canada']);
    expect(placeless).toBeGreaterThan(0);
  });

  test('NewsArticle, SportsTeam, Person and BreadcrumbList where they belong', async ({ request }) => {
    const news = await (await request.get('/news')).text();
    const article = /href="(\/news\/\d{4}\/\d\d\/\d\d\/[a-z0-9-]+)"/.exec(news)![1]!;
    const [newsArticle] = ofType(await jsonLd(request, article), 'NewsArticle');
    expect(newsArticle).toMatchObject({
      headline: expect.any(String),
      datePublished: expect.stringMatching(/^\d{4}-/),
      dateModified: expect.stringMatching(/^\d{4}-/),
    });
    expect(newsArticle!.author).toBeTruthy();

    expect(ofType(await jsonLd(request, '/sports/football'), 'SportsTeam')[0]).toMatchObject({
      name: 'Cedar Valley Hawks Football',
      sport: 'Football',
    });
    const [team] = ofType(await jsonLd(request, '/sports/football/roster'), 'SportsTeam');
    expect((team!.athlete as unknown[]).length).toBeGreaterThan(10);

    const roster = await (await request.get('/sports/football/roster')).text();
    const player = /href="(\/sports\/football\/roster\/season\/[^"]+\/player\/[a-z0-9-]+)"/.exec(roster)![1]!;
    const [person] = ofType(await jsonLd(request, player), 'Person');
    expect(person).toMatchObject({ name: expect.any(String), affiliation: { '@type': 'SportsTeam' } });

    const [crumbs] = ofType(await jsonLd(request, player), 'BreadcrumbList');
    const items = crumbs!.itemListElement as { position: number; name: string; item: string }[];
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    expect(items.slice(0, 3).map((i) => i.name)).toEqual(['Home', 'Football', 'Roster']);
    expect(items.at(-1)!.item).toBe(`https://www.cedarvalleyhawks.example${player}`);
    for (const path of ['/', '/news', '/staff-directory', '/contact-us'])
      expect(ofType(await jsonLd(request, path), 'BreadcrumbList'), path).toHaveLength(1);
  });
});
