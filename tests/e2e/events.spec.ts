import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import path from "node:path";
import { E2E_DATABASE, expectAccessible, openSearch, screenshot, signIn } from "./helpers";

const SHOWBILL = path.resolve("tests/e2e/fixtures/showbill.jpg");


test("add an event with a showbill, approve it, find it by ZIP and City, ST, save it, see it in My Events, share it", async ({ page, browser }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const name = `Trinity Barrel Bash ${js ? "JS" : "NoJS"} ${Date.now().toString(36)}`;
  await signIn(page, "cody");

  await page.getByRole("link", { name: "Add Event" }).click();
  await expect(page).toHaveURL(/\/add-event$/);
  await page.getByRole("button", { name: "Add Event" }).click();
  if (!js) await expect(page.getByText("Event name is required")).toBeVisible();
  else await expect(page.getByText("Event name is required")).toBeVisible();

  await page.locator("#showbill").setInputFiles(SHOWBILL);
  if (js) await expect(page.getByText("File Uploaded")).toBeVisible();
  await page.getByLabel("Event name").fill(name);
  await page.getByLabel("Start date").fill("2031-09-13");
  await page.getByLabel("Arena", { exact: true }).selectOption("indoor");
  await page.getByLabel("Ground").selectOption("sand");
  await page.getByLabel("Added money ($)").fill("2500");
  await page.getByLabel("Arena name").fill("Cowtown Coliseum");
  await page.getByLabel("City, State").fill("Fort Worth, TX");
  if (js) await expect(page.getByText("ZIP Code Found")).toBeVisible({ timeout: 5000 });
  else await page.getByLabel("ZIP code").fill("76164");
  await page.getByLabel("I confirm this event information is accurate.").check();
  await screenshot(page, `events-add-${info.project.name}`);
  await page.getByRole("button", { name: /^Add Event/ }).click();
  // The other project's run (same dates, same town) may already be approved: the warning, then "Add Event Anyway".
  const warning = page.getByText("Other approved events fall on the same dates within 75 miles:");
  await expect(page).toHaveURL(/\/$/, { timeout: 3000 }).catch(async () => {
    await expect(warning).toBeVisible();
    await screenshot(page, `events-add-conflict-${info.project.name}`);
    await page.getByLabel("I confirm this event information is accurate.").check();
    await page.getByRole("button", { name: "Add Event Anyway" }).click();
  });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Event Added!")).toBeVisible();

  // Hidden until approved: approve it directly in the database (the admin API comes with the admin issue).
  const db = new Database(E2E_DATABASE);
  const row = db.prepare("select id, showbill_url from events where name = ?").get(name) as { id: string; showbill_url: string };
  expect(row.showbill_url).toMatch(/^\/uploads\//);
  db.prepare("update events set showbill_approved = 1 where id = ?").run(row.id);
  db.close();

  await openSearch(page, "Find events");
  await page.getByLabel("ZIP code or City, ST").fill("76101");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const results = page.getByRole("region", { name: /Search results/ });
  const card = results.getByRole("article", { name });
  await expect(card).toBeVisible();
  await expect(card.getByText("Waiting for review", { exact: true })).toHaveCount(0);
  await screenshot(page, `events-search-zip-${info.project.name}`);

  await openSearch(page, "Find events");
  await page.getByLabel("ZIP code or City, ST").fill("Fort Worth, TX");
  await page.getByLabel("Radius").selectOption("25");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(results.getByRole("article", { name })).toBeVisible();
  await page.getByRole("link", { name: "Clear Search" }).click();
  await expect(page.getByRole("region", { name: /Search results/ })).toHaveCount(0);
  await signOut(page);

  // Another rider saves it.
  await signIn(page, "kaylee");
  await openSearch(page, "Find events");
  await page.getByLabel("ZIP code or City, ST").fill("Fort Worth, TX");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const theirCard = page.getByRole("region", { name: /Search results/ }).getByRole("article", { name });
  await theirCard.getByRole("button", { name: "Save" }).click();
  await expect(theirCard.getByRole("button", { name: "Saved" })).toBeVisible();
  await screenshot(page, `events-saved-${info.project.name}`);

  await page.goto("/events");
  await expect(page.getByRole("article", { name })).toBeVisible();
  await screenshot(page, `events-my-events-${info.project.name}`);
  await expectAccessible(page);

  // Signed out, the share page shows it.
  const visitor = await browser.newPage();
  await visitor.goto(`/share/event/${row.id}`);
  await expect(visitor.getByRole("heading", { name })).toBeVisible();
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/uploads\/.+\.preview\.webp$/);
  await screenshot(visitor, `events-share-${info.project.name}`);
  await visitor.close();
});

test.describe("before the page's script runs", () => {
  // Scripts are held back at the network, so the service worker must not answer them from its cache.
  test.use({ serviceWorkers: "block" });

  test("what a rider typed is kept when the script arrives, and the search runs", async ({ page }, info) => {
    test.skip(info.project.use.javaScriptEnabled === false, "about the script taking over the page");
    await signIn(page, "kaylee");
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/**/*.js", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    await openSearch(page, "Find events");
    const location = page.getByLabel("ZIP code or City, ST");
    await location.fill("Fort Worth, TX");
    release();
    // React marks the nodes it has taken over; then give its effects a frame to run.
    await page.waitForFunction(() => Object.keys(document.getElementById("location")!).some((key) => key.startsWith("__reactFiber")));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(location).toHaveValue("Fort Worth, TX");
    const search = page.getByRole("button", { name: "Search", exact: true });
    await expect(search).toBeEnabled();
    await search.click();
    await expect(page.getByRole("region", { name: /Search results/ })).toBeVisible();
  });
});

async function signOut(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
}

test("Discover lists upcoming events near home and the search asks for a location or date", async ({ page }, info) => {
  await signIn(page, "kaylee");
  await expect(page.getByRole("region", { name: /Upcoming events near/ }).getByRole("article").first()).toBeVisible();
  await screenshot(page, `events-discover-${info.project.name}`);
  // Events first: the searches are folded above them, so the first card shows on a phone's first screen.
  expect((await page.getByRole("article").first().boundingBox())!.y).toBeLessThan(420);
  await openSearch(page, "Find events");
  // A new search starts at the rider's default radius from Settings (200 miles in the demo).
  await expect(page.getByLabel("Radius")).toHaveValue("200");
  // At 390 px each date has half a row, wide enough for the whole date, year included.
  for (const label of ["From", "To"]) expect((await page.getByLabel(label, { exact: true }).boundingBox())!.width).toBeGreaterThan(150);
  // A card's Share and More menus never overlap: opening one closes the other.
  const card = page.getByRole("region", { name: /Upcoming events near/ }).getByRole("article").nth(1);
  await card.locator("summary", { hasText: "Share" }).click();
  await card.locator("summary", { hasText: "More" }).click();
  await expect(page.locator("details[open][name=card-menu]")).toHaveCount(1);
  await card.locator("summary", { hasText: "Share" }).click();
  if (info.project.use.javaScriptEnabled === false) {
    // Nothing can copy without JavaScript: the link itself is shown to copy.
    await expect(card.getByRole("textbox", { name: "Link to copy" })).toHaveValue(/\/share\/event\//);
  }
  await card.locator("summary", { hasText: "Share" }).click();
  if (info.project.use.javaScriptEnabled === false) {
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText('To search, enter a ZIP code or "City, ST", or choose dates')).toBeVisible();
  } else {
    await expect(page.getByRole("button", { name: "Search", exact: true })).toBeDisabled();
    await page.getByRole("region", { name: /Upcoming events near/ }).getByRole("article").first().locator("summary", { hasText: "Share" }).click();
    await expect(page.getByRole("menuitem", { name: "Copy Link" }).first()).toBeVisible();
    await screenshot(page, `events-share-menu-${info.project.name}`);
  }
});
