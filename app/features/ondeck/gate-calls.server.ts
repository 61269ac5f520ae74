import { and, eq, sql } from "drizzle-orm";
import { raceClasses, raceEntries, raceGateCalls, type User } from "#db/schema";
import { requireRaceTimer } from "~/features/raceday/access.server";
import { currentTimes, listClassEntries, waitingEntries } from "~/features/raceday/race-runs.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { publishRaceChange, publishUserChange } from "~/lib/live.server";
import { GATE_CALLS_MAX } from "~/schemas/ondeck";
import { tellAccount, whoRuns } from "./ondeck.server";

/*
 * The booth's "Call to gate": the rider on the gate of their class is
 * called, up to three times. Each call is one row (entry, call number);
 * the primary key makes two booths pressing at once one call. The rider's
 * account is told at once (notification and push), the live page and the
 * arena screen show the count. After the third call the timer decides:
 * nothing is scratched here.
 */

type Actor = Pick<User, "id" | "isAdmin">;

export function callToGate(db: Db, actor: Actor, eventId: string, entryId: string) {
  requireRaceTimer(db, actor, eventId);
  const row = db
    .select({ entry: raceEntries, cls: raceClasses })
    .from(raceEntries)
    .innerJoin(raceClasses, eq(raceClasses.id, raceEntries.classId))
    .where(and(eq(raceEntries.id, entryId), eq(raceEntries.eventId, eventId)))
    .get();
  if (!row) throw new HttpError(404, "Entry not found", { errors: { entryId: ["Choose an entry of this event"] } });
  const { entry, cls } = row;
  if (cls.sidepotOf) throw new HttpError(400, `${cls.name} is a sidepot: call the rider in the class it pays on`);
  const gate = waitingEntries(listClassEntries(db, cls.id), currentTimes(db, [cls.id]))[0];
  if (!gate || gate.id !== entry.id) throw new HttpError(409, `${entry.riderName} on ${entry.horseName} is not on the gate: only the rider on the gate is called`);
  const call = db.transaction(
    () => {
      const done = db.select({ n: sql<number>`count(*)` }).from(raceGateCalls).where(eq(raceGateCalls.entryId, entry.id)).get()?.n ?? 0;
      if (done >= GATE_CALLS_MAX) {
        throw new HttpError(409, `${entry.riderName} was called ${GATE_CALLS_MAX} times: the timer decides (scratch, or wait)`, { gateCalls: done });
      }
      const next = done + 1;
      const { changes } = db.insert(raceGateCalls).values({ entryId: entry.id, eventId, call: next, calledBy: actor.id }).onConflictDoNothing().run();
      if (changes === 0) return done;
      if (entry.userId) {
        const who = whoRuns(entry);
        tellAccount(db, {
          userId: entry.userId,
          key: `gate:${entry.id}:${next}`,
          subtype: "gate-call",
          title: `Gate call ${next} of ${GATE_CALLS_MAX}`,
          body: `Gate call ${next} of ${GATE_CALLS_MAX}: ${who} to the gate`,
          url: `/events/${eventId}/live`,
          eventId,
        });
      }
      return next;
    },
    { behavior: "immediate" },
  );
  if (entry.userId) publishUserChange([entry.userId]);
  publishRaceChange(eventId);
  return { entryId: entry.id, classId: cls.id, riderName: entry.riderName, horseName: entry.horseName, gateCalls: call, max: GATE_CALLS_MAX };
}
