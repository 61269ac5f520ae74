import { eq } from "drizzle-orm";
import { z } from "zod";
import { horseDocuments, horses, users, type HorseDocument, type User } from "#db/schema";
import { sendAlert } from "~/features/alerts/alerts.server";
import { cancelJob, enqueueJob } from "~/features/alerts/jobs.server";
import { dayIn } from "~/features/events/dates";
import { homeZone } from "~/features/events/zones.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { addDays, formatDate } from "~/lib/dates";
import { daysBetween, PAPER_LABELS, PAPER_SHORT, REMINDER_DAYS, type ReminderDays } from "~/schemas/papers";
import { zonedInstant } from "~/lib/zoned-time";

/*
 * Reminders that a horse's paper expires: 30 days before, 7 days before and
 * on the day, at REMINDER_TIME in the owner's time zone (their home ZIP's
 * state), as "reminder" alerts (in-app, and email and Web Push as the rider
 * chose for reminders). Each is a durable job keyed by paper, offset and
 * expiry date, so it happens once however often the paper is saved; moving
 * the expiry cancels the pending ones and schedules the new date's. A paper
 * saved inside a window (expiring in 20 days) gets the nearest reminder that
 * is already due at once, never the ones before it; an expired paper gets
 * none. The job checks again when it runs: the paper still there with that
 * expiry, its horse not retired, its owner active.
 */

export const PAPER_REMINDER_JOB = "paper-reminder";
/** 9 in the morning where the rider lives: read before the day's riding, never in the night. */
const REMINDER_TIME = "09:00";

const payloadSchema = z.object({ docId: z.string(), days: z.union([z.literal(30), z.literal(7), z.literal(0)]), expiresOn: z.string() });
type Payload = z.infer<typeof payloadSchema>;

const jobKey = (p: Payload) => `${PAPER_REMINDER_JOB}:${p.docId}:${p.days}:${p.expiresOn}`;

/** Schedules a paper's reminders (call inside the transaction that saves it). */
export function schedulePaperReminders(db: Db, doc: HorseDocument, owner: Pick<User, "homeZipCode">) {
  if (!doc.expiresOn) return;
  const expiresOn = doc.expiresOn;
  const zone = homeZone(owner);
  const at = now();
  const due = REMINDER_DAYS.map((days) => ({ days, dueAt: zonedInstant(`${addDays(expiresOn, -days)}T${REMINDER_TIME}`, zone) }));
  const passed = due.filter((d) => d.dueAt <= at);
  // REMINDER_DAYS runs from the earliest reminder to the day itself: the last one passed is the nearest.
  const nearest = passed.at(-1);
  if (nearest && dayIn(zone, at) <= expiresOn) enqueue(db, { docId: doc.id, days: nearest.days, expiresOn }, at);
  for (const d of due) if (d.dueAt > at) enqueue(db, { docId: doc.id, days: d.days, expiresOn }, d.dueAt);
}

function enqueue(db: Db, payload: Payload, dueAt: Date) {
  enqueueJob(db, { kind: PAPER_REMINDER_JOB, key: jobKey(payload), dueAt, payload });
}

/** Cancels a paper's pending reminders for its expiry on record (those already sent stay sent). */
export function cancelPaperReminders(db: Db, doc: Pick<HorseDocument, "id" | "expiresOn">) {
  if (!doc.expiresOn) return;
  for (const days of REMINDER_DAYS) cancelJob(db, jobKey({ docId: doc.id, days, expiresOn: doc.expiresOn }));
}

function reminderText(horseName: string, kind: HorseDocument["kind"], expiresOn: string, left: number) {
  const short = PAPER_SHORT[kind];
  const when = left === 0 ? "today" : `in ${left} day${left === 1 ? "" : "s"}`;
  return {
    title: `${horseName}'s ${short} expires ${when}`,
    message: `${PAPER_LABELS[kind]} for ${horseName} expires on ${formatDate(`${expiresOn}T12:00:00Z`)}. Add the new one when you have it.`,
  };
}

/** The job: checks the paper is still as it was, then sends the reminder alert (once per paper, offset and expiry). */
export function paperReminderJob(db: Db, job: { payload?: unknown }, ctx: { now: Date }) {
  const parsed = payloadSchema.safeParse(job.payload);
  if (!parsed.success) return;
  const { docId, days, expiresOn } = parsed.data;
  const row = db
    .select({ doc: horseDocuments, horse: horses, owner: users })
    .from(horseDocuments)
    .innerJoin(horses, eq(horses.id, horseDocuments.horseId))
    .innerJoin(users, eq(users.id, horseDocuments.userId))
    .where(eq(horseDocuments.id, docId))
    .get();
  // Deleted, its expiry moved, its horse retired, or its owner gone: nothing to remind.
  if (!row || row.doc.expiresOn !== expiresOn || row.horse.retiredAt || !row.owner.isActive) return;
  const left = daysBetween(dayIn(homeZone(row.owner), ctx.now), expiresOn);
  if (left < 0) return; // run late (the server was down past the expiry): the list says Expired
  sendAlert(db, {
    userId: row.owner.id,
    kind: "reminder",
    subject: `paper:${docId}:${days satisfies ReminderDays}:${expiresOn}`,
    ...reminderText(row.horse.name, row.doc.kind, expiresOn, left),
    url: `/horses/${row.horse.id}/papers`,
  });
}
