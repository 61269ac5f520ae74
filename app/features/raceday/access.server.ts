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

/** The event, for its producer or an admin; 403 for anyone else who can see it. */
export function requireRaceManager(db: Db, viewer: Viewer, eventId: string): Event {
  const event = findRaceEvent(db, viewer, eventId);
  if (!canManageRace(viewer, event)) throw new HttpError(403, "Only the event's producer can do that");
  return event;
}

export function isNamedTimer(db: Db, viewer: Viewer, eventId: string) {
  return !!db
    .select({ userId: raceTimers.userId })
    .from(raceTimers)
    .where(and(eq(raceTimers.eventId, eventId), eq(raceTimers.userId, viewer.id)))
    .get();
}

/** The event, for the producer, an admin or a timer named for it; 403 for anyone else who can see it. */
export function requireRaceTimer(db: Db, viewer: Viewer, eventId: string): Event {
  const event = findRaceEvent(db, viewer, eventId);
  if (!canTimeRace(viewer, event, isNamedTimer(db, viewer, eventId))) {
    throw new HttpError(403, "Only the event's producer and its timers can do that");
  }
  return event;
}
