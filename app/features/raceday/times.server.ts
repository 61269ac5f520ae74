import { and, eq, isNull, or, sql } from "drizzle-orm";
import { raceClasses, raceEntries, raceTimes, type Event, type RaceClass, type RaceTime, type User } from "#db/schema";
import { zoneOfZip } from "~/features/events/zones.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { zonedInstant } from "~/lib/zoned-time";
import { BOOTH_MESSAGES, TAKEN_AT_AHEAD_MS, type RaceOutcome, type RaceTimeCorrection, type RaceTimeInput } from "~/schemas/raceday-booth";
import { requireEventPermission } from "./access.server";
import { recordHistory } from "./history.server";
import { changeRace } from "./race-change.server";
import { currentTimeOf, presentTime } from "./race-runs.server";
import { formatRaceTime, parseRaceTime } from "./time";
import { SHORT_GO } from "./gos";

/**
 * Times at the booth. A time is recorded once per `clientId` (the booth's
 * device gives each its own, so a resend after the signal drops answers the
 * first record and writes nothing). An entry's run is its latest time that
 * is not void; undo and rerun void a time (the entry goes back to the gate),
 * a correction edits one and keeps the reason in the event's history. Each
 * change is written the one way race day writes (race-change.server.ts):
 * with its history in one transaction that also publishes again the
 * published classes reading it, then a signal to the live page. Reads of
 * the runs are race-runs.server.ts's.
 */

type Actor = Pick<User, "id" | "isAdmin">;

const TIME_NOT_FOUND = "Time not found";

/** The time's thousandths from its text, for a TIME; the message when it does not read. */
function readTime(outcome: RaceOutcome, text: string | null | undefined) {
  if (outcome !== "TIME") return null;
  const ms = text ? parseRaceTime(text) : null;
  if (ms === null || ms <= 0) throw new HttpError(400, BOOTH_MESSAGES.time, { errors: { time: [BOOTH_MESSAGES.time] } });
  return ms;
}

function entryOf(db: Db, eventId: string, entryId: string) {
  const row = db
    .select({ entry: raceEntries, cls: raceClasses })
    .from(raceEntries)
    .innerJoin(raceClasses, eq(raceClasses.id, raceEntries.classId))
    .where(and(eq(raceEntries.id, entryId), eq(raceEntries.eventId, eventId)))
    .get();
  if (!row) throw new HttpError(404, "Entry not found", { errors: { entryId: [BOOTH_MESSAGES.entry] } });
  return row;
}

function refuseSidepot(cls: RaceClass) {
  if (cls.sidepotOf) throw new HttpError(400, `${cls.name} is a sidepot: it pays on the runs of another class, so time the rider there`);
}

const byClient = (db: Db, eventId: string, clientId: string) =>
  db.select().from(raceTimes).where(and(eq(raceTimes.eventId, eventId), eq(raceTimes.clientId, clientId))).get();

/** "Nov 28, 2026, 7:05:21 PM CST": an instant named in the event's zone, to the second. */
function stamp(at: Date, zone: string) {
  return at.toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit", timeZone: zone, timeZoneName: "short" });
}

/** "7:05:21 PM": when a run was run, as the booth's clock on the wall reads it. */
function clockTime(at: Date, zone: string) {
  return at.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit", timeZone: zone });
}

/** Midnight starting the day before the event's first day, in the event's zone. */
function dayBeforeFirstDay(event: Pick<Event, "date">, zone: string) {
  const [y, m, d] = event.date.split("-").map(Number);
  const before = new Date(Date.UTC(y!, m! - 1, d! - 1)).toISOString().slice(0, 10);
  return zonedInstant(`${before}T00:00`, zone);
}

/**
 * When the rider ran. The booth sends its device's clock at the moment the
 * timer took the time (`takenAt`), so a time sent late (the booth was
 * offline) keeps its place among the runs. The device's clock is believed
 * when plausible: not more than TAKEN_AT_AHEAD_MS after the server's clock,
 * and not before the day before the event's first day (in the event's zone).
 * Otherwise the time the server received it stands, and `notUsed` says why,
 * for the event's history.
 */
export function whenRun(event: Pick<Event, "date" | "zipCode">, takenAt: string | null | undefined, receivedAt: Date): { at: Date; notUsed: string | null } {
  if (!takenAt) return { at: receivedAt, notUsed: null };
  const taken = new Date(takenAt);
  const zone = zoneOfZip(event.zipCode);
  if (taken.getTime() > receivedAt.getTime() + TAKEN_AT_AHEAD_MS) {
    return { at: receivedAt, notUsed: `The device's clock said ${stamp(taken, zone)}, more than ${TAKEN_AT_AHEAD_MS / 60_000} minutes after the server's (${stamp(receivedAt, zone)}): the time it arrived was kept` };
  }
  if (taken.getTime() < dayBeforeFirstDay(event, zone).getTime()) {
    return { at: receivedAt, notUsed: `The device's clock said ${stamp(taken, zone)}, before the day before the event's first day: the time it arrived was kept` };
  }
  return { at: taken, notUsed: null };
}

/**
 * Records one run. The same clientId again answers the first record
 * (`created: false`) whatever else it carries. An entry that already has a
 * time is refused (409) with the time it has (`existing`), so a booth that
 * timed it too (two timers, one offline) can show both: a second run is a
 * rerun (void the first) and a wrong time is a correction.
 */
export function recordTime(db: Db, actor: Actor, eventId: string, input: RaceTimeInput): { time: RaceTime; created: boolean } {
  const event = requireEventPermission(db, actor, eventId, "time");
  const earlier = byClient(db, eventId, input.clientId);
  if (earlier) return { time: earlier, created: false };
  const { entry, cls } = entryOf(db, eventId, input.entryId);
  refuseSidepot(cls);
  if (entry.carriedFrom) throw new HttpError(409, `${entry.riderName} on ${entry.horseName} runs in another class and is carried to ${cls.name}: time the run there`);
  const go = input.go ?? 1;
  if (go === SHORT_GO ? !cls.shortGo : go > cls.goRounds) throw new HttpError(400, cls.goRounds === 1 && !cls.shortGo ? `${cls.name} runs one go` : `${cls.name} has no such go`, { errors: { go: ["Go is a go-round of the class (1 to 5) or short"] } });
  const timeMs = readTime(input.outcome, input.time);
  if (entry.status === "SCRATCHED" && input.outcome !== "SCRATCH") {
    throw new HttpError(409, `${entry.riderName} on ${entry.horseName} was scratched from ${cls.name}`);
  }
  const id = crypto.randomUUID();
  const receivedAt = now();
  const run = whenRun(event, input.takenAt, receivedAt);
  return changeRace(db, actor, eventId, (touch) => {
    // One statement: two booths timing the same entry at once store one time, never two.
    const { changes } = db.run(sql`
      INSERT INTO race_times (id, event_id, class_id, entry_id, client_id, go, outcome, time_ms, penalties, recorded_by, recorded_at, created_at)
      SELECT ${id}, ${eventId}, ${cls.id}, ${entry.id}, ${input.clientId}, ${go}, ${input.outcome}, ${timeMs}, ${input.outcome === "TIME" ? input.penalties : 0}, ${actor.id}, ${run.at.getTime()}, ${receivedAt.getTime()}
      WHERE NOT EXISTS (SELECT 1 FROM race_times WHERE entry_id = ${entry.id} AND go = ${go} AND voided_at IS NULL)
      ON CONFLICT (event_id, client_id) DO NOTHING`);
    if (changes === 0) {
      const raced = byClient(db, eventId, input.clientId);
      if (raced) return { time: raced, created: false };
      const existing = currentTimeOf(db, entry.id, go);
      const taken = existing ? `: ${describe(existing)} taken at ${clockTime(existing.recordedAt, zoneOfZip(event.zipCode))}` : "";
      throw new HttpError(409, `${entry.riderName} on ${entry.horseName} already has a time${taken}. Correct it, or void it for a rerun`, existing ? { existing: presentTime(existing) } : {});
    }
    if (run.notUsed) {
      recordHistory(db, { eventId, classId: cls.id, entryId: entry.id, actorId: actor.id, action: "device-time-not-used", detail: describe({ outcome: input.outcome, timeMs, penalties: input.penalties }), reason: run.notUsed });
    }
    touch(cls.id);
    return { time: db.select().from(raceTimes).where(eq(raceTimes.id, id)).get()!, created: true };
  });
}

/**
 * A time of the event by its id, or by the clientId the booth gave it: a
 * booth that undoes or corrects a time it took offline knows only the latter.
 */
function findTime(db: Db, eventId: string, ref: string) {
  const time = db
    .select()
    .from(raceTimes)
    .where(and(eq(raceTimes.eventId, eventId), or(eq(raceTimes.id, ref), eq(raceTimes.clientId, ref))))
    .get();
  if (!time) throw new HttpError(404, TIME_NOT_FOUND);
  return time;
}

function describe(time: Pick<RaceTime, "outcome" | "timeMs" | "penalties">) {
  if (time.outcome !== "TIME") return time.outcome;
  const barrels = time.penalties ? ` + ${time.penalties} barrel${time.penalties > 1 ? "s" : ""}` : "";
  return `${time.timeMs === null ? "" : formatRaceTime(time.timeMs)}${barrels}`;
}

/**
 * Corrects a time: outcome, time and knocked barrels, each kept when not
 * sent. The reason and the before and after go to the event's history. A
 * correction that changes nothing writes nothing (a resend is harmless).
 */
export function correctTime(db: Db, actor: Actor, eventId: string, ref: string, input: RaceTimeCorrection) {
  requireEventPermission(db, actor, eventId, "time");
  const current = findTime(db, eventId, ref);
  if (current.voidedAt) throw new HttpError(409, "This time was voided (undo or rerun): record a new one instead");
  const outcome = input.outcome ?? current.outcome;
  const timeMs = outcome !== "TIME" ? null : input.time !== undefined && input.time !== null && input.time !== "" ? readTime(outcome, input.time) : current.timeMs ?? readTime(outcome, null);
  const penalties = outcome === "TIME" ? (input.penalties ?? current.penalties) : 0;
  const next = { outcome, timeMs, penalties };
  if (next.outcome === current.outcome && next.timeMs === current.timeMs && next.penalties === current.penalties) return current;
  return changeRace(db, actor, eventId, (touch) => {
    const updated = db.update(raceTimes).set(next).where(eq(raceTimes.id, current.id)).returning().get()!;
    recordHistory(db, {
      eventId,
      classId: current.classId,
      entryId: current.entryId,
      actorId: actor.id,
      action: "time-corrected",
      detail: `${describe(current)} -> ${describe(next)}`,
      reason: input.reason,
    });
    touch(current.classId);
    return updated;
  });
}

/**
 * Voids a time: "undo" (it was entered by mistake) or "rerun" (the rider
 * runs again, with the reason in the history). Either way the entry is back
 * in the order, at its place in the draw. Voiding a void time again changes
 * nothing.
 */
export function voidTime(db: Db, actor: Actor, eventId: string, ref: string, why: { kind: "undo" | "rerun"; reason?: string }) {
  requireEventPermission(db, actor, eventId, "time");
  const current = findTime(db, eventId, ref);
  if (current.voidedAt) return current;
  return changeRace(db, actor, eventId, (touch) => {
    const updated = db
      .update(raceTimes)
      .set({ voidedAt: now(), voidReason: why.kind })
      .where(and(eq(raceTimes.id, current.id), isNull(raceTimes.voidedAt)))
      .returning()
      .get();
    recordHistory(db, {
      eventId,
      classId: current.classId,
      entryId: current.entryId,
      actorId: actor.id,
      action: why.kind === "undo" ? "time-undone" : "rerun",
      detail: describe(current),
      reason: why.reason ?? null,
    });
    touch(current.classId);
    return updated ?? current;
  });
}
