import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  averageResults,
  averageStandings,
  defaultPurseSplit,
  goResults,
  goShapeProblem,
  parseRound,
  shortGoQualifiers,
  shortGoResults,
  splitPurse,
  type AverageRule,
  type PurseSplit,
  type StandingRow,
} from "~/features/raceday/gos";
import { defaultPayout, type ClassMoneyRules, type ClassResults, type Run } from "~/features/raceday/results";

const time = (entryId: string, timeMs: number, penalties = 0): Run => ({ entryId, outcome: "TIME", timeMs, penalties });
const nt = (entryId: string): Run => ({ entryId, outcome: "NT", timeMs: null, penalties: 0 });
const paid = (r: ClassResults) => r.divisions.reduce((s, d) => s + d.places.reduce((t, p) => t + p.payoutCents, 0), 0);
const placed = (r: ClassResults) => r.divisions.flatMap((d) => d.places.map((p) => p.entryId));

const ONE_D: ClassMoneyRules = { entryFeeCents: 10000, addedMoneyCents: 0, producerSharePercent: 0, divisions: 1, splitMs: [500], payout: defaultPayout(1) };
const SUM_EVERY: AverageRule = { mode: "SUM", requireEveryGo: true };
const SUM_ANY: AverageRule = { mode: "SUM", requireEveryGo: false };

/** Whole percents adding to 100 for `n` gos and an average. */
const arbSplit = (gos: number): fc.Arbitrary<PurseSplit> =>
  fc.array(fc.nat({ max: 100 }), { minLength: gos + 1, maxLength: gos + 1 }).map((w) => {
    const total = w.reduce((s, x) => s + x, 0) || 1;
    const raw = w.map((x) => Math.floor((x * 100) / total));
    raw[raw.length - 1]! += 100 - raw.reduce((s, x) => s + x, 0);
    return { goPercents: raw.slice(0, gos), averagePercent: raw[gos]! };
  });

/** A class's gos: for each of `entries` horses, a time (or NT, or no run) in each go. */
const arbGos = (gos: number, entries: number) =>
  fc.array(
    fc.array(fc.oneof(fc.integer({ min: 14000, max: 16000 }), fc.constant(null), fc.constant(undefined)), { minLength: entries, maxLength: entries }),
    { minLength: gos, maxLength: gos },
  );
const toRuns = (cells: (number | null | undefined)[][]): Run[][] =>
  cells.map((go) => go.flatMap((cell, i) => (cell === undefined ? [] : [cell === null ? nt(`e${i}`) : time(`e${i}`, cell)])));
const ids = (n: number) => Array.from({ length: n }, (_, i) => `e${i}`);

describe("the shape of a class's gos", () => {
  it("accepts one go as a class always was, and two gos with an average split 10/10/80", () => {
    expect(goShapeProblem({ goRounds: 1, average: null, purseSplit: null, shortGo: null })).toBeNull();
    expect(goShapeProblem({ goRounds: 2, average: SUM_EVERY, purseSplit: { goPercents: [10, 10], averagePercent: 80 }, shortGo: { top: 10, by: "AVERAGE", order: "REVERSE" } })).toBeNull();
  });

  it("refuses shares that do not add up to 100, fractions, an average of one go, and six gos", () => {
    expect(goShapeProblem({ goRounds: 2, average: SUM_EVERY, purseSplit: { goPercents: [10, 10], averagePercent: 70 }, shortGo: null })).toMatch(/add up to 100%/);
    expect(goShapeProblem({ goRounds: 2, average: SUM_EVERY, purseSplit: { goPercents: [10.5, 9.5], averagePercent: 80 }, shortGo: null })).toMatch(/whole percents/);
    expect(goShapeProblem({ goRounds: 1, average: SUM_EVERY, purseSplit: null, shortGo: null })).toMatch(/second go/);
    expect(goShapeProblem({ goRounds: 6, average: null, purseSplit: null, shortGo: null })).toMatch(/1 to 5/);
    expect(goShapeProblem({ goRounds: 2, average: null, purseSplit: { goPercents: [40, 40], averagePercent: 20 }, shortGo: null })).toMatch(/without an average/);
    expect(goShapeProblem({ goRounds: 3, average: { mode: "BEST_N", bestN: 4, requireEveryGo: false }, purseSplit: null, shortGo: null })).toMatch(/best N/);
  });

  it("reads go=1|2|average|short only for rounds the class has", () => {
    const shape = { goRounds: 2, average: SUM_EVERY, purseSplit: null, shortGo: null };
    expect(parseRound(null, shape)).toBe(1);
    expect(parseRound("2", shape)).toBe(2);
    expect(parseRound("3", shape)).toBeNull();
    expect(parseRound("average", shape)).toBe("average");
    expect(parseRound("short", shape)).toBeNull();
  });

  it("starts new classes with the purse even over the gos, or 10% a go and the rest to the average", () => {
    expect(defaultPurseSplit(3, false)).toEqual({ goPercents: [34, 33, 33], averagePercent: 0 });
    expect(defaultPurseSplit(2, true)).toEqual({ goPercents: [10, 10], averagePercent: 80 });
  });
});

describe("the purse split (worked by hand)", () => {
  it("shares $1,000.01 a third each to go 1, go 2 and the average, the odd cent to the largest fraction", () => {
    expect(splitPurse(100001, { goPercents: [34, 33], averagePercent: 33 })).toEqual({ goCents: [34001, 33000], averageCents: 33000 });
    expect(splitPurse(100001, { goPercents: [33, 33], averagePercent: 34 })).toEqual({ goCents: [33000, 33000], averageCents: 34001 });
    expect(splitPurse(100, { goPercents: [33, 33], averagePercent: 34 })).toEqual({ goCents: [33, 33], averageCents: 34 });
    expect(splitPurse(2, { goPercents: [33, 33], averagePercent: 34 })).toEqual({ goCents: [1, 0], averageCents: 1 });
  });

  it("pays the money over the gos and the average equal to the purse, to the cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((gos) => fc.tuple(fc.constant(gos), arbSplit(gos), arbGos(gos, 8))),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 4 }),
        ([gos, split, cells], purse, divisions) => {
          const rules = { ...ONE_D, divisions, payout: defaultPayout(divisions) };
          const { goCents, averageCents } = splitPurse(purse, split);
          expect(goCents.reduce((s, c) => s + c, 0) + averageCents).toBe(purse);
          // Every go and the average with a horse to pay pays exactly its share.
          const runs = toRuns(cells.map((go) => go.map((c) => (c === undefined || c === null ? c : c))));
          const everyoneTimed = runs.map((go, g) => go.map((r) => ({ ...r, outcome: "TIME" as const, timeMs: r.timeMs ?? 15000 + g })));
          let total = 0;
          everyoneTimed.forEach((go, g) => {
            const r = goResults(rules, goCents[g]!, go.length > 0 ? go : [time("e0", 15000)], 8);
            total += paid(r);
          });
          if (gos >= 2) {
            const full = Array.from({ length: gos }, (_, g) => ids(8).map((id, i) => time(id, 15000 + i * 37 + g)));
            total += paid(averageResults(rules, averageCents, full, ids(8), SUM_ANY, gos, 8));
          } else total += averageCents;
          expect(total).toBe(purse);
        },
      ),
    );
  });
});

describe("the average", () => {
  it("adds two gos and pays its share: worked by hand", () => {
    // $400 to the average, 1D, 3 entries: 60/40 for up to 25 entries.
    const go1 = [time("a", 15000), time("b", 15200), time("c", 15100)];
    const go2 = [time("a", 15300), time("b", 15000), nt("c")];
    const r = averageResults(ONE_D, 40000, [go1, go2], ["a", "b", "c"], SUM_EVERY, 2, 3);
    expect(r.standings.map((s) => [s.entryId, s.totalMs])).toEqual([
      ["b", 30200],
      ["a", 30300],
    ]);
    expect(r.divisions[0]!.places.map((p) => [p.entryId, p.place, p.totalMs, p.payoutCents])).toEqual([
      ["b", 1, 30200, 24000],
      ["a", 2, 30300, 16000],
    ]);
  });

  it("counts the best N, or drops the slowest (an NT is the go dropped)", () => {
    const gos = [[time("a", 15000), time("b", 15500)], [time("a", 16000), nt("b")], [time("a", 15100), time("b", 15200)]];
    const best2 = averageStandings(gos, ["a", "b"], { mode: "BEST_N", bestN: 2, requireEveryGo: false }, 3, 2);
    expect(best2.map((s) => [s.entryId, s.totalMs, s.gosCounted])).toEqual([
      ["a", 30100, [1, 3]],
      ["b", 30700, [1, 3]],
    ]);
    const drop = averageStandings(gos, ["a", "b"], { mode: "DROP_SLOWEST", requireEveryGo: false }, 3, 2);
    expect(drop).toEqual(best2);
  });

  it("never places a horse missing a go in an average that requires every go", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }).chain((g) => fc.tuple(fc.constant(g), arbGos(g, 10))), fc.constantFrom<AverageRule["mode"]>("SUM", "BEST_N", "DROP_SLOWEST"), ([gos, cells], mode) => {
        const rule: AverageRule = { mode, bestN: 1, requireEveryGo: true };
        const r = averageResults(ONE_D, 100000, toRuns(cells), ids(10), rule, gos, 10);
        for (const id of placed(r)) {
          const i = Number(id.slice(1));
          expect(cells.every((go) => typeof go[i] === "number")).toBe(true);
        }
      }),
    );
  });

  it("falls back to horses with one go fewer when too few have every go, and fills the places it must", () => {
    // Only "a" ran both gos; 60/40 pays two places, so "b" (one go) is second, after "a" whatever its time.
    const r = averageResults(ONE_D, 10000, [[time("a", 16000), time("b", 14000)], [time("a", 16000), nt("b")]], ["a", "b"], SUM_ANY, 2, 2);
    expect(r.divisions[0]!.places.map((p) => [p.entryId, p.totalMs, p.payoutCents])).toEqual([
      ["a", 32000, 6000],
      ["b", 14000, 4000],
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }).chain((g) => fc.tuple(fc.constant(g), arbGos(g, 10))), ([gos, cells]) => {
        const r = averageResults(ONE_D, 100000, toRuns(cells), ids(10), SUM_ANY, gos, 10);
        const places = 2; // 60/40 up to 25 entries
        const timedSomewhere = ids(10).filter((_, i) => cells.some((go) => typeof go[i] === "number")).length;
        const every = ids(10).filter((_, i) => cells.every((go) => typeof go[i] === "number")).length;
        // The places are filled as far as horses with any time allow...
        expect(placed(r).length).toBeGreaterThanOrEqual(Math.min(places, timedSomewhere));
        // ...the fallback comes in only when the full average does not fill them...
        if (every >= places) expect(placed(r).length).toBe(every);
        // ...and every horse with every go ranks ahead of any with fewer.
        const counts = r.standings.map((s) => s.gosCounted.length);
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
        if (r.standings.length > 0) expect(paid(r)).toBe(100000);
      }),
    );
  });

  it("never moves a horse up for a slower time in a go", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }).chain((g) => fc.tuple(fc.constant(g), arbGos(g, 8), fc.nat({ max: g - 1 }))),
        fc.nat({ max: 7 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.constantFrom<AverageRule>(SUM_EVERY, SUM_ANY, { mode: "BEST_N", bestN: 1, requireEveryGo: false }, { mode: "DROP_SLOWEST", requireEveryGo: true }),
        fc.integer({ min: 1, max: 3 }),
        ([gos, cells, go], horse, slower, rule, divisions) => {
          const rules = { ...ONE_D, divisions, payout: defaultPayout(divisions) };
          const before = averageResults(rules, 100000, toRuns(cells), ids(8), rule, gos, 8);
          const cell = cells[go]![horse];
          if (typeof cell !== "number") return;
          const changed = cells.map((g2, gi) => g2.map((c, i) => (gi === go && i === horse ? c! as number + slower : c)));
          const after = averageResults(rules, 100000, toRuns(changed), ids(8), rule, gos, 8);
          const rank = (r: typeof before) => {
            const i = r.standings.findIndex((s) => s.entryId === `e${horse}`);
            return i < 0 ? Infinity : i;
          };
          expect(rank(after)).toBeGreaterThanOrEqual(rank(before));
        },
      ),
    );
  });
});

describe("the short go", () => {
  const row = (entryId: string, totalMs: number, horseKey = entryId, division: number | null = 1): StandingRow => ({
    entryId,
    horseKey,
    riderKey: `r-${entryId}`,
    totalMs,
    longGos: 2,
    division,
  });

  it("brings back the top N in reverse order of standing, the leader last", () => {
    const q = shortGoQualifiers([row("a", 30000), row("b", 30100), row("c", 30200), row("d", 30300)], { top: 3, by: "AVERAGE", order: "REVERSE" }, "S");
    expect(q.map((x) => [x.entryId, x.position])).toEqual([
      ["c", 1],
      ["b", 2],
      ["a", 3],
    ]);
  });

  it("brings both back on a tie at the cut", () => {
    const q = shortGoQualifiers([row("a", 30000), row("b", 30100), row("c", 30100), row("d", 30300)], { top: 2, by: "AVERAGE", order: "REVERSE" }, "S");
    expect(q.map((x) => x.entryId).sort()).toEqual(["a", "b", "c"]);
  });

  it("takes a horse qualifying twice on its first run and moves the next one up", () => {
    const q = shortGoQualifiers([row("a", 30000, "Dash"), row("b", 30100, "Dash"), row("c", 30200), row("d", 30300)], { top: 2, by: "AVERAGE", order: "REVERSE" }, "S");
    expect(q.map((x) => x.entryId)).toEqual(["c", "a"]);
  });

  it("takes the top of each division, and a fresh draw runs each qualifier once", () => {
    const standing = [row("a", 30000), row("b", 30100), row("c", 31000, "c", 2), row("d", 31100, "d", 2), row("e", 31200, "e", 2)];
    const q = shortGoQualifiers(standing, { top: 1, by: "DIVISION", order: "DRAW" }, "SEED1");
    expect(q.map((x) => x.entryId).sort()).toEqual(["a", "c"]);
    expect(q.map((x) => x.position).sort()).toEqual([1, 2]);
  });

  it("pays the aggregate of the long go and the short go", () => {
    const q = shortGoQualifiers([row("a", 30000), row("b", 30100), row("c", 30200)], { top: 3, by: "AVERAGE", order: "REVERSE" }, "S");
    const r = shortGoResults(ONE_D, 50000, q, [time("a", 16000), time("b", 15000), nt("c")], 2, 10);
    expect(r.divisions[0]!.places.map((p) => [p.entryId, p.totalMs, p.payoutCents])).toEqual([
      ["b", 45100, 30000],
      ["a", 46000, 20000],
    ]);
    expect(r.unplaced).toEqual([{ entryId: "c", outcome: "NT" }]);
  });
});
