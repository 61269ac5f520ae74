import { and, eq, inArray } from "drizzle-orm";
import { RAN_OUTCOMES } from "~/schemas/race-outcomes";
import { raceClasses, raceEntries, raceResults, users, type Job } from "#db/schema";
import { enqueueJob } from "~/features/alerts/jobs.server";
import { sendAlert } from "~/features/alerts/alerts.server";
import { channelsFor } from "~/features/alerts/preferences.server";
import { dayIn } from "~/features/events/dates";
import { zoneOfZip } from "~/features/events/zones.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { ordinal } from "~/features/raceday/time";
import type { PlaceChange } from "./sync.server";

/*
 * Telling riders their place in a series moved, without a flood: a publish
 * can move every rider of a class. Riders whose own result was just
 * published hear at once, one alert per publish and series class whatever
 * divisions moved (subject: the class's results version). A rider moved only
 * by someone else's result hears at most once a day (subject: their local
 * day), and never by an instant email: by the daily digest, unless they
 * turned standings email off. Alerts run inside the caller's transaction.
 */

export const standingsUrl = (seriesId: string, className: string, division: number) =>
  `/series/${seriesId}?${new URLSearchParams({ class: className, division: String(division) })}`;

function describe(change: PlaceChange) {
  const where = `${change.division}D`;
  if (change.after === null) return `no longer placed in the ${where}`;
  if (change.before === null) return `${ordinal(change.after)} in the ${where}, ${change.points} ${change.points === 1 ? "point" : "points"}`;
  return `${ordinal(change.after)} in the ${where} (was ${ordinal(change.before)}), ${change.points} ${change.points === 1 ? "point" : "points"}`;
}

/** Riders with an account whose own result in this class is published (scratches ran nothing). */
function ridersOfClass(db: Db, classId: string) {
  return new Set(
    db
      .select({ userId: raceEntries.userId })
      .from(raceResults)
      .innerJoin(raceEntries, eq(raceEntries.id, raceResults.entryId))
      .where(and(eq(raceResults.classId, classId), inArray(raceResults.outcome, [...RAN_OUTCOMES])))
      .all()
      .flatMap((r) => (r.userId ? [r.userId] : [])),
  );
}

/** The job that tells riders moved by others' results, off the publish's request (docs/season.md, "Speed"). */
export const SEASON_ALERTS_JOB = "season-alerts";

function group(changes: readonly PlaceChange[]) {
  // One alert per rider and series class: their changes (several horses, several divisions) in one message.
  const grouped = new Map<string, PlaceChange[]>();
  for (const change of changes) {
    const key = `${change.userId}\u0000${change.seriesId}\u0000${change.className}`;
    const list = grouped.get(key);
    if (list) list.push(change);
    else grouped.set(key, [change]);
  }
  return [...grouped.values()];
}

function alertOf(list: PlaceChange[]) {
  const first = list[0]!;
  const lines = list.map((c) => (c.horseName ? `${c.horseName}: ${describe(c)}` : describe(c)));
  const best = list.find((c) => c.after !== null) ?? first;
  return {
    userId: first.userId,
    kind: "standing" as const,
    title: `${first.seriesName}: ${first.className} standings`,
    message: `Your place changed. ${lines.join("; ")}.`,
    url: standingsUrl(first.seriesId, first.className, best.division),
  };
}

/**
 * Tells riders of the place changes of one publish of `classId` (or, with
 * `classId` null, of a change no rider's own result made), by one job
 * (SEASON_ALERTS_JOB) that runs just after the transaction commits: a
 * publish can move hundreds of riders, and the booth's publish does not
 * wait on their alerts. Riders whose own result was published hear at once
 * (one alert per publish and series class); riders moved by others at
 * most once a day. Answers whether anyone is to be told.
 */
export function notifyStandingChanges(db: Db, classId: string | null, changes: readonly PlaceChange[]): boolean {
  if (changes.length === 0) return false;
  const cls = classId ? db.select({ id: raceClasses.id, version: raceClasses.resultsVersion }).from(raceClasses).where(eq(raceClasses.id, classId)).get() : undefined;
  return enqueueJob(db, {
    kind: SEASON_ALERTS_JOB,
    key: `${SEASON_ALERTS_JOB}:${crypto.randomUUID()}`,
    dueAt: now(),
    payload: { classId: cls?.id ?? null, version: cls?.version ?? null, changes: [...changes] },
  });
}

type AlertsPayload = { classId: string | null; version: number | null; changes: PlaceChange[] };

/** The job: the alerts of one publish's changes (own results at once; moved by others once a day, by the digest). Answers how many went out. */
export function runSeasonAlerts(db: Db, job: Pick<Job, "payload">): number {
  const { classId, version, changes } = job.payload as AlertsPayload;
  const own = classId ? ridersOfClass(db, classId) : new Set<string>();
  const at = now();
  let sent = 0;
  db.transaction(() => {
    for (const list of group(changes)) {
      const first = list[0]!;
      if (classId && own.has(first.userId)) {
        if (sendAlert(db, { ...alertOf(list), subject: `standing:${first.seriesId}:${classId}:v${version}` })) sent += 1;
        continue;
      }
      const user = db.select({ zip: users.homeZipCode }).from(users).where(eq(users.id, first.userId)).get();
      if (!user) continue;
      const day = dayIn(zoneOfZip(user.zip), at);
      if (sendAlert(db, { ...alertOf(list), subject: `standing:day:${day}`, email: digestOrOff(db, first.userId) })) sent += 1;
    }
  });
  return sent;
}

function digestOrOff(db: Db, userId: string) {
  return channelsFor(db, userId, "standing").email === "off" ? ("off" as const) : ("daily" as const);
}
