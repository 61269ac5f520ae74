import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectAccessible, signIn, withDb } from "./helpers";

/**
 * Exhibition runs at the demo's Erath County Jackpot (produced by the demo
 * rider Jessie): added from the booth's small form on a phone, with and
 * without JavaScript, timed at the end of the order and shown on the live
 * page marked "Exhibition"; the hub offers the same form at 1366 x 900.
 */

const EVENT = "Erath County Jackpot";

function newClass() {
  return withDb((db) => {
    const { id: eventId } = db.prepare("select id from events where name = ?").get(EVENT) as { id: string };
    const classId = randomUUID();
    const tag = classId.slice(0, 4);
    db.prepare(
      `insert into race_classes (id, event_id, name, position, entry_fee_cents, added_money_cents, producer_share_percent, divisions, split_ms, max_horses_per_rider, payout, draw_min_gap, drag_every, results_version, drawn_at, draw_published_at, created_at)
       values (?, ?, ?, 9, 2000, 0, 0, 1, '[500]', 3, ?, 5, 5, 0, ?, ?, ?)`,
    ).run(classId, eventId, `Exhibit ${tag}`, JSON.stringify({ divisionPercents: [100], table: [{ maxEntries: 25, percents: [100] }] }), Date.now(), Date.now(), Date.now());
    db.prepare(
      `insert into race_entries (id, event_id, class_id, rider_name, horse_name, back_number, paid, status, late, draw_position, drags_before, created_at)
       values (?, ?, ?, ?, 'Horse 1', 301, 0, 'ENTERED', 0, 1, 0, ?)`,
    ).run(randomUUID(), eventId, classId, `Rider ${tag}A`, Date.now());
    return { eventId, classId, tag };
  });
}

test("a producer adds an exhibition run at the booth on a phone; it is timed and shown on the live page marked Exhibition", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const race = newClass();
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/booth?class=${race.classId}`);
  await page.getByText("Add an exhibition run").click();
  const form = page.getByTestId("exhibition-form");
  await form.getByLabel("Class").selectOption({ label: `Exhibit ${race.tag}` });
  await form.getByLabel("Rider", { exact: true }).fill(`Practice ${race.tag}`);
  await form.getByLabel("Horse", { exact: true }).fill("Green Colt");
  await page.getByRole("button", { name: "Add exhibition run" }).click();
  await expect(page.getByText(`Exhibition run added: Practice ${race.tag} on Green Colt`)).toBeVisible();
  await page.screenshot({ path: `/tmp/exhibition-booth-${test.info().project.name}.png`, fullPage: true });
  const stored = withDb((db) => db.prepare("select exhibition, late from race_entries where class_id = ? and rider_name = ?").get(race.classId, `Practice ${race.tag}`)) as { exhibition: number; late: number };
  expect(stored).toEqual({ exhibition: 1, late: 1 });
  await expectAccessible(page);

  // Timed at the end of the order, like any run.
  await page.goto(`/events/${race.eventId}/booth?class=${race.classId}`);
  for (const time of ["15.482", "14.900"]) {
    await page.getByLabel("Time (as the timer shows it)").fill(time);
    await page.getByLabel("Time (as the timer shows it)").press("Enter");
    await expect(page.getByText(`${time}`).first()).toBeVisible();
  }
  await expect
    .poll(() => withDb((db) => (db.prepare("select count(*) as n from race_times where class_id = ? and voided_at is null").get(race.classId) as { n: number }).n))
    .toBe(2);

  await page.goto(`/events/${race.eventId}/live`);
  const practice = page.getByTestId("last-runs").locator("li", { hasText: `Practice ${race.tag}` });
  await expect(practice).toContainText("Exhibition");
  await expect(page.getByTestId("last-runs").locator("li", { hasText: `Rider ${race.tag}A` })).not.toContainText("Exhibition");
  await page.screenshot({ path: `/tmp/exhibition-live-${test.info().project.name}.png`, fullPage: true });
});

test("the hub offers the same form at 1366 x 900 and comes back to the hub", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const race = newClass();
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day`);
  await page.getByText("Add an exhibition run").click();
  await page.getByTestId("exhibition-form").getByLabel("Class").selectOption({ label: `Exhibit ${race.tag}` });
  await page.getByTestId("exhibition-form").getByLabel("Rider", { exact: true }).fill(`Hub ${race.tag}`);
  await page.getByTestId("exhibition-form").getByLabel("Horse", { exact: true }).fill("Sorrel");
  await page.screenshot({ path: `/tmp/exhibition-hub-${test.info().project.name}.png`, fullPage: false });
  await page.getByRole("button", { name: "Add exhibition run" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${race.eventId}/race-day`));
  await expect(page.getByText(`Exhibition run added: Hub ${race.tag} on Sorrel`)).toBeVisible();
});
