import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";
import { E2E_DATABASE, expectAccessible, screenshot, signIn, uniqueEmail, withDb } from "./helpers";

/**
 * What a form says when something typed is wrong, at 390 x 844: by the field,
 * in plain words, nothing typed lost, nothing claimed that did not happen;
 * with JavaScript and, where the form posts, without.
 */
const js = () => test.info().project.use.javaScriptEnabled !== false;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function count(sql: string, ...params: unknown[]) {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return (db.prepare(sql).get(...params) as { n: number }).n;
  } finally {
    db.close();
  }
}

async function openRunForm(page: Page) {
  const details = page.locator("details#log-run");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  return page.locator("form#add-run");
}

test("Add Event: the City, State lookup keeps a ZIP code the producer typed, and fills an empty one", async ({ page }) => {
  test.skip(!js(), "the lookup runs in the browser");
  await signIn(page, "cody");
  await page.goto("/add-event");
  const zip = page.getByLabel("ZIP code");
  const city = page.getByLabel("City, State");
  await zip.fill("76179");
  await city.fill("Fort Worth, TX");
  // Past the lookup's second: the typed ZIP code stays, and says where it is.
  await page.waitForTimeout(1800);
  await expect(zip).toHaveValue("76179");
  await expect(page.getByText("76179 is in Fort Worth, TX")).toBeVisible();
  await screenshot(page, "add-event-zip-kept");

  await zip.fill("");
  await city.fill("Winston-Salem, NC");
  await expect(zip).toHaveValue("27101");
  await expect(page.getByText("ZIP Code Found")).toBeVisible();
  await zip.fill("27105");
  await city.fill("Winston-Salem, N.C.");
  await city.fill("Winston-Salem, NC");
  await page.waitForTimeout(1800);
  await expect(zip).toHaveValue("27105");
});

test("Run Log: a Run at before 1990 is said at the field, and the form keeps what was typed", async ({ page }) => {
  // With JavaScript the form wakes on the first touch, while the rider goes on typing: the Run at
  // typed then is the one refused (app/features/runs/RunForm.tsx switches the field's zone in place).
  const arena = `Old Date Arena ${unique()}`;
  await signIn(page, "shelby");
  await page.goto(js() ? "/run-log" : "/run-log?new");
  const form = await openRunForm(page);
  await form.getByLabel("Arena name").fill(arena);
  await form.getByLabel("Time (seconds)").fill("15.482");
  await form.getByLabel("Run at").fill("1989-06-01T10:00");
  await form.getByRole("button", { name: "Save Run" }).click();
  const after = page.locator("form#add-run");
  await expect(after.locator("#add-run-runAt-error")).toHaveText("Run time must be in 1990 or later");
  await expect(after.getByLabel("Arena name")).toHaveValue(arena);
  await expect(after.getByLabel("Time (seconds)")).toHaveValue("15.482");
  await expect(page.getByTestId("pending-run")).toHaveCount(0);
  await after.getByLabel("Run at").scrollIntoViewIfNeeded();
  await screenshot(page, `run-at-1989-${js() ? "js" : "nojs"}`);
  expect(count("select count(*) n from run_logs where arena_name = ?", arena)).toBe(0);
});

test("Run Log with JavaScript: a run the server refuses for what it says comes back to the form, not to the queue", async ({ page }) => {
  test.skip(!js(), "without JavaScript the form posts and the page answers (the test above)");
  const arena = `Refused Link Arena ${unique()}`;
  await signIn(page, "shelby");
  await page.goto("/run-log");
  const form = await openRunForm(page);
  await form.getByLabel("Arena name").fill(arena);
  await form.getByLabel("Time (seconds)").fill("16.2");
  // Shaped like one of the app's own videos, which only the server can tell is not this rider's.
  await form.getByLabel("Or a video link").fill("/uploads/AAAAAAAAAAAAAAAAAAAAAA.mp4");
  await form.getByRole("button", { name: "Save Run" }).click();
  await expect(form.locator("#add-run-videoUrl-error")).toHaveText("Video upload not found");
  await expect(form.getByLabel("Arena name")).toHaveValue(arena);
  await expect(form.getByLabel("Time (seconds)")).toHaveValue("16.2");
  await expect(form.getByLabel("Or a video link")).toBeFocused();
  await expect(page.getByTestId("pending-run")).toHaveCount(0);
  await expect(page.getByText("Not sent")).toHaveCount(0);
  await screenshot(page, "run-refused-back-to-form");
  await expectAccessible(page);

  // Corrected, it goes: the list shows it and the form is ready for the next run.
  await form.getByLabel("Or a video link").fill("");
  await form.getByRole("button", { name: "Save Run" }).click();
  await expect(page.getByTestId("toast")).toContainText("Run Logged");
  await expect(page.getByTestId("run-card").filter({ hasText: arena })).toBeVisible();
  await expect(form.getByLabel("Arena name")).toHaveValue("");
  expect(count("select count(*) n from run_logs where arena_name = ?", arena)).toBe(1);
});

test("Add Event with JavaScript: a refused showbill is said at the field, and the event is not added without it", async ({ page }) => {
  test.skip(!js(), "without JavaScript the showbill travels with the form and the server's answer says it at the field");
  const name = `Refused Flyer Barrels ${unique()}`;
  await signIn(page, "cody");
  await page.goto("/add-event");
  await page.getByLabel("Event name").fill(name);
  // A day no other test uses: another event near Fort Worth that day would add the same-date warning.
  await page.getByLabel("Start date").fill("2033-03-08");
  await page.getByLabel("City, State").fill("Fort Worth, TX");
  await page.getByLabel("ZIP code").fill("76179");
  await page.locator("#showbill").setInputFiles({ name: "flyer.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(page.locator("#showbill-error")).toContainText("Invalid File Type: Please select a valid file type: a photo or picture (JPEG, PNG, WebP, GIF or HEIC) or a PDF. SVG drawings are not accepted.");
  await expect(page.getByTestId("toast")).toHaveCount(0);
  await page.getByLabel("I confirm this event information is accurate.").check();
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(page.locator("#showbill")).toBeFocused();
  await expect(page).toHaveURL(/\/add-event/);
  await expect(page.getByText("Event Added!")).toHaveCount(0);
  await page.locator("#showbill").scrollIntoViewIfNeeded();
  await screenshot(page, "add-event-showbill-refused");
  expect(count("select count(*) n from events where name = ?", name)).toBe(0);

  // Going on without it is a choice the rider makes.
  await page.getByRole("button", { name: "Go on without a showbill" }).click();
  await page.getByRole("button", { name: "Add Event" }).click();
  await expect(page.getByTestId("toast")).toContainText("Event Added!");
  expect(count("select count(*) n from events where name = ?", name)).toBe(1);
});

test("Add Event with JavaScript: a message appearing as a field loses focus does not move the I confirm box from under the finger", async ({ page }) => {
  test.skip(!js(), "messages on leaving a field need JavaScript");
  await signIn(page, "cody");
  await page.goto("/add-event");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  const box = page.getByLabel("I confirm this event information is accurate.");
  await box.scrollIntoViewIfNeeded();
  const where = (await box.boundingBox())!;
  // The press lands where the box is now and moves the focus out of the email field, whose message then appears.
  await page.mouse.click(where.x + where.width / 2, where.y + where.height / 2);
  await expect(box).toBeChecked();
  await expect(page.getByText("Invalid email format")).toBeVisible();
  await screenshot(page, "add-event-confirm-after-message");
});

test("Profile: a cleared first name and a long bio are said at their fields, and nothing typed is lost", async ({ page }) => {
  await signIn(page, "jessie");
  await page.goto("/settings?edit=profile");
  const form = page.getByRole("form", { name: "Edit profile" });
  await form.getByLabel("First name").fill("");
  await form.getByLabel("Last name").fill("Newlast");
  await form.getByLabel("Rider type").selectOption("Trainer");
  await form.getByLabel("Bio").fill("Typed bio, kept.");
  await form.getByRole("button", { name: "Save" }).click();
  const after = page.getByRole("form", { name: "Edit profile" });
  await expect(after.locator("#p-firstName-error")).toHaveText("First name is required");
  await expect(page.getByText("Profile updated!")).toHaveCount(0);
  await expect(after.getByLabel("Last name")).toHaveValue("Newlast");
  await expect(after.getByLabel("Rider type")).toHaveValue("Trainer");
  await expect(after.getByLabel("Bio")).toHaveValue("Typed bio, kept.");
  await screenshot(page, `profile-first-name-${js() ? "js" : "nojs"}`);

  await after.getByLabel("First name").fill("Jessie");
  await after.getByLabel("Bio").fill("x".repeat(5000));
  await after.getByLabel("Home ZIP code").fill("00000");
  await after.getByRole("button", { name: "Save" }).click();
  const again = page.getByRole("form", { name: "Edit profile" });
  await expect(again.locator("#p-bio-error")).toHaveText("Bio must be 150 characters or less");
  await expect(again.getByLabel("First name")).toHaveValue("Jessie");
  await expect(again.getByLabel("Last name")).toHaveValue("Newlast");
  await expect(again.getByLabel("Bio")).toHaveValue("x".repeat(5000));
  await expect(again.getByLabel("Home ZIP code")).toHaveValue("00000");
  expect(withDb((db) => db.prepare("select last_name from users where email = 'jessie@demo.cloverleaf.app'").get())).toEqual({ last_name: "Raines" });
});

test("Sign-up: a ZIP code the gazetteer does not know is refused at the field", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Zed");
  await page.getByLabel("Email").fill(uniqueEmail("zip"));
  await page.getByLabel("Password", { exact: true }).fill("saddle-up-99");
  await page.getByLabel("Home ZIP code").fill("00000");
  await page.getByLabel(/I agree/).check();
  await page.getByRole("button", { name: /Create Account/i }).click();
  await expect(page.locator("#homeZipCode-error")).toHaveText("We could not find that ZIP code.");
  await expect(page.getByLabel("First name")).toHaveValue("Zed");
  await screenshot(page, `register-unknown-zip-${js() ? "js" : "nojs"}`);
});

test("Without JavaScript, the Status panel's refusal is in view, and the top of the page says it failed", async ({ page }) => {
  test.skip(js(), "with JavaScript the panel answers in place");
  const id = withDb((db) => {
    const cody = (db.prepare("select id from users where email = 'cody@demo.cloverleaf.app'").get() as { id: string }).id;
    const eventId = crypto.randomUUID();
    db.prepare(
      `insert into events (id, name, date, location, zip_code, arena_type, event_type, latitude, longitude, created_by, showbill_approved, created_at)
       values (?, ?, '2031-11-07', 'Salina, KS', '67401', 'indoor', '["barrel_racing"]', 38.8237, -97.6421, ?, 1, ?)`,
    ).run(eventId, `Status Refusal ${unique()}`, cody, Date.now());
    return eventId;
  });
  await signIn(page, "cody");
  await page.goto(`/events/${id}/edit`);
  const status = page.locator("#event-status");
  await status.locator("summary", { hasText: "Cancel Event" }).click();
  // Spaces pass the browser's own check (required, 3 characters) but say nothing: the server refuses them.
  await status.locator("#reason-cancelled").fill("   ");
  await status.getByRole("button", { name: "Yes, cancel the event" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${id}/edit\\?intent=status#event-status$`));
  await expect(status.getByText("Say why, in a few words: riders who saved the event see it")).toBeInViewport();
  await expect(page.getByRole("alert").filter({ hasText: "The event's status was not changed" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/status-refused-nojs-viewport.png" });
});

test("Without JavaScript, a horse photo over the limit keeps the name typed", async ({ page }) => {
  test.skip(js(), "with JavaScript the form checks the size before sending");
  await signIn(page, "shelby");
  await page.goto("/horses");
  const form = page.locator("details#add-horse");
  if ((await form.getAttribute("open")) === null) await form.locator("summary").click();
  await form.getByLabel("Name").fill("Big Photo Horse");
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#7c2d12" } }).jpeg().toBuffer();
  await form.getByLabel(/Photo/).setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]) });
  await form.getByRole("button", { name: /Add Horse/i }).click();
  await expect(page.getByText("File Too Large: File size must be less than 10MB")).toBeVisible();
  await expect(page.locator("details#add-horse").getByLabel("Name")).toHaveValue("Big Photo Horse");
  await screenshot(page, "horse-photo-too-large-nojs");
});

test("Add Event with JavaScript: a start date that does not exist (02/30/2027) is said to be not on the calendar, not missing", async ({ page }) => {
  test.skip(!js(), "the browser's date field holds what was typed; without JavaScript it sends nothing, which the server reads as no date");
  await signIn(page, "cody");
  await page.goto("/add-event");
  const start = page.getByLabel("Start date");
  await start.click();
  await page.keyboard.type("02302027");
  await start.blur();
  await expect(page.getByText("That day is not on the calendar (like February 30): check the day and month")).toBeVisible();
  await expect(start).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Event date is required")).toHaveCount(0);
  await screenshot(page, "add-event-date-not-on-calendar");
});
