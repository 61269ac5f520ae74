import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";
import { E2E_DATABASE, expectAccessible, screenshot, signIn } from "./helpers";

/**
 * A rider's horses at 390 x 844, with and without JavaScript: add a horse,
 * log a run on it (picked, and as a new horse typed in the run form), and
 * find the run under that horse.
 */



async function openRunForm(page: Page) {
  const details = page.locator("details#log-run");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  return page.locator("form#add-run");
}

/** The run's horse on the server (the e2e server's database). */
function serverRun(arena: string) {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db.prepare("SELECT r.horse_name, r.run_at, h.name AS horse FROM run_logs r LEFT JOIN horses h ON h.id = r.horse_id WHERE r.arena_name = ?").get(arena) as
      | { horse_name: string; run_at: number; horse: string | null }
      | undefined;
  } finally {
    db.close();
  }
}

test("a rider adds a horse, logs runs on it and on a new horse typed in the run form, and finds them under each horse", async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  const suffix = js ? "js" : "nojs";
  const horse = `Juniper ${suffix}`;
  const quick = `Pronto ${suffix}`;
  await signIn(page, "renee");

  // The Run Log leads to the horses.
  await page.goto("/run-log");
  await page.getByRole("link", { name: "Horses", exact: true }).click();
  await expect(page).toHaveURL(/\/horses$/);
  await expect(page.getByRole("heading", { name: "Horses", exact: true })).toBeVisible();
  const add = page.locator("details#add-horse");
  if ((await add.getAttribute("open")) === null) await add.locator("summary").click();
  await add.getByLabel("Name").fill(horse);
  await screenshot(page, `horses-add-${info.project.name}`);
  await add.getByRole("button", { name: "Add Horse" }).click();
  await expect(page).toHaveURL(/\/horses\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: horse, level: 2 })).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("Horse added!");
  const horseUrl = page.url();

  // Its details, edited on its screen.
  const edit = page.locator("details#edit-horse");
  await edit.locator("summary").click();
  await edit.getByLabel("Registered name").fill("Juniper Jet Bar");
  await edit.getByLabel("Year foaled").fill("2017");
  await edit.getByLabel("Sex").selectOption("mare");
  await edit.getByLabel("Color").fill("Buckskin");
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#b7894c" } }).jpeg().toBuffer();
  await edit.getByLabel("Photo").setInputFiles({ name: "juniper.jpg", mimeType: "image/jpeg", buffer: photo });
  await edit.getByRole("button", { name: "Save Horse" }).click();
  await expect(page.getByTestId("toast")).toContainText("Horse updated");
  await expect(page.getByText("Juniper Jet Bar")).toBeVisible();
  await expect(page.getByText("Buckskin")).toBeVisible();
  await expect(page.getByRole("img", { name: `Photo of ${horse}` })).toBeVisible();
  await screenshot(page, `horse-screen-${info.project.name}`);
  await expectAccessible(page);

  // A run on the horse, picked in the form.
  await page.goto("/run-log");
  const arena = `Juniper Arena ${suffix} ${Date.now()}`;
  let form = await openRunForm(page);
  await form.getByLabel("Arena name").fill(arena);
  await form.getByLabel("Horse", { exact: true }).selectOption({ label: horse });
  await form.getByLabel("Time (seconds)").fill("15.707");
  await expect(form.getByLabel("Run at")).not.toHaveValue("");
  await screenshot(page, `run-form-horse-${info.project.name}`);
  await form.getByRole("button", { name: "Save Run" }).click();
  await expect(page.getByTestId("toast")).toContainText("Run Logged");
  await expect(page.getByTestId("run-card").filter({ hasText: arena })).toContainText(horse);
  expect(serverRun(arena)).toMatchObject({ horse_name: horse, horse });

  // A run on a horse that does not exist yet: typed in the same form.
  const quickArena = `Pronto Arena ${suffix} ${Date.now()}`;
  form = await openRunForm(page);
  await form.getByLabel("Arena name").fill(quickArena);
  await form.getByLabel("Or a new horse").fill(quick);
  await form.getByLabel("Time (seconds)").fill("16.02");
  await form.getByRole("button", { name: "Save Run" }).click();
  await expect(page.getByTestId("run-card").filter({ hasText: quickArena })).toContainText(quick);
  expect(serverRun(quickArena)).toMatchObject({ horse_name: quick, horse: quick });

  // Each run is listed under its horse.
  await page.goto(horseUrl);
  await expect(page.getByTestId("horse-runs")).toContainText(arena);
  await expect(page.getByTestId("horse-runs")).toContainText("15.707s");
  await page.goto("/horses");
  await expect(page.getByTestId("horse-row").filter({ hasText: quick })).toContainText("1 run");
  await screenshot(page, `horses-list-${info.project.name}`);
  await page.getByTestId("horse-row").filter({ hasText: quick }).click();
  await expect(page.getByTestId("horse-runs")).toContainText(quickArena);

  // Retired: out of the run form's picker, back again with Bring Back.
  await page.getByRole("button", { name: "Retire" }).click();
  await expect(page.getByText("Retired", { exact: true })).toBeVisible();
  await page.goto("/run-log");
  form = await openRunForm(page);
  await expect(form.getByLabel("Horse", { exact: true }).locator("option", { hasText: quick })).toHaveCount(0);
  await expect(form.getByLabel("Horse", { exact: true }).locator("option", { hasText: horse })).toHaveCount(1);
});

test("a parent picks a rider and the rider's horse comes up, or picks the horse and its rider comes up", async ({ page }, info) => {
  test.skip(info.project.use.javaScriptEnabled === false, "without JavaScript both lists are picked by hand (the horses are grouped by rider)");
  await signIn(page, "renee");
  await page.goto("/run-log");
  const form = await openRunForm(page);
  const horse = form.getByLabel("Horse", { exact: true });
  const rider = form.getByLabel("Rider");
  // Renee's daughter Addie rides Sassy.
  await expect(horse.locator('optgroup[label="Addie\'s horses"] option', { hasText: "Sassy" })).toHaveCount(1);
  // A tap on the form wakes its code (app/components/Island.tsx); until then both lists are plain.
  await rider.focus();
  await expect(async () => {
    await rider.selectOption("none");
    await rider.selectOption({ label: "Addie" });
    await expect(horse.locator("option:checked")).toHaveText("Sassy", { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await rider.selectOption("none");
  await horse.selectOption("none");
  await horse.selectOption({ label: "Sassy" });
  await expect(rider.locator("option:checked")).toHaveText("Addie");
  await screenshot(page, "run-form-parent-js");
});
