import { expect, test } from "@playwright/test";
import { signIn, withDb } from "./helpers";

/**
 * The run form as riders speak: "Log a run" on a horse's screen opens the
 * form on that horse; NT is a time; a plain 1st is a placing; the linked
 * event lists a past event the rider ran at with its dates; the toast says
 * Run Logged and the card shows NT (with and without JavaScript).
 */
test("a rider logs an NT run placed 1st from the horse's screen", async ({ page }, info) => {
  const { horseId, horseName, event } = withDb((db) => {
    const kaylee = db.prepare("SELECT id FROM users WHERE email = 'kaylee@demo.cloverleaf.app'").get() as { id: string };
    const horse = db.prepare("SELECT id, name FROM horses WHERE user_id = ? AND retired_at IS NULL ORDER BY name DESC LIMIT 1").get(kaylee.id) as { id: string; name: string };
    // A past event Kaylee ran at (linked from one of her runs), saved by nobody.
    const id = crypto.randomUUID();
    const name = `Spring Jackpot ${info.project.name} ${Date.now().toString(36)}`;
    db.prepare(
      `INSERT INTO events (id, name, date, end_date, location, zip_code, arena_type, event_type, showbill_approved, created_at)
       VALUES (?, ?, '2026-04-04', '2026-04-05', 'Fort Worth, TX', '76101', 'indoor', '["barrel_racing"]', 1, ?)`,
    ).run(id, name, Date.now());
    db.prepare("UPDATE run_logs SET event_id = ? WHERE id = (SELECT id FROM run_logs WHERE user_id = ? ORDER BY run_at LIMIT 1)").run(id, kaylee.id);
    return { horseId: horse.id, horseName: horse.name, event: name };
  });
  await signIn(page, "kaylee");
  await page.goto(`/horses/${horseId}`);
  await page.getByRole("link", { name: "Log a run" }).click();
  const form = page.locator("#log-run form");
  await expect(form.getByLabel("Horse", { exact: true }).locator("option:checked")).toHaveText(horseName);
  const arena = `Off Pattern Arena ${info.project.name} ${Date.now().toString(36)}`;
  await form.getByLabel("Arena name").fill(arena);
  await form.getByLabel("Time (seconds)").fill("NT");
  await form.getByLabel("Placement").selectOption("1st");
  await expect(form.getByLabel("Linked event").locator("option", { hasText: event })).toHaveText(`${event} · Apr 4 – 5, 2026`);
  await form.getByLabel("Linked event").selectOption({ label: `${event} · Apr 4 – 5, 2026` });
  await form.getByLabel("Placement").scrollIntoViewIfNeeded();
  await form.screenshot({ path: `test-results/screenshots/run-words-form-${info.project.name}.png` });
  await form.getByRole("button", { name: "Save Run" }).click();
  await expect(page.getByTestId("toast")).toContainText("Run Logged");
  const card = page.getByTestId("run-card").filter({ hasText: arena });
  await expect(card).toContainText("NT");
  await expect(card).not.toContainText("NTs");
  await expect(card).toContainText("1st");
  await expect(card).toContainText(horseName);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `test-results/screenshots/run-words-card-${info.project.name}.png` });
});
