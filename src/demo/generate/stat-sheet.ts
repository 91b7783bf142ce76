import type { StatColumn, StatTable } from '../../api/schemas/stats.ts';
import type { Random } from '../random.ts';

/**
 * Basketball's statistics as real stat services print them, so the demo carries the shapes fans see: 22 columns
 * of season stats, "made-attempted" strings (`150-405`), three-place percentages (`.370`, blank without an
 * attempt) and box-score minutes as `mm:ss`. The site sorts and lays out these exactly as it would a real feed's.
 */

type Cells = StatTable['rows'][number]['cells'];

/** Made and attempted: counted separately, printed as one string. */
interface Shots {
  made: number;
  att: number;
}

/** One player's (or team's) counting stats over a span of games. */
export interface StatLine {
  gp: number;
  gs: number;
  seconds: number;
  fg: Shots;
  fg3: Shots;
  ft: Shots;
  oreb: number;
  dreb: number;
  pf: number;
  dq: number;
  ast: number;
  to: number;
  blk: number;
  stl: number;
}

const col = (key: string, label: string, title: string): StatColumn => ({ key, label, title });

export const SEASON_COLUMNS: StatColumn[] = [
  col('gp', 'GP', 'Games played'),
  col('gs', 'GS', 'Games started'),
  col('min', 'MIN', 'Minutes'),
  col('min_avg', 'AVG', 'Minutes per game'),
  col('fg', 'FG-FGA', 'Field goals made-attempted'),
  col('fg_pct', 'FG%', 'Field goal percentage'),
  col('fg3', '3FG-FGA', 'Three-point field goals made-attempted'),
  col('fg3_pct', '3FG%', 'Three-point percentage'),
  col('ft', 'FT-FTA', 'Free throws made-attempted'),
  col('ft_pct', 'FT%', 'Free throw percentage'),
  col('oreb', 'OFF', 'Offensive rebounds'),
  col('dreb', 'DEF', 'Defensive rebounds'),
  col('reb', 'TOT', 'Total rebounds'),
  col('reb_avg', 'AVG', 'Rebounds per game'),
  col('pf', 'PF', 'Personal fouls'),
  col('dq', 'DQ', 'Disqualifications'),
  col('ast', 'A', 'Assists'),
  col('to', 'TO', 'Turnovers'),
  col('blk', 'BLK', 'Blocks'),
  col('stl', 'STL', 'Steals'),
  col('pts', 'PTS', 'Points'),
  col('pts_avg', 'AVG', 'Points per game'),
];

export const BOX_COLUMNS: StatColumn[] = [
  col('min', 'MIN', 'Minutes'),
  col('fg', 'FG-FGA', 'Field goals made-attempted'),
  col('fg3', '3FG-FGA', 'Three-point field goals made-attempted'),
  col('ft', 'FT-FTA', 'Free throws made-attempted'),
  col('oreb', 'OREB', 'Offensive rebounds'),
  col('dreb', 'DREB', 'Defensive rebounds'),
  col('reb', 'REB', 'Rebounds'),
  col('ast', 'AST', 'Assists'),
  col('to', 'TO', 'Turnovers'),
  col('blk', 'BLK', 'Blocks'),
  col('stl', 'STL', 'Steals'),
  col('pf', 'PF', 'Personal fouls'),
  col('pts', 'PTS', 'Points'),
];

/** A player's games: `role` 0 (end of the bench) to 1 (star) sets minutes and shots. */
export function playerLine(random: Random, games: number, role: number, starts: number): StatLine {
  const minutesPerGame = 4 + role * 30 + random.next() * 4;
  const seconds = Math.round(games * minutesPerGame * 60);
  const shots = (perMinute: number, pctLow: number, pctHigh: number): Shots => {
    const att = Math.round(games * minutesPerGame * perMinute * (0.6 + random.next() * 0.8));
    return { att, made: Math.round(att * (pctLow + random.next() * (pctHigh - pctLow))) };
  };
  const count = (perMinute: number) => Math.round(games * minutesPerGame * perMinute * (0.5 + random.next()));
  const pf = count(0.07);
  return {
    gp: games,
    gs: starts,
    seconds,
    fg: shots(0.3, 0.35, 0.56),
    fg3: random.chance(0.2) ? { made: 0, att: 0 } : shots(0.1, 0.25, 0.42),
    ft: shots(0.09, 0.55, 0.9),
    oreb: count(0.04),
    dreb: count(0.11),
    pf,
    dq: Math.min(games, Math.floor(pf / 30)),
    ast: count(0.06),
    to: count(0.05),
    blk: count(0.015),
    stl: count(0.03),
  };
}

/** A game's player-seconds: five on the floor for 40 minutes, and five for each 5-minute overtime. */
export const gameClock = (overtimes = 0) => 5 * (40 + overtimes * 5) * 60;

/**
 * Players' lines with their minutes shared out to fill the clock they played together (a game's `gameClock`, or a
 * season's games times it), so team minutes read 200:00 a game (225:00 after one overtime), as real sheets do.
 */
export function fillClock(lines: StatLine[], seconds: number): StatLine[] {
  const played = lines.reduce((sum, l) => sum + l.seconds, 0);
  if (!played) return lines;
  const shared = lines.map((l) => ({ ...l, seconds: Math.floor((l.seconds * seconds) / played) }));
  shared[0]!.seconds += seconds - shared.reduce((sum, l) => sum + l.seconds, 0);
  return shared;
}

/**
 * Players' game lines changed by as few baskets as it takes for their points to add up to the team's final score,
 * as they do on a real box score: two-pointers added or taken back in turn from the players who played most, a
 * free throw for an odd point.
 */
export function scoreTo(lines: StatLine[], score: number): StatLine[] {
  const out = lines.map((l) => ({ ...l, fg: { ...l.fg }, ft: { ...l.ft } }));
  if (!out.length) return out;
  const order = out.map((_, i) => i).sort((a, b) => out[b]!.seconds - out[a]!.seconds || a - b);
  let diff = score - out.reduce((sum, l) => sum + points(l), 0);
  // Baskets are added, or taken back while there are any to take back.
  const canTakeBack = () => out.some((l) => l.fg.made > 0);
  for (let turn = 0; diff >= 2 || (diff <= -2 && canTakeBack()); turn++) {
    const l = out[order[turn % order.length]!]!;
    if (diff > 0) {
      l.fg.made++;
      l.fg.att = Math.max(l.fg.att, l.fg.made);
      diff -= 2;
    } else if (l.fg.made > 0) {
      l.fg.made--;
      diff += 2;
    }
  }
  const first = out[order[0]!]!;
  if (diff === 1) {
    first.ft.made++;
    first.ft.att = Math.max(first.ft.att + 1, first.ft.made);
  } else if (diff === -1) {
    const shooter = out.find((l) => l.ft.made > 0) ?? out.find((l) => l.fg.made > 0);
    if (shooter === undefined) return out;
    if (shooter.ft.made > 0) shooter.ft.made--;
    else {
      shooter.fg.made--; // a basket off and a free throw on: one point fewer
      shooter.ft.made++;
      shooter.ft.att = Math.max(shooter.ft.att, shooter.ft.made);
    }
  }
  return out;
}

/** Lines added up (a team's totals). Games played are the team's, not the sum. */
export function sumLines(lines: StatLine[], games: number): StatLine {
  const add = (pick: (l: StatLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const shots = (pick: (l: StatLine) => Shots) => ({ made: add((l) => pick(l).made), att: add((l) => pick(l).att) });
  return {
    gp: games,
    gs: games,
    seconds: add((l) => l.seconds),
    fg: shots((l) => l.fg),
    fg3: shots((l) => l.fg3),
    ft: shots((l) => l.ft),
    oreb: add((l) => l.oreb),
    dreb: add((l) => l.dreb),
    pf: add((l) => l.pf),
    dq: add((l) => l.dq),
    ast: add((l) => l.ast),
    to: add((l) => l.to),
    blk: add((l) => l.blk),
    stl: add((l) => l.stl),
  };
}

/** The same games played by someone a little better or worse (the opponents' line beside the team's). */
export function scaleLine(l: StatLine, factor: number): StatLine {
  const n = (x: number) => Math.round(x * factor);
  const shots = (s: Shots) => ({ made: Math.min(n(s.made), s.att), att: s.att });
  return {
    ...l,
    fg: shots(l.fg),
    fg3: shots(l.fg3),
    ft: shots(l.ft),
    oreb: n(l.oreb),
    dreb: n(l.dreb),
    ast: n(l.ast),
    to: n(l.to),
    blk: n(l.blk),
    stl: n(l.stl),
  };
}

const madeAttempted = (s: Shots) => `${s.made}-${s.att}`;
/** `.370`, `1.000`; no percentage without an attempt (the cell is left out, as stat services leave it blank). */
const percentage = (s: Shots) => (s.att === 0 ? undefined : (s.made / s.att).toFixed(3).replace(/^0\./, '.'));
/** Two for a field goal inside the arc, three beyond it (`fg` counts two-pointers only), one a free throw. */
const points = (l: StatLine) => l.fg.made * 2 + l.fg3.made * 3 + l.ft.made;
const perGame = (total: number, games: number) => (games ? Math.round((total / games) * 10) / 10 : 0);
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function defined(cells: Record<string, number | string | undefined>): Cells {
  return Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== undefined)) as Cells;
}

/** A season line's cells, in SEASON_COLUMNS' keys. Three-pointers are counted within field goals. */
export function seasonCells(l: StatLine): Cells {
  const minutes = Math.round(l.seconds / 60);
  const fg = { made: l.fg.made + l.fg3.made, att: l.fg.att + l.fg3.att };
  return defined({
    gp: l.gp,
    gs: l.gs,
    min: minutes,
    min_avg: perGame(minutes, l.gp),
    fg: madeAttempted(fg),
    fg_pct: percentage(fg),
    fg3: madeAttempted(l.fg3),
    fg3_pct: percentage(l.fg3),
    ft: madeAttempted(l.ft),
    ft_pct: percentage(l.ft),
    oreb: l.oreb,
    dreb: l.dreb,
    reb: l.oreb + l.dreb,
    reb_avg: perGame(l.oreb + l.dreb, l.gp),
    pf: l.pf,
    dq: l.dq,
    ast: l.ast,
    to: l.to,
    blk: l.blk,
    stl: l.stl,
    pts: points(l),
    pts_avg: perGame(points(l), l.gp),
  });
}

/** One game's cells, in BOX_COLUMNS' keys: minutes on the game clock. */
export function boxCells(l: StatLine): Cells {
  return {
    min: clock(l.seconds),
    fg: madeAttempted({ made: l.fg.made + l.fg3.made, att: l.fg.att + l.fg3.att }),
    fg3: madeAttempted(l.fg3),
    ft: madeAttempted(l.ft),
    oreb: l.oreb,
    dreb: l.dreb,
    reb: l.oreb + l.dreb,
    ast: l.ast,
    to: l.to,
    blk: l.blk,
    stl: l.stl,
    pf: l.pf,
    pts: points(l),
  };
}
