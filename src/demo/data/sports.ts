/** The demo department's sports and how each one is played, scored and reported. */
export interface SportDefinition {
  name: string;
  slug: string;
  shortName: string;
  gender: 'men' | 'women';
  format: 'game' | 'meet';
  /** Which part of the academic year it plays in. */
  term: 'fall' | 'winter' | 'spring';
  rosterSize: [number, number];
  eventsPerSeason: [number, number];
  positions: readonly (readonly [short: string, long: string])[];
  /** Box-score periods (game sports). */
  periods: readonly string[];
  /** Points per period, [min, max] (game sports). */
  periodScore: [number, number];
  /** Meet sports: team scores have decimals (gymnastics). */
  scoreDecimals: number;
  /** Individual stat columns: [key, label, title, min, max per game]. */
  stats: readonly (readonly [string, string, string, number, number])[];
  venue: string;
  icon: string;
  /** Roster template fields this sport adds. */
  playerFields: readonly (readonly [string, string])[];
  hideFromDropdown?: boolean;
}

const basketballStats = [
  ['pts', 'PTS', 'Points', 0, 22], ['reb', 'REB', 'Rebounds', 0, 11], ['ast', 'AST', 'Assists', 0, 8],
  ['stl', 'STL', 'Steals', 0, 3], ['blk', 'BLK', 'Blocks', 0, 3], ['min', 'MIN', 'Minutes', 4, 36],
] as const;
const soccerStats = [
  ['g', 'G', 'Goals', 0, 2], ['a', 'A', 'Assists', 0, 2], ['sh', 'SH', 'Shots', 0, 5], ['sog', 'SOG', 'Shots on goal', 0, 3], ['min', 'MIN', 'Minutes', 10, 90],
] as const;
const lacrosseStats = [
  ['g', 'G', 'Goals', 0, 4], ['a', 'A', 'Assists', 0, 3], ['gb', 'GB', 'Ground balls', 0, 6], ['ct', 'CT', 'Caused turnovers', 0, 3], ['sh', 'SH', 'Shots', 0, 7],
] as const;
const battingStats = [
  ['ab', 'AB', 'At bats', 2, 5], ['r', 'R', 'Runs', 0, 2], ['h', 'H', 'Hits', 0, 3], ['rbi', 'RBI', 'Runs batted in', 0, 3], ['bb', 'BB', 'Walks', 0, 2], ['so', 'SO', 'Strikeouts', 0, 2],
] as const;
const meetStats = [
  ['ev', 'EV', 'Events entered', 1, 4], ['top3', 'TOP 3', 'Top-three finishes', 0, 2], ['pts', 'PTS', 'Team points scored', 0, 18],
] as const;

export const SPORTS: readonly SportDefinition[] = [
  {
    name: 'Football', slug: 'football', shortName: 'FB', gender: 'men', format: 'game', term: 'fall',
    rosterSize: [88, 100], eventsPerSeason: [12, 13],
    positions: [['QB', 'Quarterback'], ['RB', 'Running Back'], ['WR', 'Wide Receiver'], ['TE', 'Tight End'], ['OL', 'Offensive Line'], ['DL', 'Defensive Line'], ['LB', 'Linebacker'], ['DB', 'Defensive Back'], ['K', 'Kicker'], ['P', 'Punter'], ['LS', 'Long Snapper']],
    periods: ['1', '2', '3', '4'], periodScore: [0, 14], scoreDecimals: 0,
    stats: [['pass', 'PASS YDS', 'Passing yards', 0, 40], ['rush', 'RUSH YDS', 'Rushing yards', 0, 45], ['rec', 'REC YDS', 'Receiving yards', 0, 40], ['tkl', 'TKL', 'Tackles', 0, 7], ['td', 'TD', 'Touchdowns', 0, 1]],
    venue: 'Hawk Stadium', icon: 'football', playerFields: [['major', 'Major']],
  },
  {
    name: "Men's Basketball", slug: 'mens-basketball', shortName: 'MBB', gender: 'men', format: 'game', term: 'winter',
    rosterSize: [14, 17], eventsPerSeason: [30, 33],
    positions: [['G', 'Guard'], ['F', 'Forward'], ['C', 'Center'], ['G/F', 'Guard/Forward']],
    periods: ['1st', '2nd'], periodScore: [26, 45], scoreDecimals: 0, stats: basketballStats,
    venue: 'Cedar Valley Fieldhouse', icon: 'basketball', playerFields: [['major', 'Major']],
  },
  {
    name: "Women's Basketball", slug: 'womens-basketball', shortName: 'WBB', gender: 'women', format: 'game', term: 'winter',
    rosterSize: [13, 16], eventsPerSeason: [29, 32],
    positions: [['G', 'Guard'], ['F', 'Forward'], ['C', 'Center'], ['G/F', 'Guard/Forward']],
    periods: ['1st', '2nd', '3rd', '4th'], periodScore: [11, 24], scoreDecimals: 0, stats: basketballStats,
    venue: 'Cedar Valley Fieldhouse', icon: 'basketball', playerFields: [['major', 'Major']],
  },
  {
    name: 'Baseball', slug: 'baseball', shortName: 'BSB', gender: 'men', format: 'game', term: 'spring',
    rosterSize: [35, 40], eventsPerSeason: [50, 56],
    positions: [['RHP', 'Right-handed pitcher'], ['LHP', 'Left-handed pitcher'], ['C', 'Catcher'], ['INF', 'Infielder'], ['OF', 'Outfielder'], ['UT', 'Utility']],
    periods: ['1', '2', '3', '4', '5', '6', '7', '8', '9'], periodScore: [0, 2], scoreDecimals: 0, stats: battingStats,
    venue: 'Riverside Ballpark', icon: 'baseball', playerFields: [['bats_throws', 'B/T'], ['major', 'Major']],
  },
  {
    name: 'Softball', slug: 'softball', shortName: 'SB', gender: 'women', format: 'game', term: 'spring',
    rosterSize: [22, 26], eventsPerSeason: [50, 55],
    positions: [['P', 'Pitcher'], ['C', 'Catcher'], ['INF', 'Infielder'], ['OF', 'Outfielder'], ['UT', 'Utility']],
    periods: ['1', '2', '3', '4', '5', '6', '7'], periodScore: [0, 2], scoreDecimals: 0, stats: battingStats,
    venue: 'Prairie Softball Complex', icon: 'softball', playerFields: [['bats_throws', 'B/T'], ['major', 'Major']],
  },
  {
    name: "Men's Soccer", slug: 'mens-soccer', shortName: 'MSOC', gender: 'men', format: 'game', term: 'fall',
    rosterSize: [26, 30], eventsPerSeason: [17, 20],
    positions: [['GK', 'Goalkeeper'], ['D', 'Defender'], ['M', 'Midfielder'], ['F', 'Forward']],
    periods: ['1st', '2nd'], periodScore: [0, 2], scoreDecimals: 0, stats: soccerStats,
    venue: 'Hawks Soccer Park', icon: 'soccer', playerFields: [['major', 'Major']],
  },
  {
    name: "Women's Soccer", slug: 'womens-soccer', shortName: 'WSOC', gender: 'women', format: 'game', term: 'fall',
    rosterSize: [26, 30], eventsPerSeason: [18, 21],
    positions: [['GK', 'Goalkeeper'], ['D', 'Defender'], ['M', 'Midfielder'], ['F', 'Forward']],
    periods: ['1st', '2nd'], periodScore: [0, 2], scoreDecimals: 0, stats: soccerStats,
    venue: 'Hawks Soccer Park', icon: 'soccer', playerFields: [['major', 'Major']],
  },
  {
    name: 'Volleyball', slug: 'volleyball', shortName: 'VB', gender: 'women', format: 'game', term: 'fall',
    rosterSize: [16, 19], eventsPerSeason: [28, 32],
    positions: [['OH', 'Outside Hitter'], ['MB', 'Middle Blocker'], ['S', 'Setter'], ['L', 'Libero'], ['RS', 'Right Side'], ['DS', 'Defensive Specialist']],
    periods: ['1', '2', '3', '4', '5'], periodScore: [15, 25], scoreDecimals: 0,
    stats: [['k', 'K', 'Kills', 0, 14], ['ast', 'AST', 'Assists', 0, 12], ['dig', 'DIG', 'Digs', 0, 12], ['blk', 'BLK', 'Blocks', 0, 4], ['sa', 'SA', 'Service aces', 0, 3]],
    venue: 'Cedar Valley Fieldhouse', icon: 'volleyball', playerFields: [['major', 'Major']],
  },
  {
    name: "Men's Ice Hockey", slug: 'mens-ice-hockey', shortName: 'MIH', gender: 'men', format: 'game', term: 'winter',
    rosterSize: [26, 30], eventsPerSeason: [34, 38],
    positions: [['F', 'Forward'], ['D', 'Defenseman'], ['G', 'Goaltender']],
    periods: ['1st', '2nd', '3rd'], periodScore: [0, 2], scoreDecimals: 0,
    stats: [['g', 'G', 'Goals', 0, 2], ['a', 'A', 'Assists', 0, 2], ['sog', 'SOG', 'Shots on goal', 0, 5], ['pim', 'PIM', 'Penalty minutes', 0, 4], ['pm', '+/-', 'Plus/minus', 0, 2]],
    venue: 'Cedar Ice Arena', icon: 'hockey', playerFields: [['shoots', 'Shoots'], ['major', 'Major']],
  },
  {
    name: "Men's Lacrosse", slug: 'mens-lacrosse', shortName: 'MLAX', gender: 'men', format: 'game', term: 'spring',
    rosterSize: [42, 48], eventsPerSeason: [15, 17],
    positions: [['A', 'Attack'], ['M', 'Midfield'], ['D', 'Defense'], ['LSM', 'Long-stick midfield'], ['FO', 'Faceoff'], ['G', 'Goalie']],
    periods: ['1st', '2nd', '3rd', '4th'], periodScore: [1, 5], scoreDecimals: 0, stats: lacrosseStats,
    venue: 'Hawk Stadium', icon: 'lacrosse', playerFields: [['major', 'Major']],
  },
  {
    name: "Women's Lacrosse", slug: 'womens-lacrosse', shortName: 'WLAX', gender: 'women', format: 'game', term: 'spring',
    rosterSize: [32, 38], eventsPerSeason: [16, 18],
    positions: [['A', 'Attack'], ['M', 'Midfield'], ['D', 'Defense'], ['DC', 'Draw control'], ['G', 'Goalie']],
    periods: ['1st', '2nd', '3rd', '4th'], periodScore: [1, 5], scoreDecimals: 0, stats: lacrosseStats,
    venue: 'Hawk Stadium', icon: 'lacrosse', playerFields: [['major', 'Major']],
  },
  {
    name: 'Field Hockey', slug: 'field-hockey', shortName: 'FH', gender: 'women', format: 'game', term: 'fall',
    rosterSize: [24, 28], eventsPerSeason: [17, 19],
    positions: [['F', 'Forward'], ['M', 'Midfielder'], ['B', 'Back'], ['GK', 'Goalkeeper']],
    periods: ['1st', '2nd', '3rd', '4th'], periodScore: [0, 1], scoreDecimals: 0, stats: soccerStats,
    venue: 'Hawks Field Hockey Complex', icon: 'field-hockey', playerFields: [['major', 'Major']],
  },
  {
    name: 'Wrestling', slug: 'wrestling', shortName: 'WRES', gender: 'men', format: 'game', term: 'winter',
    rosterSize: [30, 36], eventsPerSeason: [14, 16],
    positions: [['125', '125 lbs'], ['133', '133 lbs'], ['141', '141 lbs'], ['149', '149 lbs'], ['157', '157 lbs'], ['165', '165 lbs'], ['174', '174 lbs'], ['184', '184 lbs'], ['197', '197 lbs'], ['HWT', 'Heavyweight']],
    periods: ['Team'], periodScore: [6, 30], scoreDecimals: 0,
    stats: [['w', 'W', 'Wins', 0, 1], ['fall', 'FALL', 'Falls', 0, 1], ['td', 'TD', 'Takedowns', 0, 4], ['nf', 'NF', 'Near falls', 0, 2]],
    venue: 'Cedar Valley Fieldhouse', icon: 'wrestling', playerFields: [['major', 'Major']],
  },
  {
    name: "Men's Tennis", slug: 'mens-tennis', shortName: 'MTEN', gender: 'men', format: 'game', term: 'spring',
    rosterSize: [9, 11], eventsPerSeason: [22, 25],
    positions: [['', 'Singles & Doubles']], periods: ['Doubles', 'Singles'], periodScore: [0, 3], scoreDecimals: 0,
    stats: [['sw', 'SGL W', 'Singles wins', 0, 1], ['dw', 'DBL W', 'Doubles wins', 0, 1]],
    venue: 'Hawks Tennis Center', icon: 'tennis', playerFields: [['major', 'Major']],
  },
  {
    name: "Women's Tennis", slug: 'womens-tennis', shortName: 'WTEN', gender: 'women', format: 'game', term: 'spring',
    rosterSize: [9, 11], eventsPerSeason: [22, 25],
    positions: [['', 'Singles & Doubles']], periods: ['Doubles', 'Singles'], periodScore: [0, 3], scoreDecimals: 0,
    stats: [['sw', 'SGL W', 'Singles wins', 0, 1], ['dw', 'DBL W', 'Doubles wins', 0, 1]],
    venue: 'Hawks Tennis Center', icon: 'tennis', playerFields: [['major', 'Major']],
  },
  ...meetSport("Men's Cross Country", 'mens-cross-country', 'MXC', 'men', 'fall', [14, 18], [6, 8], 'Cedar Valley Golf Course Trails', 'running'),
  ...meetSport("Women's Cross Country", 'womens-cross-country', 'WXC', 'women', 'fall', [16, 20], [6, 8], 'Cedar Valley Golf Course Trails', 'running'),
  ...meetSport("Men's Track & Field", 'mens-track-and-field', 'MTF', 'men', 'spring', [40, 50], [10, 13], 'Hawks Track Complex', 'track'),
  ...meetSport("Women's Track & Field", 'womens-track-and-field', 'WTF', 'women', 'spring', [42, 52], [10, 13], 'Hawks Track Complex', 'track'),
  ...meetSport("Men's Swimming & Diving", 'mens-swimming-and-diving', 'MSD', 'men', 'winter', [26, 32], [10, 12], 'Hawks Aquatic Center', 'swimming'),
  ...meetSport("Women's Swimming & Diving", 'womens-swimming-and-diving', 'WSD', 'women', 'winter', [28, 34], [10, 12], 'Hawks Aquatic Center', 'swimming'),
  ...meetSport("Men's Golf", 'mens-golf', 'MGOLF', 'men', 'spring', [8, 11], [8, 10], 'Cedar Valley Golf Course', 'golf'),
  ...meetSport("Women's Golf", 'womens-golf', 'WGOLF', 'women', 'spring', [8, 10], [8, 10], 'Cedar Valley Golf Course', 'golf'),
  ...meetSport('Rowing', 'rowing', 'ROW', 'women', 'spring', [40, 50], [6, 8], 'Cedar River Boathouse', 'rowing', true),
  {
    name: "Women's Gymnastics", slug: 'womens-gymnastics', shortName: 'WGYM', gender: 'women', format: 'meet', term: 'winter',
    rosterSize: [16, 20], eventsPerSeason: [11, 13],
    positions: [['AA', 'All-around'], ['VT', 'Vault'], ['UB', 'Uneven bars'], ['BB', 'Balance beam'], ['FX', 'Floor exercise']],
    periods: ['VT', 'UB', 'BB', 'FX'], periodScore: [48, 50], scoreDecimals: 3,
    stats: [['vt', 'VT', 'Vault', 9, 10], ['ub', 'UB', 'Uneven bars', 9, 10], ['bb', 'BB', 'Balance beam', 9, 10], ['fx', 'FX', 'Floor exercise', 9, 10]],
    venue: 'Cedar Valley Fieldhouse', icon: 'gymnastics', playerFields: [['major', 'Major']],
  },
];

function meetSport(
  name: string, slug: string, shortName: string, gender: 'men' | 'women', term: SportDefinition['term'],
  rosterSize: [number, number], eventsPerSeason: [number, number], venue: string, icon: string, hideFromDropdown = false,
): SportDefinition[] {
  return [{
    name, slug, shortName, gender, format: 'meet', term, rosterSize, eventsPerSeason,
    positions: [['', icon === 'swimming' ? 'Swimmer' : icon === 'golf' ? 'Golfer' : icon === 'rowing' ? 'Rower' : 'Distance']],
    periods: ['Team'], periodScore: [0, 0], scoreDecimals: 0, stats: meetStats, venue, icon,
    playerFields: [['major', 'Major']], hideFromDropdown,
  }];
}
