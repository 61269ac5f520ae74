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
import type { PointsTable, TieBreaker } from "#db/schema/season";

export type { PointsTable, TieBreaker };

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

export const TIE_BREAKERS = ["WINS", "MONEY", "FASTEST"] as const satisfies readonly TieBreaker[];
export const MAX_POINT_PLACES = 20;

/** 1st 10, 2nd 9, ... 10th 1, in every division. */
export const DEFAULT_POINTS_TABLE: PointsTable = { mode: "PLACE", places: [[10, 9, 8, 7, 6, 5, 4, 3, 2, 1]] };

export const DEFAULT_SEASON_RULES: SeasonRules = {
  pointsTable: DEFAULT_POINTS_TABLE,
  bestOf: null,
  tieBreakers: [...TIE_BREAKERS],
  qualifyMinRaces: 4,
  qualifyTop: 15,
};

/** What is wrong with a points table, in words, or null. */
export function pointsTableProblem(table: PointsTable): string | null {
  if (table.mode === "MONEY") {
    return Number.isInteger(table.centsPerPoint) && table.centsPerPoint >= 1 && table.centsPerPoint <= 1_000_000
      ? null
      : "Money per point must be a whole number of cents from 1 to 1,000,000";
  }
  if (table.places.length < 1 || table.places.length > 6) return "Give points for 1 to 6 divisions";
  for (const row of table.places) {
    if (row.length < 1 || row.length > MAX_POINT_PLACES) return `Give points for 1 to ${MAX_POINT_PLACES} places`;
    if (!row.every((p) => Number.isInteger(p) && p >= 0 && p <= 1000)) return "Points must be whole numbers from 0 to 1,000";
    if (row.some((p, i) => i > 0 && p > row[i - 1])) return "A later place cannot earn more points than an earlier one";
  }
  return null;
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

type Tally = {
  division: number;
  teamKey: string;
  first: TeamRaceResult;
  pointsPerRace: number[];
  wins: number;
  moneyCents: number;
  fastestMs: number | null;
};

const byName = (a: Tally, b: Tally) =>
  a.first.riderName.localeCompare(b.first.riderName) || a.first.horseName.localeCompare(b.first.horseName) || (a.teamKey < b.teamKey ? -1 : a.teamKey > b.teamKey ? 1 : 0);

function compareBreakers(a: Tally, b: Tally, breakers: readonly TieBreaker[]) {
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

/** The sum of a team's best `bestOf` races (every race when null), and how many counted. */
function counted(pointsPerRace: number[], bestOf: number | null) {
  const sorted = [...pointsPerRace].sort((x, y) => y - x);
  const kept = bestOf === null ? sorted : sorted.slice(0, bestOf);
  return { points: kept.reduce((sum, p) => sum + p, 0), racesCounted: kept.length };
}

/**
 * The standings of one class of a series, every division, from its teams'
 * results. A team stands in a division once it has points there. Order:
 * points, then the series' tie-breakers in turn; teams still equal share the
 * place (1, 2, 2, 4) and are listed by name.
 */
export function computeStandings(rules: SeasonRules, results: readonly TeamRaceResult[]): StandingRow[] {
  const entered = new Map<string, Set<string>>();
  const tallies = new Map<string, Tally>();
  for (const result of results) {
    let races = entered.get(result.teamKey);
    if (!races) entered.set(result.teamKey, (races = new Set()));
    races.add(result.raceId);
    const points = pointsFor(rules.pointsTable, result.division, result.place, result.moneyCents);
    if (result.division === null || result.place === null) continue;
    const key = `${result.division}\u0000${result.teamKey}`;
    let tally = tallies.get(key);
    if (!tally) {
      tally = { division: result.division, teamKey: result.teamKey, first: result, pointsPerRace: [], wins: 0, moneyCents: 0, fastestMs: null };
      tallies.set(key, tally);
    } else if (result.raceId < tally.first.raceId) {
      // Names as of the earliest race id: the same whatever order results arrive in.
      tally.first = result;
    }
    tally.pointsPerRace.push(points);
    if (result.place === 1) tally.wins += 1;
    tally.moneyCents += result.moneyCents;
    if (result.totalMs !== null && (tally.fastestMs === null || result.totalMs < tally.fastestMs)) tally.fastestMs = result.totalMs;
  }

  const byDivision = new Map<number, { tally: Tally; points: number; racesCounted: number }[]>();
  for (const tally of tallies.values()) {
    const { points, racesCounted } = counted(tally.pointsPerRace, rules.bestOf);
    if (points <= 0) continue;
    let list = byDivision.get(tally.division);
    if (!list) byDivision.set(tally.division, (list = []));
    list.push({ tally, points, racesCounted });
  }

  const rows: StandingRow[] = [];
  for (const division of [...byDivision.keys()].sort((a, b) => a - b)) {
    const list = byDivision.get(division)!;
    list.sort((a, b) => b.points - a.points || compareBreakers(a.tally, b.tally, rules.tieBreakers) || byName(a.tally, b.tally));
    list.forEach((item, i) => {
      const previous = list[i - 1];
      const sharesPlace =
        previous !== undefined && previous.points === item.points && compareBreakers(previous.tally, item.tally, rules.tieBreakers) === 0;
      const place = sharesPlace ? rows[rows.length - 1].place : i + 1;
      const racesEntered = entered.get(item.tally.teamKey)!.size;
      const { first } = item.tally;
      rows.push({
        division,
        teamKey: item.tally.teamKey,
        riderName: first.riderName,
        horseName: first.horseName,
        userId: first.userId,
        horseId: first.horseId,
        place,
        points: item.points,
        racesCounted: item.racesCounted,
        racesEntered,
        wins: item.tally.wins,
        moneyCents: item.tally.moneyCents,
        fastestMs: item.tally.fastestMs,
        qualified: place <= rules.qualifyTop && racesEntered >= rules.qualifyMinRaces,
      });
    });
  }
  return rows;
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
