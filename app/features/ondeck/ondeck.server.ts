import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { events, notifications, onDeckChoices, onDeckSent, pushSubscriptions, raceClasses, raceEntries, raceGateCalls, type Event, type RaceEntry, type User } from "#db/schema";
import { enqueueJob } from "~/features/alerts/jobs.server";
import { zoneOfZip } from "~/features/events/zones.server";
import { findRaceEvent } from "~/features/raceday/access.server";
import { listClasses } from "~/features/raceday/classes.server";
import { currentTimes, listClassEntries } from "~/features/raceday/race-runs.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { publishUserChange } from "~/lib/live.server";
import { zonedInstant } from "~/lib/zoned-time";
import { DEFAULT_ON_DECK, ON_DECK_CHOICES, type OnDeckChoice } from "~/schemas/ondeck";
import { onDeckDue, planEvent, runsOutText, type ClassLine, type EventPlan } from "./pace";

/*
 * "When do I run" on the server: the event's line read from the draw and the
 * booth's times, handed to the pure estimate (pace.ts); each rider's own
 * runs from it (shown only to the account that entered them: the rider, or
 * the guardian of a rider they manage); the on-deck messages, once per
 * entry, threshold and account (on_deck_sent's primary key decides, so
 * several workers seeing the same times send one).
 */

export type RunStatus = "WAITING" | "ON_DECK" | "ON_THE_GATE" | "RAN" | "SCRATCHED";

/** "2:40 PM" in the event's zone. */
export const clockAt = (at: Date | number, zone: string) => new Date(at).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: zone });

/** The posted start of a class as an instant: "HH:MM" on the event's first day, in its zone. */
export function postedStartOf(event: Pick<Event, "date" | "zipCode">, postedStart: string | null) {
  if (!postedStart) return null;
  return zonedInstant(`${event.date}T${postedStart}`, zoneOfZip(event.zipCode)).getTime();
}

/** The farthest any rider may ask to be told (10 runs out). */
const MAX_ON_DECK = Math.max(...ON_DECK_CHOICES);

type Line = { plan: EventPlan; timesKnown: boolean; entries: Map<string, RaceEntry>; classNames: Map<string, string>; ranEntries: Set<string>; scratchedByTime: Set<string>; lines: ClassLine[] };

/**
 * The event's line: its classes that take their own runs (a sidepot runs on
 * its parent's) once their draw is published or they have runs, in order.
 */
export function eventLine(db: Db, event: Pick<Event, "id" | "date" | "zipCode">, at: Date = now()): Line {
  const classes = listClasses(db, event.id).filter((c) => !c.sidepotOf);
  const times = currentTimes(db, classes.map((c) => c.id));
  const ranClasses = new Set([...times.values()].map((t) => t.classId));
  const entries = new Map<string, RaceEntry>();
  const ranEntries = new Set<string>();
  const scratchedByTime = new Set<string>();
  const lines: ClassLine[] = [];
  for (const cls of classes) {
    if (!cls.drawPublishedAt && !ranClasses.has(cls.id)) continue;
    const order = listClassEntries(db, cls.id);
    const line: ClassLine = { classId: cls.id, postedStart: postedStartOf(event, cls.postedStart), ran: [], waiting: [] };
    for (const e of order) {
      entries.set(e.id, e);
      const time = times.get(e.id);
      if (time) {
        ranEntries.add(e.id);
        if (time.outcome === "SCRATCH") scratchedByTime.add(e.id);
        else line.ran.push({ at: time.recordedAt.getTime(), dragsBefore: e.dragsBefore ?? 0 });
      } else if (e.status === "ENTERED") {
        line.waiting.push({ entryId: e.id, dragsBefore: e.dragsBefore ?? 0 });
      }
    }
    lines.push(line);
  }
  // Before the first day a clock time is a guess unless the first class has a posted start: the line alone is shown.
  const timesKnown = at.getTime() >= zonedInstant(`${event.date}T00:00`, zoneOfZip(event.zipCode)).getTime() || lines[0]?.postedStart != null;
  return { plan: planEvent(lines, at.getTime()), timesKnown, entries, classNames: new Map(classes.map((c) => [c.id, c.name])), ranEntries, scratchedByTime, lines };
}

/** Per class: pace, runs left, estimated end and how far behind the posted start. */
export function presentPace(line: Line, zone: string) {
  const known = (c: { estimatedEnd: number | null; runsLeft: number }) => line.timesKnown || c.runsLeft === 0;
  return line.plan.classes.map((c) => ({
    classId: c.classId,
    className: line.classNames.get(c.classId) ?? "",
    runsPerHour: c.pace.runsPerHour,
    measured: c.pace.measured,
    runsLeft: c.runsLeft,
    nextAt: c.nextAt === null || !line.timesKnown ? null : new Date(c.nextAt).toISOString(),
    estimatedEnd: c.estimatedEnd === null || !known(c) ? null : new Date(c.estimatedEnd).toISOString(),
    estimatedEndText: c.estimatedEnd === null || !known(c) ? null : clockAt(c.estimatedEnd, zone),
    behindMinutes: c.behindMinutes,
  }));
}

/** GET /api/events/{id}/pace: public (what the draw and the live page show). */
export function eventPace(db: Db, viewer: Pick<User, "id" | "isAdmin"> | null, eventId: string) {
  const event = findRaceEvent(db, viewer, eventId);
  const zone = zoneOfZip(event.zipCode);
  return { eventId: event.id, zone, classes: presentPace(eventLine(db, event), zone) };
}

/** The rider's on-deck choice (10, 5, 3 or null for off); 5 until they choose. */
export function onDeckChoiceOf(db: Db, userId: string): OnDeckChoice {
  const row = db.select({ runsOut: onDeckChoices.runsOut }).from(onDeckChoices).where(eq(onDeckChoices.userId, userId)).get();
  return row ? (row.runsOut as OnDeckChoice) : DEFAULT_ON_DECK;
}

export function setOnDeckChoice(db: Db, userId: string, runsOut: OnDeckChoice) {
  db.insert(onDeckChoices).values({ userId, runsOut }).onConflictDoUpdate({ target: onDeckChoices.userId, set: { runsOut } }).run();
}

function gateCallCounts(db: Db, entryIds: string[]) {
  if (!entryIds.length) return new Map<string, number>();
  const rows = db.select({ entryId: raceGateCalls.entryId, n: count() }).from(raceGateCalls).where(inArray(raceGateCalls.entryId, entryIds)).groupBy(raceGateCalls.entryId).all();
  return new Map(rows.map((r) => [r.entryId, r.n]));
}

export type MyRun = {
  entryId: string;
  eventId: string;
  classId: string;
  className: string;
  riderName: string;
  horseName: string;
  backNumber: number | null;
  status: RunStatus;
  runsAhead: number | null;
  estimatedAt: string | null;
  /** "12 runs out · about 2:40 PM", for the screens. */
  summary: string;
  gateCalls: number;
  behindMinutes: number | null;
};

/** One rider's runs of one event from its line. `mine`: the entries of the account (its own and its managed riders'). */
function runsOf(db: Db, line: Line, mine: RaceEntry[], zone: string, choice: OnDeckChoice): MyRun[] {
  const at = new Map<string, { at: number; runsAhead: number; behind: number | null }>();
  for (const c of line.plan.classes) for (const r of c.runs) at.set(r.entryId, { at: r.at, runsAhead: r.runsAhead, behind: line.timesKnown ? c.behindMinutes : null });
  const calls = gateCallCounts(db, mine.map((e) => e.id));
  const deck = choice ?? DEFAULT_ON_DECK;
  return mine.map((e) => {
    const est = at.get(e.id);
    const scratched = e.status === "SCRATCHED" || line.scratchedByTime.has(e.id);
    const status: RunStatus = scratched ? "SCRATCHED" : line.ranEntries.has(e.id) ? "RAN" : !est ? "WAITING" : est.runsAhead === 0 ? "ON_THE_GATE" : onDeckDue(est.runsAhead, deck) ? "ON_DECK" : "WAITING";
    const summary =
      status === "SCRATCHED" ? "Scratched" : status === "RAN" ? "Ran" : !est ? "Waiting for the draw" : line.timesKnown ? `${runsOutText(est.runsAhead)} · about ${clockAt(est.at, zone)}` : runsOutText(est.runsAhead);
    return {
      entryId: e.id,
      eventId: e.eventId,
      classId: e.classId,
      className: line.classNames.get(e.classId) ?? "",
      riderName: e.riderName,
      horseName: e.horseName,
      backNumber: e.backNumber,
      status,
      runsAhead: est && !scratched ? est.runsAhead : null,
      estimatedAt: est && !scratched && line.timesKnown ? new Date(est.at).toISOString() : null,
      summary,
      gateCalls: calls.get(e.id) ?? 0,
      behindMinutes: est ? est.behind : null,
    };
  });
}

/**
 * GET /api/events/{id}/my-runs and the event's pages: the signed-in
 * account's entries (its own riding and its managed riders') in the
 * classes whose draw is published. Nobody else's.
 */
export function myRuns(db: Db, user: Pick<User, "id" | "isAdmin">, eventId: string) {
  const event = findRaceEvent(db, user, eventId);
  const zone = zoneOfZip(event.zipCode);
  const line = eventLine(db, event);
  const mine = [...line.entries.values()].filter((e) => e.userId === user.id);
  return { eventId: event.id, zone, runs: runsOf(db, line, mine, zone, onDeckChoiceOf(db, user.id)) };
}

/** My Events: the account's runs in each event among `eventIds` (the events of its entries to come). */
export function myRunsByEntry(db: Db, user: Pick<User, "id" | "isAdmin">, eventIds: string[]) {
  const out = new Map<string, MyRun>();
  const published = db
    .selectDistinct({ eventId: raceEntries.eventId })
    .from(raceEntries)
    .innerJoin(raceClasses, eq(raceClasses.id, raceEntries.classId))
    .where(and(eq(raceEntries.userId, user.id), inArray(raceEntries.eventId, eventIds.length ? eventIds : [""]), isNotNull(raceClasses.drawPublishedAt)))
    .all();
  for (const { eventId } of published) {
    for (const run of myRuns(db, user, eventId).runs) out.set(run.entryId, run);
  }
  return out;
}

type Message = { userId: string; key: string; title: string; body: string; url: string; eventId: string; subtype: string };

/** The accounts among `userIds` with at least one device for Web Push: one query for a whole batch of messages. */
function withDevices(db: Db, userIds: string[]) {
  if (!userIds.length) return new Set<string>();
  const rows = db.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds)).all();
  return new Set(rows.map((r) => r.userId));
}

/**
 * Tells an account something about its run: an in-app notification and a
 * Web Push to its devices (`hasDevice`, read beforehand for the batch).
 * The caller has already claimed the message's once-only row in the same
 * transaction.
 */
function tell(db: Db, message: Message, hasDevice: boolean) {
  const at = now();
  db.insert(notifications)
    .values({ userId: message.userId, type: "alert", subtype: message.subtype, title: message.title, message: message.body, relatedEventId: message.eventId, metadata: { url: message.url }, createdAt: at })
    .run();
  if (hasDevice) {
    enqueueJob(db, { kind: "alert-push", key: `push:${message.key}`, dueAt: at, payload: { userId: message.userId, kind: message.subtype, title: message.title, message: message.body, url: message.url } });
  }
}

/** One message to one account (the booth's gate call). */
export function tellAccount(db: Db, message: Message) {
  tell(db, message, withDevices(db, [message.userId]).has(message.userId));
}

/** Each account's on-deck choice among `userIds` (no row: the default), in one query. */
function onDeckChoicesOf(db: Db, userIds: string[]) {
  const rows = userIds.length ? db.select().from(onDeckChoices).where(inArray(onDeckChoices.userId, userIds)).all() : [];
  const chosen = new Map(rows.map((r) => [r.userId, r.runsOut as OnDeckChoice]));
  return (userId: string) => (chosen.has(userId) ? chosen.get(userId)! : DEFAULT_ON_DECK);
}

/** "Sugar", or "Katie on Sugar" for a rider the account manages. */
function whoRuns(entry: RaceEntry) {
  return entry.riderId ? `${entry.riderName} on ${entry.horseName}` : entry.horseName;
}

/**
 * After a booth change: every entry with an account that is now within its
 * account's on-deck choice is told once (a run already past is not in the
 * line, so never announced). Safe to call from any worker, as often as the
 * booth sends: the primary key of on_deck_sent lets one message through.
 */
export function announceOnDeck(db: Db, eventId: string) {
  const event = db.select().from(events).where(eq(events.id, eventId)).get();
  if (!event) return 0;
  const zone = zoneOfZip(event.zipCode);
  const line = eventLine(db, event);
  // The runs near enough for any choice, with the account that entered them; their choices and devices in one query each.
  const near = line.plan.classes.flatMap((c) =>
    c.runs.flatMap((r) => {
      const entry = line.entries.get(r.entryId)!;
      return r.runsAhead <= MAX_ON_DECK && entry.userId ? [{ run: r, entry, userId: entry.userId }] : [];
    }),
  );
  const accounts = [...new Set(near.map((n) => n.userId))];
  const choiceOf = onDeckChoicesOf(db, accounts);
  const devices = withDevices(db, accounts);
  const told: string[] = [];
  db.transaction(
    () => {
      for (const { run: r, entry, userId } of near) {
        const choice = choiceOf(userId);
        if (!onDeckDue(r.runsAhead, choice)) continue;
        const claimed = db.insert(onDeckSent).values({ entryId: entry.id, threshold: choice!, userId, runsAhead: r.runsAhead }).onConflictDoNothing().run();
        if (claimed.changes === 0) continue;
        const className = line.classNames.get(entry.classId) ?? "";
        tell(
          db,
          {
            userId,
            key: `ondeck:${entry.id}:${choice}:${userId}`,
            subtype: "ondeck",
            title: `On deck: ${whoRuns(entry)}`,
            body: `On deck: ${whoRuns(entry)}, ${className}, ${runsOutText(r.runsAhead)}, about ${clockAt(r.at, zone)}`,
            url: `/events/${eventId}/live`,
            eventId,
          },
          devices.has(userId),
        );
        told.push(userId);
      }
    },
    { behavior: "immediate" },
  );
  if (told.length) publishUserChange(told);
  return told.length;
}

/** Gate calls per entry of the event, for the live page and the arena screen. */
export function eventGateCalls(db: Db, eventId: string) {
  const rows = db.select({ entryId: raceGateCalls.entryId, n: count() }).from(raceGateCalls).where(eq(raceGateCalls.eventId, eventId)).groupBy(raceGateCalls.entryId).all();
  return new Map(rows.map((r) => [r.entryId, r.n]));
}

export { whoRuns };
export type { Line as EventLine };

