import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { consoleErrors, expectAccessible, signIn, whenHydrated, withDb } from "./helpers";

/**
 * The race office on a laptop (1366 x 900): the books and their close-out
 * sheet, checks typed as each is written (with and without JavaScript), the
 * printed draw sheets, and the administrator's year of winnings. The demo's
 * Erath County Jackpot (produced by Jessie) has a published Open 4D; each
 * test that writes adds a class of its own with walk-ups, so the js and
 * no-js runs never meet.
 */

const EVENT = "Erath County Jackpot";
const js = () => test.info().project.use.javaScriptEnabled !== false;

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
});

const eventId = () => withDb((db) => (db.prepare("select id from events where name = ?").get(EVENT) as { id: string }).id);

/**
 * A published class of `paid` walk-ups (names tagged so they are this test's
 * own), drawn with a drag every 3 runs and a late entry last: each placing
 * pays the amount given, the rest nothing.
 */
function publishedClass(paid: number[]) {
  return withDb((db) => {
    const event = eventId();
    const classId = randomUUID();
    const tag = classId.slice(0, 4).toUpperCase();
    const now = Date.now();
    db.prepare(
      `insert into race_classes (id, event_id, name, position, entry_fee_cents, added_money_cents, producer_share_percent, divisions, split_ms, max_horses_per_rider, payout, draw_min_gap, drag_every, results_version, drawn_at, draw_published_at, results_published_at, created_at)
       values (?, ?, ?, 9, 2500, 10000, 20, 1, '[500]', 3, ?, 5, 3, 1, ?, ?, ?, ?)`,
    ).run(classId, event, `Office ${tag}`, JSON.stringify({ divisionPercents: [100], table: [{ maxEntries: 25, percents: [60, 40] }] }), now, now, now, now);
    const riders = paid.map((_, i) => `Rider ${tag} ${String.fromCharCode(65 + i)}`);
    riders.forEach((name, i) => {
      const entryId = randomUUID();
      const late = i === riders.length - 1 ? 1 : 0;
      db.prepare(
        `insert into race_entries (id, event_id, class_id, rider_name, horse_name, back_number, paid, paid_method, paid_reference, status, late, draw_position, drags_before, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'ENTERED', ?, ?, ?, ?)`,
      ).run(entryId, event, classId, name, `Horse ${i + 1}`, 400 + i, i === 1 ? 0 : 1, i === 1 ? null : i === 2 ? "CHECK" : "CASH", i === 2 ? "2207" : null, late, i + 1, Math.floor(i / 3), now);
      db.prepare(
        `insert into race_results (entry_id, class_id, event_id, outcome, time_ms, penalties, total_ms, division, place, payout_cents, published_at)
         values (?, ?, ?, 'TIME', ?, 0, ?, 1, ?, ?, ?)`,
      ).run(entryId, classId, event, 15000 + i * 100, 15000 + i * 100, i + 1, paid[i], now);
      // The ledger's fee record of a paid entry (the books read it).
      if (i !== 1) db.prepare(`insert into money_records (event_id, kind, amount_cents, method, reference, entry_id, class_id, payee_name, taken_by_name, day, carried, created_at) values (?, 'FEE', 2500, ?, ?, ?, ?, ?, '', '2026-11-28', 1, ?)`).run(event, i === 2 ? "CHECK" : "CASH", i === 2 ? "2207" : null, entryId, classId, name, now);
    });
    return { eventId: event, classId, tag, riders };
  });
}

const payeeRow = (page: Page, name: string) => page.getByTestId("payee-row").filter({ has: page.getByRole("rowheader", { name }) });

test("the producer reads the books of an event and prints the close-out sheet", async ({ page }) => {
  const race = publishedClass([9000, 6000, 0, 0]);
  const errors = consoleErrors(page);
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day`);
  await page.getByRole("link", { name: "Books", exact: true }).click();
  await expect(page.getByRole("heading", { name: "By class" })).toBeVisible();

  const row = page.getByTestId("books-class").filter({ hasText: `Office ${race.tag}` });
  // 4 entries at $25: 3 paid ($50 cash, $25 check), 1 unpaid; $20 kept, $80 + $100 added = $180 pot; $150 paid out, $30 under.
  await expect(row).toContainText("$100.00");
  await expect(row).toContainText("$50.00");
  await expect(row).toContainText("$180.00");
  await expect(row).toContainText("$150.00");
  await expect(row).toContainText("−$30.00");
  await expect(page.getByTestId("unpaid-list").filter({ hasText: race.riders[1]! })).toContainText("$25.00");
  const close = page.getByTestId("close-out");
  await expect(close).toContainText("Cash to account for");
  await expect(close).toContainText("#2207");
  await expect(close.getByText("Producer", { exact: true })).toBeVisible();
  await page.screenshot({ path: `/tmp/books-${js() ? "js" : "nojs"}-1366.png`, fullPage: true });
  await expectAccessible(page);

  // On paper: the sheet alone, without the app's header and buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("link", { name: "CSV of Every Entry" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Close-out sheet" })).toBeVisible();
  await page.screenshot({ path: `/tmp/books-print-${js() ? "js" : "nojs"}.png`, fullPage: true });
  // Printed across a letter page (landscape, half-inch margins: 10 inches, 960 px), every column of the books is on the paper.
  expect(await page.evaluate(() => getComputedStyle(document.getElementById("main")!).getPropertyValue("page"))).toBe("landscape");
  await page.setViewportSize({ width: 960, height: 700 });
  const widths = await page.getByRole("region", { name: "The books by class" }).evaluate((region) => ({ table: region.querySelector("table")!.scrollWidth, region: region.clientWidth }));
  expect(widths.table).toBeLessThanOrEqual(widths.region);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ media: "screen" });

  const csv = await page.request.get(`/api/events/${race.eventId}/books.csv`);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split("\r\n").filter((l) => l.includes(`Rider ${race.tag}`))).toHaveLength(4);
  expect(errors).toEqual([]);
});

test("the office types check numbers as each check is written, and voids one with its reason", async ({ page }) => {
  const race = publishedClass([9000, 6000]);
  const [a, b] = race.riders as [string, string];
  const base = Number(String(Date.now()).slice(-6)) * 10 + (js() ? 1 : 2);
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/checks`);
  await whenHydrated(page);
  await expect(payeeRow(page, a)).toContainText("$90.00");
  await expect(payeeRow(page, a)).toContainText("To write");

  await payeeRow(page, a).getByLabel("Check number", { exact: true }).fill(String(base));
  await payeeRow(page, a).getByLabel("Check number", { exact: true }).press("Enter");
  await expect(payeeRow(page, a)).toContainText(`Check #${base}`);
  await expect(payeeRow(page, a)).toContainText("Written");

  // The same number for another payee is refused beside the row, the number typed kept.
  await payeeRow(page, b).getByLabel("Check number", { exact: true }).fill(String(base));
  await payeeRow(page, b).getByRole("button", { name: `Save check number for ${b}` }).click();
  await expect(payeeRow(page, b).getByRole("alert")).toHaveText(`Check ${base} is already used in this event (${a}): each check has its own number`);
  await expect(payeeRow(page, b).getByLabel("Check number", { exact: true })).toHaveValue(String(base));
  await expect(payeeRow(page, b).getByLabel("Check number", { exact: true })).toBeFocused();
  await payeeRow(page, b).getByLabel("Check number", { exact: true }).fill(String(base + 1));
  await payeeRow(page, b).getByLabel("Check number", { exact: true }).press("Enter");
  await expect(payeeRow(page, b)).toContainText(`Check #${base + 1}`);

  // Void the first: kept with its number and reason, and the payee is to write again.
  await payeeRow(page, a).getByText(`Void check #${base}`).click();
  await payeeRow(page, a).getByLabel("Why void").fill("Torn in the printer");
  await payeeRow(page, a).getByRole("button", { name: "Void", exact: true }).click();
  await expect(payeeRow(page, a)).toContainText("To write");
  await expect(payeeRow(page, a)).toContainText("(Torn in the printer)");
  await page.screenshot({ path: `/tmp/checks-${js() ? "js" : "nojs"}-1366.png`, fullPage: true });

  const stored = withDb((db) => db.prepare("select number, voided_at as voidedAt, void_reason as reason from race_checks where event_id = ? and payee_name in (?, ?) order by number").all(race.eventId, a, b)) as { number: string; voidedAt: number | null; reason: string | null }[];
  expect(stored.map((c) => [c.number, c.voidedAt !== null, c.reason])).toEqual([
    [String(base), true, "Torn in the printer"],
    [String(base + 1), false, null],
  ]);
  await expectAccessible(page);
});

test("the announcer's draw sheet prints on a letter page: order, back numbers, hometowns, drags and the late entry", async ({ page }) => {
  const race = publishedClass([9000, 6000, 0, 0, 0]);
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day`);
  await page.getByRole("link", { name: "Announcer Sheet" }).click();
  await expect(page).toHaveURL(/\/sheets\/announcer$/);
  await page.goto(`/events/${race.eventId}/sheets/announcer?class=${race.classId}`);
  const runs = page.getByTestId("sheet-run");
  await expect(runs).toHaveCount(5);
  await expect(runs.first()).toContainText(race.riders[0]!);
  await expect(runs.first()).toContainText("400");
  await expect(page.getByTestId("sheet-drag")).toHaveText(["Drag 1"]);
  await expect(runs.last()).toContainText("Late entry");

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("link", { name: "Gate sheet" })).toBeHidden();
  // Letter paper less half-inch margins is 7.5 in wide: the sheet fits it (96 px an inch).
  await page.setViewportSize({ width: 720, height: 960 });
  const width = await page.locator("main").evaluate((m) => m.scrollWidth);
  expect(width).toBeLessThanOrEqual(720);
  await page.screenshot({ path: `/tmp/sheet-announcer-print-${js() ? "js" : "nojs"}.png`, fullPage: true });

  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/events/${race.eventId}/sheets/gate?class=${race.classId}`);
  await expect(page.getByTestId("sheet-run")).toHaveCount(5);
  await expect(page.getByRole("columnheader", { name: "Hometown" })).toHaveCount(0);
  await page.goto(`/events/${race.eventId}/sheets/numbers`);
  await expect(page.getByTestId("sheet-number").filter({ hasText: race.riders[0]! })).toContainText(`Office ${race.tag}`);
  await page.screenshot({ path: `/tmp/sheet-numbers-${js() ? "js" : "nojs"}.png`, fullPage: true });
});

test("an administrator reads the year's winnings with the tax form's mark, and moves the threshold", async ({ page }) => {
  const race = publishedClass([70000, 50000]);
  const year = withDb((db) => (db.prepare("select date from events where id = ?").get(race.eventId) as { date: string }).date.slice(0, 4));
  await signIn(page, "admin");
  await page.goto("/admin");
  await page.getByRole("link", { name: "Winnings" }).click();
  await page.getByLabel("Year").fill(year);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: `Winnings in ${year}` })).toBeVisible();
  const row = (name: string) => page.getByTestId("winnings-row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row(race.riders[0]!)).toContainText("$700.00");
  await expect(row(race.riders[0]!)).toContainText("Due");
  await expect(row(race.riders[1]!)).not.toContainText("Due");
  await page.screenshot({ path: `/tmp/winnings-${js() ? "js" : "nojs"}-1366.png`, fullPage: true });

  await page.getByLabel("Amount ($)").fill("six hundred");
  await page.getByRole("button", { name: "Save Threshold" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter dollars and cents, like 600 or 600.00 (up to $100,000)");
  await page.getByLabel("Amount ($)").fill("500");
  await page.getByRole("button", { name: "Save Threshold" }).click();
  await expect(row(race.riders[1]!)).toContainText("Due");
  await page.getByLabel("Amount ($)").fill("600.00");
  await page.getByRole("button", { name: "Save Threshold" }).click();
  await expect(row(race.riders[1]!)).not.toContainText("Due");
  await expectAccessible(page);
});

test("on a phone the books and checks stay inside the screen (their tables scroll within)", async ({ page }) => {
  const race = publishedClass([9000, 6000]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "jessie");
  for (const path of ["books", "checks"]) {
    await page.goto(`/events/${race.eventId}/${path}`);
    await expect(page.locator("main")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `/tmp/${path}-${js() ? "js" : "nojs"}-390.png`, fullPage: true });
  }
  await expect(page.getByText("Print this page with your browser's Print")).toHaveCount(js() ? 0 : 1);
});

test("the producer sets the scratch policy and late fee on the books, a refused figure answered at its field", async ({ page }) => {
  // An event of Jessie's own, so the demo's shared race keeps its policy.
  const eventId = withDb((db) => {
    const row = db.prepare("select * from events where name = ?").get("Erath County Jackpot") as Record<string, unknown>;
    const copy: Record<string, unknown> = { ...row, id: randomUUID(), name: `Policy ${randomUUID().slice(0, 4)}` };
    const keys = Object.keys(copy);
    db.prepare(`insert into events (${keys.join(", ")}) values (${keys.map(() => "?").join(", ")})`).run(...keys.map((k) => copy[k] as never));
    return copy.id as string;
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "jessie");
  await page.goto(`/events/${eventId}/books`);
  const form = page.getByTestId("money-rules");
  await expect(form.getByLabel("Refunded in full")).toBeChecked();
  await form.getByLabel("Refunded less the office's fee").check();
  await form.getByLabel("Office's fee for a scratch ($)").fill("0");
  await form.getByLabel("A scratch after the draw: part refunded (%)").fill("50");
  await form.getByLabel("Late fee per entry after entries close ($)").fill("ten");
  await form.getByRole("button", { name: "Save Scratch Policy" }).click();
  await expect(page.getByTestId("money-rules").getByText("Give the late fee in dollars and cents, up to $100,000")).toBeVisible();
  await expect(page.getByTestId("money-rules").getByText("Give the office's fee kept of a scratch before the draw, or choose a full refund")).toBeVisible();
  await expect(page.getByLabel("Late fee per entry after entries close ($)")).toHaveValue("ten");
  await expect(page.getByLabel("Late fee per entry after entries close ($)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("A scratch after the draw: part refunded (%)")).toHaveValue("50");
  await page.getByLabel("Office's fee for a scratch ($)").fill("5");
  await page.getByLabel("Late fee per entry after entries close ($)").fill("10.00");
  await page.getByLabel("A turn-out (a no-show) owes its fee").uncheck();
  await page.getByRole("button", { name: "Save Scratch Policy" }).click();
  await expect(page.getByTestId("toast")).toContainText("Scratch Policy Saved");
  const stored = withDb((db) => db.prepare("select before_draw as b, scratch_office_fee_cents as f, after_draw_percent as p, turn_out_owes as t, late_fee_cents as l from race_money_rules where event_id = ?").get(eventId));
  expect(stored).toEqual({ b: "LESS_FEE", f: 500, p: 50, t: 0, l: 1000 });
  await expect(page.getByLabel("Office's fee for a scratch ($)")).toHaveValue("5.00");
  await expect(page.getByLabel("A turn-out (a no-show) owes its fee")).not.toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByTestId("money-rules").scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("money-rules-390.png") });
  await expectAccessible(page);
});
