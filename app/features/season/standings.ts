/**
 * The season's arithmetic, pure: points for a place, a series' standings per
 * division from its teams' published race results, and a team's road to the
 * finals. No database and no clock, so the same results always give the same
 * table (the server recomputes a class's standings from stored results after
 * every publish, and a recompute from scratch must agree: see
 * tests/unit/season-standings.test.ts). docs/season.md explains the rules.
 *
 * A team is a rider and a horse together: points follow the pair.
 */
import type { PointsTable, TallyRace, TieBreaker } from "#db/schema/season";
import { TIE_BREAKERS } from "~/schemas/season";

export type { PointsTable, TallyRace, TieBreaker };

/** One team's published result in one race (a class of one event) that counts. */
export type TeamRaceResult = {
  raceId: string;
  teamKey: string;
  riderName: string;
  horseName: string;
  userId: string | null;
  horseId: string | null;
  /** The division the run placed in, or null (NT). */
  division: number | null;
  /** The place within that division, or null. */
  place: number | null;
  totalMs: number | null;
  moneyCents: number;
};

export type SeasonRules = {
  pointsTable: PointsTable;
  /** null: every race counts; N: each team's best N races per division. */
  bestOf: number | null;
  tieBreakers: TieBreaker[];
  qualifyMinRaces: number;
  qualifyTop: number;
};

export type StandingRow = {
  division: number;
  teamKey: string;
  riderName: string;
  horseName: string;
  userId: string | null;
  horseId: string | null;
  place: number;
  points: number;
  racesCounted: number;
  /** Races the team ran in this class (any division, NT included): the finals' minimum counts these. */
  racesEntered: number;
  wins: number;
  moneyCents: number;
  fastestMs: number | null;
  qualified: boolean;
};


/** 1st 10, 2nd 9, ... 10th 1, in every division. */
export const DEFAULT_POINTS_TABLE: PointsTable = { mode: "PLACE", places: [[10, 9, 8, 7, 6, 5, 4, 3, 2, 1]] };

export const DEFAULT_SEASON_RULES: SeasonRules = {
  pointsTable: DEFAULT_POINTS_TABLE,
  bestOf: null,
  tieBreakers: [...TIE_BREAKERS],
  qualifyMinRaces: 4,
  qualifyTop: 15,
};

/** A series' counting rules. */
export function seasonRules(row: SeasonRules): SeasonRules {
  return { pointsTable: row.pointsTable, bestOf: row.bestOf, tieBreakers: row.tieBreakers, qualifyMinRaces: row.qualifyMinRaces, qualifyTop: row.qualifyTop };
}

/**
 * Points for one result. Tied riders share a place (both 2nd) and each earns
 * that place's points. A division without a row of its own uses the last row.
 */
export function pointsFor(table: PointsTable, division: number | null, place: number | null, moneyCents: number) {
  if (division === null || place === null) return 0;
  if (table.mode === "MONEY") return Math.floor(Math.max(0, moneyCents) / table.centsPerPoint);
  const row = table.places[Math.min(division, table.places.length) - 1];
  return row[place - 1] ?? 0;
}

/** How a members-only series counts (docs/members.md). */
export type MemberRules = { membersOnly: boolean; pointsBy: "PLACE_AMONG_MEMBERS" | "OVERALL_PLACE" };

/**
 * One race's results as they count for points. Every result counts unless
 * the series is for members only: then a non-member's run earns nothing and
 * is left out, and with "points by place among members" the members' places
 * move up over it (tied members still share a place: a member's place is one
 * more than the members placed strictly ahead in the division).
 */
export function countingResults<T extends { division: number | null; place: number | null; member: boolean }>(rules: MemberRules, race: readonly T[]): T[] {
  if (!rules.membersOnly) return [...race];
  const members = race.filter((r) => r.member);
  if (rules.pointsBy === "OVERALL_PLACE") return members;
  const placesByDivision = new Map<number, number[]>();
  for (const r of members) {
    if (r.division === null || r.place === null) continue;
    const list = placesByDivision.get(r.division);
    if (list) list.push(r.place);
    else placesByDivision.set(r.division, [r.place]);
  }
  for (const list of placesByDivision.values()) list.sort((a, b) => a - b);
  return members.map((r) => {
    if (r.division === null || r.place === null) return r;
    const places = placesByDivision.get(r.division)!;
    // Members strictly ahead: the first index of this place in the sorted list.
    let lo = 0;
    let hi = places.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (places[mid]! < r.place) lo = mid + 1;
      else hi = mid;
    }
    return { ...r, place: lo + 1 };
  });
}

/** A team's running totals in one class of a series: its counted results. */
export type TeamTally = { teamKey: string; userId: string | null; horseId: string | null; races: TallyRace[] };

/** Where a team stands in one division before the division is ranked. */
export type TeamLine = Omit<StandingRow, "place" | "qualified">;

export const tallyRace = (r: TeamRaceResult): TallyRace => [r.raceId, r.division, r.place, r.totalMs, r.moneyCents, r.riderName, r.horseName];

/** The sum of a team's best `bestOf` races (every race when null), and how many counted. */
function counted(pointsPerRace: number[], bestOf: number | null) {
  const sorted = [...pointsPerRace].sort((x, y) => y - x);
  const kept = bestOf === null ? sorted : sorted.slice(0, bestOf);
  return { points: kept.reduce((sum, p) => sum + p, 0), racesCounted: kept.length };
}

/**
 * A team's line in each division it earned points in. Names are those of
 * its earliest race (by id) in the division: the same whatever order the
 * results arrived in.
 */
export function teamLines(rules: SeasonRules, tally: TeamTally): TeamLine[] {
  const racesEntered = new Set(tally.races.map((r) => r[0])).size;
  const byDivision = new Map<number, TallyRace[]>();
  for (const race of tally.races) {
    const division = race[1];
    if (division === null || race[2] === null) continue;
    const list = byDivision.get(division);
    if (list) list.push(race);
    else byDivision.set(division, [race]);
  }
  const lines: TeamLine[] = [];
  for (const [division, races] of byDivision) {
    let first = races[0]!;
    let wins = 0;
    let moneyCents = 0;
    let fastestMs: number | null = null;
    const pointsPerRace: number[] = [];
    for (const race of races) {
      const [raceId, , place, totalMs, money] = race;
      if (raceId < first[0]) first = race;
      pointsPerRace.push(pointsFor(rules.pointsTable, division, place, money));
      if (place === 1) wins += 1;
      moneyCents += money;
      if (totalMs !== null && (fastestMs === null || totalMs < fastestMs)) fastestMs = totalMs;
    }
    const { points, racesCounted } = counted(pointsPerRace, rules.bestOf);
    if (points <= 0) continue;
    lines.push({ division, teamKey: tally.teamKey, riderName: first[5], horseName: first[6], userId: tally.userId, horseId: tally.horseId, points, racesCounted, racesEntered, wins, moneyCents, fastestMs });
  }
  return lines;
}

const byName = (a: TeamLine, b: TeamLine) =>
  a.riderName.localeCompare(b.riderName) || a.horseName.localeCompare(b.horseName) || (a.teamKey < b.teamKey ? -1 : a.teamKey > b.teamKey ? 1 : 0);

function compareBreakers(a: TeamLine, b: TeamLine, breakers: readonly TieBreaker[]) {
  for (const breaker of breakers) {
    if (breaker === "WINS" && a.wins !== b.wins) return b.wins - a.wins;
    if (breaker === "MONEY" && a.moneyCents !== b.moneyCents) return b.moneyCents - a.moneyCents;
    if (breaker === "FASTEST" && a.fastestMs !== b.fastestMs) {
      if (a.fastestMs === null) return 1;
      if (b.fastestMs === null) return -1;
      return a.fastestMs - b.fastestMs;
    }
  }
  return 0;
}

/**
 * Ranks teams' lines, every division. Order: points, then the series'
 * tie-breakers in turn; teams still equal share the place (1, 2, 2, 4) and
 * are listed by name.
 */
export function rankLines(rules: SeasonRules, lines: readonly TeamLine[]): StandingRow[] {
  const byDivision = new Map<number, TeamLine[]>();
  for (const line of lines) {
    const list = byDivision.get(line.division);
    if (list) list.push(line);
    else byDivision.set(line.division, [line]);
  }
  const rows: StandingRow[] = [];
  for (const division of [...byDivision.keys()].sort((a, b) => a - b)) {
    const list = byDivision.get(division)!;
    list.sort((a, b) => b.points - a.points || compareBreakers(a, b, rules.tieBreakers) || byName(a, b));
    let place = 0;
    list.forEach((line, i) => {
      const previous = list[i - 1];
      const sharesPlace = previous !== undefined && previous.points === line.points && compareBreakers(previous, line, rules.tieBreakers) === 0;
      if (!sharesPlace) place = i + 1;
      rows.push({ ...line, place, qualified: place <= rules.qualifyTop && line.racesEntered >= rules.qualifyMinRaces });
    });
  }
  return rows;
}

/** Teams' results gathered into their tallies. */
export function talliesOf(results: readonly TeamRaceResult[]): TeamTally[] {
  const tallies = new Map<string, TeamTally>();
  for (const result of results) {
    let tally = tallies.get(result.teamKey);
    if (!tally) tallies.set(result.teamKey, (tally = { teamKey: result.teamKey, userId: result.userId, horseId: result.horseId, races: [] }));
    tally.races.push(tallyRace(result));
  }
  return [...tallies.values()];
}

/**
 * The standings of one class of a series, every division, from its teams'
 * results. A team stands in a division once it has points there.
 */
export function computeStandings(rules: SeasonRules, results: readonly TeamRaceResult[]): StandingRow[] {
  return rankLines(
    rules,
    talliesOf(results).flatMap((tally) => teamLines(rules, tally)),
  );
}

/** Where one team stands in one division and what it still needs, for "the road to the finals". */
export type Road = {
  division: number;
  place: number;
  points: number;
  racesEntered: number;
  /** Races still to run to meet the minimum. */
  racesNeeded: number;
  /** Points of the team at the cut line (the last place that qualifies), or null while fewer teams stand. */
  cutPoints: number | null;
  /** Points above the cut line (negative: below it), or null when there is no cut line yet. */
  pointsFromCut: number | null;
  qualified: boolean;
};

/** One team's road in each division it stands in, from that class's standings. */
export function roadToFinals(rules: SeasonRules, standings: readonly StandingRow[], teamKey: string): Road[] {
  const roads: Road[] = [];
  for (const row of standings) {
    if (row.teamKey !== teamKey) continue;
    const division = standings.filter((r) => r.division === row.division);
    const cut = division.length >= rules.qualifyTop ? division[rules.qualifyTop - 1] : undefined;
    const cutPoints = cut?.points ?? null;
    roads.push({
      division: row.division,
      place: row.place,
      points: row.points,
      racesEntered: row.racesEntered,
      racesNeeded: Math.max(0, rules.qualifyMinRaces - row.racesEntered),
      cutPoints,
      pointsFromCut: cutPoints === null ? null : row.points - cutPoints,
      qualified: row.qualified,
    });
  }
  return roads;
}
