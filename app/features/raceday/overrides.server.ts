import { and, eq } from "drizzle-orm";
import { raceEntries, racePayoutOverrides, type RaceClass, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { requireEventPermission } from "./access.server";
import { recordHistory } from "./history.server";
import { changeRace } from "./race-change.server";
import { computeClass, findClass } from "./results.server";
import { formatCents } from "./time";

/**
 * The producer's changes to a placing's money, before or after publishing:
 * the amount and the reason, kept in the event's history. Written the one
 * way race day writes (race-change.server.ts): a published class is
 * published again in the same transaction, so the rider's run log shows the
 * money paid and the rider hears "Corrected" with the new amount.
 */

type Viewer = Pick<User, "id" | "isAdmin">;

/** One placing's money set by the producer, with the reason (kept in the history too). */
export function setOverride(db: Db, actor: Viewer, eventId: string, classId: string, entryId: string, input: { amountCents: number; reason: string }) {
  requireEventPermission(db, actor, eventId, "manage");
  const cls = findClass(db, eventId, classId);
  const entry = db.select().from(raceEntries).where(and(eq(raceEntries.id, entryId), eq(raceEntries.classId, cls.id))).get();
  if (!entry) throw new HttpError(404, "Entry not found");
  // Money set on a run that placed nowhere (NT, scratch, not yet run) would be paid to nobody.
  const placed = computeClass(db, cls).computed.divisions.some((d) => d.places.some((p) => p.entryId === entryId));
  if (!placed) throw new HttpError(409, "Only a placed run can be paid: this entry has no time that places");
  changeRace(db, actor, eventId, (touch) => {
    db.insert(racePayoutOverrides)
      .values({ classId: cls.id, entryId, amountCents: input.amountCents, reason: input.reason, createdBy: actor.id })
      .onConflictDoUpdate({ target: [racePayoutOverrides.classId, racePayoutOverrides.entryId], set: { amountCents: input.amountCents, reason: input.reason, createdBy: actor.id } })
      .run();
    historyRow(db, actor, cls, entry.id, "payout-override", `${entry.riderName} on ${entry.horseName}: ${formatCents(input.amountCents)}`, input.reason);
    touch(cls.id);
  });
  return cls;
}

export function removeOverride(db: Db, actor: Viewer, eventId: string, classId: string, entryId: string, reason: string) {
  requireEventPermission(db, actor, eventId, "manage");
  const cls = findClass(db, eventId, classId);
  changeRace(db, actor, eventId, (touch) => {
    const removed = db
      .delete(racePayoutOverrides)
      .where(and(eq(racePayoutOverrides.classId, cls.id), eq(racePayoutOverrides.entryId, entryId)))
      .returning()
      .get();
    if (!removed) throw new HttpError(404, "No override for this entry");
    historyRow(db, actor, cls, entryId, "payout-override-removed", `back to the computed amount (was ${formatCents(removed.amountCents)})`, reason);
    touch(cls.id);
  });
  return cls;
}

function historyRow(db: Db, actor: Viewer, cls: RaceClass, entryId: string, action: string, detail: string, reason: string) {
  recordHistory(db, { eventId: cls.eventId, classId: cls.id, entryId, actorId: actor.id, action, detail, reason });
}
