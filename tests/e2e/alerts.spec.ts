import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DATABASE, expectAccessible, openSearch, screenshot, signIn } from "./helpers";



/** Each project's own demo rider, starting with no alerts. */
function riderFor(js: boolean) {
  const who = js ? "wade" : "hank";
  const db = new Database(E2E_DATABASE);
  db.prepare("delete from saved_searches where user_id = (select id from users where email = ?)").run(`${who}@demo.cloverleaf.app`);
  db.close();
  return who;
}

test("save a search from Discover as an alert, then edit, pause and delete it in Settings", async ({ page }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  await signIn(page, riderFor(js));

  await openSearch(page, "Find events");
  await page.getByLabel("ZIP code or City, ST").fill("Fort Worth, TX");
  await page.getByLabel("Radius").selectOption("100");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const results = page.getByRole("region", { name: /Search results/ });
  await expect(results).toBeVisible();

  await results.getByText("Alert me about new events like these").click();
  const name = page.getByLabel("Alert name");
  await expect(name).toHaveValue("Fort Worth, TX, 100 mi");
  await name.fill("Fort Worth weekends");
  await page.getByLabel("Email me").selectOption("daily");
  await screenshot(page, `alerts-discover-form-${info.project.name}`);
  await page.getByRole("button", { name: "Save alert" }).click();
  await expect(page.getByText("Alert saved")).toBeVisible();
  // Back on the same search.
  await expect(page).toHaveURL(/search=1/);
  await expect(page.getByRole("region", { name: /Search results/ })).toBeVisible();
  await screenshot(page, `alerts-discover-saved-${info.project.name}`);

  await page.goto("/settings");
  const alerts = page.getByRole("region", { name: "Alerts" });
  await expect(alerts.getByText("Fort Worth weekends", { exact: true })).toBeVisible();
  await expect(alerts.getByText("Fort Worth, TX within 100 mi")).toBeVisible();
  await expect(alerts.getByText("Email: daily digest")).toBeVisible();
  await alerts.scrollIntoViewIfNeeded();
  await screenshot(page, `alerts-settings-${info.project.name}`);

  await alerts.getByLabel("Edit Fort Worth weekends").click();
  await alerts.getByLabel("Radius").selectOption("200");
  await alerts.getByLabel("Email me").selectOption("off");
  await screenshot(page, `alerts-settings-edit-${info.project.name}`);
  await alerts.getByRole("button", { name: "Save alert" }).click();
  await expect(page.getByText("Alert updated")).toBeVisible();
  await expect(alerts.getByText("Fort Worth, TX within 200 mi")).toBeVisible();
  await expect(alerts.getByText("Email: off")).toBeVisible();

  await alerts.getByRole("button", { name: "Pause Fort Worth weekends" }).click();
  await expect(alerts.getByText("Paused", { exact: true })).toBeVisible();
  await screenshot(page, `alerts-settings-paused-${info.project.name}`);
  await expectAccessible(page);
  await alerts.getByRole("button", { name: "Resume Fort Worth weekends" }).click();
  await expect(alerts.getByText("Paused", { exact: true })).toHaveCount(0);

  await alerts.getByText("Delete", { exact: true }).click();
  await alerts.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Alert deleted")).toBeVisible();
  await expect(alerts.getByText("No alerts yet.")).toBeVisible();
});
