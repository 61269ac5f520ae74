import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DATABASE, expectAccessible, screenshot, signIn } from "./helpers";

/** The demo data (scripts/seed-demo.ts) seeded into the e2e server's database. */
const db = () => new Database(E2E_DATABASE, { readonly: true });


test("a rider moves through every tab; the badge shows the unread count", async ({ page }) => {
  const unread = db()
    .prepare("select count(*) n from notifications n join users u on u.id = n.user_id where u.email = ? and n.is_read = 0")
    .get("kaylee@demo.cloverleaf.app") as { n: number };
  await signIn(page, "kaylee");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByTestId("unread-badge")).toHaveText(unread.n > 9 ? "9+" : String(unread.n));
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);

  for (const [label, path, name] of [
    ["My Events", "/events", "my-events"],
    ["Run Log", "/run-log", "run-log"],
    ["Notifications", "/notifications", "notifications"],
    ["Profile", "/settings", "settings"],
    ["Discover", "/", "discover"],
  ] as const) {
    await nav.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(nav.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    await screenshot(page, `tab-${name}`);
    await expectAccessible(page);
  }

  // The profile card on a phone: the address and the ZIP each whole on one line.
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Your profile" });
  for (const text of ["kaylee@demo.cloverleaf.app", /^ZIP \d{5}$/]) {
    const line = card.locator("p").filter({ hasText: text });
    const box = await line.boundingBox();
    const lineHeight = await line.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box!.height).toBeLessThanOrEqual(lineHeight + 1);
  }

  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByText("Access Denied - You need administrator privileges to access this page.")).toBeVisible();
});

test("shared event and run pages show real content to a visitor", async ({ page }) => {
  const event = db().prepare("select id, name from events where showbill_approved = 1 and status = 'SCHEDULED' and date >= date('now') order by date limit 1").get() as { id: string; name: string };
  await page.goto(`/share/event/${event.id}`);
  await expect(page.getByRole("heading", { name: event.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Calendar" })).toHaveAttribute("href", /calendar\.google\.com/);
  await screenshot(page, "share-event");

  const run = db()
    .prepare("select r.id, r.arena_name arena from run_logs r join users u on u.id = r.user_id where r.privacy = 'PUBLIC' and u.privacy_mode = 'PUBLIC' limit 1")
    .get() as { id: string; arena: string };
  await page.goto(`/share/run-log/${run.id}`);
  await expect(page.getByRole("heading", { name: run.arena })).toBeVisible();
  await expect(page.getByText("Shared by")).toBeVisible();
  await screenshot(page, "share-run");
  await expectAccessible(page);
});

test("a signed-in rider saves an event from its share page", async ({ page }) => {
  const event = db()
    .prepare(
      `select e.id from events e where e.showbill_approved = 1 and e.status = 'SCHEDULED' and e.created_by is not (select id from users where email = ?)
       and e.id not in (select event_id from saved_events s join users u on u.id = s.user_id where u.email = ?) limit 1`,
    )
    .get("jessie@demo.cloverleaf.app", "jessie@demo.cloverleaf.app") as { id: string };
  await signIn(page, "jessie");
  await page.goto(`/share/event/${event.id}`);
  await page.getByRole("button", { name: "Save Event" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("Event Saved!");
  await page.getByRole("button", { name: "Saved" }).click();
  await expect(page.getByRole("button", { name: "Save Event" })).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("Event Removed");
});

test("an administrator sees the dashboard and the Admin tab", async ({ page }) => {
  await signIn(page, "admin");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Admin" }).click();
  await expect(page.getByText("Pending Showbills").first()).toBeVisible();
  await screenshot(page, "admin");
});
