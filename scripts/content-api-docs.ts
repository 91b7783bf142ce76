/**
 * Writes docs/content-api.md: the content API contract, with example responses taken live from the demo CMS.
 * Run `npm run docs:api` after changing an endpoint or a schema.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { startDemoServer } from '../src/demo/server/server.ts';

interface Endpoint {
  method: 'GET' | 'POST';
  /** Path as documented, relative to its service. */
  path: string;
  service?: 'content' | 'dashboard' | 'redirect';
  summary: string;
  params?: [string, string][];
  /** A concrete request for the example (path + query), or null to skip the example. */
  example: string | null;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  schema: string;
}

async function main() {
  const server = await startDemoServer({ port: 0 });
  const d = server.dataset;
  const football = d.sports.find((s) => s.slug === 'football')!;
  const season = d.seasons.at(-1)!.slug;
  const lastSeason = d.seasons.at(-2)!.slug;
  const article = d.articles.filter((a) => a.status === 'published').at(-1)!;
  const box = d.events.find((e) => e.boxscore_id && e.sport_id === 2)!;
  const player = d.players.find((p) => p.sport_id === football.id && p.seasons.length > 1)!;
  const coach = d.coaches.find((c) => c.sport_id === football.id)!;
  const gallery = d.galleries.filter((g) => g.summary.visibility !== 'private').at(-1)!.summary;
  const page = d.pages.find((p) => p.slug === 'about/traditions/fight-song')!;
  const locked = d.pages.find((p) => p.password_protected)!;
  const doc = d.documents[0]!;
  const zones = d.adZones.slice(0, 2).map((z) => z.uuid);
  const revisionId = d.articleRevisionIds()[0]!;
  const draft = d.articles.find((a) => a.status === 'draft')!;

  const endpoints: Endpoint[] = [
    {
      method: 'GET',
      path: '/website-config',
      summary:
        'The website configuration view: site settings of behaviour §3, all menus (nested items), footer blocks, images, flags, ad spacing (numbers, 0 when empty), ad zones by position.',
      example: '/website-config',
      schema: 'SiteSettings',
    },
    {
      method: 'GET',
      path: '/sports',
      summary:
        'All sports. The site asks for `per_page=100`, `sort` from `sport_sorting_behavior` (order, -order, name, -name) and `include=icon`.',
      params: [
        ['per_page', '1–100 (20)'],
        ['page', 'page number'],
        ['sort', 'order, -order, name, -name'],
        ['include', 'comma list of related data, e.g. icon'],
      ],
      example: '/sports?per_page=2&sort=order&include=icon',
      schema: 'paginated Sport',
    },
    {
      method: 'GET',
      path: '/sports/by/slug/{slug}',
      summary: 'One sport with its related data. Unknown slug: 404 "Sport not found".',
      params: [
        [
          'include',
          'schedulePageImage, rosterPageImage, defaultSeason, defaultRoster, heroPresentedByLogo, rosterPlayersTemplateFields, rosterStaffMembersTemplateFields, metaImage, icon',
        ],
      ],
      example: `/sports/by/slug/football?include=schedulePageImage,rosterPageImage,defaultSeason,defaultRoster,heroPresentedByLogo,rosterPlayersTemplateFields,rosterStaffMembersTemplateFields,metaImage,icon`,
      schema: 'Sport',
    },
    {
      method: 'GET',
      path: '/sports/{id}/seasons',
      summary: 'Seasons with rosters and schedules for the sport, oldest first.',
      example: `/sports/${football.id}/seasons`,
      schema: 'Season[]',
    },
    {
      method: 'GET',
      path: '/sports/{id}/all-time-roster',
      summary:
        'Every player who was ever on a roster of the sport, with first and last season and every season played.',
      example: `/sports/${football.id}/all-time-roster`,
      schema: 'AllTimePlayer[]',
    },
    {
      method: 'GET',
      path: '/sports/{id}/all-time-staff',
      summary: 'Everyone who coached or worked on staff for the sport, with the seasons they were on the roster.',
      example: `/sports/${football.id}/all-time-staff`,
      schema: 'AllTimeStaff[]',
    },
    {
      method: 'GET',
      path: '/rosters',
      summary:
        'One season’s roster of a sport: players (jersey, position, height, weight, class year, hometown, high school, previous school, headshot, rich-text bio, social links, template fields) and coaching staff (title, photo, bio, contact).',
      params: [
        ['sport_id', 'required'],
        ['season', 'required: season slug'],
      ],
      example: `/rosters?sport_id=${football.id}&season=${season}`,
      schema: 'Roster',
    },
    {
      method: 'GET',
      path: '/players/by/slug/{slug}',
      summary: 'A player across seasons: every roster entry, for the player page and the season history.',
      params: [['sport_id', 'required']],
      example: `/players/by/slug/${player.slug}?sport_id=${football.id}`,
      schema: 'Player',
    },
    {
      method: 'GET',
      path: '/coaches/by/slug/{slug}',
      summary: 'A coach or staff member across seasons of one sport.',
      params: [['sport_id', 'required']],
      example: `/coaches/by/slug/${coach.slug}?sport_id=${football.id}`,
      schema: 'CoachProfile',
    },
    {
      method: 'GET',
      path: '/schedules',
      summary:
        'One season’s schedule of a sport: record (overall, conference, home, away, neutral) and events with date and time in a timezone (or TBA), opponent with logo, home/away/neutral, location, conference flag, tournament, result with scores and outcome (or place for meet sports), TV/radio/stream, tickets, box score id, preview and recap article ids, and layout.',
      params: [
        ['sport_id', 'required'],
        ['season', 'required: season slug'],
      ],
      example: `/schedules?sport_id=${football.id}&season=${season}`,
      schema: 'Schedule',
    },
    {
      method: 'GET',
      path: '/events',
      summary:
        'Events across all sports, for the all-sports schedule and the broadcast guide. Each event carries its sport.',
      params: [
        ['start', 'YYYY-MM-DD, inclusive'],
        ['end', 'YYYY-MM-DD, inclusive'],
        ['sport_id', 'optional'],
        ['broadcast', 'true: only events with TV, radio or stream'],
        ['sort', 'date (default) or -date'],
        ['per_page', '1–100'],
        ['page', ''],
      ],
      example: `/events?start=${d.asOf}&broadcast=true&per_page=2`,
      schema: 'paginated EventWithSport',
    },
    {
      method: 'GET',
      path: '/stats',
      summary: 'Season statistics as titled tables: team totals and individual lines.',
      params: [
        ['sport_id', 'required'],
        ['season', 'required: season slug'],
      ],
      example: `/stats?sport_id=2&season=${lastSeason}`,
      schema: 'SeasonStats',
    },
    {
      method: 'GET',
      path: '/boxscores/{id}',
      summary: 'A box score: line score by period, team totals and each team’s player table.',
      example: `/boxscores/${box.boxscore_id}`,
      schema: 'BoxScore',
    },
    {
      method: 'GET',
      path: '/categories',
      summary: 'News categories (headlines, featured and sport-page categories are named in the settings).',
      example: '/categories',
      schema: 'Category[]',
    },
    {
      method: 'GET',
      path: '/articles',
      summary: 'Published news articles, newest first.',
      params: [
        [
          'sport_id',
          'optional: the articles whose `sport` is this one (an incremental build relies on it: docs/build-cache.md)',
        ],
        ['category_id', 'optional'],
        [
          'year',
          "optional: the calendar year of the article's date (an incremental build relies on it, give or take a year for the CMS's timezone: docs/build-cache.md)",
        ],
        [
          'sort',
          "-date (default) or date: oldest first, by the date's time or its text (the numbered news pages, /news/page/k, are the pages of this order: an article must keep its place in it from one call to the next; docs/behaviour.md §2)",
        ],
        ['per_page', '1–100'],
        ['page', ''],
      ],
      example: '/articles?per_page=2&category_id=1',
      schema: 'paginated ArticleSummary',
    },
    {
      method: 'GET',
      path: '/articles/years',
      summary: 'Years that have published articles, newest first (for /news/{year} routes).',
      params: [['sport_id', 'optional']],
      example: `/articles/years?sport_id=${football.id}`,
      schema: 'number[]',
    },
    {
      method: 'GET',
      path: '/articles/{id}',
      summary:
        'A published article: rich-text body, author, sport, categories, featured image, related articles, event. An article no public list holds (a draft, unpublished, deleted) answers 404: an incremental build asks for a changed article this way instead of listing every article again, and takes the 404 to mean it is in no list.',
      example: `/articles/${article.id}`,
      schema: 'Article',
    },
    {
      method: 'GET',
      path: '/articles/by/slug/{slug}',
      summary: 'A published article by slug and date (the site’s /news/{y}/{m}/{d}/{slug}).',
      params: [['date', 'YYYY-MM-DD, in the site timezone']],
      example: `/articles/by/slug/${article.slug}?date=${article.date.slice(0, 10)}`,
      schema: 'Article',
    },
    {
      method: 'GET',
      path: '/articles/{id}/preview',
      summary:
        'Any article, drafts included. Only for the editor identity (X-Oas-Identity or the bypass cookie); 403 otherwise.',
      example: `/articles/${draft.id}/preview`,
      headers: { 'X-Oas-Identity': 'demo-editor' },
      schema: 'Article',
    },
    {
      method: 'GET',
      path: '/article-revisions/{id}',
      summary: 'A saved revision of an article. Editor identity only; 403 otherwise.',
      example: `/article-revisions/${revisionId}`,
      headers: { 'X-Oas-Identity': 'demo-editor' },
      schema: 'ArticleRevision',
    },
    {
      method: 'GET',
      path: '/videos',
      summary: 'Videos, newest first: YouTube, Vimeo or file, with thumbnail and duration.',
      params: [
        ['sport_id', 'optional'],
        ['per_page', '1–100'],
        ['page', ''],
      ],
      example: '/videos?per_page=2',
      schema: 'paginated Video',
    },
    {
      method: 'GET',
      path: '/galleries',
      summary: 'Photo galleries, newest first.',
      params: [
        ['sport_id', 'optional'],
        ['per_page', '1–100'],
        ['page', ''],
      ],
      example: '/galleries?per_page=2',
      schema: 'paginated GallerySummary',
    },
    {
      method: 'GET',
      path: '/galleries/by/slug/{slug}',
      summary: 'A gallery with its photos (image with size, caption, credit).',
      example: `/galleries/by/slug/${gallery.slug}`,
      schema: 'Gallery',
    },
    {
      method: 'GET',
      path: '/staff-directory',
      summary:
        'The staff directory: departments in order, each with its ordered members (name, title, email, phone, photo, bio).',
      example: '/staff-directory',
      schema: 'Department[]',
    },
    {
      method: 'GET',
      path: '/staff-directory/departments/{slug}',
      summary: 'One department of the directory.',
      example: `/staff-directory/departments/${d.departments[0]!.slug}`,
      schema: 'Department',
    },
    {
      method: 'GET',
      path: '/staff/by/slug/{slug}',
      summary: 'A staff member’s profile.',
      example: `/staff/by/slug/${d.staff[0]!.slug}`,
      schema: 'StaffMember',
    },
    {
      method: 'GET',
      path: '/pages',
      summary: 'Published generic pages (multi-segment slugs), for enumerating routes.',
      params: [
        ['per_page', '1–100'],
        ['page', ''],
      ],
      example: '/pages?per_page=3',
      schema: 'paginated PageSummary',
    },
    {
      method: 'GET',
      path: '/pages/{id}',
      summary: 'A published page by id (the settings’ homepage_static_page and sport_static_page).',
      example: `/pages/${d.settings.sport_static_page!.id}`,
      schema: 'ContentPage',
    },
    {
      method: 'GET',
      path: '/pages/by/slug',
      summary:
        'A published page by its path, with ordered content blocks and an optional layout (game-day, ticketing). A password-protected page answers with no blocks.',
      params: [['path', 'required: e.g. about/traditions/fight-song']],
      example: `/pages/by/slug?path=${page.slug}`,
      schema: 'ContentPage',
    },
    {
      method: 'GET',
      path: '/pages/{id}/preview',
      summary: 'Any page, drafts and protected content included. Editor identity only; 403 otherwise.',
      example: `/pages/${locked.id}/preview`,
      headers: { 'X-Oas-Identity': 'demo-editor' },
      schema: 'ContentPage',
    },
    {
      method: 'GET',
      path: '/page-revisions/{id}',
      summary: 'A saved revision of a page. Editor identity only; 403 otherwise.',
      example: `/page-revisions/1`,
      headers: { 'X-Oas-Identity': 'demo-editor' },
      schema: 'PageRevision',
    },
    {
      method: 'POST',
      path: '/pages/{id}/unlock',
      summary:
        'The content of a password-protected page for the right password (JSON `{ "password": … }`). A wrong password answers 422 `{ message: "The password is incorrect." }`.',
      example: `/pages/${locked.id}/unlock`,
      body: { password: 'hawks-club-2026' },
      schema: 'ContentPage',
    },
    {
      method: 'GET',
      path: '/forms/{id}',
      summary:
        'A form: fields of type input (with input_type), textarea, select, checkboxes, file (accept, max_size_bytes, max_files) and paragraph, with label, name, required, options and limits.',
      example: '/forms/1',
      schema: 'Form',
    },
    {
      method: 'POST',
      path: '/forms/{id}/submissions',
      summary:
        'Submit a form as JSON, or as multipart/form-data when files are attached. 201 on success; 422 `{ message, errors: { field: message } }` when a field is invalid.',
      example: '/forms/3/submissions',
      body: { name: 'Pat Doe', outlet: 'Valley Gazette', email: 'pat@gazette.example' },
      schema: 'FormSubmissionResult',
    },
    {
      method: 'GET',
      path: '/documents',
      summary: 'Documents (PDF) by uuid.',
      params: [
        ['per_page', '1–100'],
        ['page', ''],
      ],
      example: '/documents?per_page=2',
      schema: 'paginated DocumentMeta',
    },
    {
      method: 'GET',
      path: '/documents/{uuid}',
      summary: 'A document’s metadata.',
      example: `/documents/${doc.uuid}`,
      schema: 'DocumentMeta',
    },
    {
      method: 'GET',
      path: '/documents/{uuid}.pdf',
      summary: 'The PDF itself (application/pdf).',
      example: null,
      schema: 'bytes',
    },
    {
      method: 'GET',
      path: '/ad-zones',
      summary: 'Ad zones by uuid, with their sizes.',
      example: '/ad-zones',
      schema: 'AdZone[]',
    },
    {
      method: 'GET',
      path: '/simages',
      summary: 'Ads for the zones on a page, keyed by zone uuid (behaviour §7). Not cached.',
      params: [['zones', 'required: comma list of zone uuids']],
      example: `/simages?zones=${zones.join(',')}`,
      schema: 'AdsByZone',
    },
    {
      method: 'GET',
      path: '/simages/{id}',
      summary: 'A single ad.',
      example: `/simages/${d.ads[0]!.id}`,
      schema: 'Ad',
    },
    {
      method: 'GET',
      path: '/search',
      summary:
        'Ranked search over sports, articles, players, coaches, staff, pages and galleries. Results carry the site path to link to.',
      params: [
        ['s', 'required: the search text'],
        ['sport', 'optional: sport slug filter'],
        ['team_name', 'optional: team name filter, e.g. "Women\'s Basketball"'],
        ['per_page', '1–100'],
        ['page', ''],
      ],
      example: `/search?s=${encodeURIComponent(player.full_name)}&per_page=2`,
      schema: 'paginated SearchResult',
    },
    {
      method: 'GET',
      path: '/icons/{prefix}.json',
      summary:
        'Iconify-compatible icon set (not enveloped): SVG bodies for the requested names; unknown names under not_found.',
      params: [['icons', 'required: comma list of icon names']],
      example: '/icons/fieldhouse.json?icons=football,instagram',
      schema: 'IconSet',
    },
    {
      method: 'GET',
      path: '/user',
      service: 'dashboard',
      summary:
        'The signed-in user for the identity sent as X-Oas-Identity; 401 when anonymous. The site asks only when the bypass cookie is present.',
      example: '/user',
      headers: { 'X-Oas-Identity': 'demo-editor' },
      schema: 'CurrentUser',
    },
    {
      method: 'GET',
      path: '/check',
      service: 'redirect',
      summary:
        'Ask the redirect service about a path (behaviour §7). Not enveloped. target_url is null when there is no redirect; redirect_type defaults to 307; query_parameters "ignore_pass" passes the query string through.',
      params: [['url', 'required: the path asked about']],
      example: '/check?url=/sports/mbkb',
      schema: 'RedirectCheck',
    },
    {
      method: 'GET',
      path: '/redirects',
      service: 'redirect',
      summary: 'The redirect service’s whole table, paginated, so the build can write host redirect files.',
      params: [
        ['per_page', '1–100'],
        ['page', ''],
      ],
      example: '/redirects?per_page=2',
      schema: 'paginated RedirectRule',
    },
    {
      method: 'POST',
      path: '/redirects',
      service: 'redirect',
      summary:
        'Add a rule (editors only; 403 otherwise), as an admin would between builds: the check answers it at once, the host files at the next build. 422 `{ message, errors }` for a source that is not a path or already has a rule, a target that is not a path or http(s) URL, or a redirect_type outside 301/302/303/307/308.',
      example: '/redirects',
      headers: { 'X-Oas-Identity': 'demo-editor' },
      body: { source: '/summer-camps', target_url: '/camps', query_parameters: 'ignore_pass', redirect_type: 301 },
      schema: 'RedirectRule',
    },
  ];

  const base = (e: Endpoint) =>
    e.service === 'dashboard'
      ? server.dashboardApiUrl
      : e.service === 'redirect'
        ? server.redirectServiceUrl
        : `${server.origin}${server.apiPrefix}`;
  const sections: string[] = [];
  for (const e of endpoints) {
    const lines = [
      `### ${e.method} ${e.service === 'dashboard' ? '{dashboard api}' : e.service === 'redirect' ? '{redirect service}' : ''}${e.path}`,
      '',
      e.summary,
      '',
      `Answer: \`${e.schema}\` (src/api/schemas).`,
    ];
    if (e.params?.length)
      lines.push('', '| parameter | meaning |', '| --- | --- |', ...e.params.map(([p, m]) => `| \`${p}\` | ${m} |`));
    if (e.example) {
      const response = await fetch(`${base(e)}${e.example}`, {
        method: e.method,
        headers: { ...(e.body ? { 'Content-Type': 'application/json' } : {}), ...e.headers },
        body: e.body ? JSON.stringify(e.body) : undefined,
      });
      if (!response.ok) throw new Error(`${e.method} ${e.example} answered ${response.status}`);
      const json = trim(await response.json());
      const headerText = e.headers
        ? Object.entries(e.headers)
            .map(([k, v]) => `\n${k}: ${v}`)
            .join('')
        : '';
      const bodyText = e.body ? `\nContent-Type: application/json\n\n${JSON.stringify(e.body)}` : '';
      lines.push(
        '',
        '```http',
        `${e.method} ${e.service === 'dashboard' ? '/dashboard' : e.service === 'redirect' ? '/redirect-service' : server.apiPrefix}${e.example}${headerText}${bodyText}`,
        '```',
        '',
        '```json',
        JSON.stringify(json, null, 2),
        '```',
      );
    }
    sections.push(lines.join('\n'));
  }
  await server.close();
  // The write API, the feed and webhooks are prose (their examples would carry the time of the change).
  const writing = await readFile(new URL('../docs/parts/writing.md', import.meta.url), 'utf8');
  const markdown = `${HEADER}\n\n## Endpoints\n\n${sections.join('\n\n')}\n\n${writing}`;
  await writeFile(new URL('../docs/content-api.md', import.meta.url), markdown);
  process.stdout.write(`wrote docs/content-api.md (${endpoints.length} endpoints)\n`);
}

/** Keep examples readable: at most two items per list, long text cut. */
function trim(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) {
    const kept = value.slice(0, 2).map((v) => trim(v, depth + 1));
    return value.length > 2 ? [...kept, `… ${value.length - 2} more`] : kept;
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v, depth + 1)]));
  if (typeof value === 'string' && value.length > 160) return `${value.slice(0, 160)}…`;
  return value;
}

const HEADER = `# Content API contract

Everything a Fieldhouse site shows comes from this API. The demo CMS (\`src/demo\`, \`npx site demo-api\`) serves all
of it; a real CMS must answer the same way. The zod schemas in \`src/api/schemas/\` are the source of truth for
every record's fields and types; this page says what each call is for and shows a real answer.

This file is generated by \`npm run docs:api\` from the demo CMS: the examples are live answers, with lists cut to
two items and long text shortened.

## Conventions

- **Services.** Content calls go to \`{api base URL}{api prefix}\` (demo: \`http://127.0.0.1:PORT/api/v1\`). The
  current user comes from the dashboard API (\`{dashboard api}/user\`), redirects from the redirect service
  (\`{redirect service}/check\`). Each base URL is set in \`site.config.ts\`.
- **Requests** (behaviour §7). Sent with credentials, cross-origin mode and no caching; headers
  \`X-Requested-With: XMLHttpRequest\`, \`Accept: application/json, text/plain, */*\`, \`Origin\`, and
  \`X-Oas-Identity\` when the bypass cookie has a value. Query arrays are comma-separated (\`include=a,b\`).
  POST bodies are JSON (\`Content-Type: application/json\`) or multipart form data as is.
- **Envelope.** Every answer is \`{ "data": … }\`, except the icon sets and the redirect check, which answer the
  record itself. Lists are paginated: \`per_page\` (1–100, default 20) and \`page\`, with
  \`meta.pagination { total, count, per_page, current_page, total_pages }\`. A \`per_page\` over 100 is a 422.
- **Includes and sorting.** \`include=a,b\` adds related data; \`sort=name\` ascends, \`sort=-name\` descends.
- **Dates.** Date-times are ISO 8601 in any of its usual forms: \`2026-11-21T19:00:00-06:00\`, without seconds
  (\`2026-11-21T19:00Z\`), with an offset without its colon (\`-0600\`) or hours alone (\`-06\`), a space for
  \`T\`, fractions of a second. The build makes them canonical (\`2026-11-21T19:00:00-06:00\`). A date-time without
  an offset is read in the event's \`timezone\` (any other record: UTC). Dates alone are \`YYYY-MM-DD\`.
  - **An event** is shown in its own \`timezone\` (an IANA name, e.g. \`America/New_York\`), where it is played:
    the build writes its date as wall-clock time there (\`2026-03-10T13:05:00-04:00\`), and pages read the date
    and time from that text, never through a timezone database (so a browser whose zone data differs cannot
    disagree with the build). Its time is named when the zone is not the site's \`website_timezone\`: "1:05 PM
    ET" (ET, CT, MT, PT, AKT, HT), or the offset for other zones ("7:00 PM UTC-06:00"). An unknown zone is read
    as UTC, with a warning.
  - **A game without a set time** (\`time_tba: true\`, or a \`date\` that is a date alone) is a calendar date: the
    date as written, whatever time or offset is beside it (feeds write such games as midnight UTC or midnight
    Eastern). It is never moved by a timezone: the page, the JSON-LD (\`startDate\` a date) and the \`.ics\`
    (\`DTSTART;VALUE=DATE\`) all give that date, and its time reads "TBA".
- **Seasons** (\`GET /sports/{id}/seasons\`) say what each has: \`has_roster\`, \`has_schedule\`, \`has_stats\`
  (booleans). Real departments have seasons with a roster and no schedule, or a schedule and no statistics. The
  build lists pages only for what a season has: no schedule page for a season without one, no link to it in season
  pickers, sport menus or "Season statistics" links; a sport's schedule page shows its default season, or the
  latest season with a schedule when the default has none. A season that leaves a field out is taken to have it:
  its page asks, and an honest 404 skips that page only, with a warning naming the call. A sport whose news list is
  empty has no news page and no News in its menu.
- **Slugs** are lowercase ASCII letters, digits and hyphens (\`[a-z0-9-]+\`; content pages join such segments
  with \`/\`). The build does not rewrite a slug (the API finds records by it): a record whose slug is not one
  (an accent, a space, a capital: \`inés-dixon\`) has no page, skipped with a warning naming it, and every link to
  it is left out with it (its name shows as text on rosters, statistics and lists) by the same rule, so no page
  links to it. The demo CMS has such a player.
- **Media.** Image \`url\`s are absolute, or root-relative to the API origin. \`alt\` may be null (then empty);
  \`width\` and \`height\` may be missing or null, as most CDNs send them: the page then reserves a 3:2 box for
  the image, so nothing shifts while it loads. The demo serves under \`/media\` what a real CMS carries: action
  photos, headshots and banners as camera-weight JPEGs (photos of 2–8 MB at 3000–6000 px, headshots of
  0.8–2.5 MB, banners of 1–3 MB; about 1 in 3 photos and headshots without their size), logos, sponsors, ads and
  the default headshots as SVGs. Media answers carry a strong \`ETag\`, \`Last-Modified\` and
  \`Content-Length\`, answer \`If-None-Match\` and \`If-Modified-Since\` with a 304, and \`HEAD\`.
- **What may be null.** Optional text (a player's position, class, hometown, schools; a staff member's email and
  phone; an event's venue, city and state) may be null, missing or blank: it is left off the page. A biography may
  be null (no "Biography" section). A headshot or photo may be null (the default photo shows).
- **Rich text** fields (\`body\`, \`bio\`, \`html\`) are HTML. The build does not trust them: see "What the build
  does with what it gets" below.
- **Publication.** Articles and pages carry \`status\`; articles, pages, videos, galleries and documents may carry
  \`visibility\`. Absent means published and public. Public answers should hold public records only.
- **Caching.** Answers carry an \`ETag\`; \`If-None-Match\` gets a 304. Public content is
  \`Cache-Control: public, max-age=60\`; per-identity answers (user, previews, revisions, unlocked pages) are
  \`private, no-store\`; ads and search are \`no-cache\`. The client records no-cache and no-store.
- **Identity.** The editor identity (demo: \`demo-editor\`) is sent as \`X-Oas-Identity\` (the demo also reads the
  \`fh_identity\` cookie). Previews and revisions answer only for it (403 otherwise); \`/user\` answers 401 without it.
- **CORS.** Calls the browser makes itself (ads, user, redirect check, previews, forms, search, unlock) are allowed
  from any origin with credentials: the origin is echoed with \`Access-Control-Allow-Credentials: true\`.

## Errors

Errors answer \`{ "message": "…", "status": N }\` (422 adds \`errors: { field: message }\`). The client maps them
(behaviour §8): 403 and 5xx are fatal, carrying the status and \`message\` (or "Unexpected error"); 404 is not fatal and
not reported; 401 on \`/user\` means anonymous; network errors, timeouts, 429 (honouring \`Retry-After\`) and
502/503/504 are retried with exponential backoff and full jitter before they count. An answer that does not
match its schema is an \`ApiInvalidResponse\` error naming the endpoint, the record (id, slug or uuid) and the field
path, e.g. \`GET /api/v1/sports returned an invalid record data[3] (id 4, slug "baseball"): at
data[3].default_season_id: Invalid input: expected number, received string\`.

## What the build does with what it gets

Whatever the API sends, the build takes it across one boundary (\`src/api/boundary.ts\`, docs/behaviour.md §10);
each change is a warning naming the endpoint, the record and the field:

- **Unpublished records are not built.** A record whose \`status\` is anything but \`published\`, or whose
  \`visibility\` is anything but \`public\`, is left out of a list and refused as a single answer (its page is
  skipped). A password-protected page is built with its title and a password form only: blocks and summary sent in
  its public answer are dropped; they reach the browser from \`POST /pages/{id}/unlock\`.
- **Rich text is sanitised** by one allow-list (\`src/rich-text/policy.ts\`): headings (an \`h1\` becomes \`h2\`),
  paragraphs, quotes, lists, tables, links, images, figures, and \`<iframe>\` embeds from \`www.youtube.com\`,
  \`www.youtube-nocookie.com\` and \`player.vimeo.com\` (https). Scripts, styles, forms, frames, objects, event
  handlers, \`javascript:\` and other URL schemes, \`style\`, \`class\`, \`id\` and \`name\` are removed; links to
  other sites get \`rel="noopener"\`; a rich-text field over 1 MiB is cut.
- **The settings' \`analytics_code\`** may hold \`<script>\` (with or without \`src\`) and \`<noscript>\` fallbacks; its
  inline scripts are written as files of the site and loaded in the same place; anything else is left out.
- **Text** has its control characters removed (tab, line feed and carriage return stay); a string over 2 MiB is
  cut; a structure nested deeper than 32 levels is cut there; menus are cut at 3 levels.
- **Rosters as printed.** \`jersey_number\` may be text or an integer (\`"07"\` stays \`07\`); \`height\` is text as
  printed (\`6-2\`, \`6'2"\`) or a number of inches (74 becomes \`6-2\`); \`weight\` is pounds, as a number (a decimal
  is rounded) or as printed (\`"198 lbs"\`); text that is no weight (\`"N/A"\`) is left out with a warning, not the
  player. A social link to a network other than x, instagram, facebook, tiktok, youtube and linkedin is kept as a
  plain link named by its host.
- **One bad record costs itself.** A player, staff member or event, or an article, page, video, gallery or
  document in a list, that does not fit its schema is left out of its list with a warning naming the record and
  the field (\`event 2 left out: field date: expected an ISO 8601 date…\`); the rest of the list is built. A record
  fetched alone (one article's page) that does not fit fails that page with \`ApiInvalidResponse\`, never another
  page. Site-wide records (the settings, the sports list) must fit: without them there is no site.
- **No link to a page that was not built.** After writing, the build checks every internal link of every page (a
  page, a file, a preview route or a redirect rule must answer it) and lists broken links with a page holding each;
  \`site build --strict\` makes them fatal (the output folder is not replaced).
- **Retries.** A request is tried again up to 5 times (dropped connections, time-outs, 429, 502, 503, 504, a 2xx
  whose body is not the JSON it claims), within a retry budget per client; a 500 is an answer, not retried.`;

await main();
