import { and, eq } from "drizzle-orm";
import { events, savedEvents, users, type Event, type Job } from "#db/schema";
import { sendAlert } from "~/features/alerts/alerts.server";
import { cancelJob, enqueueJob } from "~/features/alerts/jobs.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { zoneOfZip } from "./zones.server";
import { formatDateRange, formatLocalTime } from "./format";
import { canViewEvent } from "./policies.server";
import { addDays } from "~/lib/dates";
import { zonedInstant } from "~/lib/zoned-time";

/**
 * Reminders to the riders who saved an event: 48 hours before its entries
 * close, and the day before it at 9:00 in the event's own zone. One job per
 * rider and reminder, keyed `reminder:{userId}:{eventId}:{what}:{when}`
 * (`when`: the entries-close instant in ms, or the event's date), so a key
 * names one moment of one event for one rider and is enqueued once.
 *
 * Saving schedules them, unsaving cancels them; a change of the event's
 * entries close or date cancels the keys of the old moments and schedules
 * the new ones for every rider who saved it. A reminder whose time has
 * passed but whose moment has not (a rider saving 10 hours before entries
 * close) is due at once. The job re-checks everything when it runs: the
 * event still exists, is listed and scheduled (not cancelled or postponed),
 * still at that moment, the rider still saved it and may see it, and the
 * moment is still ahead; otherwise it does nothing. The alert's subject
 * (`event:{id}:entries-close:{ms}`, `event:{id}:day-before:{date}`) makes
 * it once per rider whatever happens to the jobs.
 */
export const REMINDER_JOB = "event-reminder";
const ENTRIES_CLOSE_LEAD_MS = 48 * 60 * 60 * 1000;
/** The day-before reminder's local time: morning, when riders plan the haul. */
const DAY_BEFORE_TIME = "09:00";

type What = "entries-close" | "day-before";
type Moment = { what: What; when: string; dueAt: Date; deadline: Date };
type Timed = Pick<Event, "id" | "date" | "zipCode" | "entriesCloseAt">;

/** The reminders an event has: when each is due, and the moment after which it means nothing. */
export function momentsOf(event: Timed): Moment[] {
  const out: Moment[] = [];
  if (event.entriesCloseAt) {
    const at = event.entriesCloseAt.getTime();
    out.push({ what: "entries-close", when: String(at), dueAt: new Date(at - ENTRIES_CLOSE_LEAD_MS), deadline: new Date(at) });
  }
  const zone = zoneOfZip(event.zipCode);
  out.push({
    what: "day-before",
    when: event.date,
    dueAt: zonedInstant(`${addDays(event.date, -1)}T${DAY_BEFORE_TIME}`, zone),
    deadline: zonedInstant(`${event.date}T00:00`, zone),
  });
  return out;
}

const reminderKey = (userId: string, eventId: string, m: Pick<Moment, "what" | "when">) => `reminder:${userId}:${eventId}:${m.what}:${m.when}`;

function schedule(db: Db, userId: string, eventId: string, moments: Moment[], at: Date) {
  for (const m of moments) {
    if (m.deadline <= at) continue;
    const dueAt = m.dueAt > at ? m.dueAt : at;
    enqueueJob(db, { kind: REMINDER_JOB, key: reminderKey(userId, eventId, m), dueAt, payload: { userId, eventId, what: m.what, when: m.when } });
  }
}

/** A rider saved the event: their reminders are scheduled (again, harmlessly, if they were). */
export function scheduleReminders(db: Db, userId: string, event: Timed) {
  schedule(db, userId, event.id, momentsOf(event), now());
}

/** A rider unsaved the event: their reminders that have not run are cancelled. */
export function cancelReminders(db: Db, userId: string, event: Timed) {
  for (const m of momentsOf(event)) cancelJob(db, reminderKey(userId, event.id, m));
}

/** The event's entries close or date moved: every saver's old reminders give way to the new ones. */
export function rescheduleReminders(db: Db, before: Timed, after: Timed) {
  const old = momentsOf(before);
  const next = momentsOf(after);
  const keys = (list: Moment[]) => list.map((m) => `${m.what}:${m.when}`).join(",");
  if (keys(old) === keys(next)) return;
  const savers = db.select({ userId: savedEvents.userId }).from(savedEvents).where(eq(savedEvents.eventId, after.id)).all();
  const at = now();
  db.transaction(() => {
    for (const { userId } of savers) {
      for (const m of old) cancelJob(db, reminderKey(userId, after.id, m));
      schedule(db, userId, after.id, next, at);
    }
  });
}

type Payload = { userId: string; eventId: string; what: What; when: string };

/** The reminder job: checks at run time that it still means something, then alerts the rider once. */
export function runReminder(db: Db, job: Job, ctx: { now: Date }) {
  const p = job.payload as Payload;
  const event = db.select().from(events).where(eq(events.id, p.eventId)).get();
  if (!event || !event.showbillApproved || event.status !== "SCHEDULED") return;
  const viewer = db.select({ id: users.id, isAdmin: users.isAdmin }).from(users).where(eq(users.id, p.userId)).get();
  if (!viewer || !canViewEvent(viewer, event)) return;
  const saved = db
    .select({ id: savedEvents.id })
    .from(savedEvents)
    .where(and(eq(savedEvents.userId, p.userId), eq(savedEvents.eventId, p.eventId)))
    .get();
  if (!saved) return;
  const moment = momentsOf(event).find((m) => m.what === p.what && m.when === p.when);
  if (!moment || moment.deadline <= ctx.now) return;
  const url = `/share/event/${event.id}`;
  if (p.what === "entries-close") {
    const where = event.entryContact ? ` Enter: ${event.entryContact}` : "";
    sendAlert(db, {
      userId: p.userId,
      kind: "reminder",
      subject: `event:${event.id}:entries-close:${p.when}`,
      title: "Entries Close Soon",
      message: `Entries for "${event.name}" close ${formatLocalTime(event.entriesClose ?? "")} (local time).${where}`,
      url,
      relatedEventId: event.id,
    });
    return;
  }
  const place = [event.arenaName, event.location].filter(Boolean).join(", ");
  sendAlert(db, {
    userId: p.userId,
    kind: "reminder",
    subject: `event:${event.id}:day-before:${event.date}`,
    title: "Event Tomorrow",
    message: `"${event.name}" starts tomorrow (${formatDateRange(event.date, event.endDate)}) at ${place}.`,
    url,
    relatedEventId: event.id,
  });
}
