import type { Department, DocumentMeta, StaffMember } from '../../api/schemas/content.ts';
import type { Block, ContentPage, Form, FormField, PageRevision } from '../../api/schemas/pages.ts';
import type { Ad, AdZone, CurrentUser, RedirectRule } from '../../api/schemas/services.ts';
import type { MenuItem, SiteSettings } from '../../api/schemas/settings.ts';
import type { CoachProfile } from '../../api/schemas/sports.ts';
import { FEMALE_FIRST, LAST, MALE_FIRST } from '../data/names.ts';
import { DEPARTMENTS, SPONSORS } from '../data/places.ts';
import { media, TEAM } from '../media.ts';
import { slugify } from '../random.ts';
import { DEMO_TIMEZONE, zonedIso } from '../time.ts';
import type { GenContext, SportEntry } from './context.ts';

export const AD_ZONE_SPECS = [
  ['leaderboard', 'Leaderboard', 728, 90],
  ['home-inline', 'Home page inline', 970, 250],
  ['article-inline', 'Article inline', 300, 250],
  ['page-inline', 'Page inline', 300, 250],
  ['roster-bio', 'Roster bio', 300, 250],
  ['mobile-banner', 'Mobile banner', 320, 50],
] as const;

export function generateAds(ctx: GenContext): { zones: AdZone[]; ads: Ad[]; zoneUuid: (key: string) => string } {
  const random = ctx.random.fork('ads');
  const zones: AdZone[] = AD_ZONE_SPECS.map(([, name, width, height]) => ({
    uuid: random.uuid(),
    name,
    width,
    height,
  }));
  const ads: Ad[] = [];
  AD_ZONE_SPECS.forEach(([key, , width, height], z) => {
    for (const sponsor of random.sample(SPONSORS, random.int(2, 3))) {
      const id = ctx.nextId('ad');
      ads.push({
        id,
        zone_uuid: zones[z]!.uuid,
        title: sponsor,
        image: media.ad(
          key,
          SPONSORS.indexOf(sponsor),
          width,
          height,
          `${sponsor}: proud partner of Cedar Valley Athletics`,
        ),
        url: `https://partners.cedarvalleyhawks.example/${slugify(sponsor)}`,
        target_blank: true,
      });
    }
  });
  return { zones, ads, zoneUuid: (key) => zones[AD_ZONE_SPECS.findIndex(([k]) => k === key)]!.uuid };
}

export function generateStaffDirectory(
  ctx: GenContext,
  sports: SportEntry[],
  coaches: CoachProfile[],
): { departments: Department[]; staff: StaffMember[] } {
  const random = ctx.random.fork('staff-directory');
  const departments: Department[] = [];
  const staff: StaffMember[] = [];
  let order = 0;
  const phone = () => `(319) 555-${String(random.int(2000, 8999))}`;
  for (const [name, titles] of DEPARTMENTS) {
    const departmentId = ctx.nextId('department');
    const members: StaffMember[] = [];
    for (const title of titles) {
      const person = `${random.pick(random.chance(0.5) ? MALE_FIRST : FEMALE_FIRST)} ${random.pick(LAST)}`;
      const slug = ctx.uniqueSlug('people', slugify(person));
      const member: StaffMember = {
        id: ctx.nextId('staff'),
        slug,
        full_name: person,
        title,
        email: `${slug.replace(/-/g, '.')}@cvu.edu`,
        phone: phone(),
        photo: random.chance(0.85) ? media.headshot(person, random.int(0, 359)) : null,
        bio: `<p>${person} serves as ${title} for Cedar Valley Athletics${random.chance(0.5) ? `, a role held since ${random.int(2008, 2025)}` : ''}.</p><p>${random.pick(['Before arriving in Cedar Falls, ', 'Previously, '])}${person.split(' ')[0]} worked in college athletics across the Midwest.</p>`,
        department_ids: [departmentId],
        sport_id: null,
      };
      members.push(member);
      staff.push(member);
    }
    departments.push({ id: departmentId, slug: slugify(name), name, order: order++, members });
  }
  // Each sport's current coaches, as a department of the directory.
  const current = ctx.seasons.at(-1)!.id;
  for (const sport of sports) {
    const departmentId = ctx.nextId('department');
    const members: StaffMember[] = coaches
      .filter((c) => c.sport_id === sport.id && c.seasons.some((s) => s.season.id === current))
      .map((c) => {
        const entry = c.seasons.find((s) => s.season.id === current)!.entry;
        const member: StaffMember = {
          id: ctx.nextId('staff'),
          slug: c.slug,
          full_name: c.full_name,
          title: `${sport.def.name} ${entry.title}`,
          email: entry.email,
          phone: entry.phone,
          photo: entry.photo,
          bio: entry.bio,
          department_ids: [departmentId],
          sport_id: sport.id,
        };
        staff.push(member);
        return member;
      });
    departments.push({ id: departmentId, slug: sport.def.slug, name: sport.def.name, order: order++, members });
  }
  return { departments, staff };
}

const field = (f: Partial<FormField> & Pick<FormField, 'name' | 'label' | 'type'>): FormField => ({
  input_type: null,
  required: false,
  placeholder: null,
  help: null,
  options: [],
  max_length: null,
  accept: [],
  max_size_bytes: null,
  max_files: null,
  html: null,
  ...f,
});

export function generateForms(): Form[] {
  return [
    {
      id: 1,
      title: 'Contact Cedar Valley Athletics',
      description: 'Questions about tickets, events or the department? We answer within two business days.',
      submit_label: 'Send message',
      success_message: 'Thanks! Your message is on its way to our staff.',
      fields: [
        field({
          name: 'full_name',
          label: 'Full name',
          type: 'input',
          input_type: 'text',
          required: true,
          max_length: 120,
        }),
        field({ name: 'email', label: 'Email', type: 'input', input_type: 'email', required: true, max_length: 200 }),
        field({
          name: 'phone',
          label: 'Phone',
          type: 'input',
          input_type: 'tel',
          help: 'Optional; we call back during office hours.',
        }),
        field({
          name: 'topic',
          label: 'Topic',
          type: 'select',
          required: true,
          options: [
            { label: 'Tickets', value: 'tickets' },
            { label: 'Hawks Club', value: 'hawks-club' },
            { label: 'Camps', value: 'camps' },
            { label: 'Media', value: 'media' },
            { label: 'Other', value: 'other' },
          ],
        }),
        field({
          name: 'interests',
          label: 'Keep me informed about',
          type: 'checkboxes',
          options: [
            { label: 'Football', value: 'football' },
            { label: 'Basketball', value: 'basketball' },
            { label: 'Olympic sports', value: 'olympic' },
            { label: 'Special events', value: 'events' },
          ],
        }),
        field({ name: 'message', label: 'Message', type: 'textarea', required: true, max_length: 2000 }),
        field({
          name: 'attachment',
          label: 'Attachment',
          type: 'file',
          accept: ['application/pdf', 'image/jpeg', 'image/png'],
          max_size_bytes: 5 * 1024 * 1024,
          max_files: 2,
          help: 'PDF, JPEG or PNG, up to 5 MB each.',
        }),
        field({
          name: 'privacy',
          label: 'Privacy',
          type: 'paragraph',
          html: '<p>We use your details only to answer your message. See the university privacy notice.</p>',
        }),
      ],
    },
    {
      id: 2,
      title: 'Summer Camp Registration',
      description: 'Register a camper for a Hawks summer camp.',
      submit_label: 'Register',
      success_message: 'Registration received. A confirmation email follows shortly.',
      fields: [
        field({ name: 'camper_name', label: 'Camper name', type: 'input', input_type: 'text', required: true }),
        field({ name: 'birth_date', label: 'Date of birth', type: 'input', input_type: 'date', required: true }),
        field({
          name: 'guardian_email',
          label: 'Parent or guardian email',
          type: 'input',
          input_type: 'email',
          required: true,
        }),
        field({
          name: 'camp',
          label: 'Camp',
          type: 'select',
          required: true,
          options: [
            { label: 'Basketball Skills (June 9-12)', value: 'basketball' },
            { label: 'Soccer Day Camp (June 16-19)', value: 'soccer' },
            { label: 'Volleyball Elite (July 7-9)', value: 'volleyball' },
          ],
        }),
        field({
          name: 'waiver',
          label: 'Signed waiver',
          type: 'file',
          required: true,
          accept: ['application/pdf'],
          max_size_bytes: 2 * 1024 * 1024,
          max_files: 1,
          help: 'Upload the signed waiver as a PDF (2 MB at most).',
        }),
        field({ name: 'notes', label: 'Medical notes or allergies', type: 'textarea', max_length: 1000 }),
      ],
    },
    {
      id: 3,
      title: 'Media Credential Request',
      description: 'Working media may request credentials at least 48 hours before an event.',
      submit_label: 'Request credential',
      success_message: 'Request received. Athletic Communications will confirm by email.',
      fields: [
        field({ name: 'name', label: 'Name', type: 'input', input_type: 'text', required: true }),
        field({ name: 'outlet', label: 'Outlet', type: 'input', input_type: 'text', required: true }),
        field({ name: 'email', label: 'Email', type: 'input', input_type: 'email', required: true }),
        field({ name: 'website', label: 'Outlet website', type: 'input', input_type: 'url' }),
        field({
          name: 'needs',
          label: 'Needs',
          type: 'checkboxes',
          options: [
            { label: 'Photo position', value: 'photo' },
            { label: 'Press box seat', value: 'press' },
            { label: 'Post-game interviews', value: 'interviews' },
          ],
        }),
      ],
    },
  ];
}

export interface PagesResult {
  pages: ContentPage[];
  /** Content of password-protected pages, answered only after the right password. */
  protectedContent: Map<number, { password: string; blocks: Block[] }>;
  revisions: PageRevision[];
}

export function generatePages(zoneUuid: (key: string) => string, documents: DocumentMeta[]): PagesResult {
  const updated = zonedIso('2026-10-01', '09:00', DEMO_TIMEZONE);
  let blockId = 0;
  const b = <T extends Block['type']>(type: T, rest: Omit<Extract<Block, { type: T }>, 'id' | 'type'>): Block =>
    ({ id: ++blockId, type, ...rest }) as unknown as Block;
  const text = (...paragraphs: string[]) =>
    b('rich_text', { html: paragraphs.map((t) => (t.startsWith('<') ? t : `<p>${t}</p>`)).join('\n') });
  const link = (label: string, url: string) => ({ label, url });
  const sponsors = () =>
    b('sponsors', {
      title: 'Proud partners of Cedar Valley Athletics',
      sponsors: SPONSORS.slice(0, 8).map((name, i) => ({
        name,
        logo: media.sponsor(i, name),
        url: `https://partners.cedarvalleyhawks.example/${slugify(name)}`,
      })),
    });
  const defs: [string, string, ContentPage['layout'], Block[], string | null][] = [
    [
      'home',
      'Home',
      null,
      [
        b('slider', {
          interval_ms: 7000,
          slides: [
            {
              title: 'Hawks Football Wins the Prairie Bowl',
              subtitle: 'Relive a season to remember',
              image: media.banner('football-hero', 'Hawks football players celebrate a touchdown'),
              link: link('Watch highlights', '/videos'),
            },
            {
              title: 'Basketball Season Is Here',
              subtitle: 'Student tickets are free with your ID',
              image: media.banner('basketball-hero', 'Hawks basketball player drives to the basket'),
              link: link('Get tickets', '/tickets'),
            },
            {
              title: 'Join the Hawks Club',
              subtitle: 'Support 500 student-athletes',
              image: media.banner('hawks-club', 'Hawks Club members at the stadium'),
              link: link('Become a member', '/hawks-club'),
            },
          ],
        }),
        b('schedule_ticker', { sport_id: null }),
        b('tiles', {
          title: 'Fan zone',
          tiles: [
            { title: 'Tickets', image: media.photo('campus', 1, 'Fans in the stands'), url: '/tickets' },
            { title: 'Hawks Club', image: media.photo('campus', 2, 'Donors at an event'), url: '/hawks-club' },
            { title: 'Game day', image: media.photo('football', 3, 'Tailgate outside Hawk Stadium'), url: '/game-day' },
            { title: 'Camps', image: media.photo('basketball', 4, 'Kids at a basketball camp'), url: '/camps' },
          ],
        }),
        b('ad_zone', { zone_uuid: zoneUuid('home-inline') }),
        b('ticket_promotion', {
          title: 'Basketball season tickets',
          body: '<p>Lock in the best seats in the Fieldhouse for all 16 home games.</p>',
          image: media.photo('basketball', 5, 'A packed Cedar Valley Fieldhouse'),
          link: link('Buy season tickets', '/tickets/season-tickets'),
          event_id: null,
        }),
        b('membership_promotion', {
          title: 'Hawks Club membership',
          body: '<p>Every gift funds scholarships for Cedar Valley student-athletes.</p>',
          image: null,
          tiers: [
            { name: 'Nest', price: '$100/yr', perks: ['Member decal', 'Newsletter'] },
            { name: 'Talon', price: '$500/yr', perks: ['Priority seating', 'Parking pass'] },
            { name: 'Skybox', price: '$2,500/yr', perks: ['Premium seating', 'Coaches’ events', 'Hospitality access'] },
          ],
          link: link('Join today', '/hawks-club'),
        }),
        sponsors(),
      ],
      null,
    ],
    [
      'sport-page',
      'Sport page blocks',
      null,
      [
        b('banner', {
          title: 'Never miss a home game',
          subtitle: 'Season tickets and mini plans on sale',
          image: media.banner('tickets', 'Hawks fans cheering'),
          link: link('Tickets', '/tickets'),
        }),
        sponsors(),
      ],
      null,
    ],
    [
      'about',
      'About Cedar Valley Athletics',
      null,
      [
        text(
          'Cedar Valley University sponsors 25 varsity sports for more than 550 student-athletes, competing in the Prairie Athletic Conference.',
          'Our mission is to develop champions in competition, in the classroom and in the community.',
          '<h2>Quick facts</h2><ul><li>Founded: 1894</li><li>Colors: Navy and gold</li><li>Nickname: Hawks</li><li>Conference titles: 212</li></ul>',
        ),
      ],
      null,
    ],
    [
      'about/history',
      'History of Hawks Athletics',
      null,
      [
        text(
          'Hawks athletics began with a single football game in the autumn of 1894, played on the lawn in front of Old Main.',
          'Women’s athletics grew from club teams in the 1960s into 13 varsity programs today.',
          '<h2>Milestones</h2><ol><li>1921: Hawk Stadium opens</li><li>1974: First women’s conference championship (volleyball)</li><li>2003: Cedar Valley Fieldhouse renovation</li><li>2024: Football wins the Prairie Bowl</li></ol>',
        ),
      ],
      null,
    ],
    [
      'about/traditions',
      'Hawks Traditions',
      null,
      [
        text(
          'From the Hawk Walk to the ringing of the Victory Bell, Cedar Valley traditions connect generations of fans.',
        ),
      ],
      null,
    ],
    [
      'about/traditions/fight-song',
      'The Fight Song',
      null,
      [
        text(
          '“Onward, Hawks of Cedar Valley” has been sung at every home game since 1931.',
          '<blockquote><p>Onward, Hawks, to victory, navy and gold forever!</p></blockquote>',
        ),
        b('audio_player', {
          title: 'Onward, Hawks of Cedar Valley (Marching Band)',
          src: media.audio('fight-song'),
          duration_seconds: 8,
          description: 'Performed by the Marching Hawks.',
        }),
      ],
      null,
    ],
    [
      'tickets',
      'Tickets',
      'ticketing',
      [
        b('banner', {
          title: 'Hawks tickets',
          subtitle: 'Season tickets, single games and group outings',
          image: media.banner('tickets', 'Hawk Stadium at kickoff'),
          link: link('Buy online', 'https://tickets.cedarvalleyhawks.example/'),
        }),
        b('tiles', {
          title: 'Ticket options',
          tiles: [
            {
              title: 'Season tickets',
              image: media.photo('football', 6, 'Season ticket holders'),
              url: '/tickets/season-tickets',
            },
            {
              title: 'Premium seating',
              image: media.photo('campus', 7, 'Club level seating'),
              url: '/tickets/premium-seating',
            },
            { title: 'Group tickets', image: media.photo('basketball', 8, 'A group at a game'), url: '/contact-us' },
          ],
        }),
        text('The ticket office is in the Fieldhouse lobby, open weekdays 9 a.m. to 5 p.m. Call (319) 555-0100.'),
      ],
      null,
    ],
    [
      'tickets/season-tickets',
      'Season Tickets',
      'ticketing',
      [
        b('ticket_promotion', {
          title: 'Football season tickets',
          body: '<p>Seven home games from $119.</p>',
          image: media.photo('football', 9, 'Hawk Stadium'),
          link: link('Buy now', 'https://tickets.cedarvalleyhawks.example/football'),
          event_id: null,
        }),
        b('ticket_promotion', {
          title: 'Basketball season tickets',
          body: '<p>Men’s and women’s packages from $99.</p>',
          image: media.photo('basketball', 10, 'Fieldhouse crowd'),
          link: link('Buy now', 'https://tickets.cedarvalleyhawks.example/basketball'),
          event_id: null,
        }),
      ],
      null,
    ],
    [
      'tickets/premium-seating',
      'Premium Seating',
      'ticketing',
      [text('Club seats and suites include climate-controlled lounges, catering and reserved parking.')],
      null,
    ],
    [
      'game-day',
      'Game Day Central',
      'game-day',
      [
        text(
          'Everything you need for game day at Hawk Stadium: parking, gates, the clear-bag policy and more.',
          '<h2>Gate times</h2><p>Gates open 90 minutes before kickoff.</p>',
        ),
        b('sticky_popup', {
          title: 'Clear bag policy',
          body: '<p>Only clear bags up to 12" × 6" × 12" are allowed in Hawk Stadium.</p>',
          link: link('Read the policy', '/game-day/parking-and-directions'),
          dismiss_key: 'clear-bag-2026',
        }),
        b('ad_zone', { zone_uuid: zoneUuid('page-inline') }),
      ],
      null,
    ],
    [
      'game-day/parking-and-directions',
      'Parking & Directions',
      'game-day',
      [
        text(
          'Lots A–D open four hours before kickoff. Tailgating is allowed in lots B and C.',
          'From I-380, take exit 68 and follow signs for Hawk Stadium.',
        ),
      ],
      null,
    ],
    [
      'facilities',
      'Facilities',
      null,
      [text('Cedar Valley student-athletes train and compete in some of the finest facilities in the region.')],
      null,
    ],
    [
      'facilities/hawk-stadium',
      'Hawk Stadium',
      null,
      [text('Opened in 1921 and renovated in 2015, Hawk Stadium seats 28,500 fans.')],
      null,
    ],
    [
      'facilities/cedar-valley-fieldhouse',
      'Cedar Valley Fieldhouse',
      null,
      [text('Home to basketball, volleyball, wrestling and gymnastics, the Fieldhouse seats 7,200.')],
      null,
    ],
    [
      'hawks-club',
      'Hawks Club',
      null,
      [
        b('membership_promotion', {
          title: 'Give to the Hawks Club',
          body: '<p>The Hawks Club raises scholarship support for every Cedar Valley student-athlete.</p>',
          image: media.banner('hawks-club', 'Hawks Club members'),
          tiers: [
            { name: 'Nest', price: '$100/yr', perks: ['Member decal', 'Newsletter'] },
            { name: 'Talon', price: '$500/yr', perks: ['Priority seating', 'Parking pass'] },
            { name: 'Skybox', price: '$2,500/yr', perks: ['Premium seating', 'Coaches’ events'] },
          ],
          link: link('Give now', 'https://give.cedarvalleyhawks.example/'),
        }),
      ],
      null,
    ],
    ['hawks-club/donor-portal', 'Hawks Club Donor Portal', null, [], 'hawks-club-2026'],
    [
      'contact-us',
      'Contact Us',
      null,
      [text('Reach the athletics department with the form below, or call (319) 555-0100.'), b('form', { form_id: 1 })],
      null,
    ],
    [
      'camps',
      'Hawks Summer Camps',
      null,
      [text('Camps for ages 6–18 led by Hawks coaches and student-athletes.'), b('form', { form_id: 2 })],
      null,
    ],
    [
      'media-relations',
      'Media Relations',
      null,
      [text('Athletic Communications supports working media covering the Hawks.')],
      null,
    ],
    ['media-relations/credential-request', 'Credential Request', null, [b('form', { form_id: 3 })], null],
    [
      'compliance',
      'Compliance',
      null,
      [
        text(
          'Cedar Valley Athletics is committed to compliance with conference and national rules.',
          `<p>Download the <a href="/documents/${documents[0]?.uuid ?? ''}.pdf">Student-Athlete Handbook (PDF)</a>.</p>`,
        ),
      ],
      null,
    ],
    [
      'compliance/boosters/guidelines',
      'Guidelines for Boosters',
      null,
      [
        text(
          'Boosters may not provide extra benefits to prospective or current student-athletes. When in doubt, ask compliance first.',
        ),
        b('ad_zone', { zone_uuid: zoneUuid('page-inline') }),
      ],
      null,
    ],
  ];
  const protectedContent = new Map<number, { password: string; blocks: Block[] }>();
  const pages: ContentPage[] = defs.map(([slug, title, layout, blocks, password], i) => {
    const id = i + 1;
    if (password) {
      protectedContent.set(id, {
        password,
        blocks: [
          text(
            '<h2>Welcome, Hawks Club donors</h2>',
            'Your priority points balance and seat selection window are shown in your account.',
            'Donor-only event: Coaches’ Dinner on March 14 at the Fieldhouse Club. RSVP to the Hawks Club office.',
          ),
        ],
      });
    }
    return {
      id,
      slug,
      title,
      password_protected: password !== null,
      updated_at: updated,
      summary: null,
      layout,
      status: 'published',
      meta_description: `${title} – Cedar Valley Hawks`,
      blocks: password ? [] : blocks,
    };
  });
  const draftId = pages.length + 1;
  pages.push({
    id: draftId,
    slug: 'hall-of-fame-2027',
    title: 'Hall of Fame Class of 2027 (draft)',
    password_protected: false,
    updated_at: updated,
    summary: null,
    layout: null,
    status: 'draft',
    meta_description: null,
    blocks: [text('Draft: the Hall of Fame class will be announced in January.')],
  });
  const revisions: PageRevision[] = [pages[2]!, pages[6]!].flatMap((page, i) =>
    [1, 2].map((n) => ({
      id: i * 2 + n,
      page_id: page.id,
      created_at: zonedIso(`2026-09-${10 + n}`, '12:00', DEMO_TIMEZONE),
      created_by: 'Dana Whitfield',
      page: { ...page, title: n === 1 ? `${page.title} (earlier version)` : page.title, status: 'draft' as const },
    })),
  );
  return { pages, protectedContent, revisions };
}

export function generateDocuments(ctx: GenContext, sports: SportEntry[]): DocumentMeta[] {
  const random = ctx.random.fork('documents');
  const season = ctx.seasons.at(-1)!.name;
  const titles = [
    'Student-Athlete Handbook',
    'Hawks Club Benefits Guide',
    'Clear Bag Policy',
    'Hawk Stadium Seating Chart',
    'Camp Waiver Form',
    'Media Credential Policy',
    'Strategic Plan 2025-2030',
    ...sports
      .filter((s) => s.def.format === 'game')
      .slice(0, 13)
      .map((s) => `${season} ${s.def.name} Media Guide`),
  ];
  return titles.map((title) => {
    const uuid = random.uuid();
    return {
      uuid,
      title,
      filename: `${slugify(title)}.pdf`,
      mime_type: 'application/pdf' as const,
      size_bytes: 1, // set by the dataset once the PDF is drawn
      updated_at: zonedIso('2026-08-15', '10:00', DEMO_TIMEZONE),
      file_url: `/documents/${uuid}.pdf`,
    };
  });
}

export function generateRedirects(): RedirectRule[] {
  return [
    {
      source: '/sports/mbkb',
      target_url: '/sports/mens-basketball',
      query_parameters: 'ignore_pass',
      redirect_type: 301,
    },
    {
      source: '/sports/wbkb',
      target_url: '/sports/womens-basketball',
      query_parameters: 'ignore_pass',
      redirect_type: 301,
    },
    { source: '/sports/fball', target_url: '/sports/football', query_parameters: 'ignore_pass', redirect_type: 301 },
    {
      source: '/composite-schedule',
      target_url: '/all-sports-schedule',
      query_parameters: 'ignore_pass',
      redirect_type: 301,
    },
    { source: '/staff', target_url: '/staff-directory', query_parameters: null, redirect_type: 301 },
    { source: '/donate', target_url: '/hawks-club', query_parameters: null, redirect_type: 307 },
    {
      source: '/season-tickets',
      target_url: '/tickets/season-tickets',
      query_parameters: 'ignore_pass',
      redirect_type: 302,
    },
    {
      source: '/shop',
      target_url: 'https://shop.cedarvalleyhawks.example/',
      query_parameters: null,
      redirect_type: 302,
    },
    { source: '/news/archive', target_url: '/news', query_parameters: null, redirect_type: 301 },
    { source: '/camps/basketball', target_url: '/camps', query_parameters: 'ignore_pass', redirect_type: 307 },
  ];
}

export const EDITOR_IDENTITY = 'demo-editor';

export function generateUsers(): Map<string, CurrentUser> {
  return new Map([
    [
      EDITOR_IDENTITY,
      {
        id: 1,
        name: 'Jamie Editor',
        email: 'jamie.editor@cvu.edu',
        roles: ['editor'],
        edit_url_template: '/admin/{type}/{id}/edit',
      },
    ],
  ]);
}

export function generateSettings(
  pages: ContentPage[],
  zoneUuid: (key: string) => string,
  seasonId: number,
  seasonName: string,
): SiteSettings {
  let menuId = 0;
  const item = (
    title: string,
    url: string,
    children: MenuItem[] = [],
    icon: string | null = null,
    target: '_self' | '_blank' = '_self',
  ): MenuItem => ({ id: ++menuId, title, url, target, icon, children });
  const page = (slug: string) => pages.find((p) => p.slug === slug)!;
  return {
    website_menu: [
      item('Schedule', '/all-sports-schedule', [
        item('All-sports schedule', '/all-sports-schedule'),
        item('Broadcast guide', '/broadcast-guide'),
      ]),
      item('News', '/news', [
        item('Latest news', '/news'),
        item('Videos', '/videos'),
        item('Photo galleries', '/photo-galleries'),
      ]),
      item('Tickets', '/tickets', [
        item('Ticket office', '/tickets'),
        item('Season tickets', '/tickets/season-tickets'),
        item('Premium seating', '/tickets/premium-seating'),
      ]),
      item('Fans', '/game-day', [
        item('Game day', '/game-day'),
        item('Parking & directions', '/game-day/parking-and-directions'),
        item('Traditions', '/about/traditions'),
        item('Camps', '/camps'),
      ]),
      item('Hawks Club', '/hawks-club'),
      item('About', '/about', [
        item('History', '/about/history'),
        item('Facilities', '/facilities'),
        item('Staff directory', '/staff-directory'),
        item('Compliance', '/compliance'),
        item('Contact us', '/contact-us'),
      ]),
    ],
    website_icon_menu: [
      item('Instagram', 'https://instagram.com/cvuhawks', [], 'fieldhouse:instagram', '_blank'),
      item('X', 'https://x.com/cvuhawks', [], 'fieldhouse:x', '_blank'),
      item('Facebook', 'https://facebook.com/cvuhawks', [], 'fieldhouse:facebook', '_blank'),
      item('YouTube', 'https://youtube.com/@cvuhawks', [], 'fieldhouse:youtube', '_blank'),
      item('TikTok', 'https://tiktok.com/@cvuhawks', [], 'fieldhouse:tiktok', '_blank'),
    ],
    website_user_menu: [
      item('Buy tickets', '/tickets'),
      item('Shop', 'https://shop.cedarvalleyhawks.example/', [], null, '_blank'),
      item('Give', '/hawks-club'),
    ],
    website_additional_menu: [
      item('Camps', '/camps'),
      item('Media relations', '/media-relations'),
      item('Compliance', '/compliance'),
    ],
    website_footer_menu: [
      item('Contact us', '/contact-us'),
      item('Staff directory', '/staff-directory'),
      item('Accessibility', '/about'),
      item('Privacy', '/compliance'),
      item('Media credentials', '/media-relations/credential-request'),
    ],
    website_footer_content_blocks: [
      {
        id: 1,
        title: 'Cedar Valley Athletics',
        body: '<p>1 Hawk Drive<br>Cedar Falls, IA 50613<br>(319) 555-0100</p>',
        image: media.wordmark(),
        link: { label: 'Directions', url: '/game-day/parking-and-directions' },
      },
      {
        id: 2,
        title: 'Hawks Club',
        body: '<p>Support scholarships for 550 student-athletes.</p>',
        image: null,
        link: { label: 'Give now', url: '/hawks-club' },
      },
    ],
    copyright_text: `© 2026 Cedar Valley University Athletics. All rights reserved.`,
    site_title: 'Cedar Valley Hawks',
    meta_title: 'Cedar Valley Hawks – Official Athletics Website',
    meta_description:
      'The official athletics website of the Cedar Valley University Hawks: news, schedules, rosters, stats, tickets and more.',
    staff_directory_note:
      '<p>Email addresses follow the pattern first.last@cvu.edu. For tickets call (319) 555-0100.</p>',
    not_found_error_page_text:
      '<p>Sorry, we could not find that page. It may have moved during our website update.</p><p>Try the <a href="/news">latest news</a> or the <a href="/all-sports-schedule">all-sports schedule</a>.</p>',
    analytics_code:
      '<script data-fieldhouse="analytics">window.cvuAnalytics = window.cvuAnalytics || []; window.cvuAnalytics.push(["pageview"]);</script>',
    wmt_calendar_widget_name: 'cvu-hawks-composite',
    website_timezone: DEMO_TIMEZONE,
    website_logo: media.logo(),
    current_team_logo: media.logo(),
    default_player_photo: media.defaultHeadshot('player'),
    default_staff_member_photo: media.defaultHeadshot('staff'),
    default_schedule_image: media.banner('schedule', 'Hawks athletes in action'),
    all_sports_schedule_image: media.banner('all-sports', 'Cedar Valley teams in action'),
    staff_directory_hero_image: media.banner('staff', 'The Cedar Valley Fieldhouse'),
    meta_image: { url: media.banner('social', 'Cedar Valley Hawks').url },
    website_favicon: media.favicon(),
    current_team_name: `${TEAM.name} ${TEAM.nickname}`,
    sport_sorting_behavior: 'order_ascending',
    roster_bio_ad_interval: 2,
    roster_bio_ad_shift: 1,
    article_ad_interval: 3,
    article_ad_shift: 1,
    page_ad_interval: 2,
    page_ad_shift: 0,
    home_page_ad_interval: 3,
    home_page_ad_shift: 1,
    default_season: { id: seasonId, name: seasonName },
    featured_category: { id: 2, name: 'Featured' },
    headlines_category: { id: 1, name: 'Headlines' },
    sport_page_category: { id: 3, name: 'Sport Page' },
    homepage_static_page: { id: page('home').id, slug: 'home' },
    sport_static_page: { id: page('sport-page').id, slug: 'sport-page' },
    hide_schedule_page_image: false,
    hide_all_sports_schedule_image: false,
    hide_staff_directory_hero_image: false,
    hide_schedule_ticker_block: false,
    show_current_team_in_schedule_ticker_as: 'sport',
    // Google's published test key: always passes. Real sites put their own key in the CMS.
    recaptcha_site_key: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
    ad_zones: {
      home: zoneUuid('home-inline'),
      article: zoneUuid('article-inline'),
      page: zoneUuid('page-inline'),
      roster_bio: zoneUuid('roster-bio'),
      leaderboard: zoneUuid('leaderboard'),
    },
  };
}
