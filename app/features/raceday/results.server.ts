import { toCsv } from "~/lib/csv";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { events, raceClasses, raceEntries, racePayoutOverrides, raceResults, type RaceClass, type RaceEntry, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { findRaceEvent, mayOnEvent } from "./access.server";
import { classMoneyRules, getClass, goShapeOf } from "./classes.server";
import { parseRound, roundLabel, type ResultsRound } from "./gos";
import { classRuns, parentEntries, toRun, waitingRuns, type ClassRun } from "./race-runs.server";
import { computeRound, isMultiGo, roundKey, roundsOf } from "./rounds.server";
import { applyOverrides, computeResults, type ClassResults, type DivisionResults, type Placing } from "./results";
import { formatCents, formatRaceTime, ordinal, placingLabel } from "./time";

/**
 * A class's results: computed from the booth's times by the one pure module
 * with the money rules (results.ts), with the producer's overrides, for the
 * producer's review; and, once published, read back from race_results as
 * the public pages, the CSV and the riders' run logs show them.
 */

type Viewer = Pick<User, "id" | "isAdmin">;

export const NOT_PUBLISHED = "Results not published yet";

/** One class of the event, or 404. */
export const findClass = getClass;

/**
 * A class's results from the runs taken so far: entries yet to run count for
 * the pot and the places paid from the first run on (a scratch at the booth
 * does not), and place nowhere until they run.
 */
export function resultsOfRuns(cls: RaceClass, runs: ClassRun[]) {
  const ran = runs.filter((r) => r.time);
  const entryCount = runs.filter((r) => r.time?.outcome !== "SCRATCH").length;
  return computeResults(classMoneyRules(cls), ran.map(toRun), { entryCount });
}

function overridesOf(db: Db, classId: string) {
  return db.select().from(racePayoutOverrides).where(eq(racePayoutOverrides.classId, classId)).all();
}

/** The computed results with the overrides applied: what publishing writes. */
export function computeClass(db: Db, cls: RaceClass) {
  const runs = classRuns(db, cls);
  const overrides = overridesOf(db, cls.id);
  const computed = resultsOfRuns(cls, runs);
  const results: ClassResults = overrides.length ? applyOverrides(computed, overrides.map((o) => ({ entryId: o.entryId, amountCents: o.amountCents }))) : computed;
  return { runs, overrides, computed, results };
}

export type ResultPlace = {
  entryId: string;
  riderName: string;
  horseName: string;
  backNumber: number | null;
  /** The time that placed the run (with penalties), as text. */
  time: string | null;
  timeMs: number | null;
  penalties: number;
  place: number;
  payoutCents: number;
  payout: string;
  /** Review only: what the rules gave before an override, and the override's reason. */
  computedCents?: number;
  overrideReason?: string | null;
};
export type ResultDivision = { division: number; start: string | null; potCents: number; placesPaid: number; places: ResultPlace[] };
export type ClassResultsView = {
  eventId: string;
  classId: string;
  className: string;
  sidepotOf: string | null;
  published: boolean;
  publishedAt: Date | null;
  resultsVersion: number;
  /** Which results: "1" for go 1 (and a class of one go), "2".., "average" or "short"; its name ("Go 2"). */
  round: string;
  roundLabel: string;
  /** The class's rounds, for the page's tabs (["1"] for a class of one go). */
  rounds: { round: string; label: string }[];
  /** Whether this answer is the producer's review (computed now) or the published results. */
  review: boolean;
  potCents: number;
  pot: string;
  entryCount: number;
  divisions: ResultDivision[];
  unplaced: { entryId: string; riderName: string; horseName: string; backNumber: number | null; outcome: "NT" | "SCRATCH" | "PENDING" }[];
  /**
   * The runs publishing waits for (waitingRuns, the rule the publish itself
   * applies): for a sidepot, those of the class it pays on. 0 once published.
   */
  stillToRun: number;
};

function place(entry: RaceEntry, p: { totalMs: number; place: number; payoutCents: number }, penalties: number): ResultPlace {
  return {
    entryId: entry.id,
    riderName: entry.riderName,
    horseName: entry.horseName,
    backNumber: entry.backNumber,
    time: formatRaceTime(p.totalMs),
    timeMs: p.totalMs,
    penalties,
    place: p.place,
    payoutCents: p.payoutCents,
    payout: formatCents(p.payoutCents),
  };
}

/** A division's money and where it starts, as every view of results shows it. */
const divisionHead = (d: DivisionResults) => ({ division: d.division, start: d.startMs === null ? null : formatRaceTime(d.startMs), potCents: d.potCents, placesPaid: d.placesPaid });

const names = (e: RaceEntry) => ({ entryId: e.id, riderName: e.riderName, horseName: e.horseName, backNumber: e.backNumber });

/** How an unplaced run reads: a scratch, or NT (no time). */
const unplacedOutcome = (outcome: string) => (outcome === "SCRATCH" ? ("SCRATCH" as const) : ("NT" as const));

/**
 * What the producer's review of a class or a round shows, computed now:
 * `placed` turns a placing into the row shown (with what the rules gave and
 * any override's reason), `entryOf` names an unplaced run, `pending` are the
 * unplaced runs without a time, each already told still to run or NT.
 */
function reviewOf(
  cls: RaceClass,
  round: ResultsRound,
  results: ClassResults,
  placed: (p: Placing) => ResultPlace,
  entryOf: (entryId: string) => RaceEntry,
  pending: ClassResultsView["unplaced"],
  stillToRun: number,
): ClassResultsView {
  return {
    ...header(cls, round),
    review: true,
    stillToRun,
    potCents: results.potCents,
    pot: formatCents(results.potCents),
    entryCount: results.entryCount,
    divisions: results.divisions.map((d) => ({ ...divisionHead(d), places: d.places.map(placed) })),
    unplaced: [...results.unplaced.map((u) => ({ ...names(entryOf(u.entryId)), outcome: unplacedOutcome(u.outcome) })), ...pending],
  };
}

/** The producer's review: computed now from the times, overrides shown beside what the rules gave. */
export function reviewView(db: Db, cls: RaceClass): ClassResultsView {
  const { runs, overrides, computed, results } = computeClass(db, cls);
  const byId = new Map(runs.map((r) => [r.entry.id, r]));
  const computedCents = new Map(computed.divisions.flatMap((d) => d.places.map((p) => [p.entryId, p.payoutCents] as const)));
  const reasons = new Map(overrides.map((o) => [o.entryId, o.reason]));
  const waiting = waitingRuns(db, cls);
  const waitingIds = new Set(waiting.map((r) => r.entry.id));
  const unrun = runs.filter((r) => !r.time).map((r) => r.entry);
  // Without a time: still to run while its run (a sidepot's, in the class it pays on) is awaited; else it did not run, as publishing records it.
  const parents = cls.sidepotOf ? parentEntries(db, cls.sidepotOf, unrun) : null;
  const pending = (entry: RaceEntry) => waitingIds.has(parents ? (parents.get(entry.id)?.id ?? "") : entry.id);
  return reviewOf(
    cls,
    1,
    results,
    (p) => {
      const run = byId.get(p.entryId)!;
      return { ...place(run.entry, p, run.time?.penalties ?? 0), computedCents: computedCents.get(p.entryId) ?? 0, overrideReason: reasons.get(p.entryId) ?? null };
    },
    (entryId) => byId.get(entryId)!.entry,
    unrun.map((entry) => ({ ...names(entry), outcome: pending(entry) ? ("PENDING" as const) : ("NT" as const) })),
    waiting.length,
  );
}

function header(cls: RaceClass, round: ResultsRound = 1) {
  return {
    round: roundKey(round),
    roundLabel: roundLabel(round),
    rounds: roundsOf(cls).map((r) => ({ round: roundKey(r), label: roundLabel(r) })),
    eventId: cls.eventId,
    classId: cls.id,
    className: cls.name,
    sidepotOf: cls.sidepotOf,
    published: cls.resultsPublishedAt !== null,
    publishedAt: cls.resultsPublishedAt,
    resultsVersion: cls.resultsVersion,
  };
}

/** A round of a show of more than one go, computed now from the times: the producer's review and the live page. */
export function roundReviewView(db: Db, cls: RaceClass, round: ResultsRound): ClassResultsView {
  const { results, runs, entries } = computeRound(db, cls, round);
  const penalties = new Map(runs.map((r) => [r.entry.id, r.time?.outcome === "TIME" ? r.time.penalties : 0]));
  const pendingRuns = typeof round === "number" || round === "short" ? runs.filter((r) => !r.time) : [];
  return reviewOf(
    cls,
    round,
    results,
    (p) => ({ ...place(entries.get(p.entryId)!, p, typeof round === "number" ? (penalties.get(p.entryId) ?? 0) : 0), computedCents: p.payoutCents, overrideReason: null }),
    (entryId) => entries.get(entryId)!,
    pendingRuns.map((r) => ({ ...names(r.entry), outcome: "PENDING" as const })),
    pendingRuns.length,
  );
}

/** The published results, as stored at the last publish (of one round for a show of more than one go). */
export function publishedView(db: Db, cls: RaceClass, round: ResultsRound = 1): ClassResultsView {
  if (!cls.resultsPublishedAt) throw new HttpError(404, NOT_PUBLISHED);
  const rows = db
    .select({ result: raceResults, entry: raceEntries })
    .from(raceResults)
    .innerJoin(raceEntries, eq(raceEntries.id, raceResults.entryId))
    .where(and(eq(raceResults.classId, cls.id), eq(raceResults.round, roundKey(round))))
    .orderBy(asc(raceResults.division), asc(raceResults.place), asc(raceResults.totalMs), asc(raceEntries.riderName))
    .all();
  if (isMultiGo(cls) && rows.length === 0) throw new HttpError(404, `${roundLabel(round)} of ${cls.name} is not published yet`);
  // A round's money and division starts as the rules give them; its places as they were published.
  const pot = isMultiGo(cls)
    ? computeRound(db, cls, round).results
    : computeResults(classMoneyRules(cls), rows.map(({ result }) => ({ entryId: result.entryId, outcome: result.outcome, timeMs: result.timeMs, penalties: result.penalties })));
  const divisions: ResultDivision[] = pot.divisions.map((d) => ({
    ...divisionHead(d),
    places: rows
      .filter(({ result }) => result.division === d.division && result.place !== null && result.totalMs !== null)
      .map(({ result, entry }) => place(entry, { totalMs: result.totalMs!, place: result.place!, payoutCents: result.payoutCents }, result.penalties)),
  }));
  return {
    ...header(cls, round),
    review: false,
    stillToRun: 0,
    potCents: pot.potCents,
    pot: formatCents(pot.potCents),
    entryCount: rows.length,
    divisions,
    unplaced: rows.filter(({ result }) => result.division === null).map(({ result, entry }) => ({ ...names(entry), outcome: unplacedOutcome(result.outcome) })),
  };
}

/**
 * GET .../results: the producer (or an admin) gets the review, computed now;
 * anyone who may see the event gets the published results, or 404 before.
 */
export function classResultsFor(db: Db, viewer: Viewer | null, eventId: string, classId: string, go: string | null = null) {
  const event = findRaceEvent(db, viewer, eventId);
  const cls = findClass(db, eventId, classId);
  const round = parseRound(go, goShapeOf(cls));
  if (round === null) throw new HttpError(400, `${cls.name} has ${cls.goRounds === 1 ? "one go" : `gos 1 to ${cls.goRounds}`}${cls.average ? ", the average" : ""}${cls.shortGo ? ", the short go" : ""}: ask for go=${roundsOf(cls).join("|")}`);
  if (mayOnEvent(db, viewer, event, "manage")) return { event, view: isMultiGo(cls) ? roundReviewView(db, cls, round) : reviewView(db, cls), canManage: true };
  return { event, view: publishedView(db, cls, round), canManage: false };
}

/** An event's classes whose results are published, in the event's order. */
export function publishedClasses(db: Db, viewer: Viewer | null, eventId: string) {
  const event = findRaceEvent(db, viewer, eventId);
  const classes = db.select().from(raceClasses).where(eq(raceClasses.eventId, eventId)).orderBy(asc(raceClasses.position), asc(raceClasses.createdAt)).all();
  const manager = mayOnEvent(db, viewer, event, "manage");
  return {
    event: { id: event.id, name: event.name, date: event.date, location: event.location, arenaName: event.arenaName },
    canManage: manager,
    classes: classes
      .filter((c) => manager || c.resultsPublishedAt)
      .map((c) => ({ id: c.id, name: c.name, published: c.resultsPublishedAt !== null, publishedAt: c.resultsPublishedAt })),
  };
}

/** "2D 3rd", or "3rd" in a class of one division. */
export function placementText(divisions: number, division: number, place: number) {
  return divisions > 1 ? placingLabel(division, place) : ordinal(place);
}

/** The CSV of the published results: one row per run, placed first, for the office and the association's books. */
export function resultsCsv(view: ClassResultsView) {
  const rows: (string | number | null)[][] = [["Division", "Place", "Back number", "Rider", "Horse", "Time", "Knocked barrels", "Payout"]];
  for (const d of view.divisions) {
    for (const p of d.places) rows.push([`${d.division}D`, p.place, p.backNumber, p.riderName, p.horseName, p.time, p.penalties, (p.payoutCents / 100).toFixed(2)]);
  }
  for (const u of view.unplaced) rows.push(["", "", u.backNumber, u.riderName, u.horseName, u.outcome, "", "0.00"]);
  return toCsv(rows);
}

/** Money a horse won in published race results (every class, sidepots included), in cents. */
export function horseWinnings(db: Db, horseId: string) {
  const row = db
    .select({ cents: sql<number>`coalesce(sum(${raceResults.payoutCents}), 0)`, races: sql<number>`count(distinct ${raceResults.eventId})` })
    .from(raceResults)
    .innerJoin(raceEntries, eq(raceEntries.id, raceResults.entryId))
    .where(and(eq(raceEntries.horseId, horseId), gt(raceResults.payoutCents, 0)))
    .get();
  return { cents: row?.cents ?? 0, races: row?.races ?? 0 };
}

const MY_RESULTS = 10;

/** A rider's latest published results (their own entries), newest race first, for My Events. */
export function myResults(db: Db, userId: string) {
  const rows = db
    .select({
      entryId: raceResults.entryId,
      eventId: raceResults.eventId,
      classId: raceResults.classId,
      eventName: events.name,
      date: events.date,
      className: raceClasses.name,
      divisions: raceClasses.divisions,
      horseName: raceEntries.horseName,
      riderName: raceEntries.riderName,
      outcome: raceResults.outcome,
      totalMs: raceResults.totalMs,
      division: raceResults.division,
      place: raceResults.place,
      payoutCents: raceResults.payoutCents,
    })
    .from(raceResults)
    .innerJoin(raceEntries, eq(raceEntries.id, raceResults.entryId))
    .innerJoin(raceClasses, eq(raceClasses.id, raceResults.classId))
    .innerJoin(events, eq(events.id, raceResults.eventId))
    .where(eq(raceEntries.userId, userId))
    .orderBy(desc(events.date), asc(raceClasses.position), asc(raceEntries.horseName))
    .limit(MY_RESULTS)
    .all();
  return rows.map(({ totalMs, division, place, divisions, outcome, ...r }) => ({
    ...r,
    time: outcome === "TIME" && totalMs !== null ? formatRaceTime(totalMs) : outcome === "NT" ? "NT" : "Scratch",
    placing: division !== null && place !== null ? placementText(divisions, division, place) : null,
    payout: r.payoutCents > 0 ? formatCents(r.payoutCents) : null,
  }));
}
export type MyResults = ReturnType<typeof myResults>;
