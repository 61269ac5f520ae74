import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { newRaceClass, screenshot, signIn, withDb } from "./helpers";

/**
 * A producer's first real day in the office, at 1366 x 900 and on a
 * 390 x 844 phone, with and without JavaScript: a walk-up's 80-character
 * one-word name never widens the hub (and can be corrected there), a
 * refused walk-up is answered at its own form, the year of winnings refuses
 * "abc" at its field, and a named timer finds the booth from My Events.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

// Each test signs in and walks several screens of the hub: allowed the slow-test time.
test.beforeEach(() => test.slow());
const tag = () => `${js() ? "js" : "nojs"}`;
const LONG = "Bartholomewthelongestnamedriderthateverenteredawalkupatthecountyjackpotarena".padEnd(80, "x");

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A walk-up with the long name in a class of its own, the other entries ordinary. */
function longNamedClass() {
  const race = newRaceClass("Long", 3, 700 + Math.floor(Math.random() * 200) * 3);
  withDb((db) => db.prepare("update race_entries set rider_name = ?, horse_name = ? where id = ?").run(LONG, `${LONG.slice(0, 60)}`, race.ids[1]));
  return race;
}

test("the hub at 1366 keeps a long walk-up name inside its table, and corrects it", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const race = longNamedClass();
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day?class=${race.classId}&entry=${race.ids[1]}`);
  await expect(page.getByTestId("entry-actions")).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(1366);
  // The whole name is there, wrapped.
  await expect(page.getByTestId("entry-row").filter({ hasText: LONG })).toHaveCount(1);
  const change = page.getByRole("link", { name: new RegExp(`^Close ${LONG}`) });
  await expect(change).toBeInViewport();
  await screenshot(page, `office-hub-long-name-1366-${tag()}`);

  await page.getByLabel("Rider's name").first().fill("Bart Long");
  await page.getByRole("button", { name: "Correct Names" }).click();
  await expect(page.getByTestId("toast")).toContainText("Names Corrected");
  const stored = withDb((db) => db.prepare("select rider_name as r from race_entries where id = ?").get(race.ids[1])) as { r: string };
  expect(stored.r).toBe("Bart Long");
});

test("a refused walk-up is answered at its own form, what was typed kept", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const race = newRaceClass("Walk", 1);
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day`);
  const form = page.getByRole("form", { name: `Walk-up entry for ${race.name}` });
  await form.getByLabel("Horse's name").fill("Sugar");
  await form.getByRole("button", { name: "Add Walk-Up" }).click();
  await expect(form.getByText("Rider name is required for a walk-up entry")).toBeVisible();
  await expect(form.getByLabel("Horse's name")).toHaveValue("Sugar");
  await expect(form.getByLabel("Rider's name")).toHaveAttribute("aria-invalid", "true");
  // With JavaScript the page stays where the form was sent from (without it, the browser loads the answer from its top).
  if (js()) await expect(form.getByText("Rider name is required for a walk-up entry")).toBeInViewport();
  await screenshot(page, `office-walkup-refused-1366-${tag()}`);
});

test("the hub on a phone stays 390 wide with an 80-character name, and the draw shows it whole", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const race = longNamedClass();
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day?class=${race.classId}`);
  await expect(page.getByTestId("entry-row").filter({ hasText: LONG })).toHaveCount(1);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await screenshot(page, `phone-hub-long-name-390-${tag()}`);
  await page.goto(`/events/${race.eventId}/draw`);
  await expect(page.getByText(LONG).first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await screenshot(page, `phone-draw-long-name-390-${tag()}`);
});

test("the year of winnings refuses a year it cannot show at its field", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "admin");
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Association" }).getByRole("link", { name: "Winnings" })).toBeVisible();
  await screenshot(page, `office-admin-dashboard-1366-${tag()}`);
  await page.getByRole("navigation", { name: "Association" }).getByRole("link", { name: "Winnings" }).click();
  await page.getByLabel("Year").fill("99999");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Give the year as four digits, from 2000 to 2100" })).toBeVisible();
  await expect(page.getByLabel("Year")).toHaveValue("99999");
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await screenshot(page, `office-winnings-bad-year-1366-${tag()}`);
});

test("a named timer finds the booth on My Events, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const eventId = withDb((db) => {
    const { id } = db.prepare("select id from events where name = ?").get("Erath County Jackpot") as { id: string };
    const { id: userId } = db.prepare("select id from users where email = ?").get("shelby@demo.cloverleaf.app") as { id: string };
    db.prepare("insert or ignore into race_timers (event_id, user_id, created_at) values (?, ?, ?)").run(id, userId, Date.now());
    return id;
  });
  await signIn(page, "shelby");
  await page.goto("/events");
  const timing = page.getByRole("region", { name: "Races you time" });
  await expect(timing.getByText("Erath County Jackpot")).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await screenshot(page, `phone-my-events-timing-390-${tag()}`);
  await timing.getByRole("link", { name: "Booth" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/booth`));
  await expect(page.locator("main")).toBeVisible();
  await screenshot(page, `phone-booth-from-my-events-390-${tag()}-${randomUUID().slice(0, 4)}`);
});
