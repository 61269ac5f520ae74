import { count, eq } from "drizzle-orm";
import {
  jobs,
  notifications,
  pushSubscriptions,
  users,
  type AlertEmail,
  type AlertKind,
} from "#db/schema";
import { addToDigest } from "./email.server";
import { enqueueJob } from "./jobs.server";
import { channelsFor } from "./preferences.server";
import { isUnsubscribed } from "./unsubscribe.server";
import { now } from "~/lib/clock.server";
import type { Db } from "~/lib/db.server";
import { publishUserChange } from "~/lib/live.server";

/**
 * An alert: something a rider asked to be told about (a new event matching
 * a saved search, a change to an event they saved, a reminder). It always
 * becomes an in-app notification; email and Web Push follow the rider's
 * choices (alert_preferences; defaults in app/schemas/alert-channels.ts).
 * The deliveries themselves are email.server.ts and push.server.ts.
 *
 * `subject` names what the alert is about, so that (rider, kind, subject)
 * happens once: a new event is `event:{id}` whatever search matched it, a
 * change `event:{id}:change:{sequence}`, a reminder names its moment.
 */
export type Alert = {
  userId: string;
  kind: AlertKind;
  subject: string;
  title: string;
  message: string;
  /** A path in the app: where tapping the alert leads. */
  url: string;
  relatedEventId?: string | null;
  /** Overrides the rider's email choice for this kind (a saved search has its own). */
  email?: AlertEmail;
};

const alertKey = (alert: Pick<Alert, "userId" | "kind" | "subject">) =>
  `alert:${alert.kind}:${alert.userId}:${alert.subject}`;

/**
 * Records the alert once and starts its deliveries; false when it was sent
 * before or the rider is not active (banned or gone). The ledger row in
 * `jobs` (kind "alert", already done) is what keeps it to once, across
 * retries, restarts and processes. Synchronous: it may run inside the
 * caller's transaction, and commits with it.
 */
export function sendAlert(db: Db, alert: Alert): boolean {
  // One connection, synchronous: every statement below is inside this transaction.
  const sent = db.transaction(() => {
    const user = db
      .select({ isActive: users.isActive, email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, alert.userId))
      .get();
    if (!user?.isActive) return false;
    const at = now();
    const key = alertKey(alert);
    const { changes } = db
      .insert(jobs)
      .values({ kind: "alert", key, dueAt: at, status: "done", finishedAt: at, payload: { userId: alert.userId } })
      .onConflictDoNothing({ target: jobs.key })
      .run();
    if (changes === 0) return false;

    db.insert(notifications)
      .values({
        userId: alert.userId,
        type: "alert",
        subtype: alert.kind,
        title: alert.title,
        message: alert.message,
        relatedEventId: alert.relatedEventId ?? null,
        metadata: { url: alert.url },
        createdAt: at,
      })
      .run();

    const channels = channelsFor(db, alert.userId, alert.kind);
    const email = alert.email ?? channels.email;
    const payload = { userId: alert.userId, kind: alert.kind, title: alert.title, message: alert.message, url: alert.url };
    // Alert mail goes only to a confirmed address that has not asked to stop.
    if (user.emailVerified && !isUnsubscribed(db, user.email)) {
      if (email === "instant") enqueueJob(db, { kind: "alert-email", key: `email:${key}`, dueAt: at, payload });
      if (email === "daily") addToDigest(db, payload, at);
    }
    if (channels.push) {
      const devices = db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, alert.userId)).get()?.n ?? 0;
      if (devices > 0) enqueueJob(db, { kind: "alert-push", key: `push:${key}`, dueAt: at, payload });
    }
    return true;
  });
  if (sent) publishUserChange([alert.userId]);
  return sent;
}
