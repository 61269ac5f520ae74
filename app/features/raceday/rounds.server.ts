import type { RaceClass, RaceEntry } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { classMoneyRules, goShapeOf } from "./classes.server";
import {
  averageResults,
  goResults,
  purseSplitOf,
  shortGoQualifiers,
  shortGoResults,
  splitPurse,
  SHORT_GO,
  type GoShape,
  type Qualifier,
  type ResultsRound,
  type StandingRow,
} from "./gos";
import { classRuns, listClassEntries, riderKeyOf, toRun, type ClassRun } from "./race-runs.server";
import { potCents, type ClassResults } from "./results";

/*
 * A class of more than one go, read from the booth's times: each go, the
 * average and the short go, each paid its share of the purse in divisions
 * (the arithmetic is gos.ts's). A class of one go with no average and no
 * short go never comes here: results.server.ts computes it as it always did.
 */

/** Whether the class runs as a show of more than one go (else exactly as a one-go class). */
export const isMultiGo = (cls: Pick<RaceClass, "goRounds" | "average" | "shortGo">) => cls.goRounds > 1 || Boolean(cls.average) || Boolean(cls.shortGo);

export type RoundComputation = {
  round: ResultsRound;
  results: ClassResults;
  /** The runs of this round (a go or the short go); for the average, go 1's entries with no time. */
  runs: ClassRun[];
  /** Per entry: what this round shows as its time (the average's total, the short go's aggregate). */
  entries: Map<string, RaceEntry>;
  /** The short go's qualifiers in running order (the short go only). */
  qualifiers?: Qualifier[];
  /** The purse and its split, for the page's explanation. */
  purseCents: number;
  roundCents: number;
};

/** The entries that count (entered, not scratched, not exhibitions), in running order. */
function classBasis(db: Db, cls: RaceClass) {
  const entries = listClassEntries(db, cls.id);
  const go1 = classRuns(db, cls, entries, 1);
  const entryCount = go1.filter((r) => r.time?.outcome !== "SCRATCH").length;
  const rules = classMoneyRules(cls);
  const purse = potCents(rules, entryCount);
  const shape: GoShape = goShapeOf(cls);
  const split = splitPurse(purse, purseSplitOf(shape));
  return { entries, entryCount, rules, purse, shape, split, byId: new Map(entries.map((e) => [e.id, e])) };
}

/** One go's runs (1-based go, or SHORT_GO). */
export function goRuns(db: Db, cls: RaceClass, go: number, entries?: RaceEntry[]) {
  return classRuns(db, cls, entries ?? listClassEntries(db, cls.id), go);
}

/** The average of a class, or (a class of one go with a short go) go 1's standing. */
function longGoStanding(db: Db, cls: RaceClass, basis: ReturnType<typeof classBasis>) {
  const { entries, rules, shape, split, entryCount } = basis;
  const runsByGo = Array.from({ length: shape.goRounds }, (_, g) => goRuns(db, cls, g + 1, entries).filter((r) => r.time).map(toRun));
  const ids = goRuns(db, cls, 1, entries).map((r) => r.entry.id);
  const rule = shape.average ?? { mode: "SUM" as const, requireEveryGo: true };
  // With a short go the average's share pays the aggregate; the long-go average ranks who comes back.
  const cents = shape.shortGo ? 0 : split.averageCents;
  return averageResults(rules, cents, runsByGo, ids, rule, shape.goRounds, entryCount);
}

/** A round's results from the times taken so far. */
export function computeRound(db: Db, cls: RaceClass, round: ResultsRound): RoundComputation {
  const basis = classBasis(db, cls);
  const { entries, rules, split, entryCount, byId, purse } = basis;
  if (typeof round === "number") {
    const runs = goRuns(db, cls, round, entries);
    const cents = split.goCents[round - 1] ?? 0;
    return { round, runs, entries: byId, purseCents: purse, roundCents: cents, results: goResults(rules, cents, runs.filter((r) => r.time).map(toRun), entryCount) };
  }
  const average = longGoStanding(db, cls, basis);
  if (round === "average") {
    const timed = new Set(average.standings.map((s) => s.entryId));
    const runs = goRuns(db, cls, 1, entries).filter((r) => !timed.has(r.entry.id));
    return { round, runs, entries: byId, purseCents: purse, roundCents: basis.shape.shortGo ? 0 : split.averageCents, results: average };
  }
  const qualifiers = shortGoQualifiers(standingRows(average, byId), cls.shortGo!, cls.drawSeed ?? cls.id);
  const back = new Set(qualifiers.map((q) => q.entryId));
  const runs = goRuns(db, cls, SHORT_GO, entries).filter((r) => back.has(r.entry.id));
  const longGos = average.gosCounted;
  const results = shortGoResults(rules, split.averageCents, qualifiers, runs.filter((r) => r.time).map(toRun), longGos, entryCount);
  return { round, runs, entries: byId, qualifiers, purseCents: purse, roundCents: split.averageCents, results };
}

/** The average's placings as the short go's cut reads them: best first, division by division. */
function standingRows(average: ReturnType<typeof averageResults>, byId: Map<string, RaceEntry>): StandingRow[] {
  const gos = new Map(average.standings.map((s) => [s.entryId, s]));
  return average.divisions.flatMap((d) =>
    d.places.map((p) => {
      const entry = byId.get(p.entryId)!;
      const s = gos.get(p.entryId)!;
      return {
        entryId: p.entryId,
        horseKey: entry.horseId ?? `${riderKeyOf(entry)}:${entry.horseName.trim().toLowerCase()}`,
        riderKey: riderKeyOf(entry),
        totalMs: s.totalMs,
        longGos: s.gosCounted.length,
        division: d.division,
      };
    }),
  );
}

/** Every round a class has, in the order pages list them: the gos, the average, the short go. */
export function roundsOf(cls: Pick<RaceClass, "goRounds" | "average" | "shortGo">): ResultsRound[] {
  return [...Array.from({ length: cls.goRounds }, (_, g) => g + 1), ...(cls.average ? (["average"] as const) : []), ...(cls.shortGo ? (["short"] as const) : [])];
}

/** The stored name of a round in race_results ("1", "average", "short"). */
export const roundKey = (round: ResultsRound) => String(round);
