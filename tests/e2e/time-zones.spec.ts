import { expect, test, type Page } from "@playwright/test";
import { consoleErrors, signIn, withDb } from "./helpers";

/**
 * A phone set to a zone other than the server's (UTC) and the rider's home
 * zone: the screens that name times render in the browser exactly what the
 * server sent (app/lib/dates.ts), so React keeps the server's page instead
 * of throwing it away and rendering it again (a mismatch is reported as an
 * error on the page). About hydration: the no-JavaScript project leaves this
 * file out (playwright.config.ts).
 */
test.use({ timezoneId: "Asia/Kathmandu" });

const EVENING = Date.parse("2026-10-03T01:30:00Z");

/** Opens `path`, waits until its scripts have loaded and run (hydrating the page), and answers the errors it reported. */
async function hydrated(page: Page, path: string) {
  const errors = consoleErrors(page);
  await page.goto(path, { waitUntil: "networkidle" });
  return errors;
}

test("a rider's notifications, run log and horse keep the times of their home zone on a phone set to another", async ({ page }) => {
  const { riderId, horseId } = withDb((db) => {
    const rider = db.prepare("SELECT id FROM users WHERE email = 'kaylee@demo.cloverleaf.app'").get() as { id: string };
    db.prepare("INSERT INTO notifications (user_id, type, title, message, is_read, created_at) VALUES (?, 'alert', 'Evening notice', 'Sent at 8:30 PM in Texas', 0, ?)").run(rider.id, EVENING);
    const horse = db.prepare("SELECT id FROM horses WHERE user_id = ? ORDER BY name LIMIT 1").get(rider.id) as { id: string };
    return { riderId: rider.id, horseId: horse.id };
  });
  expect(riderId).toBeTruthy();
  await signIn(page, "kaylee");
  expect(await hydrated(page, "/notifications")).toEqual([]);
  // Kaylee's home ZIP is in Texas: 01:30 UTC is 8:30 PM the day before, not Kathmandu's 7:15 AM.
  await expect(page.getByRole("listitem").filter({ hasText: "Evening notice" })).toContainText("Oct 2, 8:30 PM");
  expect(await hydrated(page, "/run-log")).toEqual([]);
  expect(await hydrated(page, `/horses/${horseId}`)).toEqual([]);
});

test("an admin's tables keep the times of their home zone on a computer set to another", async ({ page }) => {
  withDb((db) => {
    const admin = db.prepare("SELECT id FROM users WHERE email = 'admin@demo.cloverleaf.app'").get() as { id: string };
    db.prepare("INSERT INTO audit_log (actor_id, action, target_type, target_id, created_at) VALUES (?, 'user_report.dismissed', 'user', ?, ?)").run(admin.id, admin.id, EVENING);
  });
  await signIn(page, "admin");
  expect(await hydrated(page, "/admin?tab=audit")).toEqual([]);
  expect(await hydrated(page, "/admin?tab=users")).toEqual([]);
});

test("shared run and horse pages and a profile name an evening run's day in its rider's zone, on a phone set to another", async ({ page, browser }) => {
  const { runId, horseId, ownerId } = withDb((db) => {
    // A Public rider at home in Texas: 01:30 UTC on Oct 3 is their evening of Oct 2.
    const owner = db.prepare("SELECT id FROM users WHERE privacy_mode = 'PUBLIC' AND home_zip_code LIKE '7%' AND is_admin = 0 ORDER BY email LIMIT 1").get() as { id: string };
    const horseId = crypto.randomUUID();
    const now = Date.now();
    db.prepare("INSERT INTO horses (id, user_id, name, shared, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)").run(horseId, owner.id, `Evening Star ${now}`, now, now);
    const runId = crypto.randomUUID();
    db.prepare(
      `INSERT INTO run_logs (id, user_id, horse_id, horse_name, arena_name, arena_type, time, tags, privacy, run_at, created_at)
       VALUES (?, ?, ?, 'Evening Star', 'Cowtown Coliseum', 'indoor', '13.001', '[]', 'PUBLIC', ?, ?)`,
    ).run(runId, owner.id, horseId, EVENING, EVENING);
    return { runId, horseId, ownerId: owner.id };
  });
  // A visitor's phone in Kathmandu, where it is already the morning of Oct 3.
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 }, timezoneId: "Asia/Kathmandu" });
  for (const path of [`/share/run-log/${runId}`, `/share/horse/${horseId}`]) {
    expect(await hydrated(visitor, path), path).toEqual([]);
    await expect(visitor.getByText("Oct 2, 2026").first(), path).toBeVisible();
    await expect(visitor.getByText("Oct 3, 2026"), path).toHaveCount(0);
  }
  await visitor.close();
  await signIn(page, "kaylee");
  // The fastest of their public runs, so it is on the first page.
  expect(await hydrated(page, `/profile/${ownerId}?sort=fastest`)).toEqual([]);
  const card = page.getByRole("listitem").filter({ hasText: "13.001s" });
  await expect(card).toContainText("Oct 2, 2026");
  await expect(card).not.toContainText("Oct 3, 2026");
});
