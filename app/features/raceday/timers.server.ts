import { and, asc, eq } from "drizzle-orm";
import { events, raceTimers, users, type User } from "#db/schema";
import { notifyUsers } from "~/features/notifications/notifications.server";
import { config } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import { sendMailInBackground } from "~/lib/mail.server";
import { requireEventPermission } from "./access.server";
import { timerNamedEmail } from "./timer-mail.server";

/*
 * The timers a producer names for one event: other accounts, found by
 * email, who may take times at the booth. Only the producer (or an admin)
 * names or removes them.
 */

type Viewer = Pick<User, "id" | "isAdmin">;

/** The event's timers, as the producer named them (the email they typed is theirs to see). */
export function listTimers(db: Db, eventId: string) {
  return db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, addedAt: raceTimers.createdAt })
    .from(raceTimers)
    .innerJoin(users, eq(users.id, raceTimers.userId))
    .where(eq(raceTimers.eventId, eventId))
    .orderBy(asc(raceTimers.createdAt))
    .all()
    .map(({ firstName, lastName, ...t }) => ({ ...t, name: `${firstName} ${lastName}`.trim() }));
}
export type TimerView = ReturnType<typeof listTimers>[number];

export const NO_TIMER_ACCOUNT = "No active account uses that email: ask them to sign up, then add them";

/** Names the account with this email a timer of the event; naming one twice changes nothing. */
export function addTimer(db: Db, viewer: Viewer, eventId: string, email: string): { timer: TimerView; created: boolean } {
  const event = requireEventPermission(db, viewer, eventId, "manage");
  const account = db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
  if (!account || !account.isActive) throw new HttpError(404, NO_TIMER_ACCOUNT, { errors: { email: [NO_TIMER_ACCOUNT] } });
  if (account.id === event.createdBy) {
    const message = "The producer already times their own race";
    throw new HttpError(400, message, { errors: { email: [message] } });
  }
  const inserted = db.insert(raceTimers).values({ eventId, userId: account.id, addedBy: viewer.id }).onConflictDoNothing().returning().get();
  const timer = listTimers(db, eventId).find((t) => t.userId === account.id)!;
  // A timer nobody tells cannot find the booth: told once, in the app and by mail, with its link.
  if (inserted) {
    const boothPath = `/events/${eventId}/booth`;
    notifyUsers(db, [account.id], {
      type: "race_timer",
      title: `You time ${event.name}`,
      message: `You were named a timer of ${event.name}. The booth: ${boothPath}`,
      relatedEventId: eventId,
      metadata: { url: boothPath },
    });
    sendMailInBackground(timerNamedEmail(account.email, account.firstName, event.name, `${config().appOrigin}${boothPath}`));
  }
  return { timer, created: Boolean(inserted) };
}

/** Removes a timer; a user who is not one answers 404. */
export function removeTimer(db: Db, viewer: Viewer, eventId: string, userId: string) {
  requireEventPermission(db, viewer, eventId, "manage");
  const result = db.delete(raceTimers).where(and(eq(raceTimers.eventId, eventId), eq(raceTimers.userId, userId))).run();
  if (result.changes === 0) throw new HttpError(404, "Timer not found");
}

/** The events a user is named to time, soonest first: My Events lists them with the booth's link. */
export function eventsTimedBy(db: Db, userId: string) {
  return db
    .select({ eventId: events.id, name: events.name, date: events.date })
    .from(raceTimers)
    .innerJoin(events, eq(events.id, raceTimers.eventId))
    .where(eq(raceTimers.userId, userId))
    .orderBy(asc(events.date))
    .all();
}
