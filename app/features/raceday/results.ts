/**
 * A class's results and money: the one place the race-day arithmetic lives.
 * Pure (no database, no clock), shared by the booth, the live page, the
 * producer's review and publishing, so every screen shows the same money.
 *
 * What it promises (tests/unit/raceday-results.test.ts proves each with
 * fast-check):
 * - whenever someone has a time, the payouts add up to the pot exactly, to
 *   the cent; with no time at all nothing is paid and the pot is still reported;
 * - a faster time never lands in a slower division or a lower place;
 * - riders tied on a time share the money of the places they cover, evenly
 *   to the cent;
 * - NT runs and scratches place nowhere, so removing an NT run (keeping the
 *   entry count, which sets the pot and the places paid) changes nothing.
 *
 * The rules, as a producer reads them, are in docs/race-day.md
 * ("Results, payouts and the draw"); the choices behind them in
 * docs/decisions/2026-11-26-race-day-results-and-draw.md.
 */
import type { PayoutRule } from "#db/schema/raceday";
import type { RaceOutcome } from "~/schemas/race-outcomes";
import { PENALTY_MS } from "./time";

export type { PayoutRule };

export type RunOutcome = RaceOutcome;

/**
 * One entry's official run. `timeMs` is the eye's time before penalties
 * (thousandths); `penalties` counts knocked barrels. Pass runs in draw order:
 * riders tied on a time are listed, and share odd cents, in the order given.
 */
export type Run = { entryId: string; outcome: RunOutcome; timeMs: number | null; penalties: number };

export type ClassMoneyRules = {
  entryFeeCents: number;
  addedMoneyCents: number;
  /** Whole percent of the entry fees the producer keeps (0-100). */
  producerSharePercent: number;
  /** 1 to 6. */
  divisions: number;
  /** Thousandths between one division and the next: one value for every split, or one per split. */
  splitMs: number[];
  payout: PayoutRule;
};

export type Placing = {
  entryId: string;
  /** Time plus penalties: what places the run. */
  totalMs: number;
  /** 1-based; riders tied on a time share the best place they cover. */
  place: number;
  payoutCents: number;
  /** Set by `applyOverrides` on a placing whose money the producer changed: what the rules gave. */
  computedCents?: number;
};

export type DivisionResults = {
  /** 1 for the 1D. */
  division: number;
  /** The time at which this division starts (thousandths): a run at or above it and below the next start falls in it; null while nobody has a time. */
  startMs: number | null;
  /** The money this division pays: its share of the pot, plus the shares of empty divisions it took. */
  potCents: number;
  /** Places the payout table pays for the class's entry count. */
  placesPaid: number;
  /** Every rider in the division, fastest first; those out of the money with payoutCents 0. */
  places: Placing[];
  /** Divisions nobody fell into whose money this one pays. */
  carriedFrom: number[];
};

export type ClassResults = {
  potCents: number;
  /** What the placings pay in all: the pot when anyone has a time, 0 when nobody does (overrides may change it). */
  paidCents: number;
  /** Entries that count for the pot and the payout table. */
  entryCount: number;
  divisions: DivisionResults[];
  /** NT runs and scratches, in the order given. */
  unplaced: { entryId: string; outcome: RunOutcome }[];
};

export const MIN_DIVISIONS = 1;
export const MAX_DIVISIONS = 6;
/** More places than this in one division is a typing slip, not a payout table. */
export const MAX_PLACES_PAID = 20;
export const MAX_PAYOUT_ROWS = 20;
/** The split a class has when none is given: half a second. */
export const DEFAULT_SPLIT_MS = 500;

const DIVISION_DEFAULTS: Record<number, number[]> = {
  1: [100],
  2: [55, 45],
  3: [40, 32, 28],
  4: [35, 27, 22, 16],
  5: [30, 25, 20, 15, 10],
  6: [26, 22, 18, 15, 11, 8],
};

/** Places paid by entries, as most open 4D races pay them; the last row applies above 100 entries too. */
const DEFAULT_TABLE: PayoutRule["table"] = [
  { maxEntries: 25, percents: [60, 40] },
  { maxEntries: 50, percents: [40, 30, 20, 10] },
  { maxEntries: 100, percents: [30, 25, 20, 15, 10] },
  { maxEntries: 9999, percents: [28, 22, 18, 14, 10, 8] },
];

/** The payout a new class starts with: common shares for its number of divisions and a common payout table. */
export function defaultPayout(divisions: number): PayoutRule {
  const shares = DIVISION_DEFAULTS[divisions];
  if (!shares) throw new RangeError(`A class has ${MIN_DIVISIONS} to ${MAX_DIVISIONS} divisions, not ${divisions}`);
  return { divisionPercents: [...shares], table: DEFAULT_TABLE.map((row) => ({ maxEntries: row.maxEntries, percents: [...row.percents] })) };
}

/** Percents are whole or with at most two decimals; compared in hundredths so 33.33 + 33.33 + 33.34 is exactly 100. */
const hundredths = (percent: number) => Math.round(percent * 100);
const isPercent = (p: unknown): p is number => typeof p === "number" && Number.isFinite(p) && p >= 0 && p <= 100 && Math.abs(p * 100 - hundredths(p)) < 1e-6;
const sumIs100 = (percents: number[]) => percents.reduce((sum, p) => sum + hundredths(p), 0) === 10000;

/** What is wrong with a payout rule's division shares alone (the form shows it at that field), or null. */
export function divisionSharesProblem(rule: PayoutRule, divisions: number): string | null {
  const shares = rule?.divisionPercents;
  if (!Array.isArray(shares) || shares.length !== divisions) {
    return divisions === 1 ? "Give the one division's share (100%)" : `Give a share for each of the ${divisions} divisions`;
  }
  if (!shares.every(isPercent)) return "Division shares are percents from 0 to 100, with at most two decimals";
  if (!sumIs100(shares)) return "Division shares must add up to 100%";
  return null;
}

/**
 * What is wrong with a payout rule for a class of `divisions` divisions, in
 * words for the producer, or null when it is sound. The forms, the API and
 * `computeResults` all ask this one function.
 */
export function payoutRuleProblem(rule: PayoutRule, divisions: number): string | null {
  if (!Number.isInteger(divisions) || divisions < MIN_DIVISIONS || divisions > MAX_DIVISIONS) {
    return `A class has ${MIN_DIVISIONS} to ${MAX_DIVISIONS} divisions`;
  }
  if (!rule || typeof rule !== "object") return "Give the payout: the division shares and the payout table";
  const shares = divisionSharesProblem(rule, divisions);
  if (shares) return shares;
  const table = rule.table;
  if (!Array.isArray(table) || table.length === 0) return "The payout table needs at least one row";
  if (table.length > MAX_PAYOUT_ROWS) return `The payout table has at most ${MAX_PAYOUT_ROWS} rows`;
  let previous = 0;
  for (const row of table) {
    if (!row || typeof row !== "object" || !Number.isInteger(row.maxEntries) || row.maxEntries < 1) {
      return "Each payout table row says up to how many entries it pays (a whole number)";
    }
    if (row.maxEntries <= previous) return "Payout table rows must go up in number of entries";
    previous = row.maxEntries;
    const places = row.percents;
    if (!Array.isArray(places) || places.length < 1 || places.length > MAX_PLACES_PAID) {
      return `A payout table row pays 1 to ${MAX_PLACES_PAID} places`;
    }
    if (!places.every((p) => isPercent(p) && p > 0)) {
      return "Each paid place gets a percent above 0, with at most two decimals";
    }
    if (!places.every((p, i) => i === 0 || hundredths(p) <= hundredths(places[i - 1]!))) {
      return `For up to ${row.maxEntries} entries, a place may not pay more than the place above it`;
    }
    if (!sumIs100(places)) return `The places paid for up to ${row.maxEntries} entries must add up to 100%`;
  }
  return null;
}

/** What is wrong with a class's splits (thousandths), or null: one split for all, or one per split, each above zero. */
export function splitsProblem(splitMs: number[], divisions: number): string | null {
  if (!Array.isArray(splitMs)) return "Give the split between divisions";
  if (divisions <= 1) return splitMs.length <= 1 ? null : "A class of one division has no splits";
  if (splitMs.length !== 1 && splitMs.length !== divisions - 1) {
    return `Give one split for every division, or one for each of the ${divisions - 1} splits`;
  }
  if (!splitMs.every((s) => Number.isInteger(s) && s > 0 && s <= 60_000)) {
    return "A split is a time above 0 and at most 60 seconds, to the thousandth";
  }
  return null;
}

/**
 * `totalCents` shared in proportion to `weights`, in whole cents that add up
 * to it exactly: each share is rounded down, then the cents left over go one
 * each to the largest fractions (the earlier share on equal fractions).
 * Weights below zero count as zero; with every weight zero the total is shared evenly.
 * Exact in doubles for any pot below $90 million (weights with decimals are
 * scaled by 10,000, and total x weight stays below 2^53).
 */
export function splitCents(totalCents: number, weights: number[]): number[] {
  const n = weights.length;
  if (n === 0) return [];
  const total = Math.round(totalCents);
  if (total < 0) return splitCents(-total, weights).map((c) => (c === 0 ? 0 : -c));
  let w = weights.map((x) => (Number.isFinite(x) && x > 0 ? x : 0));
  // Integer weights keep the arithmetic exact; percents with decimals are scaled to whole units first.
  if (!w.every(Number.isInteger)) w = w.map((x) => Math.round(x * 10000));
  let sum = w.reduce((a, b) => a + b, 0);
  if (sum === 0) {
    w = w.map(() => 1);
    sum = n;
  }
  const shares = new Array<number>(n);
  const remainders = new Array<number>(n);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const product = total * w[i]!;
    shares[i] = Math.floor(product / sum);
    remainders[i] = product - shares[i]! * sum;
    given += shares[i]!;
  }
  let left = total - given;
  if (left > 0) {
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => remainders[b]! - remainders[a]! || a - b);
    for (let k = 0; left > 0; k++, left--) shares[order[k]!]! += 1;
  }
  return shares;
}

/** Entry fees less the producer's share, plus added money. The share is rounded down: a fraction of a cent stays in the pot. */
export function potCents(rules: Pick<ClassMoneyRules, "entryFeeCents" | "addedMoneyCents" | "producerSharePercent">, entryCount: number): number {
  const fees = Math.max(0, Math.round(rules.entryFeeCents)) * Math.max(0, Math.floor(entryCount));
  const share = Math.min(100, Math.max(0, rules.producerSharePercent));
  return fees - Math.floor((fees * share) / 100) + Math.max(0, Math.round(rules.addedMoneyCents));
}

/** Time plus five seconds a knocked barrel; null for a run that places nowhere. */
export function runTotalMs(run: Run): number | null {
  if (run.outcome !== "TIME" || typeof run.timeMs !== "number" || !Number.isInteger(run.timeMs) || run.timeMs <= 0) return null;
  const penalties = Number.isInteger(run.penalties) && run.penalties > 0 ? run.penalties : 0;
  return run.timeMs + penalties * PENALTY_MS;
}

/** The split after division `d` (1-based): its own value, or the one value for all, or the last one given. */
function splitAfter(splitMs: number[], d: number): number {
  const value = splitMs.length === 0 ? DEFAULT_SPLIT_MS : splitMs[Math.min(d - 1, splitMs.length - 1)]!;
  // A split of zero or less would empty the 1D; a thousandth is the least that keeps divisions apart.
  return Number.isFinite(value) && value >= 1 ? Math.round(value) : 1;
}

/** The time each division starts at, 1D first: the fastest time, then one split behind the one before. */
export function divisionStarts(fastestMs: number, divisions: number, splitMs: number[]): number[] {
  const starts = [fastestMs];
  for (let d = 1; d < divisions; d++) starts.push(starts[d - 1]! + splitAfter(splitMs, d));
  return starts;
}

/** The payout table's row for a number of entries: the first whose maxEntries reaches it, else the last. */
export function payoutRow(rule: PayoutRule, entryCount: number): number[] {
  const row = rule.table.find((r) => r.maxEntries >= entryCount) ?? rule.table[rule.table.length - 1]!;
  return row.percents;
}

const clampDivisions = (d: number) => Math.min(MAX_DIVISIONS, Math.max(MIN_DIVISIONS, Number.isInteger(d) ? d : Math.round(d) || 1));

/**
 * A class's placings and money from its runs. `entryCount` defaults to the
 * runs that are not scratches (an NT paid its fee, so it counts); pass it
 * when some entries have not run yet, so the pot and the places paid are the
 * whole class's from the first run on.
 */
export function computeResults(rules: ClassMoneyRules, runs: Run[], options: { entryCount?: number } = {}): ClassResults {
  const divisions = clampDivisions(rules.divisions);
  // A rule saved before its check (or edited by hand) must still give results that add up.
  const payout = payoutRuleProblem(rules.payout, divisions) === null ? rules.payout : defaultPayout(divisions);

  // One run per entry: a later run of the same entry replaces an earlier one.
  const byEntry = new Map<string, Run>();
  for (const run of runs) byEntry.set(run.entryId, run);

  const timed: { entryId: string; totalMs: number; order: number }[] = [];
  const unplaced: ClassResults["unplaced"] = [];
  let notScratched = 0;
  let order = 0;
  for (const run of byEntry.values()) {
    if (run.outcome !== "SCRATCH") notScratched++;
    const totalMs = runTotalMs(run);
    if (totalMs === null) unplaced.push({ entryId: run.entryId, outcome: run.outcome === "SCRATCH" ? "SCRATCH" : "NT" });
    else timed.push({ entryId: run.entryId, totalMs, order: order++ });
  }
  const entryCount = options.entryCount ?? notScratched;
  const pot = potCents(rules, entryCount);
  const shares = splitCents(pot, payout.divisionPercents);
  const rowPercents = payoutRow(payout, entryCount);
  const placesPaid = rowPercents.length;

  if (timed.length === 0) {
    return {
      potCents: pot,
      paidCents: 0,
      entryCount,
      divisions: shares.map((share, i) => ({ division: i + 1, startMs: null, potCents: share, placesPaid, places: [], carriedFrom: [] })),
      unplaced,
    };
  }

  timed.sort((a, b) => a.totalMs - b.totalMs || a.order - b.order);
  const starts = divisionStarts(timed[0]!.totalMs, divisions, rules.splitMs);
  const members: (typeof timed)[] = starts.map(() => []);
  let d = 0;
  for (const run of timed) {
    while (d + 1 < divisions && run.totalMs >= starts[d + 1]!) d++;
    members[d]!.push(run);
  }

  // Money nobody can take: an empty division's share goes to the next faster
  // division with riders (the 1D always has one), else the next slower.
  const divisionPot = [...shares];
  const carriedFrom: number[][] = starts.map(() => []);
  for (let i = 0; i < divisions; i++) {
    if (members[i]!.length > 0) continue;
    let to = -1;
    for (let j = i - 1; j >= 0 && to < 0; j--) if (members[j]!.length > 0) to = j;
    for (let j = i + 1; j < divisions && to < 0; j++) if (members[j]!.length > 0) to = j;
    divisionPot[to]! += divisionPot[i]!;
    divisionPot[i] = 0;
    carriedFrom[to]!.push(i + 1);
  }

  const result: DivisionResults[] = [];
  for (let i = 0; i < divisions; i++) {
    const riders = members[i]!;
    // Fewer riders than paid places: the division's money is shared over the places it filled, in the table's proportions.
    const filled = Math.min(riders.length, rowPercents.length);
    const placeMoney = filled > 0 ? splitCents(divisionPot[i]!, rowPercents.slice(0, filled)) : [];
    const places: Placing[] = [];
    for (let start = 0; start < riders.length; ) {
      let end = start + 1;
      while (end < riders.length && riders[end]!.totalMs === riders[start]!.totalMs) end++;
      // A tie shares the money of the places it covers, evenly; odd cents go to the earlier in the order given.
      let covered = 0;
      for (let k = start; k < end; k++) covered += placeMoney[k] ?? 0;
      const each = splitCents(covered, new Array<number>(end - start).fill(1));
      for (let k = start; k < end; k++) {
        places.push({ entryId: riders[k]!.entryId, totalMs: riders[k]!.totalMs, place: start + 1, payoutCents: each[k - start]! });
      }
      start = end;
    }
    result.push({ division: i + 1, startMs: starts[i]!, potCents: divisionPot[i]!, placesPaid, places, carriedFrom: carriedFrom[i]! });
  }
  return { potCents: pot, paidCents: pot, entryCount, divisions: result, unplaced };
}

export type PayoutOverride = { entryId: string; amountCents: number };

/**
 * The results with the producer's amounts in place of the computed ones.
 * `paidCents` becomes the new total, which may differ from the pot: that is
 * the producer's decision, kept with its reason in the event's history.
 * An override for an entry that placed nowhere changes nothing and is listed in `ignored`.
 */
export function applyOverrides(results: ClassResults, overrides: PayoutOverride[]): ClassResults & { ignored: string[] } {
  const amounts = new Map(overrides.map((o) => [o.entryId, Math.round(o.amountCents)]));
  const used = new Set<string>();
  let paid = 0;
  const divisions = results.divisions.map((division) => ({
    ...division,
    places: division.places.map((placing) => {
      const amount = amounts.get(placing.entryId);
      const computed = placing.computedCents ?? placing.payoutCents;
      if (amount === undefined) {
        paid += placing.payoutCents;
        return placing;
      }
      used.add(placing.entryId);
      paid += amount;
      return { ...placing, payoutCents: amount, computedCents: computed };
    }),
  }));
  const ignored = [...amounts.keys()].filter((id) => !used.has(id));
  return { ...results, paidCents: paid, divisions, ignored };
}
