import fc from "fast-check";
import {
  computeStandings,
  DEFAULT_SEASON_RULES,
  pointsFor,
  roadToFinals,
  type SeasonRules,
  type TeamRaceResult,
} from "~/features/season/standings";
import { pointsTableProblem } from "~/schemas/season";

const team = (n: number) => ({ teamKey: `t${n}`, riderName: `Rider ${n}`, horseName: `Horse ${n}`, userId: `u${n}`, horseId: `h${n}` });

function result(raceId: string, n: number, division: number | null, place: number | null, moneyCents = 0, totalMs: number | null = 15_000): TeamRaceResult {
  return { raceId, ...team(n), division, place, moneyCents, totalMs: division === null ? null : totalMs };
}

const rules = (over: Partial<SeasonRules> = {}): SeasonRules => ({ ...DEFAULT_SEASON_RULES, ...over });

/** A random season: races, each with some teams placed in divisions (ties allowed) or NT. */
const seasonArb = fc
  .array(
    fc.array(
      fc.record({
        team: fc.integer({ min: 0, max: 12 }),
        division: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        place: fc.integer({ min: 1, max: 12 }),
        moneyCents: fc.integer({ min: 0, max: 50_000 }),
        totalMs: fc.integer({ min: 13_000, max: 25_000 }),
      }),
      { maxLength: 14 },
    ),
    { maxLength: 8 },
  )
  .map((races) =>
    races.flatMap((runs, r) => {
      const seen = new Set<number>();
      return runs
        .filter((run) => !seen.has(run.team) && seen.add(run.team))
        .map((run) => result(`race${r}`, run.team, run.division, run.division === null ? null : run.place, run.moneyCents, run.totalMs));
    }),
  );

const rulesArb = fc.record({
  pointsTable: fc.oneof(
    fc.constant(DEFAULT_SEASON_RULES.pointsTable),
    fc.integer({ min: 100, max: 10_000 }).map((centsPerPoint) => ({ mode: "MONEY" as const, centsPerPoint })),
  ),
  bestOf: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  tieBreakers: fc.shuffledSubarray(["WINS", "MONEY", "FASTEST"] as const),
  qualifyMinRaces: fc.integer({ min: 0, max: 6 }),
  qualifyTop: fc.integer({ min: 1, max: 10 }),
});

describe("season standings", () => {
  it("gives the same table whatever order the results arrive in", () => {
    fc.assert(
      fc.property(rulesArb, seasonArb, fc.nat(), (r, results, shift) => {
        const k = results.length ? shift % results.length : 0;
        const rotated = [...results.slice(k), ...results.slice(0, k)];
        expect(computeStandings(r, rotated)).toEqual(computeStandings(r, results));
        expect(computeStandings(r, [...results].reverse())).toEqual(computeStandings(r, results));
      }),
    );
  });

  it("agrees with a recompute from scratch after random publishes, corrections and re-publishes", () => {
    // The server keeps each race's rows and replaces them on publish; this replays that as a log.
    const opArb = fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), seasonArb), { maxLength: 12 });
    fc.assert(
      fc.property(rulesArb, opArb, (r, ops) => {
        const byRace = new Map<string, TeamRaceResult[]>();
        let table = computeStandings(r, []);
        for (const [race, generated] of ops) {
          const raceId = `race${race}`;
          const rows = generated.filter((row) => row.raceId === "race0").map((row) => ({ ...row, raceId }));
          byRace.set(raceId, rows);
          table = computeStandings(r, [...byRace.values()].flat());
        }
        const fromScratch = computeStandings(r, [...byRace.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).flatMap(([, rows]) => rows));
        expect(table).toEqual(fromScratch);
      }),
    );
  });

  it("sums each team's best N races and ranks by points first", () => {
    fc.assert(
      fc.property(rulesArb, seasonArb, (r, results) => {
        const table = computeStandings(r, results);
        for (const row of table) {
          const earned = results
            .filter((x) => x.teamKey === row.teamKey && x.division === row.division)
            .map((x) => pointsFor(r.pointsTable, x.division, x.place, x.moneyCents))
            .sort((a, b) => b - a);
          const kept = r.bestOf === null ? earned : earned.slice(0, r.bestOf);
          expect(row.points).toBe(kept.reduce((s, p) => s + p, 0));
          expect(row.racesCounted).toBe(kept.length);
          expect(row.points).toBeGreaterThan(0);
        }
        for (let i = 1; i < table.length; i++) {
          const [a, b] = [table[i - 1], table[i]];
          if (a.division !== b.division) continue;
          expect(a.points).toBeGreaterThanOrEqual(b.points);
          expect(a.place).toBeLessThanOrEqual(b.place);
          if (a.place === b.place) expect(a.points).toBe(b.points);
          else expect(b.place).toBe(i + 1 - table.findIndex((x) => x.division === b.division));
        }
      }),
    );
  });

  it("qualifies exactly the teams within the top N that ran the minimum", () => {
    fc.assert(
      fc.property(rulesArb, seasonArb, (r, results) => {
        for (const row of computeStandings(r, results)) {
          const ran = new Set(results.filter((x) => x.teamKey === row.teamKey).map((x) => x.raceId)).size;
          expect(row.racesEntered).toBe(ran);
          expect(row.qualified).toBe(row.place <= r.qualifyTop && ran >= r.qualifyMinRaces);
        }
      }),
    );
  });

  it("never lowers a team's points when it earns more", () => {
    fc.assert(
      fc.property(rulesArb, seasonArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), (r, results, division, place) => {
        const before = computeStandings({ ...r, bestOf: null }, results).find((x) => x.teamKey === "t0" && x.division === division)?.points ?? 0;
        const after = computeStandings({ ...r, bestOf: null }, [...results, result("extra", 0, division, place, 10_000)]).find(
          (x) => x.teamKey === "t0" && x.division === division,
        )?.points ?? 0;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it("breaks ties by most wins, then money won, then fastest time, and shares a place when all are equal", () => {
    const r = rules({ qualifyMinRaces: 0 });
    // t1 and t2 both have 11 points; t1 won once, t2 never: t1 ahead.
    const wins = computeStandings(r, [result("a", 1, 1, 1), result("b", 1, 1, 10), result("a", 2, 1, 2), result("b", 2, 1, 9)]);
    expect(wins.map((x) => [x.teamKey, x.place, x.points])).toEqual([["t1", 1, 11], ["t2", 2, 11]]);
    // Same points and wins: money decides; same money: the fastest time; all equal: shared place.
    const money = computeStandings(r, [result("a", 1, 2, 3, 5_000), result("b", 2, 2, 3, 7_000)]);
    expect(money.map((x) => [x.teamKey, x.place])).toEqual([["t2", 1], ["t1", 2]]);
    const fastest = computeStandings(r, [result("a", 1, 2, 3, 5_000, 15_200), result("b", 2, 2, 3, 5_000, 15_100)]);
    expect(fastest.map((x) => [x.teamKey, x.place])).toEqual([["t2", 1], ["t1", 2]]);
    const shared = computeStandings(r, [result("a", 1, 2, 3, 5_000, 15_100), result("b", 2, 2, 3, 5_000, 15_100), result("c", 3, 2, 9)]);
    expect(shared.map((x) => [x.teamKey, x.place])).toEqual([["t1", 1], ["t2", 1], ["t3", 3]]);
    // The series may put money before wins.
    const moneyFirst = computeStandings({ ...r, tieBreakers: ["MONEY", "WINS", "FASTEST"] }, [
      result("a", 1, 1, 1, 100), result("b", 1, 1, 10, 0),
      result("a", 2, 1, 2, 9_000), result("b", 2, 1, 9, 0),
    ]);
    expect(moneyFirst.find((x) => x.teamKey === "t1")!.points).toBe(11);
    expect(moneyFirst.find((x) => x.teamKey === "t2")!.points).toBe(11);
    expect(moneyFirst.map((x) => x.teamKey)).toEqual(["t2", "t1"]);
  });

  it("counts only the best N races when the series says so", () => {
    const results = [result("a", 1, 1, 1), result("b", 1, 1, 5), result("c", 1, 1, 10), result("d", 1, 1, 2)];
    expect(computeStandings(rules({ bestOf: null }), results)[0]).toMatchObject({ points: 10 + 6 + 1 + 9, racesCounted: 4 });
    expect(computeStandings(rules({ bestOf: 2 }), results)[0]).toMatchObject({ points: 19, racesCounted: 2, racesEntered: 4 });
  });

  it("keeps points per division: a 2D place earns in the 2D standings only", () => {
    const table = computeStandings(rules(), [result("a", 1, 1, 1), result("b", 1, 2, 1), result("c", 1, null, null)]);
    expect(table.map((x) => [x.division, x.points, x.racesEntered])).toEqual([[1, 10, 3], [2, 10, 3]]);
  });

  it("tells a team its road: races still needed and points from the cut line", () => {
    const r = rules({ qualifyMinRaces: 4, qualifyTop: 2 });
    const results = [
      result("a", 1, 2, 1), result("b", 1, 2, 1), // t1: 20 points, 2 races
      result("a", 2, 2, 2), result("b", 2, 2, 3), // t2: 17
      result("a", 3, 2, 5), // t3: 6
    ];
    const table = computeStandings(r, results);
    expect(roadToFinals(r, table, "t1")).toEqual([
      { division: 2, place: 1, points: 20, racesEntered: 2, racesNeeded: 2, cutPoints: 17, pointsFromCut: 3, qualified: false },
    ]);
    expect(roadToFinals(r, table, "t3")[0]).toMatchObject({ place: 3, pointsFromCut: -11 });
    expect(roadToFinals(rules({ qualifyTop: 15 }), table, "t3")[0]).toMatchObject({ cutPoints: null, pointsFromCut: null });
  });

  it("pays points by money when the series counts money", () => {
    expect(pointsFor({ mode: "MONEY", centsPerPoint: 100 }, 1, 1, 18_550)).toBe(185);
    expect(pointsFor({ mode: "MONEY", centsPerPoint: 100 }, null, null, 18_550)).toBe(0);
    expect(pointsFor({ mode: "PLACE", places: [[10, 9], [5, 4]] }, 3, 2, 0)).toBe(4);
    expect(pointsFor({ mode: "PLACE", places: [[10, 9]] }, 1, 3, 0)).toBe(0);
  });

  it("refuses a points table that makes no sense, in words", () => {
    expect(pointsTableProblem(DEFAULT_SEASON_RULES.pointsTable)).toBeNull();
    expect(pointsTableProblem({ mode: "PLACE", places: [[5, 9]] })).toMatch(/later place/);
    expect(pointsTableProblem({ mode: "PLACE", places: [[1.5]] })).toMatch(/whole numbers/);
    expect(pointsTableProblem({ mode: "PLACE", places: [] })).toMatch(/divisions/);
    expect(pointsTableProblem({ mode: "MONEY", centsPerPoint: 0 })).toMatch(/cents/);
  });
});
