import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { consoleErrors, expectAccessible, mailTo, newRaceClass, signIn, withDb } from "./helpers";

/**
 * The ledger on screen: the producer's close-out of a day by who took the
 * money, closed with its form (with and without JavaScript), at 1366 x 900
 * and 390 x 844; and a rider's receipts on My Events.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * Fee records for the first `paid` entries of a new class, taken by Jessie on a day of this test's own:
 * every test shares the demo's event, so each (project and width) closes a day in a month no other uses.
 */
function paidClass(paid: number, width: number) {
  const race = newRaceClass("Ledger", 3);
  const day = `2031-0${(js() ? 3 : 4) + (width < 1000 ? 2 : 0)}-${String(10 + Math.floor(Math.random() * 18)).padStart(2, "0")}`;
  withDb((db) => {
    const jessie = db.prepare("select id, first_name || ' ' || last_name as name from users where email = ?").get("jessie@demo.cloverleaf.app") as { id: string; name: string };
    race.ids.slice(0, paid).forEach((entryId, i) => {
      db.prepare(
        `insert into money_records (event_id, kind, amount_cents, method, entry_id, class_id, payee_name, taken_by, taken_by_name, day, carried, created_at) values (?, 'FEE', 2000, 'CASH', ?, ?, ?, ?, ?, ?, 0, ?)`,
      ).run(race.eventId, entryId, race.classId, race.riders[i], jessie.id, jessie.name, day, Date.now());
    });
  });
  return { ...race, day };
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the producer closes a day of the books by who took the money (${size.width})`, async ({ page }) => {
    await page.setViewportSize(size);
    const race = paidClass(2, size.width);
    const errors = consoleErrors(page);
    await signIn(page, "jessie");
    await page.goto(`/events/${race.eventId}/books`);
    const day = page.getByTestId("close-out-day").filter({ hasText: race.day });
    await expect(day).toContainText("Open");
    await expect(day.getByTestId("close-out-takers")).toContainText("Jessie");
    await page.screenshot({ path: test.info().outputPath(`closeout-${size.width}.png`), fullPage: true });
    await day.getByRole("button", { name: /^Close / }).click();
    await expect(day).toContainText("Closed by");
    const closed = withDb((db) => db.prepare("select count(*) as n from money_closeouts where event_id = ? and day = ? and reopened_at is null").get(race.eventId, race.day) as { n: number });
    expect(closed.n).toBe(1);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test(`a rider reads the receipts of their entries on My Events (${size.width})`, async ({ page }) => {
    await page.setViewportSize(size);
    const horse = `Receipt ${randomUUID().slice(0, 6)}`;
    withDb((db) => {
      const { id: eventId } = db.prepare("select id from events where name = ?").get("Erath County Jackpot") as { id: string };
      const kaylee = db.prepare("select id from users where email = ?").get("kaylee@demo.cloverleaf.app") as { id: string };
      const cls = db.prepare("select id from race_classes where event_id = ? order by position limit 1").get(eventId) as { id: string };
      const entryId = randomUUID();
      db.prepare(`insert into race_entries (id, event_id, class_id, user_id, rider_name, horse_name, paid, paid_method, status, late, created_at) values (?, ?, ?, ?, 'Kaylee Brooks', ?, 1, 'CARD', 'SCRATCHED', 0, ?)`).run(entryId, eventId, cls.id, kaylee.id, horse, Date.now());
      db.prepare(`insert into money_records (event_id, kind, amount_cents, method, reference, entry_id, class_id, user_id, payee_name, taken_by_name, day, carried, created_at) values (?, 'FEE', 5000, 'CARD', 'slip 7', ?, ?, ?, 'Kaylee Brooks', 'Jessie Hart', '2031-06-14', 0, ?)`).run(eventId, entryId, cls.id, kaylee.id, Date.now());
      db.prepare(`insert into money_records (event_id, kind, amount_cents, method, entry_id, class_id, user_id, payee_name, taken_by_name, day, carried, created_at) values (?, 'REFUND', 5000, 'CARD', ?, ?, ?, 'Kaylee Brooks', 'Jessie Hart', '2031-06-14', 0, ?)`).run(eventId, entryId, cls.id, kaylee.id, Date.now());
    });
    await signIn(page, "kaylee");
    await page.goto("/events");
    const receipt = page.getByTestId("receipt").filter({ hasText: horse });
    await expect(receipt).toContainText("paid $50.00");
    await expect(receipt).toContainText("refunded $50.00");
    await expect(receipt).toContainText("Card slip 7");
    await expect(receipt).toContainText("Jessie Hart");
    await receipt.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`receipts-${size.width}.png`), fullPage: false });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(size.width);
    // The times are the rider's own clock's, on screen and in the mail.
    await expect(receipt).not.toContainText("UTC");
    if (size.width > 1000) return;
    await receipt.getByRole("button", { name: "Mail Me This Receipt" }).click();
    await expect(page.getByText("Receipt mailed to you")).toBeVisible();
    const mail = await mailTo("kaylee@demo.cloverleaf.app", horse);
    expect(mail).toContain("Entry fee: $50.00, Card slip 7, ");
    expect(mail).toContain("Refund: $50.00, Card, ");
    expect(mail).toContain("taken by Jessie Hart");
    expect(mail).toContain("Paid $50.00, refunded $50.00");
    expect(mail).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M \(America\/[A-Za-z_]+\)/);
    expect(mail).not.toContain("UTC");
  });
}
