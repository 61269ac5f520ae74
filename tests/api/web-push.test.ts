import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { alertPreferences, jobs, pushSubscriptions, users } from "../../db/schema";
import { setClock } from "../../app/lib/clock.server";
import { sendAlert, type Alert } from "../../app/features/alerts/alerts.server";
import { PUSH_TTL_SECONDS } from "../../app/features/alerts/push.server";
import { RETRY_AFTER_MS } from "../../server/jobs";
import { signedInRider, signIn } from "../helpers/factories";
import { startPushService, trustPushService, type PushService } from "../helpers/push-service";
import { startTestServer, type Client, type TestServer } from "../helpers/server";

/**
 * Web Push end to end: a rider's device subscribes through the API with
 * keys the test made; alerts go through the job runner and web-push to the
 * test's push service, which checks the VAPID signature and TTL and
 * decrypts the payload with the subscription's keys.
 */
let app: TestServer;
let push: PushService;
let vapidPublicKey: string;
beforeAll(async () => {
  app = await startTestServer({}, { jobs: true });
  push = await startPushService();
  trustPushService();
});
afterAll(async () => {
  await push.close();
  await app.close();
});
afterEach(() => setClock(null));

let seq = 0;
const alert = (userId: string, overrides: Partial<Alert> = {}): Alert => ({
  userId,
  kind: "change",
  subject: `event:p${++seq}-${Date.now()}:change:1`,
  title: `Spring Fling ${seq} cancelled`,
  message: `Spring Fling ${seq} on Mar 6, 2030 is cancelled: arena flooded.`,
  url: `/share/event/p${seq}`,
  ...overrides,
});

async function subscribe(client: Client) {
  const subscription = push.subscription();
  const res = await client.json("/api/push-subscriptions", "POST", subscription);
  expect(res.status).toBe(201);
  return subscription;
}
const devicesOf = (userId: string) => app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).all();
const pushJob = (a: Alert) => app.db.select().from(jobs).where(eq(jobs.key, `push:alert:${a.kind}:${a.userId}:${a.subject}`)).get();

describe("Web Push", () => {
  it("delivers an alert signed with the server's VAPID key, with a TTL, encrypted for the device", async () => {
    const { user, client } = await signedInRider(app);
    const info = (await (await client.get("/api/push-subscriptions")).json()) as { vapidPublicKey: string; devices: number };
    vapidPublicKey = info.vapidPublicKey;
    expect(Buffer.from(vapidPublicKey, "base64url")).toHaveLength(65);
    expect(info.devices).toBe(0);
    const device = await subscribe(client);
    const state = (await (await client.get(`/api/push-subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`)).json()) as Record<string, unknown>;
    expect(state).toMatchObject({ devices: 1, subscribed: true });

    const a = alert(user.id);
    expect(sendAlert(app.db, a)).toBe(true);
    await app.runJobs();
    const [received, ...more] = push.to(device.endpoint);
    expect(more).toHaveLength(0);
    expect(received!.error).toBeUndefined();
    expect(received).toMatchObject({
      status: 201,
      ttl: PUSH_TTL_SECONDS,
      vapid: { k: vapidPublicKey, aud: push.origin, sub: expect.stringMatching(/^mailto:/) },
      payload: { title: a.title, body: a.message, url: a.url },
    });
    expect(pushJob(a)).toMatchObject({ status: "done", attempts: 1 });

    // Done is done.
    setClock(new Date(Date.now() + 3 * 60 * 60_000));
    await app.runJobs();
    expect(push.to(device.endpoint)).toHaveLength(1);
  });

  it("removes a subscription its push service answers 410 Gone, 404, or 403 (made for other VAPID keys), and still delivers to the others", async () => {
    const { user, client } = await signedInRider(app);
    const [kept, gone, missing, otherKeys] = [await subscribe(client), await subscribe(client), await subscribe(client), await subscribe(client)];
    push.answer(gone.endpoint, 410);
    push.answer(missing.endpoint, 404);
    push.answer(otherKeys.endpoint, 403);
    const a = alert(user.id);
    sendAlert(app.db, a);
    await app.runJobs();
    expect(push.to(kept.endpoint)).toHaveLength(1);
    expect(push.to(gone.endpoint).map((r) => r.status)).toEqual([410]);
    expect(push.to(missing.endpoint).map((r) => r.status)).toEqual([404]);
    expect(push.to(otherKeys.endpoint).map((r) => r.status)).toEqual([403]);
    expect(devicesOf(user.id).map((d) => d.endpoint)).toEqual([kept.endpoint]);
    expect(pushJob(a)).toMatchObject({ status: "done" });
  });

  it("retries a device whose push service fails, without pushing twice to the one that took it", async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    const { user, client } = await signedInRider(app);
    const [healthy, flaky] = [await subscribe(client), await subscribe(client)];
    push.answer(flaky.endpoint, 503);
    const start = Date.now();
    setClock(new Date(start));
    const a = alert(user.id);
    sendAlert(app.db, a);
    await app.runJobs();
    expect(pushJob(a)).toMatchObject({ status: "pending", attempts: 1 });
    expect(pushJob(a)!.lastError).toContain("503");
    expect(push.to(healthy.endpoint)).toHaveLength(1);

    push.answer(flaky.endpoint, 201);
    setClock(new Date(start + RETRY_AFTER_MS[0]! + 1000));
    await app.runJobs();
    expect(pushJob(a)).toMatchObject({ status: "done", attempts: 2 });
    expect(push.to(healthy.endpoint)).toHaveLength(1);
    expect(push.to(flaky.endpoint).map((r) => r.status)).toEqual([503, 201]);
    expect(devicesOf(user.id)).toHaveLength(2);
  });

  it("pushes nothing when the rider turned push off for that kind, or was banned meanwhile", async () => {
    const quiet = await signedInRider(app);
    const quietDevice = await subscribe(quiet.client);
    app.db.insert(alertPreferences).values({ userId: quiet.user.id, kind: "reminder", email: "off", push: false }).run();
    const reminder = alert(quiet.user.id, { kind: "reminder" });
    expect(sendAlert(app.db, reminder)).toBe(true);
    expect(pushJob(reminder)).toBeUndefined();

    const banned = await signedInRider(app);
    const bannedDevice = await subscribe(banned.client);
    const a = alert(banned.user.id);
    sendAlert(app.db, a);
    app.db.update(users).set({ isActive: false }).where(eq(users.id, banned.user.id)).run();
    await app.runJobs();
    expect(push.to(quietDevice.endpoint)).toHaveLength(0);
    expect(push.to(bannedDevice.endpoint)).toHaveLength(0);
    expect(pushJob(a)).toMatchObject({ status: "done" });
  });

  it("turns a device off, and refuses a subscription that is not one", async () => {
    const { user, client } = await signedInRider(app);
    const device = await subscribe(client);
    const off = await client.json("/api/push-subscriptions", "DELETE", { endpoint: device.endpoint });
    expect(off.status).toBe(200);
    expect(devicesOf(user.id)).toHaveLength(0);
    expect((await client.json("/api/push-subscriptions", "DELETE", { endpoint: device.endpoint })).status).toBe(200);
    sendAlert(app.db, alert(user.id));
    await app.runJobs();
    expect(push.to(device.endpoint)).toHaveLength(0);

    const good = push.subscription();
    for (const [body, message] of [
      [{ ...good, endpoint: "http://127.0.0.1/push/x" }, "endpoint must be an https URL"],
      [{ ...good, endpoint: "not a url" }, "endpoint must be an https URL"],
      [{ endpoint: good.endpoint }, "keys (p256dh and auth) are required"],
      [{ ...good, keys: { ...good.keys, p256dh: "short" } }, "keys.p256dh must be a P-256 public key in base64url"],
      [{ ...good, keys: { ...good.keys, auth: "!!" } }, "keys.auth must be the 16-byte auth secret in base64url"],
      [{}, "endpoint is required"],
    ] as const) {
      const res = await client.json("/api/push-subscriptions", "POST", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect(devicesOf(user.id)).toHaveLength(0);
    expect((await app.client().json("/api/push-subscriptions", "POST", good)).status).toBe(401);
  });

  it("stops pushing to a device once its rider signs out there, but not to their other devices", async () => {
    const { user, client } = await signedInRider(app);
    const phone = await subscribe(client);
    const tablet = app.client();
    await signIn(tablet, user.email);
    const tabletDevice = await subscribe(tablet);
    expect(devicesOf(user.id)).toHaveLength(2);

    expect((await client.json("/api/auth/logout", "POST")).status).toBeLessThan(400);
    expect(devicesOf(user.id).map((d) => d.endpoint)).toEqual([tabletDevice.endpoint]);
    const a = alert(user.id);
    sendAlert(app.db, a);
    await app.runJobs();
    expect(push.to(phone.endpoint)).toHaveLength(0);
    expect(push.to(tabletDevice.endpoint)).toHaveLength(1);
  });
});
