/**
 * Shows of more than one go: the go-rounds, the average, the purse split
 * between them, and the short go. Pure (no database, no clock), beside
 * results.ts, whose one-go arithmetic every go, the average and the short go
 * reuse, so each pays in divisions exactly the way a one-go class does.
 *
 * What it promises (tests/unit/raceday-gos.test.ts proves each with fast-check):
 * - the money paid over the gos and the average is the class's purse, to the
 *   cent, whenever each of them has a time to pay (the purse is split in whole
 *   cents, the cents left over placed by the largest fraction, the earlier go
 *   first on equal fractions);
 * - a class that requires every go never places a horse missing a time in any
 *   go in the average;
 * - without that requirement, when fewer horses than the places paid have a
 *   time in every counted go, the average falls back to horses with one go
 *   fewer (placed after every horse with more), and so on until the places
 *   are filled or nobody is left;
 * - a slower time in a go never moves a horse up in the average.
 *
 * The words (go, average, short go) are the trade's, as docs/race-day.md
 * ("Shows of more than one go") explains them to a producer; the choices
 * the trade leaves open are in docs/decisions/2026-11-28-go-rounds-and-the-average.md.
 */
import { drawOrder } from "./draw";
import { computeResults, runTotalMs, splitCents, type ClassMoneyRules, type ClassResults, type Run } from "./results";

export const MIN_GO_ROUNDS = 1;
export const MAX_GO_ROUNDS = 5;
export const MAX_SHORT_GO_TOP = 100;
/** The go number the booth and the database give the short go. */
export const SHORT_GO = 99;

export const AVERAGE_MODES = ["SUM", "BEST_N", "DROP_SLOWEST"] as const;
export type AverageMode = (typeof AVERAGE_MODES)[number];
export type AverageRule = { mode: AverageMode; bestN?: number | null; requireEveryGo: boolean };

/** Whole percents of the purse, one per go, and the average's; they add up to 100. */
export type PurseSplit = { goPercents: number[]; averagePercent: number };

export const SHORT_GO_BY = ["AVERAGE", "DIVISION"] as const;
export const SHORT_GO_ORDER = ["REVERSE", "DRAW"] as const;
export type ShortGoRule = { top: number; by: (typeof SHORT_GO_BY)[number]; order: (typeof SHORT_GO_ORDER)[number] };

/** How a class is run over its gos. One go, no average, no short go: a class as it always was. */
export type GoShape = { goRounds: number; average: AverageRule | null; purseSplit: PurseSplit | null; shortGo: ShortGoRule | null };

export const ONE_GO: GoShape = { goRounds: 1, average: null, purseSplit: null, shortGo: null };

/** Which results of a class: a go (1-based), the average, or the short go's aggregate. */
export type ResultsRound = number | "average" | "short";

/** A round's name as pages, the books and the run log print it: "Go 2", "Average", "Short go". */
export function roundLabel(round: ResultsRound): string {
  if (round === "average") return "Average";
  if (round === "short") return "Short go";
  return `Go ${round}`;
}

/** Reads `go=1|2|average|short` (and nothing else) for a class of `goRounds` gos; null when it names no round the class has. */
export function parseRound(text: string | null | undefined, shape: GoShape): ResultsRound | null {
  if (text === null || text === undefined || text === "") return 1;
  if (text === "average") return shape.average ? "average" : null;
  if (text === "short") return shape.shortGo ? "short" : null;
  if (!/^[1-9]$/.test(text)) return null;
  const go = Number(text);
  return go <= shape.goRounds ? go : null;
}

/** The gos whose times the average adds: all of them, the best N, or all but the slowest. */
export function goesCounted(goRounds: number, rule: AverageRule): number {
  if (rule.mode === "BEST_N") return Math.min(goRounds, Math.max(1, Math.floor(rule.bestN ?? goRounds)));
  if (rule.mode === "DROP_SLOWEST") return Math.max(1, goRounds - 1);
  return goRounds;
}

/** The split a new class starts with: the purse shared evenly over the gos, or 10% a go and the rest to the average. */
export function defaultPurseSplit(goRounds: number, hasAverage: boolean): PurseSplit {
  if (!hasAverage) return { goPercents: splitCents(100, new Array<number>(goRounds).fill(1)), averagePercent: 0 };
  return { goPercents: new Array<number>(goRounds).fill(10), averagePercent: 100 - 10 * goRounds };
}

const isWholePercent = (p: unknown): p is number => typeof p === "number" && Number.isInteger(p) && p >= 0 && p <= 100;

/** What is wrong with a class's gos, average, purse split and short go, in words for the producer, or null. */
export function goShapeProblem(shape: GoShape): string | null {
  const { goRounds, average, purseSplit, shortGo } = shape;
  if (!Number.isInteger(goRounds) || goRounds < MIN_GO_ROUNDS || goRounds > MAX_GO_ROUNDS) {
    return `A class has ${MIN_GO_ROUNDS} to ${MAX_GO_ROUNDS} go-rounds`;
  }
  if (average) {
    if (goRounds < 2) return "An average adds the times of two gos or more: give the class a second go";
    if (!AVERAGE_MODES.includes(average.mode)) return "The average counts every go (SUM), the best N (BEST_N) or all but the slowest (DROP_SLOWEST)";
    if (average.mode === "BEST_N" && (!Number.isInteger(average.bestN) || average.bestN! < 1 || average.bestN! > goRounds)) {
      return `The average's best N is a whole number from 1 to ${goRounds}`;
    }
    if (typeof average.requireEveryGo !== "boolean") return "Say whether the average requires a time in every go";
  }
  if (purseSplit) {
    if (!Array.isArray(purseSplit.goPercents) || purseSplit.goPercents.length !== goRounds) {
      return goRounds === 1 ? "Give the one go's share of the purse" : `Give a share of the purse for each of the ${goRounds} gos`;
    }
    if (![...purseSplit.goPercents, purseSplit.averagePercent].every(isWholePercent)) return "Shares of the purse are whole percents from 0 to 100";
    if (!average && !shortGo && purseSplit.averagePercent !== 0) return "A class without an average pays each go its share: the average's share is 0";
    const sum = purseSplit.goPercents.reduce((s, p) => s + p, 0) + purseSplit.averagePercent;
    if (sum !== 100) return `The shares of the purse must add up to 100% (they add up to ${sum}%)`;
  }
  if (shortGo) {
    if (!average && goRounds > 1) return "A short go brings back the top of the average: give the class an average";
    if (!Number.isInteger(shortGo.top) || shortGo.top < 1 || shortGo.top > MAX_SHORT_GO_TOP) {
      return `The short go brings back 1 to ${MAX_SHORT_GO_TOP} horses`;
    }
    if (!SHORT_GO_BY.includes(shortGo.by)) return "The short go takes the top of the average (AVERAGE) or of each division (DIVISION)";
    if (!SHORT_GO_ORDER.includes(shortGo.order)) return "The short go runs in reverse order of standing (REVERSE) or a fresh draw (DRAW)";
  }
  return null;
}

/** The split in force: the class's own, or the default for its gos and average. */
export function purseSplitOf(shape: GoShape): PurseSplit {
  return shape.purseSplit ?? defaultPurseSplit(shape.goRounds, shape.average !== null || shape.shortGo !== null);
}

/**
 * The purse shared between the gos and the average, in whole cents that add
 * up to it exactly (results.ts `splitCents`: each share rounded down, the
 * cents left over to the largest fractions, the earlier go first on equal ones).
 */
export function splitPurse(purseCents: number, split: PurseSplit): { goCents: number[]; averageCents: number } {
  const shares = splitCents(purseCents, [...split.goPercents, split.averagePercent]);
  return { goCents: shares.slice(0, split.goPercents.length), averageCents: shares[split.goPercents.length]! };
}

/** The class's money rules with a fixed pot: a go or the average pays its share, with the class's divisions and payout table. */
function withPot(rules: ClassMoneyRules, pot: number): ClassMoneyRules {
  return { ...rules, entryFeeCents: 0, producerSharePercent: 0, addedMoneyCents: pot };
}

/** Results of one go: the go's share of the purse paid in divisions like a one-go class, places paid by the class's entries. */
export function goResults(rules: ClassMoneyRules, goCents: number, runs: Run[], entryCount: number): ClassResults {
  return computeResults(withPot(rules, goCents), runs, { entryCount });
}

/**
 * A horse with fewer gos than counted ranks after every horse with more,
 * whatever its time: its total is pushed past any real total (a day of
 * thousandths a go missing), so the one-go arithmetic places it last.
 */
const TIER_GAP_MS = 86_400_000;

export type AverageStanding = {
  entryId: string;
  /** Each go's time with penalties (null: no time in that go), go 1 first. */
  goTotals: (number | null)[];
  /** The gos its average adds (1-based). */
  gosCounted: number[];
  /** The sum of the counted gos' times. */
  totalMs: number;
};

export type AverageResults = ClassResults & {
  /** How many gos a full average adds. */
  gosCounted: number;
  /** The horses in the average, best first: every horse with the full count, then the fallback. */
  standings: AverageStanding[];
};

/**
 * Who is in the average and in what order. `runsByGo[g]` holds go g+1's
 * official runs; `entryIds` lists the class's entries in draw order (ties
 * share money in that order, as in a go). `placesToFill` is how many places
 * the average pays; the fallback adds horses with fewer gos only while the
 * horses already in are fewer than that.
 */
export function averageStandings(runsByGo: Run[][], entryIds: string[], rule: AverageRule, goRounds: number, placesToFill: number): AverageStanding[] {
  const wanted = goesCounted(goRounds, rule);
  const byGo = runsByGo.map((runs) => new Map(runs.map((r) => [r.entryId, runTotalMs(r)])));
  const tiers = new Map<number, AverageStanding[]>();
  for (const entryId of entryIds) {
    const goTotals = Array.from({ length: goRounds }, (_, g) => byGo[g]?.get(entryId) ?? null);
    const timed = goTotals.map((ms, g) => ({ ms, go: g + 1 })).filter((t): t is { ms: number; go: number } => t.ms !== null);
    if (timed.length === 0) continue;
    if (rule.requireEveryGo && timed.length < goRounds) continue;
    // The fastest times count: the best N, or every go but the slowest.
    const counted = [...timed].sort((a, b) => a.ms - b.ms || a.go - b.go).slice(0, wanted);
    const standing = {
      entryId,
      goTotals,
      gosCounted: counted.map((t) => t.go).sort((a, b) => a - b),
      totalMs: counted.reduce((s, t) => s + t.ms, 0),
    };
    const tier = counted.length;
    tiers.set(tier, [...(tiers.get(tier) ?? []), standing]);
  }
  const out: AverageStanding[] = [];
  for (let tier = wanted; tier >= 1; tier--) {
    const horses = tiers.get(tier) ?? [];
    // The full tier always stands; a fallback tier only while places are left to fill.
    if (tier < wanted && out.length >= placesToFill) break;
    out.push(...[...horses].sort((a, b) => a.totalMs - b.totalMs));
  }
  return out;
}

/** The rank key the one-go arithmetic sorts on: the total, pushed back one tier gap per go missing. */
const rankMs = (standing: Pick<AverageStanding, "totalMs" | "gosCounted">, wanted: number) =>
  standing.totalMs + (wanted - standing.gosCounted.length) * TIER_GAP_MS;

/** The class's splits widened for a total of `gos` runs: half a second a go is a second over two gos. */
const splitsFor = (rules: ClassMoneyRules, gos: number): number[] => rules.splitMs.map((s) => s * gos);

/**
 * The average's placings and money: the horses in the average (see
 * `averageStandings`) paid in divisions on their totals, with the class's
 * split widened by the number of gos counted. Horses of a fallback tier
 * place after every horse with more gos, in the slowest division.
 */
export function averageResults(
  rules: ClassMoneyRules,
  averageCents: number,
  runsByGo: Run[][],
  entryIds: string[],
  rule: AverageRule,
  goRounds: number,
  entryCount: number,
): AverageResults {
  const wanted = goesCounted(goRounds, rule);
  const placesToFill = averagePlacesPaid(rules, entryCount);
  const standings = averageStandings(runsByGo, entryIds, rule, goRounds, placesToFill);
  const runs: Run[] = standings.map((s) => ({ entryId: s.entryId, outcome: "TIME", timeMs: rankMs(s, wanted), penalties: 0 }));
  const results = computeResults(withPot({ ...rules, splitMs: splitsFor(rules, wanted) }, averageCents), runs, { entryCount });
  return { ...restoreTotals(results, new Map(standings.map((s) => [s.entryId, s.totalMs]))), gosCounted: wanted, standings };
}

/** Places the average pays in all: the payout table's places for the entries, in each division. */
export function averagePlacesPaid(rules: ClassMoneyRules, entryCount: number): number {
  const rows = rules.payout?.table ?? [];
  const row = rows.find((r) => r.maxEntries >= entryCount) ?? rows[rows.length - 1];
  return (row?.percents.length ?? 1) * Math.max(1, rules.divisions);
}

/** Placings show the real total, not the rank key. */
function restoreTotals(results: ClassResults, totals: Map<string, number>): ClassResults {
  return {
    ...results,
    divisions: results.divisions.map((d) => ({
      ...d,
      places: d.places.map((p) => ({ ...p, totalMs: totals.get(p.entryId) ?? p.totalMs })),
    })),
  };
}

export type Qualifier = {
  entryId: string;
  /** The long-go total the short go adds to. */
  longGoMs: number;
  /** How many long gos that total adds (fewer for a horse from the average's fallback). */
  longGos: number;
  /** 1-based place in the standing the horse qualified from (overall, or within its division). */
  standing: number;
  division: number | null;
  /** 1-based running order in the short go. */
  position: number;
};

export type StandingRow = {
  entryId: string;
  /** The same horse entered twice shares a key: it qualifies once, on its first qualifying run. */
  horseKey: string;
  riderKey: string;
  totalMs: number;
  longGos: number;
  division: number | null;
};

/**
 * The horses that come back for the short go, and their running order.
 * `standing` is the long go's order, best first (the average's placings, 1D
 * first within each division when by DIVISION). The top N come back; a horse
 * already back on another entry is passed over and the next moves up; a horse
 * tied on time with the last one in also comes back. REVERSE runs the leader
 * last; DRAW draws a fresh order from `seed`.
 */
export function shortGoQualifiers(standing: StandingRow[], rule: ShortGoRule, seed: string): Qualifier[] {
  const horsesBack = new Set<string>();
  const chosen: (StandingRow & { standing: number })[] = [];
  const groups: StandingRow[][] =
    rule.by === "AVERAGE"
      ? [standing]
      : [...new Set(standing.map((s) => s.division ?? 0))].sort((a, b) => a - b).map((d) => standing.filter((s) => (s.division ?? 0) === d));
  for (const group of groups) {
    let taken = 0;
    let cutMs: number | null = null;
    let cutGos: number | null = null;
    for (const row of group) {
      if (horsesBack.has(row.horseKey)) continue;
      if (taken >= rule.top && !(row.totalMs === cutMs && row.longGos === cutGos)) break;
      horsesBack.add(row.horseKey);
      taken++;
      chosen.push({ ...row, standing: taken });
      cutMs = row.totalMs;
      cutGos = row.longGos;
    }
  }
  // The order of standing overall: the standing list as given.
  const overall = new Map(standing.map((s, i) => [s.entryId, i]));
  let order: string[];
  if (rule.order === "REVERSE") {
    order = [...chosen].sort((a, b) => overall.get(b.entryId)! - overall.get(a.entryId)!).map((c) => c.entryId);
  } else {
    order = drawOrder({ seed, entries: chosen.map((c) => ({ entryId: c.entryId, riderKey: c.riderKey, late: false })) })
      .sort((a, b) => a.position - b.position)
      .map((r) => r.entryId);
  }
  const byId = new Map(chosen.map((c) => [c.entryId, c]));
  return order.map((entryId, i) => {
    const c = byId.get(entryId)!;
    return { entryId, longGoMs: c.totalMs, longGos: c.longGos, standing: c.standing, division: c.division, position: i + 1 };
  });
}

export type ShortGoResults = ClassResults & {
  /** Per qualifier: the long-go total, the short go's time with penalties, and the aggregate. */
  aggregates: { entryId: string; longGoMs: number; shortGoMs: number | null; aggregateMs: number | null }[];
};

/**
 * The short go's aggregate: each qualifier's long-go total plus its short-go
 * time, paid in divisions on that sum (the split widened by the runs added).
 * A no-time in the short go places nowhere. `longGos` is the full count of
 * long gos the average adds.
 */
export function shortGoResults(
  rules: ClassMoneyRules,
  cents: number,
  qualifiers: Qualifier[],
  shortRuns: Run[],
  longGos: number,
  entryCount: number,
): ShortGoResults {
  const byEntry = new Map(shortRuns.map((r) => [r.entryId, r]));
  const aggregates: ShortGoResults["aggregates"] = [];
  const runs: Run[] = [];
  const totals = new Map<string, number>();
  for (const q of qualifiers) {
    const run = byEntry.get(q.entryId);
    const shortMs = run ? runTotalMs(run) : null;
    const aggregateMs = shortMs === null ? null : q.longGoMs + shortMs;
    aggregates.push({ entryId: q.entryId, longGoMs: q.longGoMs, shortGoMs: shortMs, aggregateMs });
    if (!run) continue;
    if (aggregateMs === null) {
      runs.push({ entryId: q.entryId, outcome: run.outcome === "SCRATCH" ? "SCRATCH" : "NT", timeMs: null, penalties: 0 });
      continue;
    }
    totals.set(q.entryId, aggregateMs);
    runs.push({ entryId: q.entryId, outcome: "TIME", timeMs: aggregateMs + (longGos - q.longGos) * TIER_GAP_MS, penalties: 0 });
  }
  const results = computeResults(withPot({ ...rules, splitMs: splitsFor(rules, longGos + 1) }, cents), runs, { entryCount });
  return { ...restoreTotals(results, totals), aggregates };
}
