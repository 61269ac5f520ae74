import { and, eq, sql } from "drizzle-orm";
import { events, savedEvents, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { preparedOnce, statement } from "~/lib/prepared.server";
import { cancelReminders, scheduleReminders } from "./reminders.server";
import { getVisibleEvent } from "./visibility.server";

const savedRow = preparedOnce((db) =>
  db
    .select({ id: savedEvents.id })
    .from(savedEvents)
    .where(and(eq(savedEvents.userId, sql.placeholder("userId")), eq(savedEvents.eventId, sql.placeholder("eventId"))))
    .prepare(),
);

/** On a signed-in rider's share page: built once per connection. */
export function isEventSaved(db: Db, userId: string, eventId: string) {
  return Boolean(savedRow(db).get({ userId, eventId }));
}

/** Idempotent: the unique index makes a double click one row (and its reminders are keyed to happen once). */
export function saveEvent(db: Db, user: User, eventId: string) {
  const event = getVisibleEvent(db, eventId, user);
  if (!event) throw new HttpError(404, "Event not found");
  if (event.createdBy === user.id) {
    throw new HttpError(400, "You created this event: it is already in your Created Events.");
  }
  db.transaction(() => {
    db.insert(savedEvents).values({ userId: user.id, eventId }).onConflictDoNothing().run();
    scheduleReminders(db, user.id, event);
  });
}

export function unsaveEvent(db: Db, user: User, eventId: string) {
  db.transaction(() => {
    const { changes } = db
      .delete(savedEvents)
      .where(and(eq(savedEvents.userId, user.id), eq(savedEvents.eventId, eventId)))
      .run();
    const event = changes ? db.select().from(events).where(eq(events.id, eventId)).get() : undefined;
    if (event) cancelReminders(db, user.id, event);
  });
}

/**
 * Which of these events the user has saved (for the cards' Save buttons).
 * The ids travel as one JSON array, so the statement's text is the same
 * whatever their number and SQLite compiles it once.
 */
export function savedIdsOf(db: Db, userId: string, eventIds: string[]) {
  if (!eventIds.length) return new Set<string>();
  const saved = statement(db, "SELECT event_id FROM saved_events WHERE user_id = ? AND event_id IN (SELECT value FROM json_each(?))");
  return new Set(saved.pluck(true).all(userId, JSON.stringify(eventIds)) as string[]);
}
