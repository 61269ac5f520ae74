import { eventReports, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import type { EVENT_REPORT_REASONS } from "~/schemas/events";
import { getVisibleEvent } from "./visibility.server";

export function reportEvent(db: Db, user: User, input: { eventId: string; reason: (typeof EVENT_REPORT_REASONS)[number]; description?: string }) {
  const event = getVisibleEvent(db, input.eventId, user);
  if (!event) throw new HttpError(404, "Event not found");
  return db
    .insert(eventReports)
    .values({ reporterId: user.id, eventId: event.id, reason: input.reason, description: input.description ?? null })
    .returning()
    .get();
}
