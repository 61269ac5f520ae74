import { and, eq, sql } from "drizzle-orm";
import { events, type Event, type User } from "#db/schema";
import { audit } from "~/features/admin/audit.server";
import { queueSavedSearchMatch } from "~/features/alerts/matching.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { EVENT_MESSAGES, type EventStatus, type EventStatusInput } from "~/schemas/events";
import { eventChanged } from "./change-alerts.server";
import { getEditableEvent } from "./visibility.server";

const AUDIT_ACTION = { CANCELLED: "event.cancel", POSTPONED: "event.postpone", SCHEDULED: "event.schedule" } as const satisfies Record<EventStatus, string>;

/**
 * A listed event's creator or an admin marks it cancelled or postponed (with
 * the reason riders see), or back on schedule. It is not an edit: nothing
 * goes back for review, the event stays listed where riders already have it
 * (saved lists, calendars, its share link) and leaves the upcoming lists and
 * searches. Its calendar sequence rises, so subscribed calendars update, and
 * the riders who saved it are alerted (but not the one who changed it).
 * Returns the event as it is now.
 */
export function setEventStatus(db: Db, user: User, id: string, input: EventStatusInput): Event {
  const before = getEditableEvent(db, user, id);
  if (!before.showbillApproved) throw new HttpError(409, EVENT_MESSAGES.statusApprovedOnly);
  const reason = input.status === "SCHEDULED" ? null : (input.reason ?? null);
  if (before.status === input.status && before.statusReason === reason) return before;
  // Guarded on the status read: two people changing it at once make one change each, in turn, never a mix.
  const event = db
    .update(events)
    .set({ status: input.status, statusReason: reason, sequence: sql`${events.sequence} + 1`, updatedAt: new Date() })
    .where(and(eq(events.id, id), eq(events.status, before.status), eq(events.sequence, before.sequence)))
    .returning()
    .get();
  if (!event) throw new HttpError(409, "The event changed meanwhile: reload it and try again.");
  if (user.isAdmin) {
    audit(db, user.id, { action: AUDIT_ACTION[input.status], targetType: "event", targetId: id, details: { target: event.name, reason } });
  }
  eventChanged(db, [user.id], before, event);
  // Back on schedule, it is news to saved searches as a newly approved event is (each rider still hears of it once).
  if (event.status === "SCHEDULED") queueSavedSearchMatch(db, event);
  return event;
}
