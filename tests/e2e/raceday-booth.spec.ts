import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectAccessible, newRaceClass, screenshot, signIn, withDb, type DemoRace } from "./helpers";

/**
 * The booth at a race: the demo's Erath County Jackpot, produced by the demo
 * rider Jessie. Each test adds a class of its own with walk-up entries in a
 * drawn order, so the booth starts with the first of them on the gate.
 */

const EVENT = "Erath County Jackpot";
const js = () => test.info().project.use.javaScriptEnabled !== false;

type Race = DemoRace;
const newClass = (size = 6) => newRaceClass("Booth", size, 200);


/** The class's current times, in the order recorded. */
const timesOf = (classId: string) =>
  withDb((db) =>
    db
      .prepare(
        `select e.rider_name as rider, t.outcome, t.time_ms as timeMs, t.penalties, t.client_id as clientId from race_times t join race_entries e on e.id = t.entry_id
         where t.class_id = ? and t.voided_at is null order by t.created_at, t.rowid`,
      )
      .all(classId) as { rider: string; outcome: string; timeMs: number | null; penalties: number; clientId: string }[],
  );

const gate = (page: Page) => page.locator("section[aria-labelledby='gate-heading']").locator("p.text-3xl");

async function openBooth(page: Page, race: Race) {
  await page.goto(`/events/${race.eventId}/booth?class=${race.classId}`);
  await expect(gate(page)).toContainText(race.riders[0]!);
  // The sending status shows once the booth's code runs: from then on a time is kept on the device first.
  if (js()) await expect(page.getByText("All times sent.")).toBeVisible();
}

async function enterTime(page: Page, time: string) {
  await page.getByLabel("Time (as the timer shows it)").fill(time);
  await page.getByLabel("Time (as the timer shows it)").press("Enter");
}

test("a producer times a class at the booth on a laptop: times, a knocked barrel, NT, scratch, undo and a correction", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const race = newClass();
  await signIn(page, "jessie");
  await openBooth(page, race);
  const [a, b, c, d, e] = race.riders;

  await enterTime(page, "15.482");
  await expect(gate(page)).toContainText(b!);
  // One knocked barrel: +5 s.
  await page.getByLabel("Time (as the timer shows it)").fill("16.001");
  await page.locator("label.choice-chip", { hasText: "+5" }).first().click();
  await page.getByRole("button", { name: "Save Time" }).click();
  await expect(gate(page)).toContainText(c!);
  await page.getByRole("button", { name: "NT", exact: true }).click();
  await expect(gate(page)).toContainText(d!);
  await page.getByRole("button", { name: "Scratch", exact: true }).click();
  await expect(gate(page)).toContainText(e!);
  // The scratch was a slip: undo it and the rider is back on the gate.
  await page.getByRole("button", { name: /Undo last/ }).click();
  await expect(gate(page)).toContainText(d!);

  await expect.poll(() => timesOf(race.classId).map((t) => [t.rider, t.outcome, t.timeMs, t.penalties])).toEqual([
    [a, "TIME", 15482, 0],
    [b, "TIME", 16001, 1],
    [c, "NT", null, 0],
  ]);

  // Correct the first run with a reason.
  const first = page.locator("li", { hasText: a! }).filter({ hasText: "15.482" });
  await first.getByText("Correct or rerun").click();
  await first.getByLabel("Time", { exact: true }).fill("15.428");
  await first.getByLabel("Reason", { exact: true }).fill("Timer misread");
  await first.getByRole("button", { name: "Save Correction" }).click();
  await expect.poll(() => timesOf(race.classId)[0]?.timeMs).toBe(15428);
  if (js()) await expect(page.getByText("All times sent.")).toBeVisible();
  await screenshot(page, `booth-desktop-${js() ? "js" : "no-js"}`);
  await expectAccessible(page);
  const history = withDb((db) => db.prepare("select reason, detail from race_history where class_id = ? and action = 'time-corrected'").all(race.classId));
  expect(history).toEqual([{ reason: "Timer misread", detail: "15.482 -> 15.428" }]);
});

test("a timer works the booth on a phone", async ({ page }) => {
  const race = newClass(4);
  await signIn(page, "jessie");
  await openBooth(page, race);
  await enterTime(page, "15.9");
  await expect(gate(page)).toContainText(race.riders[1]!);
  await enterTime(page, "17.250");
  await expect(gate(page)).toContainText(race.riders[2]!);
  await expect.poll(() => timesOf(race.classId).map((t) => t.timeMs)).toEqual([15900, 17250]);
  // The big targets fit the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, `booth-phone-${js() ? "js" : "no-js"}`);
});

test("the booth keeps taking times offline and sends each once, in order, when the signal is back", async ({ page, context }) => {
  test.skip(!js(), "keeping times on the device needs JavaScript; without it each time is a form post");
  const race = newClass(6);
  await signIn(page, "jessie");
  await openBooth(page, race);
  await enterTime(page, "15.100");
  await expect.poll(() => timesOf(race.classId).length).toBe(1);
  await expect(page.getByText("All times sent.")).toBeVisible();
  await expect(page.getByText("On this device, not sent yet")).toHaveCount(0);

  await context.setOffline(true);
  await enterTime(page, "15.200");
  await expect(gate(page)).toContainText(race.riders[2]!);
  await page.getByRole("button", { name: "NT", exact: true }).click();
  await expect(gate(page)).toContainText(race.riders[3]!);
  await enterTime(page, "15.300");
  await expect(gate(page)).toContainText(race.riders[4]!);
  await expect(page.getByText("Offline: 3 changes kept on this device.")).toBeVisible();
  await expect(page.getByText("On this device, not sent yet")).toHaveCount(3);
  await screenshot(page, "booth-offline");
  // Nothing reached the server.
  await page.waitForTimeout(500);
  expect(timesOf(race.classId)).toHaveLength(1);

  await context.setOffline(false);
  await expect.poll(() => timesOf(race.classId).length, { timeout: 15_000 }).toBe(4);
  await expect(page.getByText("All times sent.")).toBeVisible();
  // Each once, in the order taken, and the booth still on the next rider.
  const times = timesOf(race.classId);
  expect(times.map((t) => [t.rider, t.outcome, t.timeMs])).toEqual([
    [race.riders[0], "TIME", 15100],
    [race.riders[1], "TIME", 15200],
    [race.riders[2], "NT", null],
    [race.riders[3], "TIME", 15300],
  ]);
  expect(new Set(times.map((t) => t.clientId)).size).toBe(4);
  await expect(gate(page)).toContainText(race.riders[4]!);
  await page.waitForTimeout(1000);
  expect(timesOf(race.classId)).toHaveLength(4);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("cloverleaf-booth:")))).toEqual([]);
});

test("the live page shows a new time by itself, without reloading", async ({ page, browser }) => {
  test.skip(!js(), "without JavaScript the live page shows the latest when reloaded (checked below)");
  const race = newClass(3);
  await page.goto(`/events/${race.eventId}/live`);
  await expect(page.getByText("Updating live")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Booth ${race.classId.slice(0, 4)}` })).toBeVisible();

  const booth = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signIn(booth, "jessie");
  await openBooth(booth, race);
  await enterTime(booth, "14.987");
  const lastRuns = page.getByTestId("last-runs");
  await expect(lastRuns).toContainText(race.riders[0]!, { timeout: 2_000 });
  await expect(lastRuns).toContainText("14.987");
  await expect(page.getByRole("region", { name: `Booth ${race.classId.slice(0, 4)}` })).toContainText(`Gate: #201 ${race.riders[1]}`);
  await booth.close();
  await screenshot(page, "live-phone");
  await expectAccessible(page);
});

test("without JavaScript the booth posts one time per form and the live page shows it on reload", async ({ page }) => {
  test.skip(js(), "the no-JavaScript project's own case");
  const race = newClass(3);
  await signIn(page, "jessie");
  await openBooth(page, race);
  await page.getByLabel("Time (as the timer shows it)").fill("15.555");
  await page.getByRole("button", { name: "Save Time" }).click();
  await expect(page.getByText("Time saved: 15.555")).toBeVisible();
  await expect(gate(page)).toContainText(race.riders[1]!);
  expect(timesOf(race.classId).map((t) => t.timeMs)).toEqual([15555]);
  // The form on the gate carries its own key: the same form posted twice (a double tap, a resend) stores one time.
  const form = page.getByRole("form", { name: `Time for ${race.riders[1]}` });
  const fields = Object.fromEntries(
    await form.locator("input[type=hidden]").evaluateAll((inputs) => inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value])),
  ) as Record<string, string>;
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post(`/events/${race.eventId}/booth`, { form: { ...fields, time: "16.020", penalties: "0", outcome: "TIME" }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
  }
  expect(timesOf(race.classId).map((t) => t.timeMs)).toEqual([15555, 16020]);
  await page.goto(`/events/${race.eventId}/live`);
  await expect(page.getByTestId("last-runs")).toContainText("15.555");
});

test("published results: a public page per class with money, CSV and a print layout; the demo rider's official run in the run log", async ({ page }) => {
  const { eventId, classId } = withDb((db) => db.prepare("select c.event_id as eventId, c.id as classId from race_classes c join events e on e.id = c.event_id where e.name = ? and c.name = 'Open 4D'").get(EVENT) as { eventId: string; classId: string });
  await page.goto(`/events/${eventId}/results`);
  await page.getByRole("link", { name: /Open 4D/ }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/results/${classId}$`));
  await expect(page.getByRole("heading", { name: "Open 4D" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^1D/ })).toBeVisible();
  await expect(page.locator("meta[property='og:title']")).toHaveAttribute("content", `Open 4D: ${EVENT}`);
  const csv = await page.request.get(`/api/events/${eventId}/classes/${classId}/results.csv`);
  expect(csv.headers()["content-type"]).toMatch(/text\/csv/);
  expect((await csv.text()).split("\r\n")[0]).toBe("Division,Place,Back number,Rider,Horse,Time,Knocked barrels,Payout");
  await screenshot(page, `results-phone-${js() ? "js" : "no-js"}`);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" }).or(page.getByText("Download"))).toHaveCount(0);
  await screenshot(page, `results-print-${js() ? "js" : "no-js"}`);
  await page.emulateMedia({ media: "screen" });
  await expectAccessible(page);

  await signIn(page, "kaylee");
  await page.goto("/run-log");
  const official = page.getByTestId("run-card").filter({ hasText: "Official" }).filter({ hasText: "Sugar" });
  await expect(official).toContainText("1D");
  await expect(official).toContainText("$");
  await page.goto("/events");
  await expect(page.getByTestId("my-events-result").filter({ hasText: "Erath County Jackpot" }).filter({ hasText: "Sugar" })).toContainText("Open 4D");
});

test("the producer reviews a class, changes one payout with a reason and publishes", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const race = newClass(4);
  withDb((db) => {
    const entries = db.prepare("select id from race_entries where class_id = ? order by draw_position").all(race.classId) as { id: string }[];
    entries.forEach((e, i) =>
      db
        .prepare("insert into race_times (id, event_id, class_id, entry_id, client_id, outcome, time_ms, penalties, created_at) values (?, ?, ?, ?, ?, 'TIME', ?, 0, ?)")
        .run(randomUUID(), race.eventId, race.classId, e.id, randomUUID(), 15_000 + i * 300, Date.now() + i),
    );
  });
  await signIn(page, "jessie");
  await page.goto(`/events/${race.eventId}/results/${race.classId}`);
  await expect(page.getByRole("heading", { name: "Review before publishing" })).toBeVisible();
  const second = page.getByRole("row", { name: new RegExp(race.riders[1]!) });
  await second.getByText("Change payout").click();
  await second.getByLabel("Amount ($)").fill("20.00");
  await second.getByLabel("Reason").fill("Agreed at the office");
  await second.getByRole("button", { name: "Set" }).click();
  await expect(page.getByText("Payout set: $20.00")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(race.riders[1]!) })).toContainText("Agreed at the office");
  await screenshot(page, `results-review-${js() ? "js" : "no-js"}`);
  await page.getByRole("button", { name: "Publish Results" }).click();
  await expect(page.getByText("Results published")).toBeVisible();
  const published = withDb((db) => db.prepare("select results_version as v, (select count(*) from race_results where class_id = ?) as n from race_classes where id = ?").get(race.classId, race.classId));
  expect(published).toEqual({ v: 1, n: 4 });
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
});
