import { and, eq, inArray } from "drizzle-orm";
import { raceClasses, raceEntries, raceResults, users } from "#db/schema";
import { sendAlert } from "~/features/alerts/alerts.server";
import { channelsFor } from "~/features/alerts/preferences.server";
import { dayIn } from "~/features/events/dates";
import { zoneOfZip } from "~/features/events/zones.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { ordinal } from "~/features/raceday/time";
import { RAN_OUTCOMES } from "~/schemas/race-outcomes";
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

/**
 * Sends the alerts for the place changes of one publish of `classId` (or,
 * with `classId` null, of an event approved into or refused from a series:
 * then nobody's own result was just published). Answers how many alerts went out.
 */
export function notifyStandingChanges(db: Db, classId: string | null, changes: readonly PlaceChange[]): number {
  if (changes.length === 0) return 0;
  const cls = classId ? db.select({ id: raceClasses.id, version: raceClasses.resultsVersion }).from(raceClasses).where(eq(raceClasses.id, classId)).get() : undefined;
  const own = cls ? ridersOfClass(db, cls.id) : new Set<string>();

  // One alert per rider and series class: their changes (several horses, several divisions) in one message.
  const grouped = new Map<string, PlaceChange[]>();
  for (const change of changes) {
    const key = `${change.userId}\u0000${change.seriesId}\u0000${change.className}`;
    const list = grouped.get(key);
    if (list) list.push(change);
    else grouped.set(key, [change]);
  }

  let sent = 0;
  const at = now();
  for (const list of grouped.values()) {
    const first = list[0]!;
    const lines = list.map((c) => (c.horseName ? `${c.horseName}: ${describe(c)}` : describe(c)));
    const best = list.find((c) => c.after !== null) ?? first;
    const base = {
      userId: first.userId,
      kind: "standing" as const,
      title: `${first.seriesName}: ${first.className} standings`,
      message: `Your place changed. ${lines.join("; ")}.`,
      url: standingsUrl(first.seriesId, first.className, best.division),
    };
    if (cls && own.has(first.userId)) {
      if (sendAlert(db, { ...base, subject: `standing:${first.seriesId}:${cls.id}:v${cls.version}` })) sent += 1;
      continue;
    }
    const user = db.select({ zip: users.homeZipCode }).from(users).where(eq(users.id, first.userId)).get();
    if (!user) continue;
    const day = dayIn(zoneOfZip(user.zip), at);
    // Moved by others: once a day across every series, into the digest rather than an instant email.
    const ok = sendAlert(db, { ...base, subject: `standing:day:${day}`, email: digestOrOff(db, first.userId) });
    if (ok) sent += 1;
  }
  return sent;
}

function digestOrOff(db: Db, userId: string) {
  return channelsFor(db, userId, "standing").email === "off" ? ("off" as const) : ("daily" as const);
}
