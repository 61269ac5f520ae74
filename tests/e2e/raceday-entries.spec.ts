import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, expectAccessible, newRaceClass, screenshot, signIn, withDb } from "./helpers";

/**
 * Race day's entries and draw in the browser, with and without JavaScript:
 * a rider enters the demo's open race from its share page at 390 x 844 and
 * finds their place once the draw is published; the producer sets up a
 * class, takes a walk-up and publishes its draw from the hub (1366 x 900),
 * and edits a class there, its form opened only when asked for.
 */

const RACE = "Texas Rose Open 4D";

function raceIds(className: string) {
  return withDb((db) => {
    const event = db.prepare("SELECT id FROM events WHERE name = ?").get(RACE) as { id: string };
    const cls = db.prepare("SELECT id FROM race_classes WHERE event_id = ? AND name = ?").get(event.id, className) as { id: string } | undefined;
    return { eventId: event.id, classId: cls?.id ?? "" };
  });
}

test("the entry form asks only what the race needs, and a scratch asks first", async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  // Before this file's next test draws it: Open 4D in the JavaScript run, Youth 3D in the other.
  const [entering, other] = js ? ["Open 4D", "Youth 3D"] : ["Youth 3D", "Open 4D"];
  const horse = `Scratchy ${Math.random().toString(36).slice(2, 6)}`;
  const { eventId } = raceIds(entering);
  await signIn(page, "kaylee");
  await page.goto(`/events/${eventId}/enter`);
  // No class of this race has an age: no birth date is asked.
  await expect(page.getByRole("radio", { name: new RegExp(`^${entering}`) })).toBeVisible();
  await expect(page.getByLabel("Rider's birth date (age classes)")).toHaveCount(0);
  await page.getByRole("radio", { name: new RegExp(`^${entering}`) }).check();
  const alsoCounts = page.getByRole("group", { name: /Also counts in/ });
  // With JavaScript the class being entered is not offered again; without it, the server answers a tick of it.
  await expect(alsoCounts.getByRole("checkbox", { name: entering })).toHaveCount(js ? 0 : 1);
  await expect(alsoCounts.getByRole("checkbox", { name: other })).toHaveCount(1);
  if (js) {
    await page.getByRole("radio", { name: new RegExp(`^${other}`) }).check();
    await expect(alsoCounts.getByRole("checkbox", { name: other })).toHaveCount(0);
    await expect(alsoCounts.getByRole("checkbox", { name: entering })).toHaveCount(1);
    await page.getByRole("radio", { name: new RegExp(`^${entering}`) }).check();
  } else {
    await alsoCounts.getByRole("checkbox", { name: entering }).check();
  }
  const horseSelect = page.getByLabel("Horse", { exact: true });
  if (await horseSelect.count()) await horseSelect.selectOption({ label: "A new horse (type its name below)" });
  await page.getByLabel(/^(New horse's name|Horse's name)$/).fill(horse);
  await page.getByRole("button", { name: "Enter", exact: true }).click();
  if (!js) {
    await expect(page.getByText("A run counts in its own class already: choose another class to carry it to")).toBeVisible();
    await page.getByRole("group", { name: /Also counts in/ }).getByRole("checkbox", { name: entering }).uncheck();
    await page.getByRole("button", { name: "Enter", exact: true }).click();
  }
  const mine = page.getByTestId("my-entry").filter({ hasText: horse });
  await expect(mine).toContainText(`${entering} · ${horse}`);

  // Scratch asks first.
  await mine.locator("summary", { hasText: "Scratch" }).click();
  // It says what the scratch costs under the race's policy (the demo race's is the default: a full refund before the draw).
  await expect(page.getByText(`Scratch ${horse} from ${entering}? Before the draw is published the whole ${js ? "$50.00" : "$25.00"} fee is refunded if you paid it.`)).toBeVisible();
  await expect(mine).not.toContainText("Scratched");
  await page.getByRole("button", { name: "Yes, scratch" }).click();
  await expect(page.getByTestId("my-entry").filter({ hasText: horse })).toContainText("Scratched");
  await expectAccessible(page);

  // A change of mind before the draw is published: entering the horse again undoes the scratch.
  await page.getByRole("radio", { name: new RegExp(`^${entering}`) }).check();
  await page.getByLabel("Horse", { exact: true }).selectOption({ label: horse });
  await page.getByRole("button", { name: "Enter", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Back In");
  await expect(page.getByTestId("toast")).toContainText("the horse keeps its place, at no cost");
  await expect(page.getByTestId("my-entry").filter({ hasText: horse })).toHaveCount(1);
  await expect(page.getByTestId("my-entry").filter({ hasText: horse })).not.toContainText("Scratched");
  // The form starts fresh for the next entry.
  await expect(page.getByLabel(/^(New horse's name|Horse's name)$/)).toHaveValue("");
  await screenshot(page, `raceday-enter-back-in-${info.project.name}`);
});

test("a rider enters a class from the event's page and sees their place in the published draw", async ({ page, playwright, baseURL }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  // One rider and class per project: a published draw is never drawn again.
  const rider = js ? { who: "jessie", className: "Open 4D", horse: "Pistol", fee: "$50.00", name: "Jessie Raines" } : { who: "renee", className: "Youth 3D", horse: "Sassy", fee: "$25.00", name: "Addie Dalton" };
  const { eventId, classId } = raceIds(rider.className);
  await signIn(page, rider.who);

  await page.goto(`/share/event/${eventId}`);
  await page.getByRole("link", { name: "Enter", exact: true }).click();
  await expect(page).toHaveURL(`/events/${eventId}/enter`);
  await page.getByRole("radio", { name: new RegExp(`^${rider.className}`) }).check();
  await page.getByLabel("Horse", { exact: true }).selectOption({ label: rider.horse });
  if (!js) await page.getByLabel("Rider", { exact: true }).selectOption({ label: "Addie" });
  await screenshot(page, `raceday-enter-${info.project.name}`);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Enter", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Entered!");
  const mine = page.getByTestId("my-entry").filter({ hasText: rider.horse });
  await expect(mine).toContainText(`${rider.className} · ${rider.horse}`);
  await expect(mine).toContainText(rider.name);
  await expect(page.getByTestId("entry-fees")).toHaveText(`Fees ${rider.fee}`);

  // My Events lists the entry and its fee.
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "My entries" })).toBeVisible();
  // (Other tests enter the same horse in races of their own: this race's entry is the one looked for.)
  const myEntry = page.getByTestId("my-events-entry").filter({ hasText: rider.horse }).filter({ hasText: RACE });
  await expect(myEntry).toContainText(`${RACE} · ${rider.className}`);

  // Before the draw is published the draw page says so and shows nobody's place.
  await page.goto(`/events/${eventId}/draw`);
  await expect(page.getByTestId("your-runs")).toHaveCount(0);

  // The producer draws and publishes (through the API, as the hub's test does it on screen).
  const producer = await playwright.request.newContext({ baseURL });
  expect((await producer.post("/api/auth/login", { data: { email: "cody@demo.cloverleaf.app", password: DEMO_PASSWORD } })).status()).toBe(200);
  const drawn = await producer.post(`/api/events/${eventId}/classes/${classId}/draw`, { data: { publish: true } });
  expect(drawn.status()).toBe(200);
  const { order } = (await drawn.json()) as { order: { riderName: string; horseName: string; position: number; dragsBefore: number }[] };
  const run = order.find((o) => o.horseName === rider.horse && o.riderName === rider.name)!;
  await producer.dispose();

  await page.goto(`/events/${eventId}/draw`);
  const yours = page.getByTestId("your-runs");
  const place = run.dragsBefore === 0 ? "before the first drag" : `after the ${run.dragsBefore === 1 ? "1st" : run.dragsBefore === 2 ? "2nd" : run.dragsBefore === 3 ? "3rd" : `${run.dragsBefore}th`} drag`;
  await expect(yours).toContainText(`${rider.className}: ${rider.horse}, you are #${run.position}, ${place}`);
  const row = page.locator('[data-testid="drawn-run"][data-mine="true"]');
  await expect(row).toContainText(rider.horse);
  await expect(row).toContainText("You");
  await expect(page.locator("section", { has: page.getByRole("heading", { name: rider.className, exact: true }) })).toContainText("Seed ");
  await screenshot(page, `raceday-draw-${info.project.name}`);
  await expectAccessible(page);

  await page.goto("/events");
  await expect(myEntry).toContainText(`Runs #${run.position}`);
  await screenshot(page, `raceday-my-events-${info.project.name}`);
});

test("the producer adds a class, takes a walk-up and publishes the draw from the hub", async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const suffix = js ? "js" : "nojs";
  const className = `Poles ${suffix}`;
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "cody");

  // From the producer's card on My Events.
  await page.goto("/events?folder=created");
  const card = page.locator("article", { has: page.getByRole("heading", { name: RACE }) });
  await card.locator("summary", { hasText: "More" }).click();
  await card.getByRole("link", { name: "Race Day" }).click();
  await expect(page.getByRole("heading", { name: "Race Day", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Booth" })).toBeVisible();

  const add = page.locator("details#add-class");
  await add.locator("> summary").click();
  await add.getByLabel("Class name").fill(className);
  await add.getByLabel("Entry fee ($)").fill("35");
  await add.getByLabel("Added money ($)").fill("250.50");
  await add.getByLabel("Divisions (1-6)").fill("2");
  await add.getByRole("button", { name: "Add Class" }).click();
  await expect(page.getByTestId("toast")).toContainText("Class Added");
  const section = page.locator("section", { has: page.getByRole("heading", { name: className }) });
  await expect(section).toContainText("$35.00 entry · $250.50 added · 0% to the producer · 2D (splits 0.5 s)");

  for (const [riderName, horseName] of [
    [`Gate Rider ${suffix}`, "Biscuit"],
    [`Late Lacey ${suffix}`, "Pronto"],
  ]) {
    await section.getByLabel("Rider's name").fill(riderName);
    await section.getByLabel("Horse's name").fill(horseName);
    await section.getByRole("button", { name: "Add Walk-Up" }).click();
    await expect(page.getByTestId("toast")).toContainText("Walk-Up Entered");
    await expect(section.getByLabel("Rider's name")).toHaveValue("");
  }
  await expect(page.locator("details#add-class")).not.toHaveAttribute("open");
  await section.getByRole("link", { name: "Its entries in the table" }).click();
  await expect(page.getByTestId("entries-count")).toHaveText("1–2 of 2");
  await expect(page.getByTestId("entry-row").filter({ hasText: className })).toHaveCount(2);

  await section.getByLabel("Seed (blank: a new one)").fill(`hub-${suffix}`);
  await section.getByRole("button", { name: "Draw", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Class Drawn");
  await expect(section).toContainText(`Drawn with seed hub-${suffix}, not published`);
  await screenshot(page, `raceday-hub-${info.project.name}`);
  await section.getByRole("button", { name: "Publish Draw" }).click();
  await expect(page.getByTestId("toast")).toContainText("Draw Published");
  await expect(section).toContainText(`Published with seed hub-${suffix}`);
  await expect(page.getByTestId("history-item").first()).toContainText("Draw published");

  await page.goto(`/events/${raceIds(className).eventId}/draw`);
  const published = page.locator("section", { has: page.getByRole("heading", { name: className }) });
  await expect(published).toContainText(`Gate Rider ${suffix}`);
  await expect(published).toContainText(`hub-${suffix}`);
  await screenshot(page, `raceday-public-draw-desktop-${info.project.name}`);

  // The hub on a phone, an entry's actions open.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/events/${raceIds(className).eventId}/race-day?q=${encodeURIComponent(`Gate Rider ${suffix}`)}`);
  const onPhone = page.locator("#entries");
  await onPhone.getByRole("link", { name: `Change Gate Rider ${suffix} on Biscuit` }).click();
  await expect(onPhone.getByRole("button", { name: "Mark Paid" })).toBeVisible();
  await onPhone.screenshot({ path: `test-results/screenshots/raceday-hub-phone-${info.project.name}.png` });
});

test("the office edits a class from the hub: its form opens when asked, a refused save keeps what was typed", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const race = newRaceClass("Edit", 3);
  const fee = () => withDb((db) => (db.prepare("SELECT entry_fee_cents AS fee FROM race_classes WHERE id = ?").get(race.classId) as { fee: number }).fee);
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day?show=unpaid`);
  const section = page.locator(`section#class-${race.classId}`);
  const form = section.getByRole("group", { name: "Edit class" });
  await expect(page.getByTestId("class-edit")).toHaveCount(0);

  // Opened from the class, the table's view kept.
  await section.getByRole("link", { name: "Edit Class" }).click();
  await expect(page).toHaveURL(`/events/${race.eventId}/race-day?show=unpaid&edit=${race.classId}#class-${race.classId}`);
  await expect(page.getByTestId("class-edit")).toHaveCount(1);
  await form.getByLabel("Entry fee ($)").fill("abc");
  await form.getByLabel("Added money ($)").fill("125");
  await form.getByRole("button", { name: "Save Class" }).click();
  // Refused: the message at the field, what was typed still there, nothing saved.
  await expect(form.locator(`#class-${race.classId}-fee-error`)).toHaveText("Enter dollars and cents, like 50 or 50.00");
  await expect(form.getByLabel("Entry fee ($)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Entry fee ($)")).toHaveValue("abc");
  await expect(form.getByLabel("Added money ($)")).toHaveValue("125");
  expect(fee()).toBe(2000);

  await form.getByLabel("Entry fee ($)").fill("35");
  await form.getByRole("button", { name: "Save Class" }).click();
  await expect(page.getByTestId("toast")).toContainText("Class Saved");
  await expect(section).toContainText("$35.00 entry · $125.00 added");
  await expect(page).toHaveURL(`/events/${race.eventId}/race-day?show=unpaid`);
  await expect(page.getByTestId("class-edit")).toHaveCount(0);
  expect(fee()).toBe(3500);

  // Close shuts it without saving.
  await section.getByRole("link", { name: "Edit Class" }).click();
  await form.getByLabel("Entry fee ($)").fill("99");
  await form.getByRole("link", { name: "Close", exact: true }).click();
  await expect(page.getByTestId("class-edit")).toHaveCount(0);
  await expect(page).toHaveURL(`/events/${race.eventId}/race-day?show=unpaid#class-${race.classId}`);
  expect(fee()).toBe(3500);
});
