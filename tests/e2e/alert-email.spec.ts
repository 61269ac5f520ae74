import { expect, request, test } from "@playwright/test";
import Database from "better-sqlite3";
import { DEMO_PASSWORD, expectAccessible, linkFromMail, screenshot, signIn, withDb } from "./helpers";

/**
 * An alert email's unsubscribe link, followed in the browser (with and
 * without JavaScript): the page asks first, the button unsubscribes,
 * Settings then says so and turns alert email back on. And the failed
 * deliveries an administrator sees above the dashboard's tabs.
 */



const userId = (db: Database.Database, who: string) =>
  (db.prepare("select id from users where email = ?").get(`${who}@demo.cloverleaf.app`) as { id: string }).id;

test("unsubscribe from an alert email's link, then turn alert email back on in Settings", async ({ page, baseURL }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const rider = js ? "renee" : "brynn";
  const name = `Durant Night Barrels ${info.project.name} ${Date.now().toString(36)}`;
  const eventId = withDb((db) => {
    const id = crypto.randomUUID();
    db.prepare(
      `insert into events (id, name, date, location, zip_code, arena_name, arena_type, event_type, latitude, longitude, created_by, showbill_approved, created_at)
       values (?, ?, '2031-12-05', 'Durant, OK', '74701', 'Bryan County Fairgrounds', 'outdoor', '["barrel_racing"]', 33.9937, -96.3708, ?, 1, ?)`,
    ).run(id, name, userId(db, "cody"), Date.now());
    db.prepare("insert into saved_events (user_id, event_id, saved_at) values (?, ?, ?)").run(userId(db, rider), id, Date.now());
    return id;
  });
  const producer = await request.newContext({ baseURL });
  try {
    expect((await producer.post("/api/auth/login", { data: { email: "cody@demo.cloverleaf.app", password: DEMO_PASSWORD } })).status()).toBe(200);
    expect((await producer.post(`/api/events/${eventId}/status`, { data: { status: "POSTPONED", reason: "Rain all weekend" } })).status()).toBe(200);
  } finally {
    await producer.dispose();
  }

  // The link in the mail, opened signed out, as from a phone's mail app.
  const link = await linkFromMail(`${rider}@demo.cloverleaf.app`, "/unsubscribe/");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Unsubscribe from alert emails" })).toBeVisible();
  await expect(page.getByText(`Stop alert emails to ${rider}@demo.cloverleaf.app`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, `unsubscribe-page-${info.project.name}`);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await screenshot(page, `unsubscribe-done-${info.project.name}`);

  await signIn(page, rider);
  await page.goto("/settings#alert-channels");
  const section = page.locator("#alert-channels");
  await expect(section.getByText(`Alert email is off for ${rider}@demo.cloverleaf.app:`)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, `alert-email-off-settings-${info.project.name}`);
  await section.getByRole("button", { name: "Turn alert email back on" }).click();
  await expect(page.getByText("Alert email is on again")).toBeVisible();
  await expect(section.getByText("Alert email is off")).toHaveCount(0);

  withDb((db) => db.prepare("delete from events where id = ?").run(eventId));
});

test("failed deliveries show above the admin dashboard's tabs", async ({ page }, info) => {
  const key = `email:alert:change:e2e-${info.project.name}-${Date.now().toString(36)}`;
  withDb((db) =>
    db
      .prepare("insert into jobs (kind, key, payload, due_at, status, attempts, last_error, started_at, finished_at, created_at) values (?, ?, ?, ?, 'failed', 5, ?, ?, ?, ?)")
      .run("alert-email", key, "{}", Date.now(), "Message failed: 451 mailbox unavailable, try later", Date.now(), Date.now(), Date.now()),
  );
  try {
    await signIn(page, "admin");
    await page.goto("/admin");
    const failed = page.getByRole("list", { name: "Failed deliveries" });
    await expect(failed.getByText(key)).toBeVisible();
    await expect(failed.getByText("451 mailbox unavailable")).toBeVisible();
    await screenshot(page, `failed-deliveries-390-${info.project.name}`);
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, `failed-deliveries-1366-${info.project.name}`);
  } finally {
    withDb((db) => db.prepare("delete from jobs where key = ?").run(key));
  }
});
