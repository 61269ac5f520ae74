import { zoneOfZip } from "~/features/events/zones.server";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { raceClasses, raceEntries, raceTimes, type RaceClass, type RaceEntry, type RaceTime, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { tableRows } from "~/lib/prepared.server";
import { mayOnEvent, requireEventPermission } from "./access.server";
import type { BoothEntry, BoothTime } from "./booth";
import type { Run } from "./results";
import { listClasses } from "./classes.server";
import { formatRaceTime, PENALTY_MS } from "./time";

/*
 * Reads of the runs taken at the booth, and nothing else: no function here
 * writes. Which time is an entry's run (its latest not void), which runs
 * count for a class (entered, not scratched, not exhibitions; a sidepot's
 * are its parent's runs of the same rider and horse) and whom a class waits
 * for are decided here once; the results, the live page, publishing and
 * the booth all ask.
 */

/**
 * Who rides an entry, for "horses per rider" and the draw's spacing: an
 * account's own riding, one of its sub-profiles, or a walk-up by name.
 */
export function riderKeyOf(entry: Pick<RaceEntry, "userId" | "riderId" | "riderName">) {
  return entry.userId ? `u:${entry.userId}:${entry.riderId ?? ""}` : `n:${entry.riderName.trim().toLowerCase()}`;
}

export const sameHorse = (a: Pick<RaceEntry, "horseId" | "horseName" | "userId" | "riderId" | "riderName">, b: typeof a) =>
  a.horseId && b.horseId ? a.horseId === b.horseId : !a.horseId && !b.horseId && riderKeyOf(a) === riderKeyOf(b) && a.horseName.trim().toLowerCase() === b.horseName.trim().toLowerCase();

/** The entries of a class in running order (drawn ones by position, then the rest as entered). */
export function listClassEntries(db: Db, classId: string): RaceEntry[] {
  return tableRows(db, raceEntries, `class_id = ? ${RUNNING_ORDER}`, [classId]);
}

/** The running order as SQL: drawn entries by position, then the rest as entered. */
export const RUNNING_ORDER = "ORDER BY draw_position IS NULL, draw_position, created_at, id";

/**
 * The entry of a sidepot's class that runs for a sidepot entry (same rider,
 * same horse), or null: a sidepot pays on those runs.
 */
export function parentEntryFor(db: Db, entry: RaceEntry): RaceEntry | null {
  const cls = db.select().from(raceClasses).where(eq(raceClasses.id, entry.classId)).get();
  if (!cls?.sidepotOf) return null;
  return parentEntries(db, cls.sidepotOf, [entry]).get(entry.id) ?? null;
}

/**
 * parentEntryFor for many entries of one sidepot at once: the class it pays
 * on (`sidepotOf`) is read once, not once an entry.
 */
export function parentEntries(db: Db, sidepotOf: string, entries: RaceEntry[]): Map<string, RaceEntry> {
  const parents = listClassEntries(db, sidepotOf).filter(counts);
  const found = new Map<string, RaceEntry>();
  for (const entry of entries) {
    const parent = parents.find((e) => sameHorse(e, entry));
    if (parent) found.set(entry.id, parent);
  }
  return found;
}

/** The time that places a run: the timer's time plus 5 seconds a knocked barrel; null for NT and scratches. */
export function totalMs(time: Pick<RaceTime, "outcome" | "timeMs" | "penalties">) {
  if (time.outcome !== "TIME" || time.timeMs === null) return null;
  return time.timeMs + time.penalties * PENALTY_MS;
}

/** What the API answers for a time. */
export function presentTime(time: RaceTime) {
  const total = totalMs(time);
  return {
    id: time.id,
    clientId: time.clientId,
    entryId: time.entryId,
    classId: time.classId,
    /** The go-round (99: the short go). */
    go: time.go,
    outcome: time.outcome,
    time: time.timeMs === null ? null : formatRaceTime(time.timeMs),
    penalties: time.penalties,
    totalMs: total,
    total: total === null ? null : formatRaceTime(total),
    voided: time.voidedAt !== null,
    voidReason: time.voidReason,
    /** When the rider ran (the booth's clock when plausible). */
    recordedAt: time.recordedAt,
    /** When the server received the time. */
    receivedAt: time.receivedAt,
  };
}
export type PresentedTime = ReturnType<typeof presentTime>;

/** The entry's current (not void) time in a go (go 1 unless said), if any. */
export function currentTimeOf(db: Db, entryId: string, go = 1) {
  return db
    .select()
    .from(raceTimes)
    .where(and(eq(raceTimes.entryId, entryId), eq(raceTimes.go, go), isNull(raceTimes.voidedAt)))
    .orderBy(desc(raceTimes.recordedAt))
    .get();
}

/** The current time of each entry of the given classes (latest not void) in one go (go 1 unless said). */
export function currentTimes(db: Db, classIds: string[], go = 1) {
  if (classIds.length === 0) return new Map<string, RaceTime>();
  const rows = db
    .select()
    .from(raceTimes)
    .where(and(inArray(raceTimes.classId, classIds), eq(raceTimes.go, go), isNull(raceTimes.voidedAt)))
    .orderBy(asc(raceTimes.recordedAt))
    .all();
  return new Map(rows.map((t) => [t.entryId, t]));
}

/** The event's latest runs (not void) by when they were run, newest first. */
export function latestTimes(db: Db, eventId: string, limit: number) {
  return db
    .select({ time: raceTimes, entry: raceEntries })
    .from(raceTimes)
    .innerJoin(raceEntries, eq(raceEntries.id, raceTimes.entryId))
    .where(and(eq(raceTimes.eventId, eventId), isNull(raceTimes.voidedAt)))
    .orderBy(desc(raceTimes.recordedAt), desc(raceTimes.id))
    .limit(limit)
    .all();
}

/** Who still runs, in order: entered (not scratched) and without a current time. */
export function waitingEntries(entries: RaceEntry[], times: Map<string, RaceTime>) {
  return entries.filter((e) => e.status === "ENTERED" && !times.has(e.id));
}

/** An entry that counts for its class (the pot, the places): entered, not scratched, not an exhibition run. */
export const counts = (entry: Pick<RaceEntry, "status" | "exhibition">) => entry.status === "ENTERED" && !entry.exhibition;

export type ClassRun = { entry: RaceEntry; time: RaceTime | null };

/**
 * Each entry that counts for the class with the time that counts for it:
 * its own, or for a sidepot the time of the same rider and horse in the
 * class it pays on. `null` time: not run yet. `entries` (the class's, in
 * running order) when the caller has them.
 */
export function classRuns(db: Db, cls: RaceClass, entries: RaceEntry[] = listClassEntries(db, cls.id), go = 1): ClassRun[] {
  const counted = entries.filter(counts);
  if (!cls.sidepotOf) {
    const times = currentTimes(db, [cls.id], go);
    // A carried run's time is the run it carries, taken in the class it was entered in.
    const carried = counted.filter((e) => e.carriedFrom);
    const sources = carried.length ? db.select().from(raceEntries).where(inArray(raceEntries.id, carried.map((e) => e.carriedFrom!))).all() : [];
    const sourceTimes = currentTimes(db, [...new Set(sources.map((e) => e.classId))], go);
    return counted.map((entry) => ({ entry, time: (entry.carriedFrom ? sourceTimes.get(entry.carriedFrom) : times.get(entry.id)) ?? null }));
  }
  const times = currentTimes(db, [cls.sidepotOf], go);
  const parents = parentEntries(db, cls.sidepotOf, counted);
  return counted.map((entry) => {
    const parent = parents.get(entry.id);
    return { entry, time: (parent && times.get(parent.id)) ?? null };
  });
}

/** What the results modules (results.ts, gos.ts) read of a run taken. */
export const toRun = ({ entry, time }: ClassRun): Run => ({
  entryId: entry.id,
  outcome: time!.outcome,
  timeMs: time!.outcome === "TIME" ? time!.timeMs : null,
  penalties: time!.outcome === "TIME" ? time!.penalties : 0,
});

/**
 * The runs a class waits for before its results can be published: its own
 * entries without a time; for a sidepot, those of the class it pays on (a
 * sidepot waits whenever its parent waits, so a rerun in the parent never
 * pays the sidepot on the voided run). A sidepot entry whose rider has no
 * run in the parent did not run: an NT, never a wait.
 */
export function waitingRuns(db: Db, cls: RaceClass): ClassRun[] {
  const own = cls.sidepotOf ? db.select().from(raceClasses).where(eq(raceClasses.id, cls.sidepotOf)).get() : cls;
  if (!own) return [];
  return classRuns(db, own).filter((r) => !r.time);
}

/** For each of the given entries carried to other classes, those classes' names ("Open 4D"). */
export function carriedToNames(db: Db, entryIds: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (entryIds.length === 0) return out;
  const rows = db
    .select({ from: raceEntries.carriedFrom, name: raceClasses.name })
    .from(raceEntries)
    .innerJoin(raceClasses, eq(raceClasses.id, raceEntries.classId))
    .where(and(inArray(raceEntries.carriedFrom, entryIds), eq(raceEntries.status, "ENTERED")))
    .orderBy(asc(raceClasses.position))
    .all();
  for (const r of rows) out.set(r.from!, [...(out.get(r.from!) ?? []), r.name]);
  return out;
}

/** The class's exhibition runs that have been run: timed, never placed or paid. */
export function exhibitionRuns(db: Db, cls: RaceClass, entries: RaceEntry[] = listClassEntries(db, cls.id)) {
  const shown = entries.filter((e) => e.exhibition && e.status === "ENTERED");
  if (shown.length === 0 || cls.sidepotOf) return [];
  const times = currentTimes(db, [cls.id]);
  return shown.flatMap((entry) => {
    const time = times.get(entry.id);
    return time ? [{ entry, time }] : [];
  });
}

/**
 * The booth's screen: each class that takes its own runs, with its entries in
 * running order and their current times (latest last), from which the booth
 * works out the gate (booth.ts). The event's producer, an admin or a named timer only.
 */
export function boothView(db: Db, actor: Pick<User, "id" | "isAdmin">, eventId: string) {
  const event = requireEventPermission(db, actor, eventId, "time");
  const classes = listClasses(db, eventId).filter((c) => !c.sidepotOf);
  const times = currentTimes(db, classes.map((c) => c.id));
  return {
    // The first day and its zone: the booth warns, once, when it is used before the race (on the device's clock).
    event: { id: event.id, name: event.name, canManage: mayOnEvent(db, actor, event, "manage"), firstDay: event.date, zone: zoneOfZip(event.zipCode) },
    classes: classes.map((cls) => {
      // A carried run is timed in the class it was entered in, which says where else it counts.
      const order = listClassEntries(db, cls.id).filter((e) => !e.carriedFrom);
      const alsoIn = carriedToNames(db, order.map((e) => e.id));
      return {
        id: cls.id,
        name: cls.name,
        published: cls.resultsPublishedAt !== null,
        order: order.map(
          (e): BoothEntry => ({
            entryId: e.id,
            riderName: e.riderName,
            horseName: e.horseName,
            backNumber: e.backNumber,
            position: e.drawPosition,
            dragsBefore: e.dragsBefore,
            status: e.status,
            exhibition: e.exhibition,
            ...(alsoIn.has(e.id) ? { alsoCountsIn: alsoIn.get(e.id) } : {}),
          }),
        ),
        times: order
          .map((e) => times.get(e.id))
          .filter((t): t is RaceTime => Boolean(t))
          .sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime())
          .map(
            (t): BoothTime => ({ id: t.id, clientId: t.clientId, entryId: t.entryId, outcome: t.outcome, time: t.timeMs === null ? null : formatRaceTime(t.timeMs), penalties: t.penalties }),
          ),
      };
    }),
  };
}
export type BoothView = ReturnType<typeof boothView>;
