import type {
  AllTimePlayer,
  AllTimeStaff,
  CoachProfile,
  Player,
  Roster,
  RosterPlayer,
  RosterStaff,
} from '../../api/schemas/sports.ts';
import type { SocialLink } from '../../api/schemas/common.ts';
import {
  FEMALE_FIRST,
  HIGH_SCHOOL_SUFFIXES,
  HOMETOWNS,
  LAST,
  MAJORS,
  MALE_FIRST,
  PREVIOUS_SCHOOLS,
} from '../data/names.ts';
import { media } from '../media.ts';
import { slugify, type Random } from '../random.ts';
import { seasonRef, type GenContext, type SportEntry } from './context.ts';

const CLASS_YEARS = ['Fr.', 'So.', 'Jr.', 'Sr.', 'Gr.'] as const;
const CLASS_WORDS = ['Freshman', 'Sophomore', 'Junior', 'Senior', 'Graduate'] as const;

interface Person {
  playerId: number;
  slug: string;
  first: string;
  last: string;
  jersey: string | null;
  positionIndex: number;
  classIndex: number;
  heightInches: number;
  weight: number | null;
  hometown: string;
  highSchool: string;
  previousSchool: string | null;
  hue: number;
  hasHeadshot: boolean;
  social: SocialLink[];
  fields: Record<string, string>;
  seasons: number;
}

interface Coach {
  staffId: number;
  slug: string;
  name: string;
  title: string;
  hue: number;
  since: number;
  alma: string;
}

export interface PeopleResult {
  rosters: Roster[];
  players: Player[];
  coaches: CoachProfile[];
  allTime: Map<number, AllTimePlayer[]>;
  allTimeStaff: Map<number, AllTimeStaff[]>;
}

/** Rosters season by season: classes advance, seniors leave, recruits and transfers arrive. */
export function generatePeople(ctx: GenContext, sports: SportEntry[]): PeopleResult {
  const rosters: Roster[] = [];
  const players: Player[] = [];
  const coaches: CoachProfile[] = [];
  const allTime = new Map<number, AllTimePlayer[]>();
  const allTimeStaff = new Map<number, AllTimeStaff[]>();

  for (const sport of sports) {
    const random = ctx.random.fork(`people/${sport.def.slug}`);
    const byPlayer = new Map<number, Player>();
    const byCoach = new Map<number, CoachProfile>();
    let squad: Person[] = [];
    let staff: Coach[] = [];
    ctx.seasons.forEach((season, seasonIndex) => {
      squad = advanceSquad(ctx, random, sport, squad, seasonIndex === 0);
      staff = advanceStaff(ctx, random, sport, staff, seasonIndex);
      const rosterId = rosterIdFor(ctx, sport, seasonIndex);
      const ref = seasonRef(season);
      const rosterPlayers = squad
        .slice()
        .sort((a, b) => jerseySort(a.jersey) - jerseySort(b.jersey) || a.last.localeCompare(b.last))
        .map((person) => rosterPlayer(ctx, random, sport, person, season.name));
      const rosterStaff = staff.map((coach) => rosterCoach(ctx, sport, coach, seasonIndex));
      rosters.push({ id: rosterId, sport_id: sport.id, season: ref, players: rosterPlayers, staff: rosterStaff });
      rosterPlayers.forEach((entry) => {
        const person = squad.find((p) => p.playerId === entry.player_id)!;
        let player = byPlayer.get(person.playerId);
        if (!player) {
          player = {
            id: person.playerId,
            slug: person.slug,
            sport_id: sport.id,
            full_name: entry.full_name,
            seasons: [],
          };
          byPlayer.set(person.playerId, player);
          players.push(player);
        }
        player.seasons.push({ season: ref, roster_id: rosterId, entry });
      });
      for (const entry of rosterStaff) {
        let profile = byCoach.get(entry.staff_id);
        if (!profile) {
          profile = {
            id: entry.staff_id,
            slug: entry.slug,
            sport_id: sport.id,
            full_name: entry.full_name,
            seasons: [],
          };
          byCoach.set(entry.staff_id, profile);
          coaches.push(profile);
        }
        profile.seasons.push({ season: ref, roster_id: rosterId, entry });
      }
    });
    allTime.set(
      sport.id,
      [...byPlayer.values()]
        .map((p) => {
          const first = p.seasons[0]!;
          const last = p.seasons[p.seasons.length - 1]!;
          return {
            player_id: p.id,
            slug: p.slug,
            full_name: p.full_name,
            position: last.entry.position,
            hometown: last.entry.hometown,
            first_season: first.season,
            last_season: last.season,
            seasons_played: p.seasons.length,
            season_slugs: p.seasons.map((s) => s.season.slug),
          };
        })
        .sort(
          (a, b) =>
            a.full_name.split(' ').pop()!.localeCompare(b.full_name.split(' ').pop()!) ||
            a.full_name.localeCompare(b.full_name),
        ),
    );
  }
  for (const sport of sports) {
    allTimeStaff.set(
      sport.id,
      coaches
        .filter((c) => c.sport_id === sport.id)
        .map((c) => ({
          staff_id: c.id,
          slug: c.slug,
          full_name: c.full_name,
          last_title: c.seasons.at(-1)!.entry.title,
          season_slugs: c.seasons.map((s) => s.season.slug),
        })),
    );
  }
  return { rosters, players, coaches, allTime, allTimeStaff };
}

/** Roster and schedule ids are the same number for a sport and season. */
export function rosterIdFor(ctx: GenContext, sport: SportEntry, seasonIndex: number): number {
  return sport.index * ctx.seasons.length + seasonIndex + 1;
}

function advanceSquad(ctx: GenContext, random: Random, sport: SportEntry, squad: Person[], first: boolean): Person[] {
  const stay = first
    ? []
    : squad
        .filter((p) => (p.classIndex < 3 || (p.classIndex === 3 && random.chance(0.15))) && random.chance(0.93))
        .map((p) => ({ ...p, classIndex: p.classIndex + 1, seasons: p.seasons + 1 }));
  const target = random.int(sport.def.rosterSize[0], sport.def.rosterSize[1]);
  const out = [...stay];
  while (out.length < target) {
    const classIndex = first
      ? random.int(0, 3)
      : random.weighted([
          [0, 70],
          [1, 10],
          [2, 12],
          [3, 8],
        ] as const);
    out.push(newPerson(ctx, random, sport, out, classIndex, !first && classIndex > 0));
  }
  return out;
}

function newPerson(
  ctx: GenContext,
  random: Random,
  sport: SportEntry,
  squad: Person[],
  classIndex: number,
  transfer: boolean,
): Person {
  const men = sport.def.gender === 'men';
  const first = random.pick(men ? MALE_FIRST : FEMALE_FIRST);
  const last = random.pick(LAST);
  const [city, state] = random.pick(HOMETOWNS);
  const numbered = sport.def.format === 'game' && sport.def.slug !== 'wrestling' && !sport.def.slug.includes('tennis');
  const taken = new Set(squad.map((p) => p.jersey));
  let jersey: string | null = null;
  if (numbered) {
    const max =
      sport.def.slug === 'football' || sport.def.slug.includes('lacrosse')
        ? 99
        : sport.def.slug.includes('basketball')
          ? 55
          : 45;
    for (let tries = 0; tries < 200 && (jersey === null || taken.has(jersey)); tries++)
      jersey = String(random.int(0, max));
  }
  const baseHeight = men ? 70 : 65;
  const heightInches =
    baseHeight + random.int(-3, sport.def.slug.includes('basketball') || sport.def.slug === 'volleyball' ? 10 : 5);
  const weighs =
    men && ['football', 'wrestling', 'mens-ice-hockey', 'baseball', 'mens-lacrosse'].includes(sport.def.slug);
  const social: SocialLink[] = [];
  const handle = slugify(`${first}${last}`).replace(/-/g, '');
  if (random.chance(0.45)) social.push({ network: 'instagram', url: `https://instagram.com/${handle}` });
  if (random.chance(0.3)) social.push({ network: 'x', url: `https://x.com/${handle}` });
  const fields: Record<string, string> = {};
  for (const [key] of sport.def.playerFields) {
    if (key === 'major') fields.major = random.pick(MAJORS);
    if (key === 'bats_throws')
      fields.bats_throws = `${random.pick(['R', 'R', 'L', 'S'])}/${random.pick(['R', 'R', 'R', 'L'])}`;
    if (key === 'shoots') fields.shoots = random.pick(['L', 'R']);
  }
  return {
    playerId: ctx.nextId('player'),
    slug: ctx.uniqueSlug(`player/${sport.id}`, slugify(`${first} ${last}`)),
    first,
    last,
    jersey,
    positionIndex: random.int(0, sport.def.positions.length - 1),
    classIndex,
    heightInches,
    weight: weighs
      ? random.int(sport.def.slug === 'football' ? 185 : 150, sport.def.slug === 'football' ? 315 : 230)
      : null,
    hometown: `${city}, ${state}`,
    highSchool: `${city} ${random.pick(HIGH_SCHOOL_SUFFIXES)}`,
    previousSchool: transfer ? random.pick(PREVIOUS_SCHOOLS) : null,
    hue: random.int(0, 359),
    hasHeadshot: random.chance(0.85),
    social,
    fields,
    seasons: 1,
  };
}

function rosterPlayer(ctx: GenContext, random: Random, sport: SportEntry, p: Person, seasonName: string): RosterPlayer {
  const fullName = `${p.first} ${p.last}`;
  const [position, positionLong] = sport.def.positions[p.positionIndex]!;
  const classWord = CLASS_WORDS[Math.min(p.classIndex, 4)]!;
  const appearances = random.int(4, sport.def.eventsPerSeason[1]);
  const highlights = [
    `Appeared in ${appearances} ${sport.def.format === 'meet' ? 'meets' : 'contests'}${random.chance(0.4) ? `, with ${random.int(1, appearances)} starts` : ''}.`,
    random.pick([
      'Earned conference academic honor roll recognition.',
      'Recorded a career best in the home opener.',
      'Named to the conference all-freshman team.',
      'Was a team captain and a member of the Student-Athlete Advisory Committee.',
      'Posted season highs against conference opponents.',
      'Contributed off the bench throughout conference play.',
    ]),
  ];
  const bio =
    `<h3>${seasonName} (${classWord})</h3><p>${highlights.join(' ')}</p>` +
    `<h3>Before Cedar Valley</h3><p>${p.previousSchool ? `Transferred from ${p.previousSchool}. ` : ''}Prep career at ${p.highSchool}${random.chance(0.5) ? `, where ${sport.def.gender === 'men' ? 'he' : 'she'} earned all-state honors` : ''}.</p>` +
    `<h3>Personal</h3><p>Majoring in ${p.fields.major ?? random.pick(MAJORS)}. Hometown: ${p.hometown}.</p>`;
  return {
    id: ctx.nextId('roster-player'),
    player_id: p.playerId,
    slug: p.slug,
    first_name: p.first,
    last_name: p.last,
    full_name: fullName,
    jersey_number: p.jersey,
    position: position || null,
    position_long: positionLong,
    height: `${Math.floor(p.heightInches / 12)}-${p.heightInches % 12}`,
    weight: p.weight,
    class_year: p.classIndex >= 4 ? 'Gr.' : CLASS_YEARS[p.classIndex]!,
    hometown: p.hometown,
    high_school: p.highSchool,
    previous_school: p.previousSchool,
    headshot: p.hasHeadshot ? media.headshot(fullName, p.hue) : null,
    bio,
    captain: p.classIndex >= 3 && random.chance(0.2),
    social_links: p.social,
    template_fields: p.fields,
  };
}

const STAFF_TITLES = [
  'Associate Head Coach',
  'Assistant Coach',
  'Assistant Coach',
  'Director of Operations',
  'Volunteer Assistant Coach',
] as const;
const FOOTBALL_TITLES = [
  'Offensive Coordinator',
  'Defensive Coordinator',
  'Special Teams Coordinator',
  'Quarterbacks Coach',
  'Offensive Line Coach',
  'Linebackers Coach',
  'Director of Football Operations',
] as const;

function advanceStaff(
  ctx: GenContext,
  random: Random,
  sport: SportEntry,
  staff: Coach[],
  seasonIndex: number,
): Coach[] {
  const headLeaves = staff.length === 0 || (seasonIndex > 0 && random.chance(0.1));
  const kept = staff.filter((c) => (c.title === 'Head Coach' ? !headLeaves : random.chance(0.75)));
  if (!kept.some((c) => c.title === 'Head Coach')) kept.unshift(newCoach(ctx, random, 'Head Coach', seasonIndex));
  const titles: readonly string[] =
    sport.def.slug === 'football' ? FOOTBALL_TITLES : STAFF_TITLES.slice(0, sport.def.rosterSize[1] > 20 ? 4 : 2);
  for (const title of titles)
    if (!kept.some((c) => c.title === title)) kept.push(newCoach(ctx, random, title, seasonIndex));
  return kept.sort((a, b) =>
    a.title === 'Head Coach' ? -1 : b.title === 'Head Coach' ? 1 : titles.indexOf(a.title) - titles.indexOf(b.title),
  );
}

function newCoach(ctx: GenContext, random: Random, title: string, seasonIndex: number): Coach {
  const name = `${random.pick(random.chance(0.7) ? MALE_FIRST : FEMALE_FIRST)} ${random.pick(LAST)}`;
  return {
    staffId: ctx.nextId('coach'),
    slug: ctx.uniqueSlug('people', slugify(name)),
    name,
    title,
    hue: random.int(0, 359),
    since: seasonIndex,
    alma: random.pick(PREVIOUS_SCHOOLS),
  };
}

function rosterCoach(ctx: GenContext, sport: SportEntry, coach: Coach, seasonIndex: number): RosterStaff {
  const years = seasonIndex - coach.since + 1;
  const since = ctx.seasons[coach.since]!.name;
  const [first, ...rest] = coach.name.split(' ');
  return {
    id: ctx.nextId('roster-staff'),
    staff_id: coach.staffId,
    slug: coach.slug,
    full_name: coach.name,
    title: coach.title,
    photo: media.headshot(coach.name, coach.hue),
    bio:
      `<p>${coach.name} is in ${ordinalYear(years)} season as ${coach.title.toLowerCase()} of the Cedar Valley ${sport.def.name.toLowerCase()} program, having joined the staff before the ${since} season.</p>` +
      `<p>A graduate of ${coach.alma}, ${first} previously coached in the region and is known for player development and recruiting across the Midwest.</p>`,
    email: `${slugify(first ?? 'coach')}.${slugify(rest.join(' '))}@cvu.edu`.replace(/-/g, ''),
    phone: `(319) 555-${String(1000 + (coach.staffId % 9000)).padStart(4, '0')}`,
    template_fields: { alma_mater: coach.alma },
  };
}

function ordinalYear(years: number): string {
  return years === 1
    ? 'the first'
    : `the ${years}${['th', 'st', 'nd', 'rd'][years % 10 > 3 || (years % 100 >= 11 && years % 100 <= 13) ? 0 : years % 10]}`;
}

function jerseySort(jersey: string | null): number {
  return jersey === null ? 1000 : Number(jersey);
}
