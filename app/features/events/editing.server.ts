import { eq } from "drizzle-orm";
import { events, type Event, type NewEvent, type User } from "#db/schema";
import type { Db } from "~/lib/db.server";
import { lookupZip } from "~/lib/gazetteer.server";
import { HttpError } from "~/lib/http.server";
import { findUpload, releaseUploads } from "~/lib/uploads.server";
import type { EventInput, EventUpdateInput } from "~/schemas/events";
import { eventsNear } from "./search.server";
import { getEditableEvent } from "./visibility.server";

/** "Other approved events on the same dates" warning radius. */
export const CONFLICT_RADIUS_MILES = 75;

function locate(zipCode: string) {
  const place = lookupZip(zipCode);
  if (!place) throw new HttpError(400, "We could not find that ZIP code.", { errors: { zipCode: ["We could not find that ZIP code."] } });
  return place;
}

/** A showbill must be a file this app stored for this user (or the event's current one). */
function checkShowbill(url: string | null | undefined, user: User, current?: string | null): string | null {
  if (!url) return null;
  const path = url.replace(/^https?:\/\/[^/]+/, "");
  if (current && path === current) return current;
  if (!findUpload(path, { kind: "showbill", ownerId: user.id })) {
    throw new HttpError(400, "The showbill must be a file uploaded here.");
  }
  return path;
}

function columns(input: EventInput | EventUpdateInput) {
  const c: Partial<NewEvent> = {};
  const keys = [
    "name", "location", "zipCode", "address", "arenaName", "arenaType", "groundType", "addedMoney", "date", "endDate",
    "contactName", "contactPhone", "contactEmail", "contactFacebook", "eventType", "description", "entryFee",
  ] as const;
  for (const key of keys) {
    if (input[key] !== undefined) (c as Record<string, unknown>)[key] = input[key];
  }
  return c;
}

export function createEventFor(db: Db, user: User, input: EventInput): Event {
  const place = locate(input.zipCode);
  const showbillUrl = checkShowbill(input.showbillUrl, user);
  return db
    .insert(events)
    .values({
      ...(columns(input) as NewEvent),
      endDate: input.endDate && input.endDate !== input.date ? input.endDate : null,
      latitude: place.latitude,
      longitude: place.longitude,
      showbillUrl,
      createdBy: user.id,
      showbillApproved: false,
    })
    .returning()
    .get();
}

/**
 * A creator's edit sends the event back for approval; an admin's edit keeps
 * its state. showbillUrl: undefined keeps it, null removes it, a new upload
 * replaces it (the old file is deleted).
 */
export function updateEventFor(db: Db, user: User, id: string, input: EventUpdateInput): Event {
  const event = getEditableEvent(db, user, id);
  const change: Partial<NewEvent> = { ...columns(input), updatedAt: new Date() };
  if (input.zipCode && input.zipCode !== event.zipCode) {
    const place = locate(input.zipCode);
    change.latitude = place.latitude;
    change.longitude = place.longitude;
  }
  const date = change.date ?? event.date;
  const endDate = input.endDate === undefined ? event.endDate : input.endDate;
  if (endDate && endDate < date) throw new HttpError(400, "End date must be on or after the start date");
  change.endDate = endDate && endDate !== date ? endDate : null;
  let removed: string | null = null;
  if (input.showbillUrl !== undefined) {
    change.showbillUrl = checkShowbill(input.showbillUrl, user, event.showbillUrl);
    if (event.showbillUrl && change.showbillUrl !== event.showbillUrl) removed = event.showbillUrl;
  }
  if (!user.isAdmin || event.createdBy === user.id) {
    change.showbillApproved = false;
    change.showbillReviewedBy = null;
    change.showbillReviewedAt = null;
  }
  const updated = db.update(events).set(change).where(eq(events.id, id)).returning().get();
  releaseUploads(db, [removed]);
  return updated;
}

/** Other approved events overlapping these dates within 75 miles (the Add Event warning). */
export function nearbyConflicts(db: Db, input: { zipCode: string; date: string; endDate?: string | null }, excludeId?: string) {
  const place = lookupZip(input.zipCode);
  if (!place) return [];
  return eventsNear(db, place, CONFLICT_RADIUS_MILES, { from: input.date, to: input.endDate || input.date }, 5).filter(
    (l) => l.event.id !== excludeId,
  );
}

