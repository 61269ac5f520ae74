import { expect, test, type APIRequestContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { DEMO_PASSWORD, expectAccessible, screenshot, withDb } from "./helpers";

/**
 * "When do I run" in the browser: the rider's place in line on My Events
 * (at 390 x 844, with and without JavaScript, and updating by itself with
 * JavaScript), and the arena screen on a 1920 x 1080 TV following the booth
 * within a second and reconnecting by itself. Each test makes an event of
 * its own (produced by the demo rider Jessie), so no other test's class
 * stands in the line.
 */

const js = () => test.info().project.use.javaScriptEnabled !== false;

/** Today in Stephenville (Central time): race day, so the estimates are clock times. */
const raceDay = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Chicago" });

type Race = { eventId: string; classId: string; className: string; ids: string[]; riders: string[] };

/** An approved event on a date to come with one class drawn and published: `size` walk-ups, Jessie's own entry at `jessieAt` (1-based) on Firewater Pistol. */
function newRace(size: number, jessieAt: number | null): Race {
  return withDb((db) => {
    const jessie = (db.prepare("select id from users where email = ?").get("jessie@demo.cloverleaf.app") as { id: string }).id;
    const eventId = randomUUID();
    const tag = eventId.slice(0, 4);
    db.prepare(
      `insert into events (id, name, date, location, zip_code, arena_name, arena_type, event_type, created_by, showbill_approved, status, sequence, created_at)
       values (?, ?, ?, 'Stephenville, TX', '76401', 'Lone Star Arena', 'outdoor', '["barrel_racing"]', ?, 1, 'SCHEDULED', 0, ?)`,
    ).run(eventId, `Line Test ${tag}`, raceDay(), jessie, Date.now());
    const classId = randomUUID();
    const className = `Open 4D ${tag}`;
    db.prepare(
      `insert into race_classes (id, event_id, name, position, entry_fee_cents, added_money_cents, producer_share_percent, divisions, split_ms, max_horses_per_rider, payout, draw_min_gap, drag_every, results_version, drawn_at, draw_published_at, created_at)
       values (?, ?, ?, 0, 2000, 0, 0, 2, '[500]', 3, ?, 5, 5, 0, ?, ?, ?)`,
    ).run(classId, eventId, className, JSON.stringify({ divisionPercents: [60, 40], table: [{ maxEntries: 25, percents: [60, 40] }] }), Date.now(), Date.now(), Date.now());
    const riders: string[] = [];
    const ids = Array.from({ length: size }, (_, i) => {
      const id = randomUUID();
      const mine = jessieAt === i + 1;
      const rider = mine ? "Jessie Raines" : `Rider ${tag}${String.fromCharCode(65 + (i % 26))}${i >= 26 ? i : ""}`;
      riders.push(rider);
      db.prepare(
        `insert into race_entries (id, event_id, class_id, user_id, rider_name, horse_name, back_number, paid, status, late, draw_position, drags_before, created_at)
         values (?, ?, ?, ?, ?, ?, ?, 0, 'ENTERED', 0, ?, ?, ?)`,
      ).run(id, eventId, classId, mine ? jessie : null, rider, mine ? "Firewater Pistol" : `Horse ${i + 1}`, 400 + i, i + 1, Math.floor(i / 5), Date.now());
      return id;
    });
    return { eventId, classId, className, ids, riders };
  });
}

/** The booth, as Jessie (the producer), from a request context of its own. */
async function booth(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string) {
  const request = await playwright.request.newContext({ baseURL });
  expect((await request.post("/api/auth/login", { data: { email: "jessie@demo.cloverleaf.app", password: DEMO_PASSWORD } })).ok()).toBe(true);
  return {
    time: async (eventId: string, entryId: string, time = "15.611") => {
      const res = await request.post(`/api/events/${eventId}/times`, { data: { entryId, outcome: "TIME", time, penalties: 0, clientId: randomUUID() } });
      expect(res.status()).toBe(201);
    },
    call: async (eventId: string, entryId: string) => {
      const res = await request.post(`/api/events/${eventId}/gate-calls`, { data: { entryId } });
      expect(res.status()).toBe(201);
    },
    dispose: () => request.dispose(),
  };
}

test("a rider sees \"12 runs out\" on My Events on a phone, and it counts down by itself with each booth time", async ({ page, playwright, baseURL }) => {
  // A sign-in, an accessibility check and a live update on a shared machine.
  test.slow();
  const race = newRace(20, 13);
  // Signed in through the API (the cookie lands in the page's context): the sign-in form has its own tests.
  expect((await page.request.post("/api/auth/login", { data: { email: "jessie@demo.cloverleaf.app", password: DEMO_PASSWORD } })).ok()).toBe(true);
  await page.goto("/events");
  const entry = page.getByTestId("my-events-entry").filter({ hasText: race.className });
  await expect(entry.getByTestId("place-in-line")).toHaveText(/^12 runs out · about \d{1,2}:\d{2} (AM|PM)$/);
  await screenshot(page, `ondeck-my-events-${js() ? "js" : "no-js"}`);
  await expectAccessible(page);

  const timer = await booth(playwright, baseURL!);
  await timer.time(race.eventId, race.ids[0]!);
  if (js()) {
    // Followed on the event's live stream: no reload.
    await expect(entry.getByTestId("place-in-line")).toHaveText(/^11 runs out · about /);
  } else {
    await page.reload();
    await expect(entry.getByTestId("place-in-line")).toHaveText(/^11 runs out · about /);
  }
  await timer.dispose();
});

test.describe("the arena screen", () => {
  test.skip(() => !js(), "the arena screen is a kiosk page with JavaScript (its first view is server-rendered)");
  test.use({ viewport: { width: 1920, height: 1080 } });

  test("shows riding now and the next three in large type, and follows the booth within a second", async ({ page, playwright, baseURL }) => {
    const race = newRace(8, null);
    await page.goto(`/events/${race.eventId}/arena`);
    await expect(page.getByTestId("arena-now")).toContainText(race.riders[0]!);
    await expect(page.getByText(race.riders[1]!)).toBeVisible();
    await expect(page.getByTestId("arena-runs-left")).toContainText("8 runs left");
    // The stream is open (the dot says Live).
    await expect(page.getByLabel("Live")).toBeVisible();
    // No scrolling on the TV.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);

    const timer = await booth(playwright, baseURL!);
    const sent = Date.now();
    await timer.time(race.eventId, race.ids[0]!, "15.482");
    await expect(page.getByTestId("arena-now")).toContainText(race.riders[1]!, { timeout: 1_000 });
    expect(Date.now() - sent).toBeLessThan(1_500);
    await expect(page.getByTestId("arena-last")).toContainText("15.482");
    await expect(page.getByTestId("arena-runs-left")).toContainText("7 runs left");
    await page.screenshot({ path: test.info().outputPath("arena-1920x1080.png") });
    await test.info().attach("arena-1920x1080", { path: test.info().outputPath("arena-1920x1080.png"), contentType: "image/png" });
    await screenshot(page, "ondeck-arena");

    // The booth calls the next rider to the gate: the screen shows it.
    await timer.call(race.eventId, race.ids[1]!);
    await expect(page.getByTestId("arena-gate-call")).toHaveText("Gate call 1 of 3", { timeout: 1_000 });
    await timer.dispose();
  });

  test("reconnects by itself when the server ends its stream (as a restart does) and catches up", async ({ page, playwright, baseURL }) => {
    const race = newRace(6, null);
    let streams = 0;
    // The first stream ends at once, as when the server stops; the ones after it go to the real server.
    await page.route(`**/api/events/${race.eventId}/arena`, async (route) => {
      streams += 1;
      if (streams === 1) await route.fulfill({ status: 200, headers: { "Content-Type": "text/event-stream" }, body: "retry: 500\n\n" });
      else await route.continue();
    });
    await page.goto(`/events/${race.eventId}/arena`);
    await expect(page.getByTestId("arena-now")).toContainText(race.riders[0]!);
    await expect.poll(() => streams).toBeGreaterThanOrEqual(2);
    await expect(page.getByLabel("Live")).toBeVisible();
    const timer = await booth(playwright, baseURL!);
    await timer.time(race.eventId, race.ids[0]!);
    await expect(page.getByTestId("arena-now")).toContainText(race.riders[1]!, { timeout: 1_000 });
    await timer.dispose();
  });

  test("pages through the draw by itself", async ({ page }) => {
    const race = newRace(30, null);
    await page.clock.install();
    await page.goto(`/events/${race.eventId}/arena?view=draw`);
    await expect(page.getByTestId("arena-draw")).toContainText("page 1 of 3");
    await expect(page.getByTestId("arena-draw")).toContainText(race.riders[0]!);
    await page.clock.runFor(8_500);
    await expect(page.getByTestId("arena-draw")).toContainText("page 2 of 3");
    await expect(page.getByTestId("arena-draw")).toContainText(race.riders[12]!);
  });
});
