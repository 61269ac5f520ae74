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
