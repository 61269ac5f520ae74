import { and, count, eq, notInArray } from "drizzle-orm";
import webpush from "web-push";
import { jobs, pushSubscriptions, users, type Job } from "#db/schema";
import { config } from "~/lib/config.server";
import type { Db } from "~/lib/db.server";
import { HttpError } from "~/lib/http.server";
import type { PushSubscriptionInput } from "~/schemas/alert-channels";
import type { AlertMessage } from "./email.server";
import { endpointProblem, pushAgent } from "./push-endpoints.server";

/**
 * The Web Push channel of alerts. A rider turns push on per device: the
 * browser's subscription (its push service's endpoint and the keys that
 * encrypt for it) is stored here; the `alert-push` job sends the alert to
 * each of the rider's devices, signed with the server's VAPID key and
 * encrypted for that device (web-push does both). A push service answering
 * 404 or 410 says the subscription is gone for good, and 403 that it was
 * made for other VAPID keys (the server's changed): it is removed either
 * way, and the browser subscribes again with the new key next time.
 * Endpoints are held to the public internet (push-endpoints.server.ts).
 */

/** What a push service answers for a subscription that will never take a push again. */
const GONE_STATUSES = new Set([403, 404, 410]);

/** A day: an alert still worth showing on a phone that was off overnight, not a week later. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The push services take up to 4 KB encrypted; an alert's text is cut well below. */
const MAX_BODY = 600;

/** `sessionSid`: the session it is made in; ending that session removes it (db/schema/alerts.ts). */
export function savePushSubscription(db: Db, userId: string, input: PushSubscriptionInput, userAgent: string | null, sessionSid: string) {
  const problem = endpointProblem(input.endpoint, config().pushAllowedHosts);
  if (problem) throw new HttpError(400, problem);
  const values = { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent?.slice(0, 300) ?? null, sessionSid };
  // One endpoint is one browser: subscribing again (new keys, or another rider signed in on it) takes it over.
  db.insert(pushSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, ...values } })
    .run();
}

/** Removes the rider's subscription for this endpoint; false if they had none. */
export function deletePushSubscription(db: Db, userId: string, endpoint: string) {
  const { changes } = db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .run();
  return changes > 0;
}

export function hasPushSubscription(db: Db, userId: string, endpoint: string) {
  return (
    db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .get() !== undefined
  );
}

export function countPushSubscriptions(db: Db, userId: string) {
  return db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).get()?.n ?? 0;
}

/** What the service worker shows (public/sw.js reads exactly these fields). */
function pushPayload(alert: Pick<AlertMessage, "title" | "message" | "url">) {
  const body = alert.message.length > MAX_BODY ? `${alert.message.slice(0, MAX_BODY - 1)}…` : alert.message;
  return JSON.stringify({ title: alert.title, body, url: alert.url });
}

type PushPayload = AlertMessage & { delivered?: number[] };

/**
 * The `alert-push` job: the alert to every device of the rider. Each device
 * that took it is written into the job, so a retry (another device's push
 * service failed) sends only to the devices still owed it.
 */
export async function runAlertPush(db: Db, job: Job) {
  const payload = job.payload as PushPayload;
  const user = db.select({ isActive: users.isActive }).from(users).where(eq(users.id, payload.userId)).get();
  if (!user?.isActive) return;
  const delivered = [...(payload.delivered ?? [])];
  const devices = db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, payload.userId), notInArray(pushSubscriptions.id, delivered)))
    .all();
  const { vapid, pushAllowedHosts } = config();
  const body = pushPayload(payload);
  const failures: string[] = [];
  const agent = pushAgent(pushAllowedHosts);
  for (const device of devices) {
    // Saved before endpoints were checked, or no longer allowed: never deliverable, so it goes.
    if (endpointProblem(device.endpoint, pushAllowedHosts)) {
      db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)).run();
      continue;
    }
    try {
      await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        timeout: 15_000,
        agent,
      });
      delivered.push(device.id);
      db.update(jobs)
        .set({ payload: { ...payload, delivered } })
        .where(eq(jobs.id, job.id))
        .run();
    } catch (error) {
      if (error instanceof webpush.WebPushError && GONE_STATUSES.has(error.statusCode)) {
        db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)).run();
      } else {
        // The host only (the path is the device's secret), for the admins' list of failed deliveries.
        const status = error instanceof webpush.WebPushError ? `${error.statusCode} ${error.body}`.trim() : String(error);
        failures.push(`${new URL(device.endpoint).host}: ${status}`);
      }
    }
  }
  if (failures.length > 0) throw new Error(`push not delivered to ${failures.length} device(s): ${failures.join("; ")}`);
}
