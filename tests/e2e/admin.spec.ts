import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { E2E_DATABASE, expectAccessible, screenshot } from "./helpers";

/**
 * An administrator at a desktop and on a phone: approves a pending
 * showbill, bans a reported user, sends an announcement.
 */
function seedModerationWork(tag: string) {
  const db = new Database(E2E_DATABASE);
  const now = Date.now();
  const producer = db.prepare("select id from users where email = 'jessie@demo.cloverleaf.app'").get() as { id: string };
  const reporter = db.prepare("select id from users where email = 'kaylee@demo.cloverleaf.app'").get() as { id: string };
  const eventName = `Pending Showbill Derby ${tag}`;
  db.prepare(
    `insert into events (id, name, date, location, zip_code, arena_type, event_type, showbill_url, showbill_approved, created_by, created_at)
     values (?, ?, '2031-05-02', 'Guthrie, OK', '73044', 'outdoor', '["barrel_racing"]', '/favicon.svg', 0, ?, ?)`,
  ).run(randomUUID(), eventName, producer.id, now);
  const trollId = randomUUID();
  const trollEmail = `troll-${tag}-${now}@example.com`;
  db.prepare(
    `insert into users (id, email, password, first_name, last_name, privacy_mode, rider_type, search_radius, notifications_enabled, is_admin, is_active, email_verified, created_at, updated_at)
     values (?, ?, 'x', 'Troll', 'Account', 'PUBLIC', 'Competitor', 50, 1, 0, 1, 1, ?, ?)`,
  ).run(trollId, trollEmail, now, now);
  db.prepare("insert into user_reports (reporter_id, reported_user_id, reason, description, status, created_at) values (?, ?, 'harassment', 'Rude messages', 'PENDING', ?)").run(
    reporter.id,
    trollId,
    now,
  );
  db.close();
  return { eventName, trollEmail };
}

async function signInAdmin(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill("admin@demo.cloverleaf.app");
  await page.getByLabel("Password").fill("demo-password-1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`an admin moderates on a ${label}`, async ({ page }, info) => {
    await page.setViewportSize(viewport);
    const { eventName, trollEmail } = seedModerationWork(`${label}-${info.project.name}`);
    await signInAdmin(page);
    await page.goto("/admin");
    await expect(page.getByText("Pending Showbills").first()).toBeVisible();
    await screenshot(page, `admin-users-${label}`);
    await expectAccessible(page);

    const sections = page.getByRole("navigation", { name: "Admin sections" });
    await sections.getByRole("link", { name: "Pending Showbills" }).click();
    const card = page.getByRole("listitem").filter({ hasText: eventName });
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByTestId("toast")).toContainText("Showbill Approved");
    await expect(page.getByText(eventName)).toHaveCount(0);

    await sections.getByRole("link", { name: "Reported Users" }).click();
    const row = page.getByRole("row").filter({ hasText: trollEmail });
    await row.getByRole("link", { name: "Ban User" }).click();
    await expect(page.getByRole("alertdialog", { name: "Ban User" })).toContainText(`Ban ${trollEmail}?`);
    await screenshot(page, `admin-ban-confirm-${label}`);
    await page.getByRole("button", { name: "Yes, ban user" }).click();
    await expect(page.getByTestId("toast")).toContainText("User Banned");

    await sections.getByRole("link", { name: "Notifications" }).click();
    await page.getByLabel("Title").fill("Arena closed");
    await page.getByLabel("Message").fill("Rain out tonight; see you Saturday.");
    await page.getByRole("button", { name: "Send to all users" }).click();
    await expect(page.getByTestId("toast")).toContainText("Notification Sent");
    await screenshot(page, `admin-notifications-${label}`);
  });
}
