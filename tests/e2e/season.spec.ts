import { expect, test } from "@playwright/test";
import { consoleErrors, expectAccessible, screenshot, signIn, withDb } from "./helpers";

/**
 * The season in the browser, on the demo's Red River Barrel Series (four
 * finished Open 4D races): the public standings and a rider's road to the
 * finals at 390 x 844, with and without JavaScript; the office setting up a
 * series and approving an event joining it at 1366 x 900.
 */
const seriesId = () => withDb((db) => (db.prepare("SELECT id FROM series WHERE name = 'Red River Barrel Series'").get() as { id: string }).id);

test("the standings page: a class and division picked, qualified marked, CSV and share", async ({ page }, info) => {
  const errors = consoleErrors(page);
  await page.goto("/series");
  await page.getByRole("link", { name: /Red River Barrel Series/ }).click();
  await expect(page.getByRole("heading", { name: "Red River Barrel Series" })).toBeVisible();
  const rows = page.getByTestId("standing-row");
  await expect(rows.first()).toContainText(/^1/);
  // Qualified is said in words too, not only by colour.
  await expect(page.getByTestId("standings").getByTitle("Qualified").first()).toBeVisible();
  await expect(page.getByText(/qualified for the finals so far: the top 10 of each division who ran at least 3 races/)).toBeVisible();
  await screenshot(page, `season-standings-${info.project.name}`);

  await page.getByLabel("Division").selectOption("2");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/division=2/);
  await expect(page.getByRole("heading", { name: "Open 4D · 2D" })).toBeVisible();
  const csv = page.getByRole("link", { name: "CSV" });
  await expect(csv).toHaveAttribute("href", `/api/series/${seriesId()}/standings.csv?class=Open+4D&division=2`);
  const res = await page.request.get((await csv.getAttribute("href"))!);
  expect((await res.text()).split("\r\n")[0]).toBe("Place,Rider,Horse,Points,Races counted,Races entered,Wins,Money won,Qualified");
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("the embeddable standings: a plain page without the app around it", async ({ page }) => {
  await page.goto(`/embed/series/${seriesId()}?class=Open%204D&division=1`);
  await expect(page.getByRole("heading", { name: "Red River Barrel Series: Open 4D 1D" })).toBeVisible();
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await screenshot(page, `season-embed-${test.info().project.name}`);
});

test("a rider's road to the finals on their profile and their horse's record", async ({ page }, info) => {
  await signIn(page, "kaylee");
  const ids = withDb((db) => db.prepare("SELECT u.id AS userId, h.id AS horseId FROM users u JOIN horses h ON h.user_id = u.id AND h.name = 'Sugar' WHERE u.email = 'kaylee@demo.cloverleaf.app'").get() as { userId: string; horseId: string });
  await page.goto(`/profile/${ids.userId}`);
  const road = page.getByTestId("road-to-finals");
  await expect(road).toContainText("Red River Barrel Series");
  await expect(road).toContainText(/Open 4D · Sugar/);
  await expect(road).toContainText(/\d+(st|nd|rd|th) in the \dD, \d+ points?; /);
  await expect(road).toContainText(/(above|behind|level with) 10th|while fewer teams stand/);
  await road.scrollIntoViewIfNeeded();
  await screenshot(page, `season-road-profile-${info.project.name}`);

  await page.goto(`/horses/${ids.horseId}`);
  await expect(page.getByTestId("road-to-finals")).toContainText(/\d+(st|nd|rd|th) in the \dD/);
  // The road leads to that class and division of the standings.
  await page.getByTestId("road-to-finals").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/series\/[^?]+\?class=Open\+4D&division=\d/);
  await expect(page.getByTestId("standings")).toContainText("Sugar");
  await expectAccessible(page);
});

test("the office sets up a series and approves an event joining it (1366 x 900)", async ({ browser, page }, info) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const name = `Autumn Open ${Date.now()}`;
  await signIn(page, "admin");
  await page.goto("/admin");
  await page.getByRole("link", { name: "Series", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/series$/);
  // A refused form keeps what was typed and says why beside the field.
  await page.getByLabel("Series name").fill(name);
  await page.getByLabel("Classes that count (one per line)").fill("Open 4D");
  await page.getByLabel("Season starts").fill("2026-01-01");
  await page.getByLabel("Season ends").fill("2025-12-31");
  await page.getByRole("button", { name: "Create series" }).click();
  await expect(page.getByText("Season end must be on or after its start")).toBeVisible();
  await expect(page.getByLabel("Series name")).toHaveValue(name);
  await page.getByLabel("Season ends").fill("2027-12-31");
  await page.getByLabel("Points per place (one line per division, 1D first)").fill("12 10 8 6 4 2 1");
  await page.getByLabel("Best races counted").fill("3");
  await page.getByLabel("Finalists per division").fill("5");
  await screenshot(page, `season-admin-new-${info.project.name}`);
  await page.getByRole("button", { name: "Create series" }).click();
  await expect(page).toHaveURL(/\/admin\/series\/[0-9a-f-]+$/);
  const id = page.url().split("/").pop()!;
  await expect(page.getByText("No event has asked yet")).toBeVisible();

  // The Erath County Jackpot's producer asks for it to count, from the event's edit screen.
  const eventId = withDb((db) => (db.prepare("SELECT id FROM events WHERE name = 'Erath County Jackpot'").get() as { id: string }).id);
  const producer = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const phone = await producer.newPage();
  await signIn(phone, "jessie");
  await phone.goto(`/events/${eventId}/edit`);
  await phone.getByRole("link", { name: /Count in a series/ }).click();
  await phone.getByLabel("Series").selectOption({ label: `${name} (Open 4D)` });
  await phone.getByRole("button", { name: "Ask to count" }).click();
  await expect(phone.getByTestId("event-series")).toContainText(`${name}Waiting for the association`);
  await screenshot(phone, `season-producer-ask-${info.project.name}`);

  await page.reload();
  const request = page.getByTestId("series-requests").getByRole("listitem").filter({ hasText: "Erath County Jackpot" });
  await expect(request).toContainText("Waiting");
  await screenshot(page, `season-admin-requests-${info.project.name}`);
  await request.getByRole("button", { name: "Approve Erath County Jackpot" }).click();
  await expect(request).toContainText("Counts");

  // Its published Open 4D counts at once, by the series' own points table.
  await page.goto(`/series/${id}`);
  await expect(page.getByTestId("standing-row").first()).toContainText("12");
  await expect(page.getByTestId("embed-snippet")).toHaveValue(new RegExp(`<iframe src="http://127\\.0\\.0\\.1:\\d+/embed/series/${id}\\?class=Open\\+4D&amp;division=1"`));
  await screenshot(page, `season-admin-standings-${info.project.name}`);

  await phone.reload();
  await expect(phone.getByTestId("event-series")).toContainText(`${name}Counts: results add points`);
  await producer.close();
});
