import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_PASSWORD, newRaceClass, screenshot, withDb } from "./helpers";

/**
 * At the arena from a cold start, as a rider and a timer meet it: the app was
 * opened once with signal, the browser closed, and later opened again with
 * none. Each step is a browser of its own on the same profile folder (what a
 * phone keeps between two launches), so nothing the first visit loaded is
 * still in memory: the pages, scripts and queued changes all come from what
 * the phone stored. No signal means the context is offline and every request
 * to the server fails (`cutOff`), the service worker's own included.
 * JavaScript project only (playwright.config.ts).
 */

const unique = () => Math.random().toString(36).slice(2, 8);
const BUILD_DIR = path.resolve("public/build");

type Launch = { offline?: boolean; viewport?: { width: number; height: number } };

/** A browser on the profile in `dir`: a phone (or a laptop) opening the app. */
async function openBrowser(dir: string, { offline = false, viewport }: Launch = {}) {
  const use = test.info().project.use;
  const browser = await chromium.launchPersistentContext(dir, {
    executablePath: use.launchOptions?.executablePath,
    args: use.launchOptions?.args,
    baseURL: use.baseURL,
    viewport: viewport ?? use.viewport ?? undefined,
    userAgent: use.userAgent,
    hasTouch: use.hasTouch,
    deviceScaleFactor: 1,
    serviceWorkers: "allow",
  });
  if (offline) await cutOff(browser);
  return browser;
}

/** No signal: the browser says offline, and nothing reaches the server, the service worker's fetches included. */
async function cutOff(context: BrowserContext) {
  await context.setOffline(true);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await context.route((url) => url.origin === origin, (route) => route.abort("internetdisconnected"));
}

async function page(context: BrowserContext) {
  return context.pages()[0] ?? (await context.newPage());
}

/** The service worker, once the browser has one running. */
async function worker(context: BrowserContext) {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
}

/** The build's files each screen needs, read from the build's own manifest (not from the worker's list). */
function screenModules() {
  const file = fs.readdirSync(BUILD_DIR).find((f) => /^manifest-\w+\.js$/.test(f))!;
  const text = fs.readFileSync(path.join(BUILD_DIR, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    version: string;
    entry: { module: string; imports: string[] };
    routes: Record<string, { id: string; module: string; imports?: string[]; css?: string[] }>;
  };
  const screens = Object.values(manifest.routes).filter((r) => r.id === "root" || (fs.existsSync(path.resolve(`app/${r.id}.tsx`)) && !r.id.startsWith("routes/admin")));
  const needed = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of screens) for (const m of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) needed.add(m);
  // And what those load on first use (the run log's form, its trends and filters, the "On this phone" list).
  for (const m of [...needed]) {
    if (!m.endsWith(".js")) continue;
    for (const [, lazy] of fs.readFileSync(path.resolve(`public${m}`), "utf8").matchAll(/import\("(\/build\/[^"]+\.js)"\)/g)) needed.add(lazy!);
  }
  return { version: manifest.version, needed: [...needed], screens: screens.map((s) => s.id) };
}

/** Signs in through the login form. */
async function signIn(p: Page, who: string) {
  await p.goto("/login");
  await p.getByLabel("Email").fill(`${who}@demo.cloverleaf.app`);
  await p.getByLabel("Password").fill(DEMO_PASSWORD);
  await p.getByRole("button", { name: "Log In" }).click();
  await expect(p).toHaveURL(/\/$/);
}

/** Whether the page has asked the worker to keep `path` (app/lib/offline.ts), or it is kept already. */
function askedOrKept(p: Page, path: string) {
  return p.evaluate(async (wanted) => {
    const asks = await (await caches.open("keep-wanted")).keys();
    if (asks.some((r) => new URL(r.url).searchParams.get("path") === wanted)) return true;
    for (const name of await caches.keys()) if (name.startsWith("kept-pages-") && (await (await caches.open(name)).match(wanted))) return true;
    return false;
  }, path);
}

/** What the worker holds: the paths of every file and page kept. */
async function keptOnPhone(context: BrowserContext) {
  return (await worker(context)).evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        paths.push(`${url.pathname}${url.search}`);
      }
    }
    return paths;
  });
}

/** Waits until the phone has kept this build's worker, active, with these pages. */
async function keptAll(context: BrowserContext, pages: string[]) {
  await expect
    .poll(async () => {
      const active = await (await worker(context)).evaluate(() => (self as unknown as { registration: ServiceWorkerRegistration }).registration.active?.scriptURL === self.location.href);
      const kept = new Set(await keptOnPhone(context));
      return { active, missing: pages.filter((p) => !kept.has(p)) };
    }, { timeout: 60_000 })
    .toEqual({ active: true, missing: [] });
}

/** The first visit, with signal: sign in, open one screen, and wait until the phone has kept it. */
async function firstVisit(dir: string, who: string, screen: string) {
  const browser = await openBrowser(dir);
  const p = await page(browser);
  await signIn(p, who);
  await p.goto(screen);
  await keptAll(browser, [screen]);
  await browser.close();
}

function serverRuns(arena: string) {
  return withDb((db) => db.prepare("SELECT id, horse_name AS horseName, time, run_at AS runAt FROM run_logs WHERE arena_name = ?").all(arena)) as { id: string; horseName: string; time: string; runAt: number }[];
}

test.describe.configure({ mode: "serial" });
// Each test starts several browsers one after another, and waits on a first visit's keeping.
test.beforeEach(() => test.setTimeout(180_000));

test("the first visit keeps every script a kept screen can load, and finishes after the page is closed", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloverleaf-phone-"));
  const browser = await openBrowser(dir);
  const p = await page(browser);
  await signIn(p, "shelby");
  await p.goto("/run-log");
  await expect(p.getByRole("heading", { name: "Run Log" })).toBeVisible();
  // A glance (the page has become interactive and asked to be kept), then the rider closes the app:
  // the keeping goes on in the worker.
  await expect.poll(() => askedOrKept(p, "/run-log"), { timeout: 30_000 }).toBe(true);
  await p.close();
  const { needed, version } = screenModules();
  await expect
    .poll(async () => {
      const kept = new Set(await keptOnPhone(browser));
      return needed.filter((m) => !kept.has(m));
    }, { timeout: 60_000 })
    .toEqual([]);
  // Discover, My Events, the run log and the horses, kept for the rider unvisited.
  await expect
    .poll(async () => {
      const kept = new Set(await keptOnPhone(browser));
      return ["/", "/events", "/run-log", "/horses"].filter((s) => !kept.has(s));
    }, { timeout: 60_000 })
    .toEqual([]);
  // One build's set: the worker registered for this build, and no other build's files.
  expect(await (await worker(browser)).evaluate(() => location.search)).toBe(`?build=${version}`);
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a rider logs a run with no signal from a cold start; it survives a restart offline and reaches the server once, with its Run at", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloverleaf-phone-"));
  const arena = `Cold Start Arena ${unique()}`;
  const horse = `Cold Horse ${unique()}`;

  // Once, with signal: sign in and look at the run log.
  await firstVisit(dir, "shelby", "/run-log");

  // Later, no signal: the app opens, the run is logged with a new horse and an earlier "Run at".
  let browser = await openBrowser(dir, { offline: true });
  let p = await page(browser);
  await p.goto("/run-log");
  await expect(p.getByText("You're offline: showing the last saved copy.")).toBeVisible();
  await p.getByRole("link", { name: "+ Add Run" }).click();
  const form = p.locator("form#add-run");
  await form.getByLabel("Arena name").fill(arena);
  await form.getByLabel("Or a new horse").fill(horse);
  await form.getByLabel("Time (seconds)").fill("15.875");
  await form.getByLabel("Run at").fill("2026-11-20T18:30");
  // "Run at" is read in the zone the form shows it in: the rider's home zone, or the phone's once the form's code has woken.
  const zone = await form.locator("input[name=timeZone]").inputValue();
  await form.getByRole("button", { name: "Save Run" }).click();
  const pending = p.getByTestId("pending-run").filter({ hasText: horse });
  await expect(pending).toContainText("Waiting to sync");
  await expect(p.getByRole("heading", { name: "On this phone (1)" })).toBeVisible();
  await screenshot(p, "offline-cold-run-log");
  await browser.close();

  // The app closed and opened again, still no signal: the run is still on the phone.
  browser = await openBrowser(dir, { offline: true });
  p = await page(browser);
  await p.goto("/run-log");
  await expect(p.getByTestId("pending-run").filter({ hasText: horse })).toContainText("Waiting to sync");
  expect(serverRuns(arena)).toHaveLength(0);
  await browser.close();

  // Signal again: it is sent once, with the time the rider gave (in the rider's zone as the form showed it).
  browser = await openBrowser(dir);
  p = await page(browser);
  await p.goto("/run-log");
  await expect.poll(() => serverRuns(arena).length, { timeout: 30_000 }).toBe(1);
  await expect(p.getByTestId("pending-run")).toHaveCount(0);
  const [run] = serverRuns(arena);
  expect(run!.horseName).toBe(horse);
  expect(run!.time).toBe("15.875");
  const shown = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, dateStyle: "short", timeStyle: "short" }).format(new Date(run!.runAt));
  expect(shown.replace(" ", "T")).toBe("2026-11-20T18:30");
  await p.reload();
  await expect(p.getByTestId("pending-run")).toHaveCount(0);
  expect(serverRuns(arena)).toHaveLength(1);
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a run refused after it waited on the phone comes back into the form with the server's message, and is fixed and sent", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloverleaf-phone-"));
  const arena = `Fix Me Arena ${unique()}`;
  await firstVisit(dir, "shelby", "/run-log");

  let browser = await openBrowser(dir, { offline: true });
  let p = await page(browser);
  await p.goto("/run-log");
  await p.getByRole("link", { name: "+ Add Run" }).click();
  const form = p.locator("form#add-run");
  await form.getByLabel("Arena name").fill(arena);
  await form.getByLabel("Time (seconds)").fill("16.02");
  // Shaped like one of the app's own videos, which only the server can tell is not this rider's.
  await form.getByLabel("Or a video link").fill("/uploads/AAAAAAAAAAAAAAAAAAAAAA.mp4");
  await form.getByRole("button", { name: "Save Run" }).click();
  await expect(p.getByTestId("pending-run").filter({ hasText: arena })).toContainText("Waiting to sync");
  await browser.close();

  // Back online, a background sync: refused for what it says.
  browser = await openBrowser(dir);
  p = await page(browser);
  await p.goto("/run-log");
  const refused = p.getByTestId("pending-run").filter({ hasText: arena });
  await expect(refused).toContainText("Not sent");
  await expect(refused).toContainText("Video upload not found");
  await refused.getByRole("button", { name: "Fix and Send" }).click();
  const fixing = p.locator("form#add-run");
  await expect(fixing.getByLabel("Arena name")).toHaveValue(arena);
  await expect(fixing.getByLabel("Time (seconds)")).toHaveValue("16.02");
  await expect(fixing.locator("#add-run-videoUrl-error")).toHaveText("Video upload not found");
  await screenshot(p, "offline-refused-run-back-in-form");
  // Sent again unchanged, refused again: it stays on the phone with the server's message.
  await fixing.getByRole("button", { name: "Save Run" }).click();
  await expect(p.getByTestId("pending-run").filter({ hasText: arena })).toContainText("Not sent");
  await expect(fixing.locator("#add-run-videoUrl-error")).toHaveText("Video upload not found");
  await p.reload();
  const again = p.getByTestId("pending-run").filter({ hasText: arena });
  await expect(again).toContainText("Video upload not found");
  await again.getByRole("button", { name: "Fix and Send" }).click();
  await expect(fixing.getByLabel("Arena name")).toHaveValue(arena);
  await fixing.getByLabel("Or a video link").fill("");
  await fixing.getByRole("button", { name: "Save Run" }).click();
  await expect.poll(() => serverRuns(arena).length, { timeout: 30_000 }).toBe(1);
  await expect(p.getByTestId("pending-run")).toHaveCount(0);
  await expect(fixing.getByLabel("Arena name")).toHaveValue("");
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const newClass = (size = 7) => newRaceClass("Cold", size);


const timesOf = (classId: string) =>
  withDb((db) =>
    db
      .prepare(
        `select e.rider_name as rider, t.outcome, t.time_ms as timeMs, t.penalties, t.recorded_at as recordedAt, t.created_at as receivedAt from race_times t join race_entries e on e.id = t.entry_id
         where t.class_id = ? and t.voided_at is null order by t.created_at, t.rowid`,
      )
      .all(classId) as { rider: string; outcome: string; timeMs: number | null; penalties: number; recordedAt: number; receivedAt: number }[],
  );

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a timer reopens the booth with no signal from a cold start (${viewport.width} x ${viewport.height}) and every time reaches the server once, in order, dated when taken`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloverleaf-booth-"));
    const race = newClass();
    const booth = `/events/${race.eventId}/booth?class=${race.classId}`;
    const gate = (p: Page) => p.locator("section[aria-labelledby='gate-heading']").locator("p.text-3xl");

    // Once, with signal: the producer's link opened by a timer already signed in; the booth is the first page.
    let browser = await openBrowser(dir, { viewport });
    const login = await browser.request.post("/api/auth/login", { data: { email: "jessie@demo.cloverleaf.app", password: DEMO_PASSWORD } });
    expect(login.ok()).toBe(true);
    let p = await page(browser);
    await p.goto(booth);
    await expect(p.getByText("All times sent.")).toBeVisible();
    // The page has registered the app's worker; the timer closes the tab at once.
    await worker(browser);
    await p.close();
    await keptAll(browser, [booth]);
    await browser.close();

    // No signal, the laptop restarted: the booth opens and takes times.
    browser = await openBrowser(dir, { offline: true, viewport });
    p = await page(browser);
    await p.goto(booth);
    await expect(gate(p)).toContainText(race.riders[0]!);
    const field = p.getByLabel("Time (as the timer shows it)");
    const taken: number[] = [];
    const save = async (time: string) => {
      taken.push(Date.now());
      await field.fill(time);
      await field.press("Enter");
    };
    await save("15.482");
    await expect(gate(p)).toContainText(race.riders[1]!);
    await field.fill("16.001");
    await p.locator("label.choice-chip", { hasText: "+5" }).first().click();
    taken.push(Date.now());
    await p.getByRole("button", { name: "Save Time" }).click();
    await expect(gate(p)).toContainText(race.riders[2]!);
    taken.push(Date.now());
    await p.getByRole("button", { name: "NT", exact: true }).click();
    await expect(gate(p)).toContainText(race.riders[3]!);
    await save("15.9");
    await expect(gate(p)).toContainText(race.riders[4]!);
    // A mistake, undone: the rider is back on the gate, and timed again.
    await save("99.999");
    await expect(gate(p)).toContainText(race.riders[5]!);
    taken.pop();
    await p.getByRole("button", { name: /^Undo last/ }).click();
    await expect(gate(p)).toContainText(race.riders[4]!);
    await save("16.25");
    await expect(gate(p)).toContainText(race.riders[5]!);
    await expect(p.getByText("Offline: 7 changes kept on this device.")).toBeVisible();
    await screenshot(p, `offline-cold-booth-${viewport.width}`);
    expect(timesOf(race.classId)).toHaveLength(0);
    await browser.close();

    // Reopened offline once more: the same state, from the device alone.
    browser = await openBrowser(dir, { offline: true, viewport });
    p = await page(browser);
    await p.goto(booth);
    await expect(gate(p)).toContainText(race.riders[5]!);
    await expect(p.getByText("Offline: 7 changes kept on this device.")).toBeVisible();
    await browser.close();

    // Signal again: sent once, in order, each dated when it was taken.
    browser = await openBrowser(dir, { viewport });
    p = await page(browser);
    await p.goto(booth);
    await expect(p.getByText("All times sent.")).toBeVisible({ timeout: 30_000 });
    const times = timesOf(race.classId);
    expect(times.map((t) => [t.rider, t.outcome, t.timeMs, t.penalties])).toEqual([
      [race.riders[0], "TIME", 15482, 0],
      [race.riders[1], "TIME", 16001, 1],
      [race.riders[2], "NT", null, 0],
      [race.riders[3], "TIME", 15900, 0],
      [race.riders[4], "TIME", 16250, 0],
    ]);
    times.forEach((t, i) => {
      // The device's clock at the tap, not the moment the signal came back.
      expect(Math.abs(t.recordedAt - taken[i]!)).toBeLessThan(2_000);
      expect(t.receivedAt).toBeGreaterThan(t.recordedAt);
    });
    await expect(gate(p)).toContainText(race.riders[5]!);
    // The live page shows them.
    await p.goto(`/events/${race.eventId}/live`);
    for (const rider of race.riders.slice(0, 5)) await expect(p.getByText(rider).first()).toBeVisible();
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
}

test("two booths time one run, one of them offline: the second time is refused naming the first, and the timer picks which stands", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloverleaf-booth-"));
  const race = newClass(3);
  const booth = `/events/${race.eventId}/booth?class=${race.classId}`;
  const gate = (p: Page) => p.locator("section[aria-labelledby='gate-heading']").locator("p.text-3xl");
  const browser = await openBrowser(dir, { viewport: { width: 1366, height: 900 } });
  expect((await browser.request.post("/api/auth/login", { data: { email: "jessie@demo.cloverleaf.app", password: DEMO_PASSWORD } })).ok()).toBe(true);
  const p = await page(browser);
  await p.goto(booth);
  await expect(p.getByText("All times sent.")).toBeVisible();

  // This booth loses its signal and times the rider on the gate...
  await browser.setOffline(true);
  await p.getByLabel("Time (as the timer shows it)").fill("15.482");
  await p.getByLabel("Time (as the timer shows it)").press("Enter");
  await expect(gate(p)).toContainText(race.riders[1]!);
  // ...while the other booth, online, timed the same run.
  const entryId = withDb((db) => (db.prepare("select id from race_entries where class_id = ? and rider_name = ?").get(race.classId, race.riders[0]) as { id: string }).id);
  const other = await browser.request.post(`/api/events/${race.eventId}/times`, { data: { entryId, outcome: "TIME", time: "15.611", penalties: 0, clientId: randomUUID() } });
  expect(other.status()).toBe(201);

  await browser.setOffline(false);
  const conflict = p.getByTestId("booth-conflict");
  await expect(conflict).toContainText("Two times for one run");
  await expect(conflict).toContainText("Already taken: 15.611");
  await expect(conflict).toContainText("This device: 15.482, not saved");
  // The runs show the time the server holds, not this device's refused one.
  const runs = p.locator("section[aria-labelledby='runs-heading']");
  await expect(runs).toContainText("15.611");
  await expect(runs).not.toContainText("not sent yet");
  await screenshot(p, "booth-two-timers-conflict");
  expect(timesOf(race.classId).map((t) => t.timeMs)).toEqual([15611]);

  // This booth's time stands: sent as a correction of the other, the reason in the history.
  await conflict.getByRole("button", { name: "Use 15.482" }).click();
  await expect(conflict).toHaveCount(0);
  await expect.poll(() => timesOf(race.classId).map((t) => t.timeMs)).toEqual([15482]);
  await expect(runs).toContainText("15.482");
  const history = withDb((db) => db.prepare("select reason from race_history where entry_id = ? and action = 'time-corrected'").all(entryId) as { reason: string }[]);
  expect(history.map((h) => h.reason)).toEqual(["Two booths timed this run: 15.482 kept over 15.611"]);
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a member's card opens at the gate with no signal, though the rider never opened it", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloverleaf-phone-"));
  const yearId = randomUUID();
  const id = randomUUID();
  const number = `CL-7${Date.now() % 10000}`;
  withDb((db) => {
    db.prepare("INSERT INTO membership_years (id, name, start_date, end_date, kinds, number_prefix, created_at) VALUES (?, ?, '2026-01-01', '2099-12-31', ?, 'CL-', ?)").run(yearId, `Gate-${Date.now().toString(36)}`, JSON.stringify([{ kind: "OPEN", duesCents: 5000, minAge: null, maxAge: null }]), Date.now());
    const user = db.prepare("SELECT id, first_name AS first FROM users WHERE email = ?").get("kaylee@demo.cloverleaf.app") as { id: string; first: string };
    db.prepare("INSERT INTO memberships (id, year_id, holder_key, user_id, name, kind, status, number, dues_cents, paid_method, starts_on, created_at) VALUES (?, ?, ?, ?, ?, 'OPEN', 'ACTIVE', ?, 5000, 'CASH', '2026-01-01', ?)").run(id, yearId, `u:${user.id}:`, user.id, user.first, number, Date.now());
  });
  const card = `/membership/card/${id}`;

  let browser = await openBrowser(dir);
  const p = await page(browser);
  await signIn(p, "kaylee");
  await keptAll(browser, ["/membership", card]);
  await browser.close();

  browser = await openBrowser(dir, { offline: true });
  const gate = await page(browser);
  await gate.goto(card);
  await expect(gate.getByTestId("member-number")).toHaveText(number);
  await expect(gate.getByText("You're offline: showing the last saved copy.")).toBeVisible();
  await screenshot(gate, "offline-member-card");
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
