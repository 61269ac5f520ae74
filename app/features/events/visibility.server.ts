import { eq } from "drizzle-orm";
import { events, type Event, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { canEditEvent, canViewEvent } from "./policies.server";

/** The event if `viewer` may see it; hidden answers like missing. */
export function getVisibleEvent(db: Db, id: string, viewer: User | null): Event | null {
  const event = db.select().from(events).where(eq(events.id, id)).get();
  return event && canViewEvent(viewer, event) ? event : null;
}

/** The event if `user` may edit it: its creator or an admin. Hidden answers like missing. */
export function getEditableEvent(db: Db, user: User, id: string): Event {
  const event = getVisibleEvent(db, id, user);
  if (!event) throw new HttpError(404, "Event not found");
  if (!canEditEvent(user, event)) throw new HttpError(403, "Only the event's creator can edit it.");
  return event;
}
