import { expect, test, type Page } from "@playwright/test";
import { screenshot, signIn, withDb } from "./helpers";




async function fillEvent(page: Page, name: string, { location = "Salina, KS", zip = "67401" } = {}) {
  await page.getByLabel("Event name").fill(name);
  await page.getByLabel("Start date").fill("2031-10-17");
  await page.getByLabel("City, State").fill(location);
  await page.getByLabel("ZIP code").fill(zip);
  await page.getByLabel("I confirm this event information is accurate.").check();
}

test("Back after adding an event and sending the form again adds it once", async ({ page }, info) => {
  test.skip(info.project.use.javaScriptEnabled !== false, "with JavaScript, Back opens a fresh form");
  const name = `Once Only ${Date.now().toString(36)}`;
  await signIn(page, "cody");
  await page.goto("/add-event");
  await fillEvent(page, name);
  await page.getByRole("button", { name: /^Add Event/ }).click();
  await expect(page.getByText("Event Added!")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/add-event$/);
  await expect(page.getByLabel("Event name")).toHaveValue(name);
  await page.getByRole("button", { name: /^Add Event/ }).click();
  await expect(page.getByText("Event Already Added")).toBeVisible();
  expect(withDb((db) => db.prepare("select count(*) n from events where name = ?").get(name))).toEqual({ n: 1 });
});

test("a City, State that does not match the ZIP code is named before and after sending", async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  await signIn(page, "cody");
  await page.goto("/add-event");
  await fillEvent(page, `Wrong Place ${Date.now().toString(36)}`, { location: "Miami, FL" });
  if (js) {
    // The location lookup may fill Miami's ZIP code: type the wrong one again after it.
    await page.waitForTimeout(1200);
    await page.getByLabel("ZIP code").fill("67401");
    await expect(page.getByText("67401 is in Salina, KS: check the ZIP code or the city")).toBeVisible();
  }
  await page.getByRole("button", { name: /^Add Event/ }).click();
  await expect(page.getByText("ZIP code 67401 is in Salina, KS, not Miami, FL")).toBeVisible();
  await expect(page.getByText(/Miami, FL has ZIP codes like 331\d\d/)).toBeVisible();
  await screenshot(page, `events-place-mismatch-${info.project.name}`);
});

test("a creator's change to a listed event waits for review while the event stays listed; the admin approves it", async ({ page, browser }, info) => {
  const tag = `${info.project.name} ${Date.now().toString(36)}`;
  const name = `Supercalifragilisticexpialidociousbarrelbashfuturity${Date.now().toString(36)} ${tag}`;
  const id = withDb((db) => {
    const cody = db.prepare("select id from users where email = 'cody@demo.cloverleaf.app'").get() as { id: string };
    const eventId = crypto.randomUUID();
    db.prepare(
      `insert into events (id, name, date, location, zip_code, arena_type, event_type, description, latitude, longitude, created_by, showbill_approved, created_at)
       values (?, ?, '2031-10-24', 'Salina, KS', '67401', 'outdoor', '["barrel_racing"]', 'Two go-rounds', 38.8237, -97.6421, ?, 1, ?)`,
    ).run(eventId, name, cody.id, Date.now());
    return eventId;
  });
  await signIn(page, "cody");
  await page.goto(`/events/${id}/edit`);
  await page.getByLabel("Description").fill("Three go-rounds and a youth class");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/events\?folder=created$/);
  await expect(page.getByText("Change Sent for Review")).toBeVisible();
  const card = page.locator(`#event-${id}`);
  await expect(card.getByText("Change waiting for review")).toBeVisible();
  // A long unbroken name wraps inside the card.
  const fits = await card.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.querySelectorAll("h3, p")].every((child) => child.getBoundingClientRect().right <= box.right + 0.5);
  });
  expect(fits).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, `events-pending-change-card-${info.project.name}`);

  await card.getByRole("link", { name: "See change" }).click();
  await expect(page.getByTestId("pending-change")).toContainText("Two go-rounds");
  await expect(page.getByTestId("pending-change")).toContainText("Three go-rounds and a youth class");
  await expect(page.getByLabel("Description")).toHaveValue("Three go-rounds and a youth class");
  await screenshot(page, `events-pending-change-edit-${info.project.name}`);

  // Everyone else still meets the listed version.
  const visitor = await browser.newPage();
  const shared = await visitor.goto(`/share/event/${id}`);
  expect(shared?.status()).toBe(200);
  await expect(visitor.getByText("Two go-rounds")).toBeVisible();

  for (const width of [1366, 390]) {
    const admin = await browser.newPage({ viewport: { width, height: width > 1000 ? 900 : 844 } });
    await signIn(admin, "admin");
    await admin.goto("/admin?tab=showbills");
    const item = admin.getByTestId("pending-revision").filter({ hasText: tag });
    await expect(item).toContainText("Three go-rounds and a youth class");
    await screenshot(admin, `events-pending-change-admin-${width}-${info.project.name}`);
    if (width === 390) {
      await item.getByRole("button", { name: "Approve Change" }).click();
      await expect(admin.getByText("Change Approved")).toBeVisible();
    }
    await admin.close();
  }
  await visitor.reload();
  await expect(visitor.getByText("Three go-rounds and a youth class")).toBeVisible();
  await visitor.close();
});
