import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { events, raceTimers, type Event, type User } from "#db/schema";
import { HttpError } from "~/lib/http.server";
import { canViewEvent } from "~/features/events/policies.server";
import { canManageRace, canTimeRace } from "./policies.server";

type Viewer = Pick<User, "id" | "isAdmin">;

/** The event, or 404 when it does not exist or the viewer may not see it (hidden answers like missing). */
export function findRaceEvent(db: Db, viewer: Viewer | null, eventId: string): Event {
  const event = db.select().from(events).where(eq(events.id, eventId)).get();
  if (!event || !canViewEvent(viewer, event)) throw new HttpError(404, "Event not found");
  return event;
}

/**
 * What a user may do to an event's race day:
 * - "manage": its classes, others' entries, the draw, results, overrides, timers: the producer (the event's creator) and admins;
 * - "time": the booth: those, and the timers the producer named for this event.
 */
export type RacePermission = "manage" | "time";

const REFUSED: Record<RacePermission, string> = {
  manage: "Only the event's producer can do that",
  time: "Only the event's producer and its timers can do that",
};

/** Whether a timer is named for the event (one indexed read). */
export function isNamedTimer(db: Db, viewer: Viewer, eventId: string) {
  return !!db
    .select({ userId: raceTimers.userId })
    .from(raceTimers)
    .where(and(eq(raceTimers.eventId, eventId), eq(raceTimers.userId, viewer.id)))
    .get();
}

/**
 * The one way to ask "may this user do this to this event" (producer,
 * named timer, admin). Reads the named timers only when the answer turns on
 * them.
 */
export function mayOnEvent(db: Db, viewer: Viewer | null, event: Pick<Event, "id" | "createdBy">, permission: RacePermission): boolean {
  if (!viewer) return false;
  if (canManageRace(viewer, event)) return true;
  return permission === "time" && canTimeRace(viewer, event, isNamedTimer(db, viewer, event.id));
}

/**
 * The event, when the user may do this to it: 404 when it does not exist or
 * the user may not see it (hidden answers like missing), 403 for anyone else
 * who can see it. Every race-day guard is this one call.
 */
export function requireEventPermission(db: Db, viewer: Viewer, eventId: string, permission: RacePermission): Event {
  const event = findRaceEvent(db, viewer, eventId);
  if (!mayOnEvent(db, viewer, event, permission)) throw new HttpError(403, REFUSED[permission]);
  return event;
}

/** requireEventPermission(…, "manage"), under its earlier name for the books' callers. */
export const requireRaceManager = (db: Db, viewer: Viewer, eventId: string) => requireEventPermission(db, viewer, eventId, "manage");

/** requireEventPermission(…, "time"), under its earlier name for the books' callers. */
export const requireRaceTimer = (db: Db, viewer: Viewer, eventId: string) => requireEventPermission(db, viewer, eventId, "time");
