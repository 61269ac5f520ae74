import { eq, sql } from "drizzle-orm";
import { events, type Event, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { preparedOnce } from "~/lib/prepared.server";
import { canEditEvent, canViewEvent } from "./policies.server";

/** Behind every share page and event screen: built once per connection. */
const eventById = preparedOnce((db) => db.select().from(events).where(eq(events.id, sql.placeholder("id"))).prepare());

/** The event if `viewer` may see it; hidden answers like missing. */
export function getVisibleEvent(db: Db, id: string, viewer: User | null): Event | null {
  const event = eventById(db).get({ id });
  return event && canViewEvent(viewer, event) ? event : null;
}

/** The event if `user` may edit it: its creator or an admin. Hidden answers like missing. */
export function getEditableEvent(db: Db, user: User, id: string): Event {
  const event = getVisibleEvent(db, id, user);
  if (!event) throw new HttpError(404, "Event not found");
  if (!canEditEvent(user, event)) throw new HttpError(403, "Only the event's creator can edit it.");
  return event;
}
