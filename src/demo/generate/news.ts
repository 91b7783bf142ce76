import type { Article, ArticleRevision, ArticleSummary, Category } from '../../api/schemas/content.ts';
import type { Event, Schedule } from '../../api/schemas/schedule.ts';
import type { Roster } from '../../api/schemas/sports.ts';
import { media } from '../media.ts';
import { slugify, type Random } from '../random.ts';
import { addDays, dayNumber, DEMO_TIMEZONE, MONTHS, ordinal, WEEKDAYS, weekday, zonedIso } from '../time.ts';
import type { GenContext, SportEntry } from './context.ts';

export const CATEGORIES: Category[] = [
  { id: 1, name: 'Headlines', slug: 'headlines' },
  { id: 2, name: 'Featured', slug: 'featured' },
  { id: 3, name: 'Sport Page', slug: 'sport-page' },
  { id: 4, name: 'Recaps', slug: 'recaps' },
  { id: 5, name: 'Previews', slug: 'previews' },
  { id: 6, name: 'Honors', slug: 'honors' },
  { id: 7, name: 'Department News', slug: 'department-news' },
  { id: 8, name: 'Signings', slug: 'signings' },
  { id: 9, name: 'Academics', slug: 'academics' },
];
const cat = (slug: string) => CATEGORIES.find((c) => c.slug === slug)!;

export type ArticleKind = 'recap' | 'preview' | 'honor' | 'signing' | 'academic' | 'department' | 'tickets' | 'hire';

/** An article's list record plus what its body is written from. */
export interface ArticleRecord {
  summary: ArticleSummary;
  kind: ArticleKind;
  sport: SportEntry | null;
  event: Event | null;
  /** Roster entry names the article is about. */
  names: string[];
  updatedAt: string;
}

export const AUTHORS = ['Chris Halvorsen', 'Dana Whitfield', 'Marcus Reyes', 'Athletic Communications'] as const;

interface Draft extends Omit<ArticleRecord, 'summary'> {
  title: string;
  summary: string;
  date: string;
  categories: Category[];
  status: ArticleSummary['status'];
  photoVariant: number;
}

export function generateArticles(
  ctx: GenContext,
  sports: SportEntry[],
  schedules: Schedule[],
  rosterOf: (sportId: number, seasonId: number) => Roster,
): ArticleRecord[] {
  const drafts: Draft[] = [];
  const random = ctx.random.fork('news');
  const asOf = dayNumber(ctx.asOf);
  const sportById = new Map(sports.map((s) => [s.id, s]));
  const majors = new Set(['football', 'mens-basketball', 'womens-basketball', 'volleyball', 'mens-ice-hockey']);

  for (const schedule of schedules) {
    const sport = sportById.get(schedule.sport_id)!;
    const roster = rosterOf(sport.id, schedule.season.id);
    for (const event of schedule.events) {
      const ymd = event.date.slice(0, 10);
      if (event.result?.status === 'final' && random.chance(majors.has(sport.def.slug) ? 0.95 : 0.4)) {
        const star = random.pick(roster.players).full_name;
        drafts.push(recapDraft(random, sport, event, star));
      }
      const previewDay = addDays(ymd, -2);
      if (dayNumber(previewDay) <= asOf && random.chance(majors.has(sport.def.slug) ? 0.2 : 0.06)) {
        drafts.push(previewDraft(random, sport, event, previewDay));
      }
    }
    // Honors, signings and season-ticket news through the season.
    const seasonStart = Number(schedule.season.slug.slice(0, 4));
    const extra = random.int(3, 7);
    for (let i = 0; i < extra; i++) {
      const day = addDays(`${seasonStart}-08-01`, random.int(0, 330));
      if (dayNumber(day) > asOf) continue;
      const kind = random.weighted([
        ['honor', 60],
        ['signing', 20],
        ['tickets', 10],
        ['hire', 4],
      ] as const);
      drafts.push(generalDraft(random, kind, sport, day, random.pick(roster.players).full_name, schedule.season.name));
    }
  }
  // Department-wide news, a few a month.
  for (const season of ctx.seasons) {
    const seasonStart = Number(season.slug.slice(0, 4));
    for (let i = 0; i < 30; i++) {
      const day = addDays(`${seasonStart}-07-01`, random.int(0, 364));
      if (dayNumber(day) > asOf) continue;
      drafts.push(
        generalDraft(
          random,
          random.weighted([
            ['academic', 40],
            ['department', 60],
          ] as const),
          null,
          day,
          '',
          season.name,
        ),
      );
    }
  }
  // A few drafts that only previews can see.
  for (let i = 0; i < 8; i++) {
    const sport = random.pick(sports);
    const d = generalDraft(
      random,
      'department',
      sport,
      addDays(ctx.asOf, random.int(1, 20)),
      '',
      ctx.seasons.at(-1)!.name,
    );
    d.status = 'draft';
    d.title = `Draft: ${d.title}`;
    drafts.push(d);
  }

  drafts.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
  const slugsByDay = new Map<string, Set<string>>();
  return drafts.map((d) => {
    const id = ctx.nextId('article');
    const day = d.date.slice(0, 10);
    let taken = slugsByDay.get(day);
    if (!taken) slugsByDay.set(day, (taken = new Set()));
    const base = slugify(d.title).slice(0, 90).replace(/-+$/, '');
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    if (d.event && d.status === 'published') {
      if (d.kind === 'recap') d.event.recap_article_id = id;
      if (d.kind === 'preview') d.event.preview_article_id = id;
    }
    const icon = d.sport?.def.icon ?? 'campus';
    return {
      summary: {
        id,
        slug,
        date: d.date,
        title: d.title,
        summary: d.summary,
        author: random.pick(AUTHORS),
        sport: d.sport?.ref ?? null,
        categories: d.categories,
        featured_image: media.photo(
          icon,
          d.photoVariant,
          d.sport ? `${d.sport.def.name} action photo` : 'Cedar Valley campus',
        ),
        status: d.status,
      },
      kind: d.kind,
      sport: d.sport,
      event: d.event,
      names: d.names,
      updatedAt: d.updatedAt,
    };
  });
}

function when(ymd: string, hhmm: string): string {
  return zonedIso(ymd, hhmm, DEMO_TIMEZONE);
}

function categoriesFor(random: Random, kind: Category, sport: SportEntry | null): Category[] {
  const out = [kind];
  if (random.chance(0.3)) out.unshift(cat('headlines'));
  if (random.chance(0.08)) out.push(cat('featured'));
  if (sport && random.chance(0.7)) out.push(cat('sport-page'));
  return out;
}

function recapDraft(random: Random, sport: SportEntry, event: Event, star: string): Draft {
  const r = event.result!;
  const opp = event.opponent?.name ?? event.title ?? 'the field';
  const score =
    r.team_score !== null && r.opponent_score !== null && sport.def.format === 'game'
      ? `${r.team_score}-${r.opponent_score}`
      : '';
  let title: string;
  if (sport.def.format === 'meet') {
    title = random.pick([
      `${sport.def.name} Places ${ordinal(r.place ?? 1)} at ${opp}`,
      `${star} Paces ${sport.def.name} at ${opp}`,
    ]);
  } else if (r.outcome === 'W') {
    title = random.pick([
      `${sport.def.name} Tops ${opp}, ${score}`,
      `${sport.def.name} Rallies Past ${opp}, ${score}`,
      `${star} Leads ${sport.def.name} Past ${opp}`,
      `${sport.def.name} Earns ${score} Win Over ${opp}`,
    ]);
  } else if (r.outcome === 'L') {
    title = random.pick([
      `${sport.def.name} Falls to ${opp}, ${score}`,
      `Late Push Falls Short as ${sport.def.name} Drops Contest to ${opp}`,
      `${sport.def.name} Edged by ${opp}, ${score}`,
    ]);
  } else {
    title = `${sport.def.name} Plays ${opp} to ${score} Draw`;
  }
  const ymd = event.date.slice(0, 10);
  return {
    kind: 'recap',
    sport,
    event,
    names: [star],
    title,
    summary:
      sport.def.format === 'meet'
        ? `${star} led the way as the Hawks finished ${r.note ?? ''} at the ${opp}.`
        : `${star} helped the Hawks to a ${r.outcome === 'W' ? 'win' : r.outcome === 'L' ? 'hard-fought loss' : 'draw'} against ${opp} ${event.location_type === 'home' ? 'at' : 'on the road near'} ${event.location.venue}.`,
    date: when(ymd, '22:15'),
    updatedAt: when(addDays(ymd, 1), '09:30'),
    categories: categoriesFor(random, cat('recaps'), sport),
    status: 'published',
    photoVariant: random.int(0, 23),
  };
}

function previewDraft(random: Random, sport: SportEntry, event: Event, day: string): Draft {
  const opp = event.opponent?.name ?? event.title ?? 'the field';
  const dayName = WEEKDAYS[weekday(event.date.slice(0, 10))]!;
  const title = random.pick([
    `${sport.def.name} ${event.location_type === 'home' ? 'Hosts' : 'Visits'} ${opp} ${dayName}`,
    `Preview: ${sport.def.name} vs. ${opp}`,
    event.is_conference
      ? `${sport.def.name} Opens Conference Slate Against ${opp}`
      : `${sport.def.name} Set for ${dayName} Meeting With ${opp}`,
  ]);
  return {
    kind: 'preview',
    sport,
    event,
    names: [],
    title,
    summary: `Everything fans need to know before the Hawks face ${opp}: times, broadcast and storylines.`,
    date: when(day, '10:00'),
    updatedAt: when(day, '10:00'),
    categories: categoriesFor(random, cat('previews'), sport),
    status: 'published',
    photoVariant: random.int(0, 23),
  };
}

function generalDraft(
  random: Random,
  kind: ArticleKind,
  sport: SportEntry | null,
  day: string,
  name: string,
  seasonName: string,
): Draft {
  const sportName = sport?.def.name ?? 'Cedar Valley Athletics';
  let title: string;
  let summary: string;
  let category = cat('department-news');
  switch (kind) {
    case 'honor':
      title = random.pick([
        `${name} Named Conference ${sportName} Player of the Week`,
        `${name} Earns All-Region Honors`,
        `${name} Named to National Watch List`,
      ]);
      summary = `${name} was recognized after a standout week for Cedar Valley ${sportName.toLowerCase()}.`;
      category = cat('honors');
      break;
    case 'signing':
      title = `${sportName} Announces ${random.int(4, 14)}-Member Signing Class`;
      summary = `The Hawks add a talented group of recruits from across the Midwest and beyond.`;
      category = cat('signings');
      break;
    case 'tickets':
      title = `${seasonName} ${sportName} Season Tickets On Sale Now`;
      summary = `Reserve your seats for the ${seasonName} season; Hawks Club members receive priority seating.`;
      break;
    case 'hire':
      title = `Cedar Valley Names New ${sportName} Assistant Coach`;
      summary = `A veteran coach with regional ties joins the ${sportName.toLowerCase()} staff.`;
      break;
    case 'academic':
      title = random.pick([
        `${random.int(120, 260)} Hawks Named to Academic All-Conference Team`,
        `Student-Athletes Post ${random.float(3.1, 3.5, 2)} Department GPA`,
        `Hawks Earn ${random.int(8, 20)} Academic All-District Honors`,
      ]);
      summary = 'Cedar Valley student-athletes continue to excel in the classroom.';
      category = cat('academics');
      break;
    default:
      title = random.pick([
        'Renovation Plans Unveiled for Cedar Valley Fieldhouse',
        'Hawks Volunteer Over 4,000 Community Service Hours',
        'Clear Bag Policy Reminder for Hawk Stadium',
        'Hawks Club Sets Annual Fund Record',
        'Homecoming Week Schedule Announced',
        'Cedar Valley Athletics Launches New Mobile App',
        'Parking Changes for Game Days This Season',
        'Hall of Fame Class Announced',
        'Student Section Named Best in Conference',
        'Athletics Department Earns Sustainability Award',
      ]);
      summary = 'News from around Cedar Valley Athletics.';
  }
  return {
    kind,
    sport,
    event: null,
    names: name ? [name] : [],
    title,
    summary,
    date: when(day, `${String(random.int(8, 17)).padStart(2, '0')}:${random.pick(['00', '15', '30', '45'])}`),
    updatedAt: when(day, '18:00'),
    categories: categoriesFor(random, category, sport),
    status: 'published',
    photoVariant: random.int(0, 23),
  };
}

/** The full article: its body is written on request from the record, the same every time. */
export function makeArticle(ctx: GenContext, record: ArticleRecord, related: ArticleSummary[]): Article {
  const random = ctx.random.fork(`article/${record.summary.id}`);
  return {
    ...record.summary,
    body: writeBody(random, record),
    updated_at: record.updatedAt,
    related,
    event_id: record.event?.id ?? null,
  };
}

function writeBody(random: Random, record: ArticleRecord): string {
  const sport = record.sport?.def.name ?? 'Cedar Valley Athletics';
  const coach = `Head coach ${random.pick(['Dana', 'Mike', 'Erin', 'Tom', 'Lisa', 'Greg'])} ${random.pick(['Halvorsen', 'Kowalski', 'Brennan', 'Osei', 'Lindqvist', 'Moreno'])}`;
  const e = record.event;
  const opp = e?.opponent?.name ?? e?.title ?? 'the opponent';
  const star = record.names[0] ?? 'The Hawks';
  const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const quote = (text: string, by: string) =>
    `<blockquote><p>“${escapeHtml(text)}”</p><footer>${escapeHtml(by)}</footer></blockquote>`;
  const paras: string[] = [];
  const ymd = e?.date.slice(0, 10) ?? record.summary.date.slice(0, 10);
  const dateText = `${WEEKDAYS[weekday(ymd)]}, ${MONTHS[Number(ymd.slice(5, 7)) - 1]} ${Number(ymd.slice(8, 10))}`;
  if (record.kind === 'recap' && e?.result) {
    const r = e.result;
    const won = r.outcome === 'W' || (r.place !== null && r.place <= 3);
    paras.push(
      p(
        `${(e.location.city ?? '').toUpperCase()}, ${e.location.state} – ${record.summary.summary} It was ${dateText}'s ${e.is_conference ? 'conference' : 'non-conference'} ${sport.toLowerCase()} ${record.sport?.def.format === 'meet' ? 'meet' : 'contest'} at ${e.location.venue}.`,
      ),
    );
    paras.push(
      p(
        random.pick(
          won
            ? [
                `${star} set the tone early, and the Hawks never trailed after the opening stretch.`,
                `After a slow start, ${star} sparked a run that swung momentum for good.`,
                `Both teams traded leads through a tense first half before Cedar Valley found its rhythm.`,
              ]
            : [
                `${star} kept the Hawks within reach, but ${opp} answered every run.`,
                `Cedar Valley fell behind early and spent the rest of the day chasing.`,
                `A tight contest turned on a handful of plays late.`,
              ],
        ) +
          ` ${random.pick(won ? ['The defense held firm in the closing minutes.', 'A strong crowd was on hand to see it.', 'Depth proved the difference down the stretch.'] : ['The Hawks will look to regroup in practice this week.', 'Mistakes at key moments proved costly.', 'The effort was there; the finish was not.'])}`,
      ),
    );
    paras.push(
      quote(
        random.pick(
          won
            ? [
                "I'm proud of the way we competed for the full game.",
                'Our preparation showed today. The group stayed together when it mattered.',
              ]
            : [
                "We have things to clean up, but this team doesn't quit.",
                'Credit to them. We will learn from this one.',
              ],
        ),
        coach,
      ),
    );
    paras.push(
      p(
        `${opp} ${random.pick(['pushed back with a late surge', 'made it close midway through', 'kept the pressure on all night'])}, but Cedar Valley ${won ? 'answered each time' : 'could not find the final answer'}.`,
      ),
    );
    paras.push(
      p(
        `Key numbers: ${random.int(2, 9)} players reached the scoring column, and the Hawks ${random.pick(['won the rebounding battle', 'controlled possession', 'limited second chances', 'converted in the big moments'])}.`,
      ),
    );
    paras.push(
      `<h2>Up next</h2>` +
        p(
          `The Hawks return to action next week. Full schedule, tickets and broadcast details are on the ${sport} schedule page.`,
        ),
    );
  } else if (record.kind === 'preview' && e) {
    paras.push(
      p(
        `Cedar Valley ${sport.toLowerCase()} ${e.location_type === 'home' ? 'welcomes' : 'travels to face'} ${opp} on ${dateText}${e.time_tba ? ' (time to be announced)' : ''} at ${e.location.venue} in ${e.location.city}, ${e.location.state}.`,
      ),
    );
    if (e.broadcasts.length)
      paras.push(
        p(`How to follow: ${e.broadcasts.map((b) => `${b.name} (${b.type === 'tv' ? 'TV' : b.type})`).join(', ')}.`),
      );
    paras.push(
      p(
        `${random.pick(['The Hawks have won three of the last four meetings.', 'It is the first meeting between the programs since 2019.', 'Cedar Valley leads the all-time series.'])} ${random.pick(['Expect a physical contest.', 'Tempo will be the key.', 'Special teams could decide it.'])}`,
      ),
    );
    paras.push(
      `<h2>Storylines</h2><ul><li>${random.pick(['Depth at every position', 'A fast start is a must', 'Senior leadership'])}</li><li>${random.pick(['Home crowd advantage', 'Conference standings on the line', 'Freshmen stepping into bigger roles'])}</li></ul>`,
    );
    paras.push(
      p(
        `Tickets are available through the Hawks ticket office and online. Students are admitted free with a valid ID.`,
      ),
    );
  } else {
    paras.push(
      p(
        `${record.summary.summary} The announcement was made ${random.pick(['Tuesday', 'Wednesday', 'Thursday', 'Monday'])} by Cedar Valley Athletics.`,
      ),
    );
    paras.push(
      p(
        random.pick([
          `${star === 'The Hawks' ? 'The department' : star} has been a fixture of the program's success, earning praise from coaches and teammates alike.`,
          'The effort reflects the department’s commitment to the student-athlete experience on and off the field.',
          'Fans can find more details, including dates and times, on the Hawks website and social channels.',
        ]),
      ),
    );
    paras.push(
      quote(
        random.pick([
          'This is a proud moment for everyone who wears the Cedar Valley uniform.',
          'We are grateful to our fans, donors and campus partners who make this possible.',
          'Our student-athletes set a high standard every day.',
        ]),
        random.pick(['Director of Athletics Renee Alvarado', coach]),
      ),
    );
    paras.push(
      p(
        random.pick([
          'Follow the Hawks on social media for updates throughout the year.',
          'Hawks Club members receive early access to related events.',
          'Information on tickets is available from the ticket office at (319) 555-0100.',
        ]),
      ),
    );
    if (random.chance(0.5))
      paras.push(p('Cedar Valley competes in the Prairie Athletic Conference and sponsors 25 varsity sports.'));
  }
  return paras.join('\n');
}

/** Earlier saved versions of an article, for editors. */
export function makeRevisions(ctx: GenContext, article: Article, firstId: number, count: number): ArticleRevision[] {
  const random = ctx.random.fork(`article-revisions/${article.id}`);
  return Array.from({ length: count }, (_, i) => ({
    id: firstId + i,
    article_id: article.id,
    created_at: article.date,
    created_by: random.pick(AUTHORS),
    article: {
      ...article,
      title: i === 0 ? `${article.title} (first draft)` : article.title,
      body: article.body
        .split('\n')
        .slice(0, Math.max(1, article.body.split('\n').length - (count - i)))
        .join('\n'),
    },
  }));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
