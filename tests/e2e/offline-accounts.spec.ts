import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_PASSWORD, newRaceClass, screenshot, withDb } from "./helpers";

/**
 * A phone shared by riders, and a phone whose storage is full. Each step of
 * the shared phone is a browser of its own on one profile folder (what a
 * phone keeps between two launches), as in offline-cold-start.spec.ts: the
 * pages opened offline come from what the phone stored, and no signal means
 * every request to the server fails, the service worker's own included.
 * JavaScript project only (playwright.config.ts).
 */

const unique = () => Math.random().toString(36).slice(2, 8);

async function openBrowser(dir: string, { offline = false } = {}) {
  const use = test.info().project.use;
  const browser = await chromium.launchPersistentContext(dir, {
    executablePath: use.launchOptions?.executablePath,
    args: use.launchOptions?.args,
    baseURL: use.baseURL,
    viewport: use.viewport ?? undefined,
    userAgent: use.userAgent,
    hasTouch: use.hasTouch,
    deviceScaleFactor: 1,
    serviceWorkers: "allow",
  });
  if (offline) await cutOff(browser);
  return browser;
}

async function cutOff(context: BrowserContext) {
  await context.setOffline(true);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await context.route((url) => url.origin === origin, (route) => route.abort("internetdisconnected"));
}

async function page(context: BrowserContext) {
  return context.pages()[0] ?? (await context.newPage());
}

async function worker(context: BrowserContext) {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
}

/** Every page kept on the phone, with its text: [path, html]. */
async function keptCopies(context: BrowserContext) {
  return (await worker(context)).evaluate(async () => {
    const copies: [string, string][] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("kept-pages-")) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        copies.push([`${url.pathname}${url.search}`, (await (await cache.match(request))?.text()) ?? ""]);
      }
    }
    return copies;
  });
}

/** Waits until this build's worker is active and the phone keeps these pages, and until no page kept holds `absent`. */
async function keptNow(context: BrowserContext, pages: string[], absent?: string) {
  await expect
    .poll(
      async () => {
        const active = await (await worker(context)).evaluate(() => (self as unknown as { registration: ServiceWorkerRegistration }).registration.active?.scriptURL === self.location.href);
        const copies = await keptCopies(context);
        const kept = new Set(copies.map(([p]) => p));
        return { active, missing: pages.filter((p) => !kept.has(p)), leaked: absent ? copies.filter(([, html]) => html.includes(absent)).map(([p]) => p) : [] };
      },
      // A first visit keeps every screen's files before the worker takes over: slow on a busy machine.
      { timeout: 120_000 },
    )
    .toEqual({ active: true, missing: [], leaked: [] });
}

async function signInWithForm(p: Page, who: string) {
  await p.goto("/login");
  await p.getByLabel("Email").fill(`${who}@demo.cloverleaf.app`);
  await p.getByLabel("Password").fill(DEMO_PASSWORD);
  await p.getByRole("button", { name: "Log In" }).click();
  await expect(p).toHaveURL(/\/$/, { timeout: 30_000 });
}

/** A run of this rider's on the server, under an arena name no one else has. */
function runOf(who: string, arena: string) {
  withDb((db) => {
    const user = db.prepare("SELECT id FROM users WHERE email = ?").get(`${who}@demo.cloverleaf.app`) as { id: string };
    db.prepare(
      `INSERT INTO run_logs (id, user_id, horse_name, arena_name, arena_type, time, tags, privacy, run_at, created_at)
       VALUES (?, ?, 'Kept Horse', ?, 'indoor', '15.111', '[]', 'PRIVATE', ?, ?)`,
    ).run(randomUUID(), user.id, arena, Date.now(), Date.now());
  });
}

/** A horse of this rider's, under a name no one else has. */
function horseOf(who: string, name: string) {
  withDb((db) => {
    const user = db.prepare("SELECT id FROM users WHERE email = ?").get(`${who}@demo.cloverleaf.app`) as { id: string };
    db.prepare("INSERT INTO horses (id, user_id, name, shared, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)").run(randomUUID(), user.id, name, Date.now(), Date.now());
  });
}

/** The rider's session ends on the server (expired), as it does after 30 days. */
function expireSessions(who: string) {
  withDb((db) => db.prepare("UPDATE sessions SET expire = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)").run(Date.now() - 1000, `${who}@demo.cloverleaf.app`));
}

const offlineBanner = (p: Page) => p.getByText("You're offline: showing the last saved copy.");

test.describe.configure({ mode: "serial" });
test.beforeEach(() => test.setTimeout(240_000));

test("a family phone: each rider's kept pages open only for that rider, never for the next one or a visitor, online or offline", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloverleaf-family-"));
  const shelbyArena = `Shelby Only Arena ${unique()}`;
  const kayleeArena = `Kaylee Only Arena ${unique()}`;
  const shelbyHorse = `Parent Horse ${unique()}`;
  runOf("shelby", shelbyArena);
  runOf("kaylee", kayleeArena);
  horseOf("shelby", shelbyHorse);

  // The parent, with signal: signs in; the phone keeps their run log.
  let browser = await openBrowser(dir);
  let p = await page(browser);
  await signInWithForm(p, "shelby");
  await p.goto("/run-log");
  await keptNow(browser, ["/run-log", "/horses"]);
  expect((await keptCopies(browser)).find(([p]) => p === "/horses")?.[1]).toContain(shelbyHorse);
  await browser.close();

  // No signal: their run log opens from the phone.
  browser = await openBrowser(dir, { offline: true });
  p = await page(browser);
  await p.goto("/run-log");
  await expect(offlineBanner(p)).toBeVisible();
  await expect(p.getByText(shelbyArena).first()).toBeVisible();
  // Signing out with no signal fails and says so: the pages stay (still signed in).
  await p.goto("/");
  await p.getByRole("button", { name: "Sign Out" }).click();
  await expect(p.getByText("Not signed out")).toBeVisible();
  await p.goto("/run-log");
  await expect(p.getByText(shelbyArena).first()).toBeVisible();
  await browser.close();

  // Their session simply ends (no sign-out); a child signs in on the same phone, with signal.
  expireSessions("shelby");
  browser = await openBrowser(dir);
  p = await page(browser);
  await p.goto("/run-log");
  await expect(p).toHaveURL(/\/login/);
  await signInWithForm(p, "kaylee");
  await p.goto("/run-log");
  await expect(p.getByText(kayleeArena).first()).toBeVisible();
  await expect(p.getByText(shelbyArena)).toHaveCount(0);
  // The phone keeps the child's pages, and nothing of the parent's.
  await keptNow(browser, ["/run-log", "/horses", "/events"], shelbyArena);
  await keptNow(browser, [], shelbyHorse);
  await browser.close();

  // No signal, a cold start: the child's pages, never the parent's.
  browser = await openBrowser(dir, { offline: true });
  p = await page(browser);
  for (const screen of ["/run-log", "/horses", "/events", "/"]) {
    await p.goto(screen);
    await expect(p.locator("body")).not.toContainText(shelbyArena);
    await expect(p.locator("body")).not.toContainText(shelbyHorse);
  }
  await p.goto("/run-log");
  await expect(offlineBanner(p)).toBeVisible();
  await expect(p.getByText(kayleeArena).first()).toBeVisible();
  await screenshot(p, "offline-family-phone-second-rider");
  await browser.close();

  // The child signs out with signal: a visitor gets nobody's copy, online or offline.
  browser = await openBrowser(dir);
  p = await page(browser);
  await p.goto("/");
  await p.getByRole("button", { name: "Sign Out" }).click();
  await expect(p.getByText("Made for You")).toBeVisible();
  await keptNow(browser, [], kayleeArena);
  await browser.close();

  browser = await openBrowser(dir, { offline: true });
  p = await page(browser);
  await p.goto("/run-log");
  await expect(p.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await expect(p.locator("body")).not.toContainText(kayleeArena);
  await expect(p.locator("body")).not.toContainText(shelbyArena);
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a session that ends while the phone has no signal: the next cold start offline opens none of that rider's pages", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloverleaf-expired-"));
  const arena = `Expiring Arena ${unique()}`;
  runOf("tara", arena);
  let browser = await openBrowser(dir);
  const p = await page(browser);
  await signInWithForm(p, "tara");
  // The session ends in a moment: the server says when (the phone knows it with no signal).
  const endsAt = Date.now() + 30_000;
  withDb((db) => db.prepare("UPDATE sessions SET expire = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)").run(endsAt, "tara@demo.cloverleaf.app"));
  await p.goto("/run-log");
  await expect(p.getByText(arena).first()).toBeVisible();
  await keptNow(browser, ["/run-log"]);
  await browser.close();

  browser = await openBrowser(dir, { offline: true });
  const offline = await page(browser);
  // Past the session's end, with no signal all along: the offline page, not the rider's copy.
  await expect.poll(() => Date.now(), { timeout: 60_000, intervals: [1_000] }).toBeGreaterThan(endsAt);
  await offline.goto("/run-log");
  await expect(offline.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await expect(offline.locator("body")).not.toContainText(arena);
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a full store: online pages come from the server, and a run or a booth time the store refuses is held by the page, said, and sent once", async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: "allow" });
  const p = await context.newPage();
  await signInWithForm(p, "shelby");
  await p.goto("/run-log");
  await keptNow(context, ["/run-log"]);
  await expect.poll(() => p.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);

  // The phone's storage is full: nothing more can be kept.
  const cdp = await context.newCDPSession(p);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await cdp.send("Storage.overrideQuotaForOrigin", { origin, quotaSize: 1 });

  // Online, the run log shows what the server holds now, not the copy kept before nor the offline page.
  const fresh = `Fresh Arena ${unique()}`;
  runOf("shelby", fresh);
  await p.goto("/run-log");
  await expect(p.getByText(fresh).first()).toBeVisible();
  await expect(offlineBanner(p)).toHaveCount(0);

  // A run logged with no signal that the store refuses: held by the page, said, never posted.
  const arena = `Full Store Arena ${unique()}`;
  await context.setOffline(true);
  const details = p.locator("details#log-run");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  const form = p.locator("form#add-run");
  await form.getByLabel("Arena name").fill(arena);
  await form.getByLabel("Time (seconds)").fill("15.321");
  await form.getByRole("button", { name: "Save Run" }).click();
  await expect(p.getByText("Not kept on this phone").first()).toBeVisible();
  const pending = p.getByTestId("pending-run").filter({ hasText: arena });
  await expect(pending).toContainText("keep this page open");
  await screenshot(p, "offline-full-store-run");
  const onServer = () => withDb((db) => (db.prepare("SELECT count(*) n FROM run_logs WHERE arena_name = ?").get(arena) as { n: number }).n);
  expect(onServer()).toBe(0);
  // Signal again: sent once.
  await context.setOffline(false);
  await expect.poll(onServer, { timeout: 30_000 }).toBe(1);
  await expect(pending).toHaveCount(0);

  // A booth whose storage refuses a time: said on the gate, kept by the page, sent when the signal is back.
  const race = newRaceClass("Full", 3);
  await p.request.post("/api/auth/login", { data: { email: "jessie@demo.cloverleaf.app", password: DEMO_PASSWORD } });
  await p.goto(`/events/${race.eventId}/booth?class=${race.classId}`);
  await expect(p.getByText("All times sent.")).toBeVisible();
  // Fill this origin's localStorage to the brim.
  await p.evaluate(() => {
    let i = 0;
    for (const size of [256 * 1024, 16 * 1024, 1024, 64, 1]) {
      const chunk = "x".repeat(size);
      for (;;) {
        try {
          localStorage.setItem(`f${i++}`, chunk);
        } catch {
          break;
        }
      }
    }
  });
  await context.setOffline(true);
  const gate = p.locator("section[aria-labelledby='gate-heading']").locator("p.text-3xl");
  await expect(gate).toContainText(race.riders[0]!);
  await p.getByLabel("Time (as the timer shows it)").fill("15.482");
  await p.getByLabel("Time (as the timer shows it)").press("Enter");
  await expect(gate).toContainText(race.riders[1]!);
  await expect(p.getByTestId("booth-held")).toBeVisible();
  await screenshot(p, "offline-full-store-booth");
  const times = () => withDb((db) => db.prepare("select time_ms as timeMs from race_times where class_id = ? and voided_at is null").all(race.classId) as { timeMs: number }[]);
  expect(times()).toHaveLength(0);
  await context.setOffline(false);
  await expect.poll(() => times().map((t) => t.timeMs), { timeout: 30_000 }).toEqual([15482]);
  await expect(p.getByText("All times sent.")).toBeVisible();
  await context.close();
});

test("a page of a build whose files are not all kept is never served, and an old build's files stay while a tab still runs it", async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: "allow" });
  const p = await context.newPage();
  await signInWithForm(p, "shelby");
  await p.goto("/run-log");
  await keptNow(context, ["/run-log"]);
  await expect.poll(() => p.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  const sw = await worker(context);

  // The kept run log as an update would leave it: the page of a build whose files the phone does not all have.
  const setBuild = (build: string | null) =>
    sw.evaluate(async (b) => {
      for (const name of await caches.keys()) {
        if (!name.startsWith("kept-pages-")) continue;
        const cache = await caches.open(name);
        const copy = await cache.match("/run-log");
        if (!copy) continue;
        const headers = new Headers(copy.headers);
        const real = headers.get("X-Original-Build") ?? headers.get("X-Build")!;
        headers.set("X-Original-Build", real);
        headers.set("X-Build", b ?? real);
        await cache.put("/run-log", new Response(await copy.text(), { headers }));
      }
    }, build);
  await setBuild("not-on-this-phone");
  await context.setOffline(true);
  await p.goto("/run-log");
  await expect(p.getByRole("heading", { name: "Run Log" })).toHaveCount(0);
  await expect(p.getByText(/offline/i).first()).toBeVisible();
  await setBuild(null);
  await p.goto("/run-log");
  await expect(p.getByRole("heading", { name: "Run Log" })).toBeVisible();
  await context.setOffline(false);

  // A tab still running the previous build (a booth left open over an update) says so, as each tab does.
  const oldTab = await context.newPage();
  await oldTab.goto("/run-log");
  await expect.poll(() => oldTab.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  await oldTab.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: "keep", build: "previous" }));
  const saidPrevious = () => sw.evaluate(async () => (await (await caches.open("keep-state")).keys()).some((r) => new URL(r.url).searchParams.get("build") === "previous"));
  await expect.poll(saidPrevious, { timeout: 15_000 }).toBe(true);
  // The previous build's files, as the update left them.
  await sw.evaluate(async () => {
    const old = await caches.open("shell-previous");
    await old.put("/build/previous-module.js", new Response("export const previous = 1;", { headers: { "Content-Type": "text/javascript" } }));
    await old.put("/__whole?build=previous", new Response(""));
  });
  const shells = () => sw.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("shell-")));
  const tidy = () => sw.evaluate(() => (self as unknown as { dropUnusedBuilds: () => Promise<void> }).dropUnusedBuilds());
  // The worker tidies (as at each page's ask): the old tab's files stay, and load with no signal.
  await tidy();
  expect(await shells()).toContain("shell-previous");
  await context.setOffline(true);
  expect(await oldTab.evaluate(async () => (await fetch("/build/previous-module.js")).ok)).toBe(true);
  await context.setOffline(false);
  // Once no tab runs it and no kept page needs it, the old build's files leave the phone.
  await oldTab.close();
  await tidy();
  expect(await shells()).not.toContain("shell-previous");
  await context.close();
});
