import { and, eq, inArray, or } from "drizzle-orm";
import { events, raceClasses, raceEntries, raceResults, runLogs, type Event, type RaceClass, type RaceResult, type User } from "#db/schema";
import { sendAlert } from "~/features/alerts/alerts.server";
import { classPublished } from "./hooks.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { publishRaceChange } from "~/lib/live.server";
import { requireEventPermission } from "./access.server";
import { recordHistory } from "./history.server";
import { exhibitionRuns, totalMs, waitingRuns } from "./race-runs.server";
import { roundLabel, type ResultsRound } from "./gos";
import type { ClassRun } from "./race-runs.server";
import { computeClass, findClass, placementText } from "./results.server";
import type { ClassResults } from "./results";
import { computeRound, goRuns, isMultiGo, roundKey, roundsOf } from "./rounds.server";
import { formatCents, formatRaceTime } from "./time";

/**
 * Publishing a class's results: race_results gets one row per entry (the
 * class's rows replaced), and every rider with an account who ran gets their
 * official run in their run log (one row per entry, found again by its
 * race_entry_id, so publishing twice writes nothing twice) and one alert.
 * A later publish that changes a rider's result (a corrected time, an
 * override) updates the same run and alerts once more, saying "corrected";
 * a rider whose result did not change hears nothing.
 *
 * Once a class is published, every change to its runs, its entries or its
 * overrides publishes it again in the same transaction (race-change.server.ts
 * calls republishReaders): the public results and the riders' run logs
 * never disagree with the booth. A class waits while a run it reads has no
 * time (a rerun), and a sidepot waits whenever the class it pays on waits.
 *
 * Exhibition runs are no part of the results: each rider with an account
 * gets their exhibition run in their run log as an official run, placed
 * nowhere and paid nothing.
 */

type Actor = Pick<User, "id" | "isAdmin">;

export type PublishSummary = {
  version: number;
  results: number;
  runLogs: { created: number; updated: number; removed: number };
  /** Alerts sent: one per result that is new or changed. */
  notified: number;
  /** Riders told: a rider with two horses in the class is one rider, told twice. */
  ridersTold: number;
};

/** POST .../results/publish: the producer's (or an admin's) publish. */
export function publishClass(db: Db, actor: Actor, eventId: string, classId: string): PublishSummary {
  const event = requireEventPermission(db, actor, eventId, "manage");
  const cls = findClass(db, eventId, classId);
  const summary = db.transaction(() => publish(db, actor, event, cls, { strict: true })!, { behavior: "immediate" });
  publishRaceChange(eventId);
  return summary;
}

/**
 * Publishes again the published classes that read the given classes (each
 * itself and its sidepots), inside the caller's transaction; a class that
 * waits for a run (its own, or for a sidepot its parent's) stays as
 * published until the run comes in.
 */
export function republishReaders(db: Db, actor: Actor, classIds: string[]) {
  if (classIds.length === 0) return;
  // Classes a run of these classes is carried to place it too: a correction moves them all.
  const carriedTo = db
    .selectDistinct({ classId: raceEntries.classId })
    .from(raceEntries)
    .where(inArray(raceEntries.carriedFrom, db.select({ id: raceEntries.id }).from(raceEntries).where(inArray(raceEntries.classId, classIds))))
    .all()
    .map((r) => r.classId);
  const readers = [...new Set([...classIds, ...carriedTo])];
  const classes = db
    .select()
    .from(raceClasses)
    .where(or(inArray(raceClasses.id, readers), inArray(raceClasses.sidepotOf, readers)))
    .all()
    .filter((c) => c.resultsPublishedAt);
  if (classes.length === 0) return;
  const event = db.select().from(events).where(eq(events.id, classes[0]!.eventId)).get();
  if (!event) return;
  for (const cls of classes) publish(db, actor, event, cls, { strict: false });
}

/** What places a result: a change in any of these is a correction the rider hears about. */
const SAME_FIELDS = ["outcome", "timeMs", "penalties", "totalMs", "division", "place", "payoutCents"] as const;
const sameResult = (a: Pick<RaceResult, (typeof SAME_FIELDS)[number]>, b: Pick<RaceResult, (typeof SAME_FIELDS)[number]>) => SAME_FIELDS.every((k) => a[k] === b[k]);

/**
 * Writes the class's results. `strict` (the producer's publish) refuses
 * while entries have not run; a republish after a rerun waits instead, and
 * happens when the rerun's time comes in.
 */
function publish(db: Db, actor: Actor, event: Event, cls: RaceClass, { strict }: { strict: boolean }): PublishSummary | null {
  const waiting = waitingRuns(db, cls);
  if (waiting.length > 0) {
    if (!strict) return null;
    const names = waiting.slice(0, 3).map((r) => r.entry.riderName).join(", ");
    const where = cls.sidepotOf ? " in the class this sidepot pays on" : "";
    throw new HttpError(409, `${waiting.length} ${waiting.length === 1 ? "entry has" : "entries have"} not run yet${where} (${names}${waiting.length > 3 ? ", ..." : ""}): time them, or mark them NT or scratched at the booth`);
  }
  const at = now();
  const summary: PublishSummary = { version: cls.resultsVersion + 1, results: 0, runLogs: { created: 0, updated: 0, removed: 0 }, notified: 0, ridersTold: 0 };
  const told = new Set<string>();
  const multi = isMultiGo(cls);

  {
    const before = new Map(db.select().from(raceResults).where(eq(raceResults.classId, cls.id)).all().map((r) => [`${r.entryId}:${r.round}`, r]));
    db.delete(raceResults).where(eq(raceResults.classId, cls.id)).run();
    for (const { round, runs, results } of publishableRounds(db, cls)) {
      const key = roundKey(round);
      // The average is not a run of its own: it places and pays, and the run log keeps the gos.
      const isRun = round !== "average";
      const label = multi ? `${roundLabel(round)} · ` : "";
      const placed = new Map(results.divisions.flatMap((d) => d.places.map((p) => [p.entryId, { division: d.division, place: p.place, payoutCents: p.payoutCents, totalMs: p.totalMs }] as const)));
      for (const { entry, time } of runs) {
        const p = placed.get(entry.id);
        const outcome = round === "average" ? (p ? "TIME" : "NT") : (time?.outcome ?? "NT");
        const row = {
          entryId: entry.id,
          round: key,
          classId: cls.id,
          eventId: cls.eventId,
          outcome,
          timeMs: round === "average" ? (p?.totalMs ?? null) : outcome === "TIME" ? (time?.timeMs ?? null) : null,
          penalties: round !== "average" && outcome === "TIME" ? (time?.penalties ?? 0) : 0,
          totalMs: p?.totalMs ?? (round !== "average" && time && outcome === "TIME" ? totalMs(time) : null),
          division: p?.division ?? null,
          place: p?.place ?? null,
          payoutCents: p?.payoutCents ?? 0,
          runLogId: null as string | null,
          publishedAt: at,
        };
        const old = before.get(`${entry.id}:${key}`);
        const changed = !old || !sameResult(old, row);
        // The rider's run log: their own runs only (a sidepot pays on a run already in the log).
        if (entry.userId && !cls.sidepotOf && isRun) {
          const runAt = time?.recordedAt ?? at;
          row.runLogId = writeRunLog(db, event, cls, entry, row, runAt, summary, { round: key, label });
        }
        db.insert(raceResults).values(row).run();
        summary.results += 1;
        if (changed && entry.userId && !cls.sidepotOf && outcome !== "SCRATCH") {
          const line = `${entry.horseName}: ${label}${resultLine(cls, row)}`;
          const corrected = Boolean(old);
          const subject = key === "1" ? `race-entry:${entry.id}` : `race-entry:${entry.id}:${key}`;
          const sent = sendAlert(db, {
            userId: entry.userId,
            kind: "result",
            // Once per result: the first publish, then once per publish that changed it.
            subject: corrected ? `${subject}:v${summary.version}` : subject,
            title: corrected ? `Corrected: ${cls.name}` : `Results: ${cls.name}`,
            message: corrected ? `Corrected. ${line}` : line,
            url: `/events/${cls.eventId}/results/${cls.id}`,
            relatedEventId: cls.eventId,
          });
          if (sent) {
            summary.notified += 1;
            told.add(entry.userId);
          }
        }
      }
    }
    // Exhibition runs: the rider's official run, never placed or paid.
    for (const { entry, time } of exhibitionRuns(db, cls)) {
      if (!entry.userId) continue;
      const row = { outcome: time.outcome, totalMs: totalMs(time), penalties: time.outcome === "TIME" ? time.penalties : 0, division: null, place: null, payoutCents: 0 };
      writeRunLog(db, event, cls, entry, row, time.recordedAt, summary, { exhibition: true });
    }
    summary.ridersTold = told.size;
    db.update(raceClasses).set({ resultsPublishedAt: at, resultsVersion: summary.version }).where(eq(raceClasses.id, cls.id)).run();
    // Whatever builds on results (the season's standings) hears of them in this transaction.
    classPublished(db, cls.id);
    recordHistory(db, { eventId: cls.eventId, classId: cls.id, actorId: actor.id, action: strict ? "results-published" : "results-republished", detail: `version ${summary.version}` });
  }
  return summary;
}

/**
 * The rounds a publish writes, each complete: go 1 always (the producer's
 * publish waits for it); a later go once every entry has run it; the average
 * once every go is complete; the short go once every qualifier has run it.
 * A class of one go is its one round, with the producer's overrides.
 */
function publishableRounds(db: Db, cls: RaceClass): { round: ResultsRound; runs: ClassRun[]; results: ClassResults }[] {
  if (!isMultiGo(cls)) {
    const { runs, results } = computeClass(db, cls);
    return [{ round: 1, runs, results }];
  }
  const out: { round: ResultsRound; runs: ClassRun[]; results: ClassResults }[] = [];
  let everyGo = true;
  for (const round of roundsOf(cls)) {
    if (round === "average" && !everyGo) continue;
    const computed = computeRound(db, cls, round);
    const complete = computed.runs.length > 0 && computed.runs.every((r) => r.time) && (round !== "short" || (computed.qualifiers?.length ?? 0) > 0);
    if (typeof round === "number" && !complete) everyGo = false;
    if (round === "average" ? !everyGo : !complete) continue;
    if (round === "average") {
      const timed = new Set(computed.results.divisions.flatMap((d) => d.places.map((p) => p.entryId)));
      // Every entry gets an average row: placed, or out of the average.
      const all = goRuns(db, cls, 1).map((r) => ({ entry: r.entry, time: timed.has(r.entry.id) ? r.time : null }));
      out.push({ round, runs: all, results: computed.results });
    } else out.push({ round, runs: computed.runs, results: computed.results });
  }
  return out;
}

/** The placement an exhibition run carries in the rider's run log. */
export const EXHIBITION = "Exhibition";

type Row = Pick<RaceResult, "outcome" | "totalMs" | "division" | "place" | "payoutCents" | "penalties">;

/** "15.482, 2D 3rd, $185.00"; "20.482 (1 barrel), 4D 9th"; "NT". */
export function resultLine(cls: Pick<RaceClass, "divisions">, row: Row) {
  if (row.outcome !== "TIME" || row.totalMs === null) return row.outcome;
  const parts = [row.penalties ? `${formatRaceTime(row.totalMs)} (${row.penalties} barrel${row.penalties > 1 ? "s" : ""})` : formatRaceTime(row.totalMs)];
  if (row.division !== null && row.place !== null) parts.push(placementText(cls.divisions, row.division, row.place));
  if (row.payoutCents > 0) parts.push(formatCents(row.payoutCents));
  return parts.join(", ");
}

/**
 * The rider's official run: written once per entry and updated in place by
 * later publishes. Notes, tags, video and privacy stay the rider's; a new
 * run is private, the run log's default (and all a Private rider's runs can be).
 */
function writeRunLog(
  db: Db,
  event: Event,
  cls: RaceClass,
  entry: { id: string; userId: string | null; riderId: number | null; horseId: string | null; horseName: string },
  row: Row,
  runAt: Date,
  summary: PublishSummary,
  { exhibition = false, round = "1", label = "" }: { exhibition?: boolean; round?: string; label?: string } = {},
) {
  const existing = db
    .select({ id: runLogs.id })
    .from(runLogs)
    .where(and(eq(runLogs.raceEntryId, entry.id), eq(runLogs.raceRound, round)))
    .get();
  if (row.outcome === "SCRATCH") {
    // Scratched after an earlier publish: the rider did not run, so the official run goes.
    if (existing) {
      db.delete(runLogs).where(and(eq(runLogs.id, existing.id), eq(runLogs.official, true))).run();
      summary.runLogs.removed += 1;
    }
    return null;
  }
  const official = {
    time: row.outcome === "TIME" && row.totalMs !== null ? formatRaceTime(row.totalMs) : null,
    penalties: row.penalties,
    // A show of more than one go says which go: "Go 2 · 2D 3rd".
    placement: exhibition ? EXHIBITION : row.outcome !== "TIME" ? `${label}NT` : row.division !== null && row.place !== null ? `${label}${placementText(cls.divisions, row.division, row.place)}` : label ? label.replace(/ · $/, "") : null,
    moneyCents: row.payoutCents,
    runAt,
  };
  if (existing) {
    db.update(runLogs).set(official).where(eq(runLogs.id, existing.id)).run();
    summary.runLogs.updated += 1;
    return existing.id;
  }
  const inserted = db
    .insert(runLogs)
    .values({
      ...official,
      userId: entry.userId!,
      riderId: entry.riderId,
      eventId: event.id,
      horseId: entry.horseId,
      horseName: entry.horseName,
      arenaName: event.arenaName?.trim() || event.location,
      arenaType: event.arenaType ?? "outdoor",
      official: true,
      raceEntryId: entry.id,
      raceRound: round,
      privacy: "PRIVATE",
      tags: [],
    })
    .returning({ id: runLogs.id })
    .get();
  summary.runLogs.created += 1;
  return inserted.id;
}
