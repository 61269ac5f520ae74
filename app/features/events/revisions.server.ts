import { alias } from "drizzle-orm/sqlite-core";
import { and, asc, eq, sql } from "drizzle-orm";
import { eventRevisions, events, users, type Event, type EventChanges, type EventRevision, type NewEvent, type User } from "#db/schema";
import { audit } from "~/features/admin/audit.server";
import { queueSavedSearchMatch } from "~/features/alerts/matching.server";
import { notifyUsers } from "~/features/notifications/notifications.server";
import type { Db } from "~/lib/db.server";
import { lookupZip } from "~/lib/gazetteer.server";
import { HttpError } from "~/lib/http.server";
import { preparedOnce } from "~/lib/prepared.server";
import { previewUrlOf, releaseUploads } from "~/lib/uploads.server";
import { followingColumns } from "./calendar.server";
import { eventChanged } from "./change-alerts.server";
import { describeChanges, type EditableValues } from "./changes";

/**
 * Pending revisions: a creator's change to a listed event waits here for
 * review while the listed version stays up (in Discover, saved lists,
 * calendar feeds and its share link). Approving applies it; rejecting
 * discards it and tells the creator.
 */

/** The changed fields of a revision, the showbill among them when it changes (null: removed). */
export function changesOf(revision: EventRevision): EventChanges {
  return revision.showbillChanged ? { ...revision.changes, showbillUrl: revision.showbillUrl } : { ...revision.changes };
}

/** The row that stores these changed fields. */
export function revisionColumns(changes: EventChanges) {
  const { showbillUrl, ...rest } = changes;
  return { changes: rest, showbillChanged: "showbillUrl" in changes, showbillUrl: showbillUrl ?? null };
}

export function pendingRevisionOf(db: Db, eventId: string): EventRevision | null {
  return db.select().from(eventRevisions).where(eq(eventRevisions.eventId, eventId)).get() ?? null;
}

/** A pending change as its creator and the reviewing admin see it: what changes, from what to what. */
export function presentRevision(event: Event, revision: EventRevision) {
  const changes = changesOf(revision);
  const showbill = revision.showbillChanged ? revision.showbillUrl : undefined;
  return {
    submittedAt: revision.submittedAt.toISOString(),
    changes,
    fields: describeChanges(event as EditableValues, changes as EditableValues),
    /** The proposed showbill (null: removed; undefined: unchanged), with its preview. */
    showbillUrl: showbill,
    showbillPreviewUrl: showbill ? previewUrlOf(showbill) : null,
  };
}
export type PendingChange = ReturnType<typeof presentRevision>;

const pendingOf = preparedOnce((db) =>
  db
    .select({ revision: eventRevisions, event: events })
    .from(eventRevisions)
    .innerJoin(events, eq(events.id, eventRevisions.eventId))
    .where(sql`${eventRevisions.eventId} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
    .prepare(),
);

/**
 * The pending changes of these events that `viewer` created, by event id
 * (nobody else learns of them). The ids travel as one JSON array, so the
 * query is built once whatever their number; each change is described
 * against its event as stored.
 */
export function pendingChangesFor(db: Db, viewer: Pick<User, "id">, list: Pick<Event, "id" | "createdBy">[]): Map<string, PendingChange> {
  const own = list.filter((e) => e.createdBy === viewer.id).map((e) => e.id);
  if (!own.length) return new Map();
  return new Map(pendingOf(db).all({ ids: JSON.stringify(own) }).map((r) => [r.revision.eventId, presentRevision(r.event, r.revision)]));
}

/** The creator takes back their pending change; the listed version stays. */
export function withdrawRevision(db: Db, user: User, eventId: string) {
  const event = db
    .select({ showbillUrl: events.showbillUrl })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.createdBy, user.id)))
    .get();
  const row = event ? db.delete(eventRevisions).where(eq(eventRevisions.eventId, eventId)).returning().get() : null;
  if (!event || !row) throw new HttpError(404, "No change of yours is waiting for review on this event.");
  releaseUploads(db, [row.showbillUrl]);
}

const creator = alias(users, "creator");

/** Pending revisions, oldest first, with the listed event and its creator, for the review queue. */
export function listPendingRevisions(db: Db) {
  return db
    .select({ revision: eventRevisions, event: events, creator: { firstName: creator.firstName, lastName: creator.lastName, email: creator.email } })
    .from(eventRevisions)
    .innerJoin(events, eq(events.id, eventRevisions.eventId))
    .leftJoin(creator, eq(creator.id, events.createdBy))
    .orderBy(asc(eventRevisions.submittedAt))
    .all()
    .map(({ revision, event, creator }) => ({
      eventId: event.id,
      name: event.name,
      date: event.date,
      location: event.location,
      showbillApproved: event.showbillApproved,
      creator,
      ...presentRevision(event, revision),
    }));
}

/**
 * An admin approves (the change goes live) or rejects (it is discarded) a
 * pending revision, and its creator is told. Taking the revision out is the
 * guard: two admins deciding at once make one decision.
 */
export function reviewRevision(db: Db, admin: User, eventId: string, approved: boolean) {
  const now = new Date();
  const outcome = db.transaction((tx) => {
    const revision = tx.delete(eventRevisions).where(eq(eventRevisions.eventId, eventId)).returning().get();
    if (!revision) return null;
    const event = tx.select().from(events).where(eq(events.id, eventId)).get()!;
    if (!approved) return { event, revision, replaced: revision.showbillUrl };
    const changes = changesOf(revision);
    const change: Partial<NewEvent> = { ...changes, ...followingColumns(event, changes), updatedAt: now, showbillReviewedBy: admin.id, showbillReviewedAt: now };
    if (changes.zipCode && changes.zipCode !== event.zipCode) {
      const place = lookupZip(changes.zipCode);
      if (place) {
        change.latitude = place.latitude;
        change.longitude = place.longitude;
      }
    }
    const replaced = revision.showbillChanged ? event.showbillUrl : null;
    const updated = tx.update(events).set(change).where(eq(events.id, eventId)).returning().get();
    // The change may bring the event into riders' saved searches: they are alerted of it (once per event and rider).
    queueSavedSearchMatch(db, updated);
    return { event: updated, before: event, revision, replaced };
  });
  if (!outcome) {
    if (!db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).get()) throw new HttpError(404, "Event not found");
    throw new HttpError(404, "No change is waiting for review on this event.");
  }
  const { event, replaced } = outcome;
  // What riders who saved it are told: the change is live now. Not the creator who asked for it, nor the admin approving it.
  if ("before" in outcome && outcome.before) eventChanged(db, [admin.id, outcome.revision.submittedBy], outcome.before, event);
  // The file nothing refers to any more: the listed showbill a change replaced, or a rejected change's upload.
  releaseUploads(db, [replaced]);
  if (event.createdBy) {
    notifyUsers(db, [event.createdBy], {
      type: "showbill",
      subtype: approved ? "change-approved" : "change-rejected",
      title: approved ? "Change Approved" : "Change Rejected",
      message: approved
        ? `Your change to "${event.name}" is approved and now listed for riders.`
        : `Your change to "${event.name}" was not approved. The event stays listed as it was; you can edit it again.`,
      relatedEventId: event.id,
    });
  }
  audit(db, admin.id, { action: approved ? "event.change_approve" : "event.change_reject", targetType: "event", targetId: event.id, details: { target: event.name } });
  return event;
}
