import { formatRunTime } from "~/schemas/run-basics";
import { and, eq } from "drizzle-orm";
import { runLogs, users, type User } from "#db/schema";
import { getVisibleEvent } from "~/features/events/visibility.server";
import { notifyUsers } from "~/features/notifications/notifications.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { formatDateRange } from "~/features/events/format";
import { nameSeenBy } from "./social.server";

/** Someone the viewer may share with: active, not SOLO (never findable), not themself. */
function recipient(db: Db, viewer: User, targetUserId: string) {
  if (targetUserId === viewer.id) throw new HttpError(400, "Choose another rider to share with.");
  const target = db.select().from(users).where(eq(users.id, targetUserId)).get();
  if (!target || !target.isActive || target.privacyMode === "SOLO") throw new HttpError(404, "User not found");
  return target;
}

/** An event the viewer may send to a rider: approved and visible to them; throws otherwise. */
export function shareableEvent(db: Db, viewer: User, eventId: string) {
  // The notification names the sender: a SOLO rider, never shown to anyone, shares by link instead.
  if (viewer.privacyMode === "SOLO") {
    throw new HttpError(403, "Your profile is Private: copy the link to share, or choose Invite Only or Public in Settings.");
  }
  const event = getVisibleEvent(db, eventId, viewer);
  if (!event || !event.showbillApproved) throw new HttpError(404, "Event not found");
  return event;
}

/** Shares a visible event; the recipient gets a notification that opens it. */
export function shareEvent(db: Db, viewer: User, eventId: string, targetUserId: string) {
  const event = shareableEvent(db, viewer, eventId);
  const target = recipient(db, viewer, targetUserId);
  const name = nameSeenBy(db, target, viewer);
  notifyUsers(db, [target.id], {
    type: "shared_event",
    title: `${name} shared an event`,
    message: `${name} thinks you'd like ${event.name} (${formatDateRange(event.date, event.endDate)}, ${event.location}).`,
    relatedEventId: event.id,
    metadata: { sharedById: viewer.id, sharedByName: name },
  });
}

/**
 * A run the viewer may send to a rider: their own PUBLIC run (the
 * notification opens its share page, which shows only public runs); throws
 * otherwise.
 */
export function shareableRun(db: Db, viewer: User, runLogId: string) {
  const run = db.select().from(runLogs).where(and(eq(runLogs.id, runLogId), eq(runLogs.userId, viewer.id))).get();
  if (!run) throw new HttpError(404, "Run log not found");
  if (run.privacy !== "PUBLIC" || viewer.privacyMode === "SOLO") {
    throw new HttpError(400, "Make the run public before sharing it.");
  }
  return run;
}

/** Shares one's own public run; the recipient gets a notification that opens it. */
export function shareRun(db: Db, viewer: User, runLogId: string, targetUserId: string) {
  const run = shareableRun(db, viewer, runLogId);
  const target = recipient(db, viewer, targetUserId);
  const name = nameSeenBy(db, target, viewer);
  notifyUsers(db, [target.id], {
    type: "shared_run",
    title: `${name} shared a run`,
    message: `${name} shared a run at ${run.arenaName}${run.time ? ` (${formatRunTime(run.time)})` : ""}.`,
    relatedRunLogId: run.id,
    metadata: { sharedById: viewer.id, sharedByName: name },
  });
}
