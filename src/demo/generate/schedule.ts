import type { Broadcast, Event, EventResult, Schedule } from '../../api/schemas/schedule.ts';
import type { BoxScore, SeasonStats, StatTable } from '../../api/schemas/stats.ts';
import type { Roster } from '../../api/schemas/sports.ts';
import { BROADCASTERS, OPPONENTS, TOURNAMENTS } from '../data/places.ts';
import { LAST, MALE_FIRST, FEMALE_FIRST } from '../data/names.ts';
import { media, TEAM } from '../media.ts';
import type { Random } from '../random.ts';
import { addDays, dayNumber, DEMO_TIMEZONE, weekday, zonedIso } from '../time.ts';
import { seasonRef, type GenContext, type SportEntry } from './context.ts';
import { placeOf } from '../../contract/event-item.ts';
import { rosterIdFor } from './people.ts';
import {
  BOX_COLUMNS,
  boxCells,
  fillClock,
  gameClock,
  playerLine,
  scaleLine,
  SEASON_COLUMNS,
  scoreTo,
  seasonCells,
  sumLines,
} from './stat-sheet.ts';

/** Every this-many-th event id, when played, has no result entered (a past game that must not look upcoming). */
export const UNREPORTED_EVERY = 41;

/** Per-period points of both teams, kept so box scores agree with results. */
export interface LineScore {
  us: number[];
  them: number[];
  periods: string[];
}

export interface ScheduleResult {
  schedules: Schedule[];
  lineScores: Map<number, LineScore>;
}

const TERM_WINDOWS = {
  fall: { start: '08-22', days: 95, yearOffset: 0 },
  winter: { start: '11-01', days: 125, yearOffset: 0 },
  spring: { start: '02-08', days: 105, yearOffset: 1 },
} as const;

const START_TIMES = ['18:00', '19:00', '19:00', '13:00', '14:00', '15:00', '12:00', '17:30'] as const;

export function opponentRecord(index: number) {
  const [name, nickname, city, state, conference] = OPPONENTS[index]!;
  return { id: index + 1, name, nickname, city, state, conference, logo: media.opponentLogo(index + 1, name) };
}

export function generateSchedules(ctx: GenContext, sports: SportEntry[]): ScheduleResult {
  const schedules: Schedule[] = [];
  const lineScores = new Map<number, LineScore>();
  for (const sport of sports) {
    ctx.seasons.forEach((season, seasonIndex) => {
      const random = ctx.random.fork(`schedule/${sport.def.slug}/${season.slug}`);
      const startYear = Number(season.slug.slice(0, 4));
      const window = TERM_WINDOWS[sport.def.term];
      const first = `${startYear + window.yearOffset}-${window.start}`;
      const count = random.int(sport.def.eventsPerSeason[0], sport.def.eventsPerSeason[1]);
      const spacing = window.days / count;
      const events: Event[] = [];
      const time = random.pick(START_TIMES);
      for (let i = 0; i < count; i++) {
        let ymd = addDays(first, Math.floor(i * spacing + random.next() * Math.max(0, spacing - 1)));
        if (sport.def.slug === 'football') ymd = addDays(ymd, (6 - weekday(ymd) + 7) % 7); // Saturdays
        const event = makeEvent(ctx, random, sport, season.id, ymd, time, i, count, lineScores);
        events.push(event);
      }
      events.sort((a, b) => a.date.localeCompare(b.date));
      schedules.push({
        id: rosterIdFor(ctx, sport, seasonIndex),
        sport_id: sport.id,
        season: seasonRef(season),
        record: records(events),
        events,
      });
    });
  }
  return { schedules, lineScores };
}

function makeEvent(
  ctx: GenContext,
  random: Random,
  sport: SportEntry,
  seasonId: number,
  ymd: string,
  defaultTime: string,
  index: number,
  count: number,
  lineScores: Map<number, LineScore>,
): Event {
  const id = ctx.nextId('event');
  const meet = sport.def.format === 'meet';
  const conference = !meet && index >= Math.floor(count * 0.4);
  const opponentIndex = conference ? random.int(0, 9) : random.int(10, OPPONENTS.length - 1);
  const opponent = opponentRecord(opponentIndex);
  const locationType = random.weighted([
    ['home', 45],
    ['away', 45],
    ['neutral', 10],
  ] as const);
  const tournament = meet
    ? random.pick(TOURNAMENTS).replace('Tournament', 'Championships')
    : locationType === 'neutral'
      ? random.pick(TOURNAMENTS)
      : null;
  const road = travel(sport.def.slug, locationType, id);
  // Drawn whether or not the game travels, so a trip changes no other record.
  const drawn: Event['location'] =
    locationType === 'home'
      ? { venue: sport.def.venue, city: 'Cedar Falls', state: 'Iowa', country: null }
      : locationType === 'away'
        ? {
            venue: `${opponent.name} ${meet ? 'Course' : 'Arena'}`,
            city: opponent.city,
            state: opponent.state,
            country: null,
          }
        : {
            venue: random.pick(['Prairie Center', 'Riverfront Arena', 'Heartland Sports Complex']),
            city: random.pick(['Des Moines', 'Omaha', 'Kansas City']),
            state: random.pick(['Iowa', 'Neb.', 'Mo.']),
            country: null,
          };
  const location = road ? road.location : drawn;
  const past = dayNumber(ymd) < dayNumber(ctx.asOf);
  const tba = !past && random.chance(0.15);
  const time = sport.def.slug === 'football' ? random.pick(['11:00', '14:30', '18:00']) : defaultTime;
  let result: EventResult | null = null;
  let boxscoreId: number | null = null;
  if (past) {
    if (random.chance(0.03)) {
      result = {
        status: random.pick(['postponed', 'cancelled'] as const),
        team_score: null,
        opponent_score: null,
        outcome: null,
        note: null,
        place: null,
        field_size: null,
      };
    } else if (meet) {
      const fieldSize = random.int(4, 16);
      const place = Math.min(
        fieldSize,
        random.weighted([
          [1, 22],
          [2, 20],
          [3, 18],
          [4, 14],
          [5, 10],
          [6, 8],
          [8, 8],
        ] as const),
      );
      const decimals = sport.def.scoreDecimals;
      const teamScore = decimals > 0 ? random.float(194, 198, decimals) : null;
      result = {
        status: 'final',
        team_score: teamScore,
        opponent_score: decimals > 0 ? random.float(193, 198, decimals) : null,
        outcome: null,
        note: `${ordinalPlace(place)} of ${fieldSize}`,
        place,
        field_size: fieldSize,
      };
    } else {
      const line = playGame(random, sport);
      lineScores.set(id, line);
      const us = sum(line.us);
      const them = sum(line.them);
      const extra = line.periods.length - sport.def.periods.length;
      result = {
        status: 'final',
        team_score: sport.def.slug === 'volleyball' ? setsWon(line.us, line.them) : us,
        opponent_score: sport.def.slug === 'volleyball' ? setsWon(line.them, line.us) : them,
        outcome: us > them ? 'W' : us < them ? 'L' : 'T',
        note:
          extra > 0
            ? sport.def.slug.includes('ball') && sport.def.periods.length > 5
              ? `F/${line.periods.length}`
              : extra === 1
                ? 'OT'
                : `${extra}OT`
            : null,
        place: null,
        field_size: null,
      };
      if (sport.def.slug === 'volleyball') result.outcome = result.team_score! > result.opponent_score! ? 'W' : 'L';
      boxscoreId = id;
    }
    // Now and then a game is played and its result never entered (drawn as usual, so no other record changes).
    if (id % UNREPORTED_EVERY === 0 && result?.status === 'final') {
      result = null;
      boxscoreId = null;
      lineScores.delete(id);
    }
  }
  const major = [
    'football',
    'mens-basketball',
    'womens-basketball',
    'mens-ice-hockey',
    'volleyball',
    'baseball',
  ].includes(sport.def.slug);
  const broadcasts: Broadcast[] = [];
  if (major && random.chance(0.75)) broadcasts.push({ type: 'tv', name: random.pick(BROADCASTERS.tv), url: null });
  if (major && random.chance(0.8))
    broadcasts.push({ type: 'radio', name: random.pick(BROADCASTERS.radio), url: 'https://hawksradio.example/listen' });
  if (locationType === 'home' ? random.chance(0.85) : random.chance(0.35)) {
    const stream = random.pick(BROADCASTERS.stream);
    broadcasts.push({ type: 'stream', name: stream, url: `https://watch.cedarvalleyhawks.example/events/${id}` });
  }
  return {
    id,
    sport_id: sport.id,
    season_id: seasonId,
    date: zonedIso(ymd, tba ? '00:00' : time, road?.timezone ?? DEMO_TIMEZONE),
    time_tba: tba,
    timezone: road?.timezone ?? DEMO_TIMEZONE,
    title: meet ? tournament : null,
    opponent: meet ? null : { id: opponent.id, name: opponent.name, nickname: opponent.nickname, logo: opponent.logo },
    location_type: locationType,
    location,
    is_conference: conference,
    tournament: meet ? null : tournament,
    result,
    broadcasts,
    tickets_url: locationType === 'home' && major ? `https://tickets.cedarvalleyhawks.example/events/${id}` : null,
    boxscore_id: boxscoreId,
    preview_article_id: null,
    recap_article_id: null,
    layout: sport.def.slug === 'football' && locationType === 'home' ? 'game-day' : null,
  };
}

/**
 * Games far from home, as real schedules have them (chosen by id, no random draw): baseball's and softball's
 * spring trips to Florida, played in Eastern time; hockey series in Winnipeg, a city with no US state, in Canada;
 * basketball's holiday tournaments in the Bahamas, on a neutral court.
 */
function travel(
  slug: string,
  locationType: Event['location_type'],
  id: number,
): { location: Event['location']; timezone: string } | null {
  if (locationType === 'neutral' && slug.endsWith('basketball') && id % 2 === 0)
    return {
      location: { venue: 'Imperial Arena', city: 'Paradise Island', state: null, country: 'Bahamas' },
      timezone: 'America/Nassau',
    };
  if (locationType !== 'away') return null;
  if ((slug === 'baseball' || slug === 'softball') && id % 6 === 0)
    return {
      location: { venue: 'Spring Training Complex', city: 'Fort Myers', state: 'Fla.', country: null },
      timezone: 'America/New_York',
    };
  if (slug === 'mens-ice-hockey' && id % 3 === 0)
    return {
      location: { venue: 'Canad Inns Arena', city: 'Winnipeg', state: null, country: 'Canada' },
      timezone: 'America/Winnipeg',
    };
  return null;
}

function playGame(random: Random, sport: SportEntry): LineScore {
  const [lo, hi] = sport.def.periodScore;
  const edge = random.chance(0.6) ? 1 : -1; // the Hawks win about 60%
  if (sport.def.slug === 'volleyball') {
    const us: number[] = [];
    const them: number[] = [];
    let won = 0;
    let lost = 0;
    while (won < 3 && lost < 3) {
      const fifth = won + lost === 4;
      const target = fifth ? 15 : 25;
      const weWin = random.chance(edge > 0 ? 0.62 : 0.38);
      const loser = random.int(Math.max(0, target - 12), target - 2);
      us.push(weWin ? target : loser);
      them.push(weWin ? loser : target);
      if (weWin) won++;
      else lost++;
    }
    return { us, them, periods: us.map((_, i) => String(i + 1)) };
  }
  const periods = [...sport.def.periods];
  const us = periods.map(() => random.int(lo, hi));
  const them = periods.map(() => random.int(lo, hi));
  // Lean the result towards the chosen edge, then settle ties where the sport has no ties.
  const lastIndex = periods.length - 1;
  if (edge > 0 && sum(us) < sum(them))
    us[lastIndex]! += sum(them) - sum(us) + random.int(0, Math.max(1, Math.floor(hi / 2)));
  if (edge < 0 && sum(us) > sum(them))
    them[lastIndex]! += sum(us) - sum(them) + random.int(0, Math.max(1, Math.floor(hi / 2)));
  const tiesAllowed = ['mens-soccer', 'womens-soccer', 'field-hockey', 'mens-ice-hockey'].includes(sport.def.slug);
  let extra = 0;
  while (sum(us) === sum(them) && !(tiesAllowed && random.chance(0.5))) {
    extra++;
    const label = sport.def.periods.length > 5 ? String(periods.length + 1) : extra === 1 ? 'OT' : `${extra}OT`;
    periods.push(label);
    const a = random.int(0, Math.max(1, Math.ceil(hi / 3)));
    let b = random.int(0, Math.max(1, Math.ceil(hi / 3)));
    if (extra >= 4 && a === b) b = a + 1;
    us.push(a);
    them.push(b);
  }
  return { us, them, periods };
}

function setsWon(a: number[], b: number[]): number {
  return a.filter((v, i) => v > b[i]!).length;
}

function sum(values: number[]): number {
  return values.reduce((s, v) => s + v, 0);
}

function ordinalPlace(n: number): string {
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}

function records(events: Event[]): Schedule['record'] {
  const tally = (filter: (e: Event) => boolean) => {
    let w = 0,
      l = 0,
      t = 0;
    for (const e of events) {
      if (!e.result || e.result.status !== 'final' || !e.result.outcome || !filter(e)) continue;
      if (e.result.outcome === 'W') w++;
      else if (e.result.outcome === 'L') l++;
      else t++;
    }
    return t ? `${w}-${l}-${t}` : `${w}-${l}`;
  };
  return {
    overall: tally(() => true),
    conference: tally((e) => e.is_conference),
    home: tally((e) => e.location_type === 'home'),
    away: tally((e) => e.location_type === 'away'),
    neutral: tally((e) => e.location_type === 'neutral'),
  };
}

/** A box score, drawn on request from the event's line score and the season's roster. */
export function makeBoxScore(
  ctx: GenContext,
  sport: SportEntry,
  event: Event,
  line: LineScore,
  roster: Roster,
): BoxScore {
  const random = ctx.random.fork(`boxscore/${event.id}`);
  const opponentName = event.opponent?.name ?? 'Opponent';
  const home = event.location_type === 'home';
  const ours = { name: `${TEAM.name}`, is_us: true, scores: line.us, total: event.result?.team_score ?? sum(line.us) };
  const theirs = {
    name: opponentName,
    is_us: false,
    scores: line.them,
    total: event.result?.opponent_score ?? sum(line.them),
  };
  const away = home ? theirs : ours;
  const homeTeam = home ? ours : theirs;
  const sheet = sport.def.statSheet === 'basketball';
  const columns = sheet ? BOX_COLUMNS : sport.def.stats.map(([key, label, title]) => ({ key, label, title }));
  const overtimes = line.periods.filter((p) => /OT$/.test(p)).length;
  const playerRows = (names: { label: string; slug: string | null }[], score: number) => {
    const lines = sheet
      ? scoreTo(
          fillClock(
            names.map((_, i) => playerLine(random, 1, Math.max(0, 1 - i / 8) * random.next(), i < 5 ? 1 : 0)),
            gameClock(overtimes),
          ),
          score,
        )
      : [];
    return names.map(({ label, slug }, i) => ({
      label,
      player_slug: slug,
      cells: sheet
        ? boxCells(lines[i]!)
        : Object.fromEntries(sport.def.stats.map(([key, , , min, max]) => [key, random.int(min, max)])),
    }));
  };
  const usPlayers = random
    .sample(roster.players, Math.min(roster.players.length, random.int(9, 14)))
    .map((p) => ({ label: `${p.jersey_number ? `${p.jersey_number} ` : ''}${p.full_name}`, slug: p.slug }));
  const firstNames = sport.def.gender === 'men' ? MALE_FIRST : FEMALE_FIRST;
  const themPlayers = Array.from({ length: random.int(9, 13) }, () => ({
    label: `${random.int(0, 55)} ${random.pick(firstNames)} ${random.pick(LAST)}`,
    slug: null,
  }));
  const table = (id: string, title: string, rows: ReturnType<typeof playerRows>): StatTable => ({
    id,
    title,
    kind: 'individual',
    columns,
    rows,
    totals: Object.fromEntries(columns.map((c) => [c.key, total(rows.map((r) => r.cells[c.key]))])),
  });
  const usTable = table('cedar-valley', `${TEAM.name} ${TEAM.nickname}`, playerRows(usPlayers, ours.total));
  const themTable = table(
    'opponent',
    `${opponentName}${event.opponent?.nickname ? ` ${event.opponent.nickname}` : ''}`,
    playerRows(themPlayers, theirs.total),
  );
  const teamStats: StatTable = {
    id: 'team-stats',
    title: 'Team statistics',
    kind: 'team',
    columns: [
      { key: 'away', label: away.name, title: away.name },
      { key: 'home', label: homeTeam.name, title: homeTeam.name },
    ],
    rows: columns.map((c) => ({
      label: c.title,
      player_slug: null,
      cells: { away: (home ? themTable : usTable).totals![c.key]!, home: (home ? usTable : themTable).totals![c.key]! },
    })),
    totals: null,
  };
  return {
    id: event.boxscore_id ?? event.id,
    event_id: event.id,
    sport_id: sport.id,
    season: seasonRef(ctx.seasons.find((s) => s.id === event.season_id)!),
    date: event.date,
    venue: placeOf(event.location),
    attendance: random.int(400, sport.def.slug === 'football' ? 28_000 : 6_500),
    periods: line.periods,
    teams: [
      { side: 'away', ...away, record: null },
      { side: 'home', ...homeTeam, record: null },
    ],
    team_stats: teamStats,
    player_tables: home ? [themTable, usTable] : [usTable, themTable],
    notes: [
      `Officials: ${random.pick(LAST)}, ${random.pick(LAST)}, ${random.pick(LAST)}`,
      event.is_conference ? 'Conference game.' : 'Non-conference game.',
    ],
  };
}

/** A column's total: numbers added, "made-attempted" added part by part, game clocks added as clocks. */
function total(values: (number | string | undefined)[]): number | string {
  const present = values.filter((v) => v !== undefined);
  if (present.every((v) => typeof v === 'number')) return present.reduce((s, v) => s + v, 0);
  const parts = present.map((v) => String(v).split(/[-:]/).map(Number));
  const sums = parts.reduce((s, p) => s.map((x, i) => x + (p[i] ?? 0)), [0, 0]);
  if (present.some((v) => String(v).includes(':')))
    return `${sums[0]! + Math.floor(sums[1]! / 60)}:${String(sums[1]! % 60).padStart(2, '0')}`;
  return `${sums[0]}-${sums[1]}`;
}

/** Season statistics, drawn on request: team totals against opponents and each player's line. */
export function makeSeasonStats(ctx: GenContext, sport: SportEntry, schedule: Schedule, roster: Roster): SeasonStats {
  const random = ctx.random.fork(`stats/${sport.def.slug}/${schedule.season.slug}`);
  const played = schedule.events.filter((e) => e.result?.status === 'final').length;
  if (sport.def.statSheet === 'basketball') return basketballSeason(random, schedule, roster, played, sport.id);
  const columns = [
    { key: 'gp', label: 'GP', title: 'Games played' },
    ...sport.def.stats.map(([key, label, title]) => ({ key, label, title })),
  ];
  const rows =
    played === 0
      ? []
      : roster.players.map((p) => {
          const gp = random.int(Math.max(1, Math.floor(played / 3)), played);
          const cells: Record<string, number> = { gp };
          for (const [key, , , min, max] of sport.def.stats)
            cells[key] =
              Math.round(gp * (min + random.next() * (max - min)) * (sport.def.scoreDecimals ? 100 : 1)) /
              (sport.def.scoreDecimals ? 100 : 1);
          return { label: p.full_name, player_slug: p.slug, cells };
        });
  const totals = rows.length
    ? Object.fromEntries(
        columns.map((c) => [
          c.key,
          c.key === 'gp' ? played : Math.round(rows.reduce((s, r) => s + Number(r.cells[c.key] ?? 0), 0) * 100) / 100,
        ]),
      )
    : null;
  const teamRow = (label: string, factor: number) => ({
    label,
    player_slug: null,
    cells: Object.fromEntries(
      columns.map((c) => [c.key, c.key === 'gp' ? played : Math.round(Number(totals?.[c.key] ?? 0) * factor)]),
    ),
  });
  return {
    sport_id: sport.id,
    season: schedule.season,
    tables: [
      {
        id: 'team',
        title: `${schedule.season.name} team statistics`,
        kind: 'team',
        columns,
        rows: played ? [teamRow(`${TEAM.name}`, 1), teamRow('Opponents', 0.88 + random.next() * 0.2)] : [],
        totals: null,
      },
      {
        id: 'individual',
        title: `${schedule.season.name} individual statistics`,
        kind: 'individual',
        columns,
        rows,
        totals,
      },
    ],
  };
}

/** A basketball season as a stat service prints it: 22 columns, shooting as "made-attempted" and `.370`. */
function basketballSeason(random: Random, schedule: Schedule, roster: Roster, played: number, sportId: number) {
  const drawn = played
    ? roster.players.map((p) => {
        const role = random.next();
        const games = random.int(Math.max(1, Math.floor(played * (0.3 + role * 0.5))), played);
        return { p, line: playerLine(random, games, role, role > 0.6 ? random.int(Math.floor(games / 2), games) : 0) };
      })
    : [];
  // The season's points are the sum of its final scores; its minutes fill the games' clocks.
  const scored = schedule.events.reduce(
    (sum, e) => sum + (e.result?.status === 'final' ? (e.result.team_score ?? 0) : 0),
    0,
  );
  const clock = scoreTo(
    fillClock(
      drawn.map((l) => l.line),
      played * gameClock(),
    ),
    scored,
  );
  const lines = drawn.map((l, i) => ({ p: l.p, line: clock[i]! }));
  const team = sumLines(
    lines.map((l) => l.line),
    played,
  );
  const opponents = scaleLine(team, 0.88 + random.next() * 0.2);
  const table = (id: string, title: string, kind: 'team' | 'individual', rows: StatTable['rows']): StatTable => ({
    id,
    title,
    kind,
    columns: SEASON_COLUMNS,
    rows,
    totals: kind === 'individual' && rows.length ? seasonCells(team) : null,
  });
  const stats: SeasonStats = {
    sport_id: sportId,
    season: schedule.season,
    tables: [
      table(
        'team',
        `${schedule.season.name} team statistics`,
        'team',
        played
          ? [
              { label: TEAM.name, player_slug: null, cells: seasonCells(team) },
              { label: 'Opponents', player_slug: null, cells: seasonCells(opponents) },
            ]
          : [],
      ),
      table(
        'individual',
        `${schedule.season.name} individual statistics`,
        'individual',
        lines.map(({ p, line }) => ({ label: p.full_name, player_slug: p.slug, cells: seasonCells(line) })),
      ),
    ],
  };
  return stats;
}
