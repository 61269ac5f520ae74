import { and, eq } from "drizzle-orm";
import { events, savedEvents, type Event, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";

/**
 * Unapproved events are hidden from everyone but their creator and admins;
 * hidden answers exactly like missing.
 */
export function canViewEvent(viewer: Pick<User, "id" | "isAdmin"> | null, event: Pick<Event, "showbillApproved" | "createdBy">) {
  if (event.showbillApproved) return true;
  if (!viewer) return false;
  return viewer.isAdmin || event.createdBy === viewer.id;
}

export function getVisibleEvent(db: Db, id: string, viewer: User | null): Event | null {
  const event = db.select().from(events).where(eq(events.id, id)).get();
  return event && canViewEvent(viewer, event) ? event : null;
}

export function isEventSaved(db: Db, userId: string, eventId: string) {
  return Boolean(
    db
      .select({ id: savedEvents.id })
      .from(savedEvents)
      .where(and(eq(savedEvents.userId, userId), eq(savedEvents.eventId, eventId)))
      .get(),
  );
}

/** Idempotent: the unique index makes a double click one row. */
export function saveEvent(db: Db, user: User, eventId: string) {
  const event = getVisibleEvent(db, eventId, user);
  if (!event) throw new HttpError(404, "Event not found");
  if (event.createdBy === user.id) {
    throw new HttpError(400, "You created this event: it is already in your Created Events.");
  }
  db.insert(savedEvents).values({ userId: user.id, eventId }).onConflictDoNothing().run();
}

export function unsaveEvent(db: Db, user: User, eventId: string) {
  db.delete(savedEvents)
    .where(and(eq(savedEvents.userId, user.id), eq(savedEvents.eventId, eventId)))
    .run();
}
