import { UNKNOWN_ZIP } from "~/schemas/constants";
import { and, eq } from "drizzle-orm";
import { eventRevisions, events, type Event, type EventChanges, type EventRevision, type NewEvent, type User } from "#db/schema";
import { queueSavedSearchMatch } from "~/features/alerts/matching.server";
import type { Db } from "~/lib/db.server";
import { distanceMiles, lookupCityState, lookupZip, parseCityState, type Place } from "~/lib/gazetteer.server";
import { HttpError } from "~/lib/http.server";
import { findUpload, releaseUploads } from "~/lib/uploads.server";
import { entriesCloseAfterEnd, EVENT_MESSAGES, isLongPast, type EventInput, type EventUpdateInput } from "~/schemas/events";
import { entriesCloseAtOf, followingColumns } from "./calendar.server";
import { eventChanged } from "./change-alerts.server";
import { EDITABLE_KEYS, sameValue } from "./changes";
import { changesOf, pendingRevisionOf, revisionColumns } from "./revisions.server";
import { eventsNear } from "./search.server";
import { getEditableEvent } from "./visibility.server";

/** "Other approved events on the same dates" warning radius. */
const CONFLICT_RADIUS_MILES = 75;
/**
 * How far the named city may lie from its ZIP code: a ZIP's post office
 * town is often a neighbour of the town riders know the arena by.
 */
const PLACE_TOLERANCE_MILES = 50;

const fieldError = (field: string, message: string) => new HttpError(400, message, { errors: { [field]: [message] } });

/**
 * The ZIP code's place, if the location ("City, ST") agrees with it: the
 * same state, and a known city within PLACE_TOLERANCE_MILES. Otherwise a
 * 400 that says what the ZIP code really is, on both fields.
 */
function checkPlace(location: string, zipCode: string): Place {
  const place = lookupZip(zipCode);
  if (!place) throw fieldError("zipCode", UNKNOWN_ZIP);
  const named = parseCityState(location);
  const zipIs = `${place.city}, ${place.state}`;
  if (!named) {
    throw fieldError("location", `Enter the location as "City, ST" (ZIP code ${zipCode} is in ${zipIs})`);
  }
  const city = lookupCityState(location);
  if (named.state === place.state && (!city || distanceMiles(city, place) <= PLACE_TOLERANCE_MILES)) return place;
  const given = `${named.city}, ${named.state}`;
  const message = `ZIP code ${zipCode} is in ${zipIs}, not ${given}. Correct the ZIP code or the location.`;
  const hint = city ? `${given} has ZIP codes like ${city.zip}` : `Does not match ZIP code ${zipCode} (${zipIs})`;
  throw new HttpError(400, message, { errors: { zipCode: [`ZIP code ${zipCode} is in ${zipIs}, not ${given}`], location: [hint] } });
}

function checkDate(date: string) {
  if (isLongPast(date)) throw fieldError("date", EVENT_MESSAGES.longPast);
}

/** Entries close by the end of the event's last day (its local time): checked against the dates the event will have. */
function checkEntriesClose(v: EventChanges) {
  if (entriesCloseAfterEnd(v.entriesClose, v.date, v.endDate)) throw fieldError("entriesClose", EVENT_MESSAGES.entriesCloseAfterEnd);
}

/** A showbill must be a file this app stored for this user (or one the event already has). */
function checkShowbill(url: string | null | undefined, user: User, current: Array<string | null | undefined>): string | null {
  if (!url) return null;
  const path = url.replace(/^https?:\/\/[^/]+/, "");
  if (current.includes(path)) return path;
  if (!findUpload(path, { kind: "showbill", ownerId: user.id })) {
    throw new HttpError(400, "The showbill must be a file uploaded here.");
  }
  return path;
}

function columns(input: EventInput | EventUpdateInput): EventChanges {
  const c: Record<string, unknown> = {};
  for (const key of EDITABLE_KEYS) {
    if (key !== "showbillUrl" && input[key] !== undefined) c[key] = input[key];
  }
  return c as EventChanges;
}

const editableOf = (event: Event): EventChanges => Object.fromEntries(EDITABLE_KEYS.map((k) => [k, event[k]]));

/** The event this user added with this form (its clientId), if any. */
export function eventByClientId(db: Db, user: User, clientId: string): Event | null {
  return db.select().from(events).where(and(eq(events.createdBy, user.id), eq(events.clientId, clientId))).get() ?? null;
}

/**
 * Adds an event, hidden until an admin approves it. A repeated `clientId`
 * (the same form sent again) answers the event already added.
 */
export function createEventFor(db: Db, user: User, input: EventInput & { clientId?: string }): { event: Event; created: boolean } {
  const known = input.clientId ? eventByClientId(db, user, input.clientId) : null;
  if (known) return { event: known, created: false };
  checkDate(input.date);
  checkEntriesClose(input);
  const place = checkPlace(input.location, input.zipCode);
  const showbillUrl = checkShowbill(input.showbillUrl, user, []);
  const inserted = db
    .insert(events)
    .values({
      ...(columns(input) as NewEvent),
      endDate: input.endDate && input.endDate !== input.date ? input.endDate : null,
      latitude: place.latitude,
      longitude: place.longitude,
      entriesCloseAt: entriesCloseAtOf(input.entriesClose, input.zipCode),
      showbillUrl,
      createdBy: user.id,
      clientId: input.clientId ?? null,
      showbillApproved: false,
    })
    .onConflictDoNothing()
    .returning()
    .get();
  if (inserted) return { event: inserted, created: true };
  // Two sends of one form at once: the unique index let one in.
  const event = input.clientId ? eventByClientId(db, user, input.clientId) : null;
  if (!event) throw new Error("event insert conflicted without a clientId");
  return { event, created: false };
}

export type EditOutcome = {
  /** The event as listed now. */
  event: Event;
  /** The change waiting for review, if the edit did not go live. */
  revision: EventRevision | null;
};

/**
 * Edits an event. A creator's edit of a listed (approved) event does not
 * touch it: it becomes the event's pending revision, and the listed version
 * stays up until an admin approves the change. A creator's edit of an event
 * not yet listed changes it and keeps it waiting for review. An admin's edit
 * of someone else's event applies at once and keeps its approval.
 *
 * showbillUrl: undefined keeps it, null removes it, a new upload replaces it
 * (the replaced file is deleted once nothing refers to it).
 */
export function updateEventFor(db: Db, user: User, id: string, input: EventUpdateInput): EditOutcome {
  const event = getEditableEvent(db, user, id);
  const byCreator = !user.isAdmin || event.createdBy === user.id;
  const pending = byCreator ? pendingRevisionOf(db, id) : null;
  // What the editor was looking at: the listed event with their pending change on top.
  const pendingChanges = pending ? changesOf(pending) : {};
  const base: EventChanges = { ...editableOf(event), ...pendingChanges };
  const proposed: EventChanges = { ...base, ...columns(input) };
  const endDate = input.endDate === undefined ? base.endDate : input.endDate;
  if (endDate && endDate < proposed.date!) throw fieldError("endDate", EVENT_MESSAGES.endDate);
  proposed.endDate = endDate && endDate !== proposed.date ? endDate : null;
  if (proposed.date !== event.date) checkDate(proposed.date!);
  checkEntriesClose(proposed);
  const place =
    proposed.zipCode !== event.zipCode || proposed.location !== event.location ? checkPlace(proposed.location!, proposed.zipCode!) : null;
  if (input.showbillUrl !== undefined) proposed.showbillUrl = checkShowbill(input.showbillUrl, user, [event.showbillUrl, pendingChanges.showbillUrl]);

  const changed = Object.fromEntries(EDITABLE_KEYS.filter((k) => !sameValue(proposed[k], event[k])).map((k) => [k, proposed[k]])) as EventChanges;
  // Files the edit may leave without a row (released after the commit if no row uses them): a replaced pending upload, or the listed showbill of a direct edit.
  const released = [pendingChanges.showbillUrl];

  if (byCreator && event.showbillApproved) {
    let revision: EventRevision | null = null;
    if (Object.keys(changed).length === 0) {
      db.delete(eventRevisions).where(eq(eventRevisions.eventId, id)).run();
    } else {
      const row = { ...revisionColumns(changed), submittedBy: user.id, submittedAt: new Date() };
      revision = db
        .insert(eventRevisions)
        .values({ eventId: id, ...row })
        .onConflictDoUpdate({ target: eventRevisions.eventId, set: row })
        .returning()
        .get();
    }
    releaseUploads(db, released);
    return { event, revision };
  }

  const change: Partial<NewEvent> = { ...changed, ...followingColumns(event, changed), updatedAt: new Date() };
  if (place && place.zip !== event.zipCode) {
    change.latitude = place.latitude;
    change.longitude = place.longitude;
  }
  if (byCreator) {
    change.showbillApproved = false;
    change.showbillReviewedBy = null;
    change.showbillReviewedAt = null;
  }
  if ("showbillUrl" in changed) released.push(event.showbillUrl);
  const updated = db.transaction((tx) => {
    // A creator's change to an event not listed goes straight in: any older pending revision is part of it now.
    if (byCreator) tx.delete(eventRevisions).where(eq(eventRevisions.eventId, id)).run();
    const row = tx.update(events).set(change).where(eq(events.id, id)).returning().get();
    // An administrator's edit of a listed event goes live at once, approved: riders whose saved searches it now enters are alerted.
    queueSavedSearchMatch(db, row);
    return row;
  });
  releaseUploads(db, released);
  eventChanged(db, [user.id], event, updated);
  return { event: updated, revision: null };
}

/** Other approved events overlapping these dates within 75 miles (the Add Event warning). */
export function nearbyConflicts(db: Db, input: { zipCode: string; date: string; endDate?: string | null }, excludeId?: string) {
  const place = lookupZip(input.zipCode);
  if (!place) return [];
  return eventsNear(db, place, CONFLICT_RADIUS_MILES, { from: input.date, to: input.endDate || input.date }, 5).filter(
    (l) => l.event.id !== excludeId,
  );
}
