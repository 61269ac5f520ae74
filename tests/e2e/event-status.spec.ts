import { expect, test } from "@playwright/test";
import { expectAccessible, screenshot, signIn, withDb } from "./helpers";




/** A listed event of Cody's, with entries closing and a way to enter, saved by Kaylee. */
function listedEvent(name: string) {
  return withDb((db) => {
    const id = (who: string) => (db.prepare("select id from users where email = ?").get(`${who}@demo.cloverleaf.app`) as { id: string }).id;
    const eventId = crypto.randomUUID();
    db.prepare(
      `insert into events (id, name, date, location, zip_code, arena_name, arena_type, event_type, latitude, longitude, created_by, showbill_approved,
         entries_close, entries_close_at, entry_contact, created_at)
       values (?, ?, '2031-10-24', 'Salina, KS', '67401', 'Saline County Expo', 'indoor', '["barrel_racing"]', 38.8237, -97.6421, ?, 1,
         '2031-10-20T20:00', ?, 'https://entries.example.org/salina', ?)`,
    ).run(eventId, name, id("cody"), Date.parse("2031-10-21T01:00:00Z"), Date.now());
    db.prepare("insert into saved_events (user_id, event_id, saved_at) values (?, ?, ?)").run(id("kaylee"), eventId, Date.now());
    return eventId;
  });
}

test("a producer cancels a listed event with a reason; its card and share page show the badge and the reason", async ({ page, browser }, info) => {
  // A long journey (cancel, two riders' views, postpone, back on schedule): a dozen pages, allowed the slow-test time.
  test.slow();
  const name = `Salina Fall Barrels ${info.project.name} ${Date.now().toString(36)}`;
  const id = listedEvent(name);
  await signIn(page, "cody");
  await page.goto("/events?folder=created");
  const card = page.locator(`#event-${id}`);
  await expect(card.getByText("Entries close Oct 20, 2031, 8:00 PM")).toBeVisible();
  await expect(card.getByRole("link", { name: "Enter online" })).toHaveAttribute("href", "https://entries.example.org/salina");
  await card.getByText("More", { exact: true }).click();
  await card.getByRole("link", { name: "Cancel or Postpone" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${id}/edit#event-status$`));

  const status = page.locator("#event-status");
  await status.locator("summary", { hasText: "Cancel Event" }).click();
  const question = status.getByRole("group", { name: /Cancel this event\? It stays listed as cancelled/ });
  await expect(question).toBeVisible();
  await question.getByLabel("Reason riders will see").fill("Arena flooded after Friday's storm");
  await question.scrollIntoViewIfNeeded();
  await screenshot(page, `event-status-confirm-${info.project.name}`);
  await question.getByRole("button", { name: "Yes, cancel the event" }).click();

  await expect(page).toHaveURL(new RegExp(`/events\\?folder=created&eventId=${id}#event-${id}$`));
  await expect(page.getByText("Event Cancelled")).toBeVisible();
  // The cancelled card is in view, without scrolling to find it.
  await expect(card).toBeInViewport();
  await expect(card.getByRole("status").filter({ hasText: "CANCELLED" })).toContainText("Arena flooded after Friday's storm");
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, `event-status-card-${info.project.name}`);

  // The rider who saved it meets it, badge and reason, on its share page; it has left their Discover.
  const context = await browser.newContext();
  const rider = await context.newPage();
  await signIn(rider, "kaylee");
  await rider.goto(`/share/event/${id}`);
  await expect(rider.getByRole("status").filter({ hasText: "CANCELLED" })).toContainText("Arena flooded after Friday's storm");
  await expectAccessible(rider);
  await screenshot(rider, `event-status-share-${info.project.name}`);
  await rider.goto("/events");
  await expect(rider.locator(`#event-${id}`).getByText("Arena flooded after Friday's storm")).toBeVisible();
  await context.close();

  // Admins see it in event moderation (where Edit leads to the same Status panel).
  for (const width of [1366, 390]) {
    const admin = await browser.newPage({ viewport: { width, height: width > 1000 ? 900 : 844 } });
    await signIn(admin, "admin");
    await admin.goto("/admin?tab=events");
    const row = admin.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Cancelled");
    await row.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `test-results/screenshots/event-status-admin-${width}-${info.project.name}.png` });
    await admin.close();
  }

  // Back on schedule: the badge goes.
  await page.goto(`/events/${id}/edit#event-status`);
  await status.locator("summary", { hasText: "Back on Schedule" }).click();
  await status.getByRole("button", { name: "Yes, back on schedule" }).click();
  await expect(page.getByText("Event Back on Schedule")).toBeVisible();
  await expect(card.getByText("CANCELLED")).toHaveCount(0);
});
