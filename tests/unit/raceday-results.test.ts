import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyOverrides,
  computeResults,
  defaultPayout,
  divisionStarts,
  payoutRow,
  payoutRuleProblem,
  potCents,
  runTotalMs,
  splitCents,
  splitsProblem,
  type ClassMoneyRules,
  type ClassResults,
  type PayoutRule,
  type Run,
} from "~/features/raceday/results";

const time = (entryId: string, timeMs: number, penalties = 0): Run => ({ entryId, outcome: "TIME", timeMs, penalties });
const nt = (entryId: string): Run => ({ entryId, outcome: "NT", timeMs: null, penalties: 0 });
const scratch = (entryId: string): Run => ({ entryId, outcome: "SCRATCH", timeMs: null, penalties: 0 });

/** 4D, $50 entries, 20% to the producer, $500 added, half-second splits, the default payout. */
const OPEN_4D: ClassMoneyRules = {
  entryFeeCents: 5000,
  addedMoneyCents: 50000,
  producerSharePercent: 20,
  divisions: 4,
  splitMs: [500],
  payout: defaultPayout(4),
};

const payouts = (r: ClassResults) => r.divisions.map((d) => d.places.map((p) => [p.entryId, p.place, p.payoutCents]));
const paid = (r: ClassResults) => r.divisions.reduce((s, d) => s + d.places.reduce((t, p) => t + p.payoutCents, 0), 0);
/** 40 runs a tenth apart from 15.000: five in each half-second, so ten in each of the 1D-3D and the rest in the 4D. */
const fortyRuns = () => Array.from({ length: 40 }, (_, i) => time(`e${i}`, 15000 + i * 100));

describe("the pot", () => {
  it("is entry fees less the producer's share, plus added money", () => {
    // 40 x $50 = $2,000 in fees; the producer keeps $400; $500 added.
    expect(potCents(OPEN_4D, 40)).toBe(210000);
    expect(potCents({ ...OPEN_4D, producerSharePercent: 0, addedMoneyCents: 0 }, 3)).toBe(15000);
    expect(potCents({ ...OPEN_4D, producerSharePercent: 100 }, 40)).toBe(50000);
  });

  it("leaves a fraction of a cent of the producer's share in the pot", () => {
    // $0.33 x 1 at 20%: the producer's 6.6 cents round down to 6.
    expect(potCents({ entryFeeCents: 33, addedMoneyCents: 0, producerSharePercent: 20 }, 1)).toBe(27);
  });
});

describe("a 4D with 40 entries at $50 (worked by hand)", () => {
  const results = computeResults(OPEN_4D, fortyRuns());

  it("shares the $2,100 pot 35/27/22/16 between the divisions", () => {
    expect(results.potCents).toBe(210000);
    expect(results.entryCount).toBe(40);
    expect(results.divisions.map((d) => d.potCents)).toEqual([73500, 56700, 46200, 33600]);
    expect(results.divisions.map((d) => d.startMs)).toEqual([15000, 15500, 16000, 16500]);
    expect(results.divisions.map((d) => d.places.length)).toEqual([5, 5, 5, 25]);
  });

  it("pays four places 40/30/20/10 in each division (26-50 entries)", () => {
    expect(results.divisions.map((d) => d.placesPaid)).toEqual([4, 4, 4, 4]);
    expect(results.divisions.map((d) => d.places.slice(0, 5).map((p) => p.payoutCents))).toEqual([
      [29400, 22050, 14700, 7350, 0],
      [22680, 17010, 11340, 5670, 0],
      [18480, 13860, 9240, 4620, 0],
      [13440, 10080, 6720, 3360, 0],
    ]);
    expect(results.paidCents).toBe(210000);
    expect(paid(results)).toBe(210000);
  });

  it("puts a time exactly on a division's start in that division", () => {
    expect(results.divisions[1]!.places[0]).toEqual({ entryId: "e5", totalMs: 15500, place: 1, payoutCents: 22680 });
  });

  it("adds five seconds a knocked barrel before placing", () => {
    const runs = fortyRuns();
    runs[0] = time("e0", 15000, 1); // 20.000: the 1D now starts at e1's 15.100
    const r = computeResults(OPEN_4D, runs);
    expect(r.divisions[0]!.startMs).toBe(15100);
    expect(r.divisions[3]!.places.find((p) => p.entryId === "e0")).toMatchObject({ totalMs: 20000, payoutCents: 0 });
  });
});

describe("ties", () => {
  it("share the money of the places they cover", () => {
    const runs = fortyRuns();
    runs[2] = time("e2", 15100); // e1 and e2 tie for 2nd in the 1D: 2nd and 3rd money, 22050 + 14700
    const d1 = computeResults(OPEN_4D, runs).divisions[0]!;
    expect(d1.places.map((p) => [p.entryId, p.place, p.payoutCents])).toEqual([
      ["e0", 1, 29400],
      ["e1", 2, 18375],
      ["e2", 2, 18375],
      ["e3", 4, 7350],
      ["e4", 5, 0],
    ]);
  });

  it("give an odd cent to the earlier in the order given", () => {
    const rules: ClassMoneyRules = { ...OPEN_4D, divisions: 1, entryFeeCents: 1001, producerSharePercent: 0, addedMoneyCents: 0, payout: defaultPayout(1) };
    // One entry counted: $10.01 over two places 60/40 is 601 + 400; a tie for 1st shares 1001.
    const r = computeResults(rules, [time("b", 15000), time("a", 15000)], { entryCount: 1 });
    expect(payouts(r)).toEqual([
      [
        ["b", 1, 501],
        ["a", 1, 500],
      ],
    ]);
  });

  it("across the last paid place share that place's money with those out of the money", () => {
    const runs = fortyRuns();
    runs[4] = time("e4", 15300); // e3 and e4 tie for 4th: 4th money split, 5th pays nothing
    const d1 = computeResults(OPEN_4D, runs).divisions[0]!;
    expect(d1.places.slice(3).map((p) => [p.place, p.payoutCents])).toEqual([
      [4, 3675],
      [4, 3675],
    ]);
  });
});

describe("money nobody can take", () => {
  it("a division with fewer riders than paid places shares its money over the places it filled", () => {
    // Two riders in the 1D of a class paying four places: 40/30 of the 1D's $735.
    const runs = [time("a", 15000), time("b", 15100), ...Array.from({ length: 38 }, (_, i) => time(`z${i}`, 15600 + i))];
    const r = computeResults(OPEN_4D, runs);
    expect(r.divisions[0]!.places.map((p) => p.payoutCents)).toEqual([42000, 31500]);
    expect(paid(r)).toBe(r.potCents);
  });

  it("an empty division's money goes to the next faster division with riders", () => {
    // Nobody between 15.500 and 16.000: the 2D's $567 goes to the 1D.
    const runs = [time("a", 15000), time("b", 15100), time("c", 16000), time("d", 16600), ...Array.from({ length: 36 }, (_, i) => nt(`n${i}`))];
    const r = computeResults(OPEN_4D, runs);
    expect(r.divisions.map((d) => d.potCents)).toEqual([73500 + 56700, 0, 46200, 33600]);
    expect(r.divisions[0]!.carriedFrom).toEqual([2]);
    expect(r.divisions[1]!.places).toEqual([]);
    expect(r.divisions[0]!.places.map((p) => p.payoutCents)).toEqual([74400, 55800]);
    expect(paid(r)).toBe(210000);
  });

  it("with no time at all nothing is paid and the pot is still reported", () => {
    const r = computeResults(OPEN_4D, [nt("a"), nt("b"), scratch("c")]);
    expect(r.potCents).toBe(potCents(OPEN_4D, 2));
    expect(r.paidCents).toBe(0);
    expect(r.divisions.every((d) => d.places.length === 0 && d.startMs === null)).toBe(true);
    expect(r.unplaced).toEqual([
      { entryId: "a", outcome: "NT" },
      { entryId: "b", outcome: "NT" },
      { entryId: "c", outcome: "SCRATCH" },
    ]);
  });
});

describe("entries and runs", () => {
  it("counts NT runs for the pot (they paid) and not scratches", () => {
    expect(computeResults(OPEN_4D, [time("a", 15000), nt("b"), scratch("c")]).entryCount).toBe(2);
  });

  it("counts the entries not yet run when told how many there are", () => {
    const r = computeResults(OPEN_4D, [time("a", 15000)], { entryCount: 40 });
    expect(r.potCents).toBe(210000);
    expect(r.divisions[0]!.places).toEqual([{ entryId: "a", totalMs: 15000, place: 1, payoutCents: 210000 }]);
  });

  it("takes an entry's later run over an earlier one", () => {
    const r = computeResults(OPEN_4D, [time("a", 15000), time("b", 15200), time("a", 16000)]);
    expect(r.divisions.flatMap((d) => d.places.map((p) => [p.entryId, p.totalMs]))).toEqual([
      ["b", 15200],
      ["a", 16000],
    ]);
  });
});

describe("the payout table", () => {
  it.each([
    [1, 2],
    [25, 2],
    [26, 4],
    [50, 4],
    [51, 5],
    [100, 5],
    [101, 6],
    [100000, 6],
  ])("pays %i entries %i places by default", (entries, places) => {
    expect(payoutRow(defaultPayout(4), entries)).toHaveLength(places);
    expect(computeResults(OPEN_4D, [time("a", 15000)], { entryCount: entries }).divisions[0]!.placesPaid).toBe(places);
  });

  it("applies its last row above the last row's count", () => {
    const rule: PayoutRule = { divisionPercents: [100], table: [{ maxEntries: 10, percents: [100] }, { maxEntries: 20, percents: [70, 30] }] };
    expect(payoutRow(rule, 21)).toEqual([70, 30]);
    expect(payoutRow(rule, 0)).toEqual([100]);
  });
});

describe("a run's total", () => {
  it("adds five seconds a knocked barrel and places nothing without a time", () => {
    expect(runTotalMs(time("a", 15482, 2))).toBe(25482);
    expect(runTotalMs(nt("a"))).toBeNull();
    expect(runTotalMs(scratch("a"))).toBeNull();
    // A TIME without a usable time (a bad row) places nowhere, shown as an NT, rather than failing the page.
    expect(runTotalMs({ entryId: "a", outcome: "TIME", timeMs: null, penalties: 0 })).toBeNull();
    expect(runTotalMs({ entryId: "a", outcome: "TIME", timeMs: 15000, penalties: -3 })).toBe(15000);
    expect(computeResults(OPEN_4D, [{ entryId: "a", outcome: "TIME", timeMs: null, penalties: 0 }]).unplaced).toEqual([{ entryId: "a", outcome: "NT" }]);
  });
});

describe("a 1D class", () => {
  it("puts every time in the one division, whatever its splits", () => {
    const rules: ClassMoneyRules = { ...OPEN_4D, divisions: 1, splitMs: [500], payout: defaultPayout(1) };
    // 3 x $50 less 20% plus $500 added: $620, paid 60/40 (up to 25 entries).
    const r = computeResults(rules, [time("a", 15000), time("b", 19000), time("c", 25000)]);
    expect(r.potCents).toBe(62000);
    expect(r.divisions).toHaveLength(1);
    expect(r.divisions[0]!.places.map((p) => [p.entryId, p.place, p.payoutCents])).toEqual([
      ["a", 1, 37200],
      ["b", 2, 24800],
      ["c", 3, 0],
    ]);
  });
});

describe("splitCents", () => {
  it("gives left-over cents to the largest fractions", () => {
    expect(splitCents(1001, [60, 40])).toEqual([601, 400]);
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(10, [33.33, 33.33, 33.34])).toEqual([3, 3, 4]);
    expect(splitCents(0, [1, 2])).toEqual([0, 0]);
    expect(splitCents(5, [0, 0])).toEqual([3, 2]);
    expect(splitCents(-5, [1, 1])).toEqual([-3, -2]);
  });

  it("adds up exactly, each share within a cent of its exact part", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(fc.integer({ min: 0, max: 10000 }), { minLength: 1, maxLength: 20 }), (total, weights) => {
        const shares = splitCents(total, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        const sum = weights.reduce((a, b) => a + b, 0);
        shares.forEach((s, i) => {
          expect(Number.isInteger(s)).toBe(true);
          const exact = sum === 0 ? total / weights.length : (total * weights[i]!) / sum;
          expect(Math.abs(s - exact)).toBeLessThan(1);
        });
      }),
    );
  });
});

describe("payout rules", () => {
  it("ship defaults that pass their own check", () => {
    for (let d = 1; d <= 6; d++) {
      expect(payoutRuleProblem(defaultPayout(d), d)).toBeNull();
      expect(defaultPayout(d).divisionPercents).toHaveLength(d);
    }
    expect(() => defaultPayout(7)).toThrow(RangeError);
  });

  const ok = defaultPayout(2);
  it.each<[string, PayoutRule, number]>([
    ["divisions out of range", ok, 7],
    ["a share missing", { ...ok, divisionPercents: [100] }, 2],
    ["shares not adding to 100", { ...ok, divisionPercents: [50, 40] }, 2],
    ["a negative share", { ...ok, divisionPercents: [110, -10] }, 2],
    ["three decimals", { ...ok, divisionPercents: [50.005, 49.995] }, 2],
    ["no rows", { ...ok, table: [] }, 2],
    ["rows not going up", { ...ok, table: [{ maxEntries: 50, percents: [100] }, { maxEntries: 50, percents: [100] }] }, 2],
    ["a row of no places", { ...ok, table: [{ maxEntries: 10, percents: [] }] }, 2],
    ["a place at 0%", { ...ok, table: [{ maxEntries: 10, percents: [100, 0] }] }, 2],
    ["a place paying more than the one above", { ...ok, table: [{ maxEntries: 10, percents: [40, 60] }] }, 2],
    ["a row not adding to 100", { ...ok, table: [{ maxEntries: 10, percents: [60, 30] }] }, 2],
    ["21 places", { ...ok, table: [{ maxEntries: 10, percents: [...Array(20).fill(5), 0] }] }, 2],
    ["a fractional maxEntries", { ...ok, table: [{ maxEntries: 2.5, percents: [100] }] }, 2],
  ])("finds a problem with %s", (_, rule, divisions) => {
    expect(payoutRuleProblem(rule, divisions)).toEqual(expect.any(String));
  });

  it("accepts shares with two decimals that add up to 100", () => {
    expect(payoutRuleProblem({ divisionPercents: [33.33, 33.33, 33.34], table: [{ maxEntries: 10, percents: [100] }] }, 3)).toBeNull();
  });

  it("checks splits: one for all or one per split, above zero", () => {
    expect(splitsProblem([500], 4)).toBeNull();
    expect(splitsProblem([500, 1000, 500], 4)).toBeNull();
    expect(splitsProblem([], 1)).toBeNull();
    expect(splitsProblem([500, 500], 4)).toEqual(expect.any(String));
    expect(splitsProblem([0], 4)).toEqual(expect.any(String));
    expect(splitsProblem([0.5], 4)).toEqual(expect.any(String));
  });

  it("starts each division one split behind the one before", () => {
    expect(divisionStarts(15000, 4, [500])).toEqual([15000, 15500, 16000, 16500]);
    expect(divisionStarts(15000, 4, [500, 1000, 250])).toEqual([15000, 15500, 16500, 16750]);
  });

  it("falls back to the default payout when a class's rule is unsound", () => {
    const r = computeResults({ ...OPEN_4D, payout: { divisionPercents: [100], table: [] } }, fortyRuns());
    expect(r.divisions.map((d) => d.potCents)).toEqual([73500, 56700, 46200, 33600]);
  });
});

describe("overrides", () => {
  const results = computeResults(OPEN_4D, fortyRuns());

  it("replace the amounts given and report the new total", () => {
    const o = applyOverrides(results, [
      { entryId: "e0", amountCents: 30000 },
      { entryId: "e4", amountCents: 100 },
      { entryId: "nobody", amountCents: 5 },
    ]);
    expect(o.divisions[0]!.places[0]).toMatchObject({ payoutCents: 30000, computedCents: 29400 });
    expect(o.divisions[0]!.places[4]).toMatchObject({ payoutCents: 100, computedCents: 0 });
    expect(o.divisions[0]!.places[1]).not.toHaveProperty("computedCents");
    expect(o.paidCents).toBe(210000 + 600 + 100);
    expect(o.potCents).toBe(210000);
    expect(o.ignored).toEqual(["nobody"]);
  });

  it("change nothing when there are none", () => {
    const o = applyOverrides(results, []);
    expect(payouts(o)).toEqual(payouts(results));
    expect(o.paidCents).toBe(results.paidCents);
  });

  it("applied again keep the amount the rules gave", () => {
    const once = applyOverrides(results, [{ entryId: "e0", amountCents: 1 }]);
    const twice = applyOverrides(once, [{ entryId: "e0", amountCents: 2 }]);
    expect(twice.divisions[0]!.places[0]).toMatchObject({ payoutCents: 2, computedCents: 29400 });
    expect(twice.paidCents).toBe(210000 - 29400 + 2);
  });
});

// ---------------------------------------------------------------- properties

/** Positive whole percents adding to 100, largest first (as a payout table row must be). */
const placePercents = fc
  .array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 })
  .map((w) => splitCents(100 - w.length, w).map((p) => p + 1).sort((a, b) => b - a));

const payoutFor = (divisions: number) =>
  fc.oneof(
    fc.constant(defaultPayout(divisions)),
    fc.record({
      divisionPercents: fc.array(fc.integer({ min: 0, max: 20 }), { minLength: divisions, maxLength: divisions }).map((w) => splitCents(100, w.some((x) => x > 0) ? w : w.map(() => 1))),
      table: fc
        .uniqueArray(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 5 })
        .chain((maxes) => fc.tuple(...maxes.sort((a, b) => a - b).map((maxEntries) => placePercents.map((percents) => ({ maxEntries, percents }))))),
    }),
  );

const rulesArb: fc.Arbitrary<ClassMoneyRules> = fc.integer({ min: 1, max: 6 }).chain((divisions) =>
  fc.record({
    entryFeeCents: fc.integer({ min: 0, max: 30000 }),
    addedMoneyCents: fc.integer({ min: 0, max: 500000 }),
    producerSharePercent: fc.integer({ min: 0, max: 100 }),
    divisions: fc.constant(divisions),
    splitMs: fc.oneof(
      fc.integer({ min: 1, max: 1500 }).map((s) => [s]),
      fc.array(fc.integer({ min: 1, max: 1500 }), { minLength: divisions - 1, maxLength: divisions - 1 }),
    ),
    payout: payoutFor(divisions),
  }),
);

/** Times close together (ties are common), with a few penalties, NTs and scratches; entry ids unique. */
const runsArb: fc.Arbitrary<Run[]> = fc
  .array(
    fc.record({
      outcome: fc.constantFrom<Run["outcome"]>("TIME", "TIME", "TIME", "TIME", "NT", "SCRATCH"),
      timeMs: fc.integer({ min: 14000, max: 18000 }).map((t) => Math.round(t / 50) * 50),
      penalties: fc.constantFrom(0, 0, 0, 0, 1, 2),
    }),
    { maxLength: 60 },
  )
  .map((rs) => rs.map((r, i) => ({ entryId: `e${i}`, outcome: r.outcome, timeMs: r.outcome === "TIME" ? r.timeMs : null, penalties: r.outcome === "TIME" ? r.penalties : 0 })));

const placings = (r: ClassResults) => r.divisions.flatMap((d) => d.places.map((p) => ({ ...p, division: d.division })));

describe("properties of the results", () => {
  it("pay out the pot exactly whenever someone has a time, and nothing otherwise", () => {
    fc.assert(
      fc.property(rulesArb, runsArb, (rules, runs) => {
        const r = computeResults(rules, runs);
        expect(r.potCents).toBe(potCents(rules, runs.filter((x) => x.outcome !== "SCRATCH").length));
        if (runs.some((x) => x.outcome === "TIME")) {
          expect(paid(r)).toBe(r.potCents);
          expect(r.paidCents).toBe(r.potCents);
          expect(r.divisions.reduce((s, d) => s + d.potCents, 0)).toBe(r.potCents);
          for (const d of r.divisions) expect(d.places.reduce((s, p) => s + p.payoutCents, 0)).toBe(d.potCents);
        } else {
          expect(paid(r)).toBe(0);
          expect(r.paidCents).toBe(0);
        }
        for (const p of placings(r)) expect(Number.isInteger(p.payoutCents) && p.payoutCents >= 0).toBe(true);
      }),
    );
  });

  it("list every entry once: timed runs placed, NTs and scratches unplaced", () => {
    fc.assert(
      fc.property(rulesArb, runsArb, (rules, runs) => {
        const r = computeResults(rules, runs);
        expect(placings(r).map((p) => p.entryId).sort()).toEqual(runs.filter((x) => x.outcome === "TIME").map((x) => x.entryId).sort());
        expect(r.unplaced).toEqual(runs.filter((x) => x.outcome !== "TIME").map((x) => ({ entryId: x.entryId, outcome: x.outcome })));
      }),
    );
  });

  it("never put a faster time in a slower division or a lower place, nor pay it less within its division", () => {
    fc.assert(
      fc.property(rulesArb, runsArb, (rules, runs) => {
        const all = placings(computeResults(rules, runs));
        for (const a of all)
          for (const b of all) {
            if (a.totalMs < b.totalMs) {
              expect(a.division).toBeLessThanOrEqual(b.division);
              if (a.division === b.division) {
                expect(a.place).toBeLessThan(b.place);
                expect(a.payoutCents).toBeGreaterThanOrEqual(b.payoutCents - 1);
              }
            }
            if (a.totalMs === b.totalMs) {
              expect(a.division).toBe(b.division);
              expect(a.place).toBe(b.place);
            }
          }
      }),
    );
  });

  it("pay tied times the same money, within a cent", () => {
    fc.assert(
      fc.property(rulesArb, runsArb, (rules, runs) => {
        const all = placings(computeResults(rules, runs));
        for (const a of all) for (const b of all) if (a.totalMs === b.totalMs) expect(Math.abs(a.payoutCents - b.payoutCents)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("start the 1D at the fastest time and each division one split behind the one before, each run in the division it reached", () => {
    fc.assert(
      fc.property(rulesArb, runsArb, (rules, runs) => {
        const r = computeResults(rules, runs);
        const all = placings(r);
        if (all.length === 0) return;
        const starts = r.divisions.map((d) => d.startMs!);
        expect(starts[0]).toBe(Math.min(...all.map((p) => p.totalMs)));
        for (let d = 1; d < starts.length; d++) {
          expect(starts[d]! - starts[d - 1]!).toBe(rules.splitMs.length === 1 ? rules.splitMs[0] : rules.splitMs[d - 1]);
        }
        for (const p of all) {
          expect(p.totalMs).toBeGreaterThanOrEqual(starts[p.division - 1]!);
          if (p.division < starts.length) expect(p.totalMs).toBeLessThan(starts[p.division]!);
        }
      }),
    );
  });

  it("do not change when an NT run is removed and the entry count kept (the NT paid its fee), nor when a scratch is removed", () => {
    fc.assert(
      fc.property(rulesArb, runsArb, fc.nat(), (rules, runs, pick) => {
        const before = computeResults(rules, runs);
        const nts = runs.filter((x) => x.outcome === "NT");
        if (nts.length > 0) {
          const gone = nts[pick % nts.length]!;
          const after = computeResults(rules, runs.filter((x) => x !== gone), { entryCount: before.entryCount });
          expect(after.divisions).toEqual(before.divisions);
          expect(after.potCents).toBe(before.potCents);
          expect(after.unplaced).toEqual(before.unplaced.filter((u) => u.entryId !== gone.entryId));
        }
        const scratches = runs.filter((x) => x.outcome === "SCRATCH");
        if (scratches.length > 0) {
          const gone = scratches[pick % scratches.length]!;
          const after = computeResults(rules, runs.filter((x) => x !== gone));
          expect(after.divisions).toEqual(before.divisions);
          expect(after.entryCount).toBe(before.entryCount);
        }
      }),
    );
  });

  it("place and pay the same whatever order ties aside the runs come in", () => {
    fc.assert(
      fc.property(rulesArb, runsArb, fc.nat(), (rules, runs, seed) => {
        const shuffled = [...runs].sort((a, b) => ((a.entryId.length * 31 + seed) % 7) - ((b.entryId.length * 31 + seed) % 7) || (a.entryId < b.entryId ? 1 : -1));
        const key = (r: ClassResults) =>
          placings(r)
            .map((p) => [p.entryId, p.division, p.place, p.totalMs])
            .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
        const a = computeResults(rules, runs);
        const b = computeResults(rules, shuffled);
        expect(key(b)).toEqual(key(a));
        const money = (r: ClassResults) => Object.fromEntries(placings(r).map((p) => [p.entryId, p.payoutCents]));
        const ma = money(a);
        const mb = money(b);
        for (const id of Object.keys(ma)) expect(Math.abs(ma[id]! - mb[id]!)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("overrides change only the amounts given, and the total by their difference", () => {
    fc.assert(
      fc.property(rulesArb, runsArb, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 100000 })), { maxLength: 5 }), (rules, runs, picks) => {
        const r = computeResults(rules, runs);
        const all = placings(r);
        if (all.length === 0) return;
        const overrides = [...new Map(picks.map(([i, amountCents]) => [all[i % all.length]!.entryId, amountCents])).entries()].map(([entryId, amountCents]) => ({ entryId, amountCents }));
        const o = applyOverrides(r, overrides);
        const delta = overrides.reduce((s, ov) => s + ov.amountCents - all.find((p) => p.entryId === ov.entryId)!.payoutCents, 0);
        expect(o.paidCents).toBe(r.paidCents + delta);
        expect(paid(o)).toBe(o.paidCents);
        expect(o.ignored).toEqual([]);
      }),
    );
  });
});
