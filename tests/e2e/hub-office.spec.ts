import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { newRaceClass, screenshot, signIn, whenHydrated, withDb } from "./helpers";

/**
 * The race office at 1366 x 900 (and a phone): the hub's entries table by
 * keyboard, a scratch asked first and undone from the history, and the
 * booth fed by a timer's console through a simulated serial port. The demo
 * rider Jessie produces the Erath County Jackpot; each test adds a class of
 * its own with walk-up entries in a drawn, published order.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

const newClass = (size: number) => newRaceClass("Office", size);


const entriesOf = (classId: string) =>
  withDb((db) => db.prepare("select rider_name as rider, paid, paid_method as method, paid_reference as ref, status from race_entries where class_id = ? order by draw_position").all(classId)) as {
    rider: string;
    paid: number;
    method: string | null;
    ref: string | null;
    status: string;
  }[];

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? "");

test("the office marks ten entries paid from the table with the keyboard alone", async ({ page }, info) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const race = newClass(12);
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day?class=${race.classId}`);
  await expect(page.getByTestId("entries-count")).toHaveText("1–12 of 12");

  await page.getByRole("checkbox", { name: `Tick ${race.riders[0]} on Horse 1` }).focus();
  for (let i = 0; i < 10; i++) {
    expect(await focusedName(page)).toBe(`Tick ${race.riders[i]} on Horse ${i + 1}`);
    await page.keyboard.press("Space");
    // Past the row's one other stop (its Change link) to the next row's box.
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe(`Change ${race.riders[i]} on Horse ${i + 1}`);
    await page.keyboard.press("Tab");
  }
  if (js()) await expect(page.getByTestId("ticked-count")).toHaveText("10 ticked");
  await page.getByLabel("Paid by", { exact: true }).first().selectOption("CHECK");
  await page.getByLabel("Check #").first().fill("3101");
  await page.getByRole("button", { name: "Mark Ticked Paid" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("toast")).toContainText("Marked Paid");
  await expect(page.getByTestId("toast")).toContainText("10 entries");
  const rows = entriesOf(race.classId);
  expect(rows.map((r) => [r.paid, r.method, r.ref])).toEqual([...Array(10).fill([1, "CHECK", "3101"]), [0, null, null], [0, null, null]]);
  await expect(page.getByTestId("entry-row").filter({ hasText: "Paid · Check · #3101" })).toHaveCount(10);
  // The boxes start empty again once their entries are marked.
  await expect(page.locator('tbody input[name="entryId"]:checked')).toHaveCount(0);
  // And the check's number is not carried to the next batch.
  await expect(page.locator("#bulk-ref")).toHaveValue("");

  // Unpaid shows the two left.
  await page.getByLabel("Show").selectOption("unpaid");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.getByTestId("entries-count")).toHaveText("1–2 of 2");
  if (js()) {
    // One box in the header ticks the whole page.
    await page.getByRole("checkbox", { name: "Tick every entry on this page" }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByTestId("ticked-count")).toHaveText("2 ticked");
    await expect(page.locator('tbody input[name="entryId"]:checked')).toHaveCount(2);
  }
  await screenshot(page, `hub-table-1366-${info.project.name}`);
});

test("a scratch is asked first, floats over nothing, and is undone from the history", async ({ page }, info) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const race = newClass(4);
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day?class=${race.classId}`);
  await whenHydrated(page);
  const who = `${race.riders[1]} on Horse 2`;
  await page.getByRole("link", { name: `Change ${who}` }).click();
  const actions = page.getByTestId("entry-actions");
  await expect(actions).toBeVisible();
  await page.getByRole("group", { name: `Change ${who}` }).locator("summary", { hasText: "Scratch" }).click();
  await expect(page.getByText(`Scratch ${who} from ${race.name}?`)).toBeVisible();
  // The question sits in the page's flow: the next entry's row starts below it, whole and clickable.
  const panel = await actions.boundingBox();
  const next = await page.getByTestId("entry-row").nth(2).boundingBox();
  expect(next!.y).toBeGreaterThanOrEqual(panel!.y + panel!.height);
  await screenshot(page, `hub-scratch-question-${info.project.name}`);
  expect(entriesOf(race.classId)[1]!.status).toBe("ENTERED");

  await page.getByRole("button", { name: "Yes, scratch" }).click();
  await expect(page.getByTestId("toast")).toContainText("Entry Scratched");
  expect(entriesOf(race.classId)[1]!.status).toBe("SCRATCHED");
  await expect(page.getByTestId("entry-row").nth(1)).toContainText("Scratched");

  const undo = page.getByRole("button", { name: `Undo: Scratched ${race.riders[1]} (Horse 2)` });
  await undo.click();
  await expect(page.getByTestId("toast")).toContainText("Change Undone");
  expect(entriesOf(race.classId)[1]!.status).toBe("ENTERED");
  await expect(page.getByTestId("history-item").first()).toContainText("Back in");
  await expect(page.getByRole("button", { name: `Undo: Scratched ${race.riders[1]} (Horse 2)` })).toHaveCount(0);
});

test("on a phone one entry's actions open in place, below it", async ({ page }, info) => {
  const race = newClass(3);
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day?class=${race.classId}`);
  await page.getByRole("link", { name: `Change ${race.riders[0]} on Horse 1` }).click();
  await expect(page.getByRole("button", { name: "Mark Paid" })).toBeVisible();
  await page.getByLabel("Paid by", { exact: true }).nth(1).selectOption("CARD");
  await page.getByRole("button", { name: "Mark Paid" }).click();
  await expect(page.getByTestId("toast")).toContainText("Marked Paid");
  expect(entriesOf(race.classId)[0]).toMatchObject({ paid: 1, method: "CARD" });
  // Still open on the same entry after the save, now offering the way back.
  await expect(page.getByRole("button", { name: "Mark Not Paid" })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.locator("#entries").screenshot({ path: `test-results/screenshots/hub-table-phone-${info.project.name}.png` });
});

test.describe("the booth's timer console", () => {
  test.skip(() => !js(), "Web Serial needs the booth's JavaScript");

  test("a simulated console fills the gate with each finished run, and the timer saves three", async ({ page }, info) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // A serial port whose console prints what the test sends it.
    await page.addInitScript(() => {
      let controller: ReadableStreamDefaultController<Uint8Array>;
      const readable = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      const encoder = new TextEncoder();
      (window as unknown as { consoleSends: (text: string) => void }).consoleSends = (text) => controller.enqueue(encoder.encode(text));
      const port = { open: async () => undefined, close: async () => undefined, readable };
      Object.defineProperty(Navigator.prototype, "serial", { configurable: true, get: () => ({ requestPort: async () => port, getPorts: async () => [port] }) });
    });
    const race = newClass(4);
    await signIn(page, "jessie");
    await page.goto(`/events/${race.eventId}/booth?class=${race.classId}`);
    await expect(page.getByText("All times sent.")).toBeVisible();
    const send = (text: string) => page.evaluate((t) => (window as unknown as { consoleSends: (text: string) => void }).consoleSends(t), text);

    // Fit the pattern to this console: a running clock "R", a finished run "F".
    await page.locator("summary", { hasText: "Console settings" }).click();
    await page.getByLabel("Baud rate").selectOption("1200");
    await page.getByLabel("Line with a finished run (pattern)").fill("(");
    await expect(page.getByText("That pattern is not a valid regular expression")).toBeVisible();
    await page.getByLabel("Line with a finished run (pattern)").fill(String.raw`^F\s+(\d{1,3}\.\d{3})$`);
    await page.getByRole("button", { name: "Connect Timer" }).click();
    await expect(page.getByText("Connected at 1200 baud.", { exact: false })).toBeVisible();

    const field = page.getByLabel("Time (as the timer shows it)");
    const gate = page.locator("section[aria-labelledby='gate-heading']").locator("p.text-3xl");
    const times = ["15.482", "16.007", "14.950"];
    for (const [i, time] of times.entries()) {
      await expect(gate).toContainText(race.riders[i]!);
      // The clock running prints lines that are no finished run: nothing is filled.
      await send(`R    3.10${i}\r\nR    9.8`);
      await send(`7${i}\r\n`);
      await expect(page.getByTestId("console-preview")).toContainText(`R    9.87${i}`);
      await expect(field).toHaveValue("");
      await send(`F   ${time.padStart(7)}\r\n`);
      await expect(field).toHaveValue(time);
      await expect(page.getByTestId("console-time")).toHaveText(time);
      if (i === 0) await screenshot(page, `booth-console-${info.project.name}`);
      await page.getByRole("button", { name: "Save Time" }).click();
      await expect(gate).toContainText(race.riders[i + 1]!);
    }
    await expect(page.getByTestId("console-preview").locator("li").filter({ hasText: "no time" }).first()).toBeVisible();
    await expect
      .poll(() => withDb((db) => db.prepare("select time_ms as ms from race_times where class_id = ? and voided_at is null order by created_at, rowid").all(race.classId).map((r) => (r as { ms: number }).ms)))
      .toEqual([15482, 16007, 14950]);
    // The setting stays on this device.
    await page.reload();
    await page.locator("summary", { hasText: "Console settings" }).click();
    await expect(page.getByLabel("Line with a finished run (pattern)")).toHaveValue(String.raw`^F\s+(\d{1,3}\.\d{3})$`);
    await expect(page.getByLabel("Baud rate")).toHaveValue("1200");
  });

  test("the console's code loads on the tap on Connect Timer, and the port opens on that same tap", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.addInitScript(() => {
      const readable = new ReadableStream<Uint8Array>({ start: (c) => void ((window as unknown as { consoleSends: (text: string) => void }).consoleSends = (text) => c.enqueue(new TextEncoder().encode(text))) });
      const port = { open: async () => undefined, close: async () => undefined, readable };
      Object.defineProperty(Navigator.prototype, "serial", { configurable: true, get: () => ({ requestPort: async () => port, getPorts: async () => [port] }) });
    });
    const scripts: string[] = [];
    page.on("request", (req) => void (req.resourceType() === "script" && scripts.push(req.url())));
    const race = newClass(2);
    await signIn(page, "jessie");
    await page.goto(`/events/${race.eventId}/booth?class=${race.classId}`);
    await expect(page.getByText("All times sent.")).toBeVisible();
    expect(scripts.filter((s) => s.includes("SerialConsole"))).toEqual([]);
    await page.getByRole("button", { name: "Connect Timer" }).click();
    await expect(page.getByText("Connected at 9600 baud.", { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: "Disconnect Timer" })).toBeVisible();
    await page.evaluate(() => (window as unknown as { consoleSends: (text: string) => void }).consoleSends("15.482\r\n"));
    await expect(page.getByLabel("Time (as the timer shows it)")).toHaveValue("15.482");
  });

  test("without Web Serial the button is off, the console says why, and typing works as always", async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as unknown as { serial?: unknown }).serial;
    });
    const race = newClass(2);
    await signIn(page, "jessie");
    await page.goto(`/events/${race.eventId}/booth?class=${race.classId}`);
    await expect(page.getByRole("button", { name: "Connect Timer" })).toBeDisabled();
    await expect(page.getByTestId("timer-console").getByRole("status")).toHaveText("Connecting a timer needs Chrome or Edge on a computer: type each time below.");
    await page.getByLabel("Time (as the timer shows it)").fill("15.1");
    await page.getByLabel("Time (as the timer shows it)").press("Enter");
    await expect(page.locator("section[aria-labelledby='gate-heading']").locator("p.text-3xl")).toContainText(race.riders[1]!);
  });
});

test("a payout typed in dollars with too many decimals is refused in words about dollars, and nothing changes", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const race = newClass(3);
  withDb((db) =>
    race.ids.forEach((id, i) =>
      db
        .prepare("insert into race_times (id, event_id, class_id, entry_id, client_id, outcome, time_ms, penalties, created_at) values (?, ?, ?, ?, ?, 'TIME', ?, 0, ?)")
        .run(randomUUID(), race.eventId, race.classId, id, randomUUID(), 15_000 + i * 300, Date.now() + i),
    ),
  );
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/results/${race.classId}`);
  const first = page.getByRole("row", { name: new RegExp(race.riders[0]!) });
  await first.getByText("Change payout").click();
  await first.getByLabel("Amount ($)").fill("12.345");
  await first.getByLabel("Reason").fill("Typo check");
  await first.getByRole("button", { name: "Set" }).click();
  await expect(page.getByTestId("toast")).toContainText("Enter dollars and cents, like 50 or 50.00");
  expect(withDb((db) => db.prepare("select count(*) as n from race_payout_overrides where class_id = ?").get(race.classId))).toEqual({ n: 0 });
});

test("the booth fits a 390 px phone once runs exist", async ({ page }, info) => {
  const race = newClass(4);
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/booth?class=${race.classId}`);
  if (js()) await expect(page.getByText("All times sent.")).toBeVisible();
  for (const [i, time] of ["15.482", "16.001"].entries()) {
    await page.getByLabel("Time (as the timer shows it)").fill(time);
    await page.getByRole("button", { name: "Save Time" }).click();
    await expect(page.locator("section[aria-labelledby='gate-heading']").locator("p.text-3xl")).toContainText(race.riders[i + 1]!);
  }
  const wide = await page.evaluate(() =>
    // The class tabs scroll sideways on purpose (edge to edge); everything else stays inside the page's margins.
    [...document.querySelectorAll("main *")]
      .filter((el) => !el.closest("nav") && el.getBoundingClientRect().right > 375 + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${(el as HTMLElement).className} ${Math.round(el.getBoundingClientRect().right)}`),
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, `booth-phone-runs-${info.project.name}`);
});

test("the hub offers a scratch the policy's refund, and takes another amount only with a reason", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const race = newClass(2);
  // The first entry paid $20 in cash, then scratched before the draw was published: a full refund is offered.
  withDb((db) => {
    const jessie = db.prepare("select id from users where email = ?").get("jessie@demo.cloverleaf.app") as { id: string };
    db.prepare("update race_entries set paid = 1, paid_method = 'CASH', status = 'SCRATCHED', scratched_at = ? where id = ?").run(Date.now() - 3_600_000, race.ids[0]);
    db.prepare("update race_classes set draw_published_at = ? where id = ?").run(Date.now(), race.classId);
    db.prepare(`insert into money_records (event_id, kind, amount_cents, method, entry_id, class_id, payee_name, taken_by, taken_by_name, day, carried, created_at) values (?, 'FEE', 2000, 'CASH', ?, ?, ?, ?, 'Jessie Raines', '2026-11-14', 0, ?)`).run(race.eventId, race.ids[0], race.classId, race.riders[0], jessie.id, Date.now());
  });
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/race-day?class=${race.classId}&entry=${race.ids[0]}`);
  const money = page.getByTestId("entry-money");
  await expect(money).toContainText("Paid $20.00; the scratch policy offers $20.00 back.");
  await expect(money.getByLabel("Refund ($)")).toHaveValue("20.00");
  await money.getByLabel("Refund ($)").fill("15");
  await money.getByRole("button", { name: "Record Refund" }).click();
  await expect(page.getByTestId("entry-refused")).toContainText("The policy offers $20.00: say why this refund is another amount");
  await expect(page.getByTestId("entry-money").getByLabel("Refund ($)")).toHaveValue("15");
  await page.getByTestId("entry-money").getByLabel("Reason").fill("The office keeps $5 for the stall");
  await page.getByTestId("entry-money").getByRole("button", { name: "Record Refund" }).click();
  await expect(page.getByTestId("toast")).toContainText("Refund Recorded");
  const refunds = withDb((db) => db.prepare("select amount_cents as cents, method, reason from money_records where entry_id = ? and kind = 'REFUND'").all(race.ids[0]));
  expect(refunds).toEqual([{ cents: 1500, method: "CASH", reason: "The office keeps $5 for the stall" }]);
  await screenshot(page, `hub-refund-1366-${js() ? "js" : "nojs"}`);
});
