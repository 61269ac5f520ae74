import { and, eq } from "drizzle-orm";
import { eventReports, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { EVENT_MESSAGES, type EVENT_REPORT_REASONS } from "~/schemas/events";
import { getVisibleEvent } from "./visibility.server";

/** Whether this rider has a report of this event that no moderator has answered yet. */
export function hasOpenReport(db: Db, userId: string, eventId: string) {
  return Boolean(
    db
      .select({ id: eventReports.id })
      .from(eventReports)
      .where(and(eq(eventReports.reporterId, userId), eq(eventReports.eventId, eventId), eq(eventReports.status, "PENDING")))
      .get(),
  );
}

/**
 * Files a report. One open report per rider per event (a unique index):
 * a second one before a moderator answers the first is refused with 409.
 */
export function reportEvent(db: Db, user: User, input: { eventId: string; reason: (typeof EVENT_REPORT_REASONS)[number]; description?: string }) {
  const event = getVisibleEvent(db, input.eventId, user);
  if (!event) throw new HttpError(404, "Event not found");
  const report = db
    .insert(eventReports)
    .values({ reporterId: user.id, eventId: event.id, reason: input.reason, description: input.description ?? null })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!report) throw new HttpError(409, EVENT_MESSAGES.alreadyReported);
  return report;
}
