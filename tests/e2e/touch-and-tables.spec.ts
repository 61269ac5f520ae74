import { expect, test, type Locator, type Page } from "@playwright/test";
import { screenshot, signIn, withDb } from "./helpers";

/**
 * Small things a rider's thumb and an admin's eye meet: every tap target
 * named here is at least 44 x 44 px at 390 x 844; "Mark read" stays on one
 * line; an email in the admin's run-log table wraps, if at all, before its
 * "@", never inside a part (1366 x 900).
 */
async function expectTappable(target: Locator, what: string) {
  const box = (await target.boundingBox())!;
  expect(box, what).toBeTruthy();
  expect(Math.round(box.height), `${what}: height`).toBeGreaterThanOrEqual(44);
  expect(Math.round(box.width), `${what}: width`).toBeGreaterThanOrEqual(44);
}

/** How many lines each text part of the emails in `scope` takes (the local part and "@domain"). */
async function emailPartLines(scope: Locator) {
  return scope.evaluateAll((cells) =>
    cells.flatMap((cell) =>
      [...cell.querySelectorAll("span")]
        .filter((span) => span.querySelector(":scope > wbr"))
        .flatMap((span) =>
          [...span.childNodes]
            .filter((node) => node.nodeName !== "WBR")
            .map((node) => {
              const range = document.createRange();
              range.selectNodeContents(node);
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            }),
        ),
    ),
  );
}

const visitorRun = () =>
  withDb((db) => {
    const row = db
      .prepare(
        `select r.id runId, u.id userId from run_logs r join users u on u.id = r.user_id
         where r.privacy = 'PUBLIC' and u.privacy_mode = 'PUBLIC' and u.email = 'kaylee@demo.cloverleaf.app' limit 1`,
      )
      .get() as { runId: string; userId: string } | undefined;
    const any = row ?? (db.prepare("select r.id runId, u.id userId from run_logs r join users u on u.id = r.user_id where r.privacy = 'PUBLIC' and u.privacy_mode = 'PUBLIC' limit 1").get() as { runId: string; userId: string });
    return any;
  });

test("share pages' header link, the profile's edit pencil, Recent/Fastest and event titles are 44 px targets", async ({ page, browser }, info) => {
  const { runId, userId } = visitorRun();
  const event = withDb((db) => db.prepare("select id from events where showbill_approved = 1 and date >= date('now') order by date limit 1").get() as { id: string });
  // A visitor on a shared run and a shared event: the app's name at the top leads home.
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(`/share/run-log/${runId}`);
  await expectTappable(visitor.getByRole("link", { name: "Cloverleaf", exact: true }).first(), "shared run: app link");
  await visitor.goto(`/share/event/${event.id}`);
  await expectTappable(visitor.getByRole("link", { name: "Cloverleaf", exact: true }).first(), "shared event: app link");
  await screenshot(visitor, `tap-share-event-${info.project.name}`);
  await visitor.close();

  await signIn(page, "kaylee");
  await page.goto("/settings");
  await expectTappable(page.getByRole("link", { name: "Edit profile" }), "profile edit pencil");
  await page.goto(`/profile/${userId}`);
  const sort = page.getByRole("navigation", { name: "Sort runs" });
  await expectTappable(sort.getByRole("link", { name: "Recent" }), "Recent");
  await expectTappable(sort.getByRole("link", { name: "Fastest" }), "Fastest");
  await page.goto("/");
  const title = page.locator(".event-name a").first();
  await expectTappable(title, "event title link");
  await screenshot(page, `tap-discover-${info.project.name}`);
});

test("Mark read stays on one line beside a long title", async ({ page }, info) => {
  withDb((db) => {
    const kaylee = db.prepare("select id from users where email = 'kaylee@demo.cloverleaf.app'").get() as { id: string };
    db.prepare("insert into notifications (user_id, type, title, message, is_read, created_at) values (?, 'admin', ?, 'A long notice', 0, ?)").run(
      kaylee.id,
      `Entries for the Cowtown Coliseum Saturday jackpot close tonight ${info.project.name}`,
      Date.now(),
    );
  });
  await signIn(page, "kaylee");
  await page.goto("/notifications");
  const button = page.getByRole("button", { name: "Mark read" }).first();
  const box = (await button.boundingBox())!;
  // One line of text in a 44 px button.
  expect(Math.round(box.height)).toBeLessThanOrEqual(48);
  await screenshot(page, `notifications-mark-read-${info.project.name}`);
});

async function signInAdmin(page: Page) {
  await signIn(page, "admin");
}

test("the admin's public runs table wraps an email before its @", async ({ page }, info) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const local = `maribel.longaddress.barrels-${info.project.name}`;
  withDb((db) => {
    // A rider with a long address and a long note: the columns the table must share.
    const id = crypto.randomUUID();
    const now = Date.now();
    db.prepare(
      `insert into users (id, email, password, first_name, last_name, privacy_mode, rider_type, search_radius, notifications_enabled, is_admin, is_active, email_verified, created_at, updated_at)
       values (?, ?, 'x', 'Maribel', 'Longaddress', 'PUBLIC', 'Competitor', 50, 1, 0, 1, 1, ?, ?)`,
    ).run(id, `${local}@example.com`, now, now);
    db.prepare(
      `insert into run_logs (id, user_id, arena_name, arena_type, time, tags, privacy, notes, run_at, created_at) values (?, ?, 'Will Rogers Memorial Center', 'indoor', '15.902', '[]', 'PUBLIC', ?, ?, ?)`,
    ).run(crypto.randomUUID(), id, "Tipped the second barrel, ground was deep after the rain; ".repeat(4), now + 1000, now + 1000);
  });
  await signInAdmin(page);
  await page.goto("/admin?tab=runs");
  const cells = page.getByRole("row").filter({ hasText: local }).getByRole("cell");
  await expect(cells.first()).toBeVisible();
  expect(await emailPartLines(cells)).toEqual([1, 1]);
  await screenshot(page, `admin-runs-email-${info.project.name}`);
});
