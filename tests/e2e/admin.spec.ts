import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { E2E_DATABASE, expectAccessible, screenshot } from "./helpers";

/**
 * An administrator at a desktop (1366 x 900) and on a phone: approves a
 * pending showbill from its preview, bans a reported user after the
 * question, reads it in the audit log, sends an announcement to all after
 * the question.
 */
function seedModerationWork(tag: string, showbillUrl: string) {
  const db = new Database(E2E_DATABASE);
  const now = Date.now();
  const producer = db.prepare("select id from users where email = 'jessie@demo.cloverleaf.app'").get() as { id: string };
  const reporter = db.prepare("select id from users where email = 'kaylee@demo.cloverleaf.app'").get() as { id: string };
  const eventName = `Pending Showbill Derby ${tag}`;
  db.prepare(
    `insert into events (id, name, date, location, zip_code, arena_type, event_type, showbill_url, showbill_approved, created_by, created_at)
     values (?, ?, '2031-05-02', 'Guthrie, OK', '73044', 'outdoor', '["barrel_racing"]', ?, 0, ?, ?)`,
  ).run(randomUUID(), eventName, showbillUrl, producer.id, now);
  const trollId = randomUUID();
  const trollEmail = `troll-${tag}-${now}@example.com`;
  db.prepare(
    `insert into users (id, email, password, first_name, last_name, privacy_mode, rider_type, search_radius, notifications_enabled, is_admin, is_active, email_verified, created_at, updated_at)
     values (?, ?, 'x', 'Troll', 'Account', 'PUBLIC', 'Competitor', 50, 1, 0, 1, 1, ?, ?)`,
  ).run(trollId, trollEmail, now, now);
  db.prepare("insert into user_reports (reporter_id, reported_user_id, reason, description, status, created_at) values (?, ?, 'harassment', ?, 'PENDING', ?)").run(
    reporter.id,
    trollId,
    "x".repeat(300),
    now,
  );
  db.close();
  return { eventName, trollEmail };
}

/** A real showbill image through the signed upload flow, so it has its stored preview. */
async function uploadShowbill(page: Page) {
  const image = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#a4541b" } })
    .composite([{ input: Buffer.from('<svg width="1200" height="1600"><text x="100" y="400" font-size="160" fill="white">BARREL RACE</text></svg>') }])
    .png()
    .toBuffer();
  const { uploadURL } = await (await page.request.post("/api/objects/upload?kind=showbill")).json();
  const put = await page.request.put(uploadURL, { data: image, headers: { "Content-Type": "image/png" } });
  expect(put.status()).toBe(201);
  return ((await put.json()) as { url: string }).url;
}

async function signInAdmin(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill("admin@demo.cloverleaf.app");
  await page.getByLabel("Password").fill("demo-password-1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
}

for (const [label, viewport] of [
  ["desktop", { width: 1366, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`an admin moderates on a ${label}`, async ({ page }, info) => {
    await page.setViewportSize(viewport);
    const tag = `${label}-${info.project.name}`;
    await signInAdmin(page);
    const { eventName, trollEmail } = seedModerationWork(tag, await uploadShowbill(page));
    await page.goto("/admin");
    await expect(page.getByText("Pending Showbills").first()).toBeVisible();
    await screenshot(page, `admin-users-${tag}`);
    await expectAccessible(page);

    // A row's text is centred on its buttons, and an email wraps, if at all, before its "@", never inside a part.
    const userRow = page.getByRole("row").filter({ hasText: trollEmail });
    const nameMiddle = await userRow.getByRole("cell").first().evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const line = range.getClientRects()[0]!;
      return line.top + line.height / 2;
    });
    const manage = (await userRow.getByRole("link", { name: `Manage ${trollEmail}` }).boundingBox())!;
    expect(Math.abs(nameMiddle - (manage.y + manage.height / 2))).toBeLessThanOrEqual(3);
    const partLines = await userRow.getByRole("cell").nth(1).evaluate((cell) =>
      [...cell.querySelectorAll("span")].flatMap((span) =>
        [...span.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          }),
      ),
    );
    expect(partLines).toEqual([1, 1]);

    const sections = page.getByRole("navigation", { name: "Admin sections" });
    const main = page.getByRole("navigation", { name: "Main" });
    if (label === "desktop") {
      // The desktop layout: navigation at the side, every admin tab in view.
      const nav = (await main.boundingBox())!;
      expect(nav.x).toBe(0);
      expect(nav.height).toBeGreaterThan(viewport.height - 1);
      for (const link of await sections.getByRole("link").all()) {
        const box = (await link.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
    } else {
      // The phone keeps its bottom bar.
      const nav = (await main.boundingBox())!;
      expect(nav.y + nav.height).toBe(viewport.height);
      expect(nav.width).toBe(viewport.width);
    }

    await sections.getByRole("link", { name: "Pending Showbills" }).click();
    const card = page.getByRole("listitem").filter({ hasText: eventName });
    await expect(card.getByRole("img", { name: `Showbill for ${eventName}` })).toHaveAttribute("src", /\.preview\.webp$/);
    await screenshot(page, `admin-showbills-${tag}`);
    await card.getByRole("button", { name: `Approve ${eventName}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Showbill Approved");
    await expect(page.getByText(eventName)).toHaveCount(0);

    await sections.getByRole("link", { name: "Reported Users" }).click();
    const row = page.getByRole("row").filter({ hasText: trollEmail });
    // A long unbroken description stays inside its column.
    const description = row.getByText(/^x{300}$/);
    const cell = description.locator("xpath=ancestor::td[1]");
    const [text, box] = [(await description.boundingBox())!, (await cell.boundingBox())!];
    expect(text.x + text.width).toBeLessThanOrEqual(box.x + box.width + 1);
    await row.locator("summary", { hasText: "Ban User" }).click();
    await expect(row.getByRole("group", { name: `Ban ${trollEmail}?` })).toBeVisible();
    await screenshot(page, `admin-ban-confirm-${tag}`);
    await row.getByRole("button", { name: "Yes, ban user" }).click();
    await expect(page.getByTestId("toast")).toContainText("User Banned");
    await page.goto("/admin?tab=audit");
    await expect(page.getByRole("row").filter({ hasText: "Banned user" }).first()).toContainText(`Troll Account (${trollEmail})`);
    await screenshot(page, `admin-audit-${tag}`);

    await sections.getByRole("link", { name: "Notifications" }).click();
    await page.getByLabel("Title").fill("Arena closed");
    await page.getByLabel("Message").fill("Rain out tonight; see you Saturday.");
    await page.getByRole("button", { name: "Send to all users" }).click();
    const question = page.getByRole("alertdialog", { name: /Send “Arena closed” to all \d+ active users\?/ });
    await expect(question).toBeVisible();
    await screenshot(page, `admin-notify-confirm-${tag}`);
    await question.getByRole("button", { name: "Yes, send to all" }).click();
    await expect(page.getByTestId("toast")).toContainText("Notification Sent");
    await screenshot(page, `admin-notifications-${tag}`);
  });
}
