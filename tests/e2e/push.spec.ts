import { expect, request, test } from "@playwright/test";
import Database from "better-sqlite3";
import { startPushService, type PushService } from "../helpers/push-service";
import { DEMO_PASSWORD, expectAccessible, screenshot, signIn, withDb } from "./helpers";

/**
 * Turning on Web Push for this device in Settings, then an alert reaching
 * it. The e2e server trusts the test push service's certificate
 * (NODE_EXTRA_CA_CERTS in playwright.config.ts).
 *
 * Chromium here cannot subscribe for real: tried first, with the
 * notification permission granted, PushManager.subscribe fails with
 * "AbortError: Registration failed - permission denied" (headless Chromium
 * has no push messaging), and a real subscription's endpoint would be the
 * browser's own push service (Google's FCM), never the test's. So this page's
 * PushManager.prototype.subscribe, and nothing else, is replaced before the
 * app loads by one answering a subscription to the test's push service
 * with keys the test made. Everything after it is real: the permission
 * prompt (granted), the app's POST of the subscription, the change alert,
 * the job runner, web-push's VAPID signature and encryption, and the
 * service worker showing the decrypted message.
 */
const RIDER = "tara";



const userId = (db: Database.Database, who: string) =>
  (db.prepare("select id from users where email = ?").get(`${who}@demo.cloverleaf.app`) as { id: string }).id;

/** A listed event of Cody's that the rider saved; the rider starts with no push devices. */
function savedEvent(name: string) {
  return withDb((db) => {
    const eventId = crypto.randomUUID();
    db.prepare(
      `insert into events (id, name, date, location, zip_code, arena_name, arena_type, event_type, latitude, longitude, created_by, showbill_approved, created_at)
       values (?, ?, '2031-11-14', 'Ada, OK', '74820', 'Pontotoc County Agri-Plex', 'indoor', '["barrel_racing"]', 34.7745, -96.6783, ?, 1, ?)`,
    ).run(eventId, name, userId(db, "cody"), Date.now());
    db.prepare("insert into saved_events (user_id, event_id, saved_at) values (?, ?, ?)").run(userId(db, RIDER), eventId, Date.now());
    db.prepare("delete from push_subscriptions where user_id = ?").run(userId(db, RIDER));
    return eventId;
  });
}

let push: PushService | undefined;
test.afterEach(async () => {
  await push?.close();
  push = undefined;
});

test("turn on notifications on this device in Settings; a change to a saved event then arrives as a push", async ({ page, context, baseURL }, info) => {
  test.setTimeout(90_000);
  const js = info.project.use.javaScriptEnabled !== false;
  await signIn(page, RIDER);
  const section = page.locator("#alert-channels");

  if (!js) {
    await page.goto("/settings#alert-channels");
    await expect(section.getByText("Turning on notifications for this device needs JavaScript.")).toBeVisible();
    // The channels themselves are a plain form.
    await section.getByLabel("Email").first().selectOption("daily");
    await section.getByRole("button", { name: "Save alert channels" }).click();
    await expect(page.getByText("Alert channels saved")).toBeVisible();
    await expect(section.getByLabel("Email").first()).toHaveValue("daily");
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `push-settings-${info.project.name}`);
    await section.getByLabel("Email").first().selectOption("instant");
    await section.getByRole("button", { name: "Save alert channels" }).click();
    await expect(page.getByText("Alert channels saved")).toBeVisible();
    return;
  }

  push = await startPushService();
  const subscription = push.subscription();
  const name = `Ada Winter Barrels ${Date.now().toString(36)}`;
  const eventId = savedEvent(name);
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await page.addInitScript((sub) => {
    PushManager.prototype.subscribe = async function () {
      return {
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => sub,
        unsubscribe: async () => true,
      } as unknown as PushSubscription;
    };
  }, subscription);

  await page.goto("/settings#alert-channels");
  const device = section.getByRole("group", { name: "Push on this device" });
  await expect(device.getByRole("status")).toHaveText("Off on this device.");
  await device.scrollIntoViewIfNeeded();
  await screenshot(page, "push-settings-off-js");
  await device.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(device.getByRole("status")).toHaveText("On: alerts with Push checked arrive on this device.");
  await expect(device.getByRole("button", { name: "Turn off notifications on this device" })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "push-settings-on-js");
  const stored = withDb((db) => db.prepare("select endpoint, p256dh, auth from push_subscriptions where user_id = ?").all(userId(db, RIDER)));
  expect(stored).toEqual([{ endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }]);

  // The producer cancels the event: the rider who saved it is told, and the server pushes to the device.
  const producer = await request.newContext({ baseURL });
  try {
    expect((await producer.post("/api/auth/login", { data: { email: "cody@demo.cloverleaf.app", password: DEMO_PASSWORD } })).status()).toBe(200);
    const cancel = await producer.post(`/api/events/${eventId}/status`, { data: { status: "CANCELLED", reason: "Arena flooded" } });
    expect(cancel.status()).toBe(200);
  } finally {
    await producer.dispose();
  }
  await push.waitFor(1, 30_000);
  const [received] = push.to(subscription.endpoint);
  expect(received!.error).toBeUndefined();
  expect(received!.ttl).toBeGreaterThan(0);
  const payload = received!.payload as { title: string; body: string; url: string };
  expect(payload.title).toBe("Event Cancelled");
  expect(payload.body).toContain(name);
  expect(payload.body).toContain("Arena flooded");
  expect(payload.url).toContain(eventId);

  // The service worker shows what the push service delivered (DevTools delivers the decrypted message, as the browser would).
  // Delivered to the active worker: on a first visit it is active once it has kept the app's files (public/sw.js).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(baseURL!).origin, registrationId: await registration, data: JSON.stringify(payload) });
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }))),
    )
    .toEqual([{ title: payload.title, body: payload.body, data: { url: payload.url } }]);

  withDb((db) => {
    db.prepare("delete from push_subscriptions where user_id = ?").run(userId(db, RIDER));
    db.prepare("delete from events where id = ?").run(eventId);
  });
});
