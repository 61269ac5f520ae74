import { eq } from "drizzle-orm";
import { savedEvents, type Event } from "#db/schema";
import { sendAlert } from "~/features/alerts/alerts.server";
import type { Db } from "~/lib/db.server";
import { EVENT_STATUS_LABELS } from "~/schemas/events";
import { describeChanges, type EditableValues } from "./changes";
import { rescheduleReminders } from "./reminders.server";

/**
 * What riders who saved an event are told when it changes in a way that
 * changes their plans: its dates, its place (arena, address, City, State,
 * ZIP code) or its status. Each such change raised the event's calendar
 * sequence, so the alert's subject `event:{id}:change:{sequence}` names
 * that one change: a rider is told of it once, and of the next one too.
 */
const ALERT_FIELDS = ["date", "endDate", "arenaName", "address", "location", "zipCode"] as const;

/** "Dates: Mar 6, 2031 → Mar 8, 2031", one line per changed field, the status last with its reason. */
function changeLines(before: Event, after: Event): string[] {
  const changes: EditableValues = {};
  for (const field of ALERT_FIELDS) {
    if ((before[field] ?? null) !== (after[field] ?? null)) changes[field] = after[field];
  }
  const lines = describeChanges(before as EditableValues, changes).map((c) => `${c.label}: ${c.before} → ${c.after}`);
  if (before.status !== after.status) {
    const reason = after.status !== "SCHEDULED" && after.statusReason ? ` (${after.statusReason})` : "";
    lines.push(`Status: ${EVENT_STATUS_LABELS[before.status]} → ${EVENT_STATUS_LABELS[after.status]}${reason}`);
  }
  return lines;
}

function titleOf(before: Event, after: Event) {
  if (before.status === after.status) return "Event Changed";
  return { CANCELLED: "Event Cancelled", POSTPONED: "Event Postponed", SCHEDULED: "Event Back on Schedule" }[after.status];
}

/**
 * After a listed event changed (a status set, an admin's edit, an approved
 * revision): its savers' reminders follow its new moments, and each saver
 * but the people who made the change is alerted with what changed. Answers
 * how many riders were alerted.
 */
export function eventChanged(db: Db, madeBy: Array<string | null | undefined>, before: Event, after: Event): number {
  rescheduleReminders(db, before, after);
  if (!after.showbillApproved || after.sequence === before.sequence) return 0;
  const lines = changeLines(before, after);
  if (!lines.length) return 0;
  const skip = new Set(madeBy.filter(Boolean));
  const savers = db.select({ userId: savedEvents.userId }).from(savedEvents).where(eq(savedEvents.eventId, after.id)).all();
  let sent = 0;
  for (const { userId } of savers) {
    if (skip.has(userId)) continue;
    const ok = sendAlert(db, {
      userId,
      kind: "change",
      subject: `event:${after.id}:change:${after.sequence}`,
      title: titleOf(before, after),
      message: `"${after.name}": ${lines.join("; ")}`,
      url: `/share/event/${after.id}`,
      relatedEventId: after.id,
    });
    if (ok) sent++;
  }
  return sent;
}
