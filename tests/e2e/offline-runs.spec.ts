import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { DEMO_PASSWORD, E2E_DATABASE, expectAccessible, isKept, screenshot } from "./helpers";

/**
 * At the arena with no signal. JavaScript project only
 * (playwright.config.ts): the queue and the service worker need it.
 *
 * context.setOffline(true) in this Chromium also cuts the service worker's
 * own fetches (the first test below would find a run it should not, and
 * tests/e2e/offline.spec.ts would never see the offline page otherwise); each
 * offline check here also proves what it shows came from the phone, not the
 * server, by changing the server's data first.
 */

const unique = () => Math.random().toString(36).slice(2, 8);

async function signIn(page: Page, who: string) {
  await page.goto("/login");
  await controlledByServiceWorker(page);
  await page.getByLabel("Email").fill(`${who}@demo.cloverleaf.app`);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The service worker fetches My Events and the run log once after sign-in: let it finish first.
  await expect.poll(() => kept(page, "/events"), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => kept(page, "/run-log"), { timeout: 15_000 }).toBe(true);
}

const kept = isKept;

/** The service worker is installed and answers this page's requests. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Runs stored on the server with this arena name (the e2e server's database). */
function serverRuns(arena: string) {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db.prepare("SELECT id, horse_name, time, rating, tags, video_url, client_id, run_at, created_at FROM run_logs WHERE arena_name = ?").all(arena) as {
      id: string;
      run_at: number;
      created_at: number;
      horse_name: string;
      time: string;
      rating: number;
      tags: string;
      video_url: string | null;
      client_id: string | null;
    }[];
  } finally {
    db.close();
  }
}

async function openRunForm(page: Page) {
  const details = page.locator("details#log-run");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  return page.locator("form#add-run");
}

/** A tiny file whose content is an MP4 (the server sniffs content, not names). */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2"), Buffer.alloc(4096)]);

async function fillRun(page: Page, run: { arena: string; horse: string; time: string; rider?: string; video?: Buffer }) {
  const form = await openRunForm(page);
  await form.getByLabel("Arena name").fill(run.arena);
  await form.getByLabel("Or a new horse").fill(run.horse);
  await form.getByLabel("Time (seconds)").fill(run.time);
  await form.locator("label", { hasText: "4★" }).click();
  await form.locator("label", { hasText: "Clean run" }).click();
  if (run.rider) await form.getByLabel("Rider").selectOption({ label: run.rider });
  if (run.video) await form.getByLabel("Upload a video").setInputFiles({ name: "run.mp4", mimeType: "video/mp4", buffer: run.video });
  await form.getByRole("button", { name: "Save Run" }).click();
}

const offlineBanner = (page: Page) => page.getByText("You're offline: showing the last saved copy.");

test("a run logged with no connection waits on the phone, then reaches the server exactly once, with its video", async ({ page, context }) => {
  const arena = `No Signal Arena ${unique()}`;
  await signIn(page, "shelby");
  await page.goto("/run-log");
  const before = await page.getByTestId("run-card").count();

  await context.setOffline(true);
  await expect(offlineBanner(page)).toBeVisible();
  await fillRun(page, { arena, horse: "Dolly", time: "16.111", video: MP4 });
  const pending = page.getByTestId("pending-run").filter({ hasText: arena });
  await expect(pending).toContainText("Waiting to sync");
  await expect(pending).toContainText("video to upload");
  await expect(page.getByTestId("toast")).toContainText("Saved on this phone");
  // The form is ready for the next run.
  await expect((await openRunForm(page)).getByLabel("Arena name")).toHaveValue("");
  await screenshot(page, "offline-run-waiting");
  await expectAccessible(page);
  expect(serverRuns(arena)).toHaveLength(0);

  // Kept on the phone: a reload with no connection (the page from the service worker) still has it.
  await page.reload();
  await expect(offlineBanner(page)).toBeVisible();
  await expect(page.getByTestId("pending-run").filter({ hasText: arena })).toContainText("Waiting to sync");
  expect(serverRuns(arena)).toHaveLength(0);

  // Back online, the first answer is lost on the way back: the server stored the run, the phone never heard.
  let posts = 0;
  let lost = false;
  await context.route("**/api/run-logs", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    posts += 1;
    const response = await route.fetch();
    if (lost) return route.fulfill({ response });
    lost = true;
    expect(response.status()).toBe(201);
    return route.abort("connectionreset");
  });
  await context.setOffline(false);
  await expect.poll(() => serverRuns(arena).length).toBe(1);
  await expect(page.getByTestId("pending-run").filter({ hasText: arena })).toContainText("Waiting to sync");

  // The next try (here: opening the page again) sends the same clientId; the server answers the stored run.
  await page.reload();
  await expect(page.getByTestId("toast")).toContainText("Run Logged");
  await expect(page.getByTestId("pending-run")).toHaveCount(0);
  // The run log shows 12 runs at a time: a rider with a full page still sees 12.
  await expect(page.getByTestId("run-card")).toHaveCount(Math.min(before + 1, 12));
  const card = page.getByTestId("run-card").filter({ hasText: arena });
  await expect(card).toContainText("16.111s");
  await expect(card.getByRole("link", { name: "Watch video" })).toHaveAttribute("href", /^\/uploads\/[\w-]{22}\.mp4$/);
  expect(posts).toBe(2);
  await screenshot(page, "offline-run-synced");

  // Exactly one run, with the data typed offline, through the API and in the database.
  const listed = (await (await page.request.get(`/api/run-logs?arena=${encodeURIComponent(arena)}`)).json()) as { horseName: string; time: string; rating: number; tags: string[]; videoUrl: string }[];
  expect(listed).toHaveLength(1);
  expect(listed[0]).toMatchObject({ horseName: "Dolly", time: "16.111", rating: 4, tags: ["clean-run"] });
  expect((await page.request.get(listed[0]!.videoUrl)).ok()).toBe(true);
  const [stored] = serverRuns(arena);
  expect(stored!.client_id).toMatch(/^[\w-]{32,36}$/);

  // Reloading and going offline and online again sends nothing more.
  await page.reload();
  await context.setOffline(true);
  await context.setOffline(false);
  await page.waitForTimeout(1000);
  expect(posts).toBe(2);
  expect(serverRuns(arena)).toHaveLength(1);
  await context.unroute("**/api/run-logs");
});

test("a run logged offline keeps the phone's time when it was logged, not the time it syncs", async ({ page, context }) => {
  const arena = `Saturday Arena ${unique()}`;
  await signIn(page, "shelby");
  await page.goto("/run-log");
  await context.setOffline(true);
  await expect(offlineBanner(page)).toBeVisible();
  // The phone's clock says two days ago, to the minute, when the run is saved on it.
  const loggedAt = new Date(Math.floor((Date.now() - 2 * 86_400_000) / 60_000) * 60_000);
  await page.clock.setFixedTime(loggedAt);
  await fillRun(page, { arena, horse: "Dolly", time: "16.305" });
  await expect(page.getByTestId("pending-run").filter({ hasText: arena })).toContainText("Waiting to sync");
  expect(serverRuns(arena)).toHaveLength(0);

  // Today, the connection is back: the run reaches the server dated when it was logged.
  await page.clock.setFixedTime(new Date());
  await context.setOffline(false);
  await expect.poll(() => serverRuns(arena).length, { timeout: 15_000 }).toBe(1);
  const [stored] = serverRuns(arena);
  expect(stored!.run_at).toBe(loggedAt.getTime());
  expect(Date.now() - stored!.created_at).toBeLessThan(60_000);
  await page.reload();
  await expect(page.getByTestId("run-card").filter({ hasText: arena })).toContainText("16.305s");
});

test("a run the server refuses shows the server's message and is not sent again", async ({ page, context }) => {
  const arena = `Refused Arena ${unique()}`;
  const riderName = `Rider ${unique()}`;
  await signIn(page, "callie");
  const rider = (await (await page.request.post("/api/riders", { data: { name: riderName } })).json()) as { id: number };
  await page.goto("/run-log");

  await context.setOffline(true);
  await fillRun(page, { arena, horse: "Tuff", time: "17.02", rider: riderName });
  await expect(page.getByTestId("pending-run").filter({ hasText: arena })).toContainText("Waiting to sync");
  // A second one with a "video" that is not one (the server reads the content, not the name).
  const fakeVideoArena = `Bad Video Arena ${unique()}`;
  await fillRun(page, { arena: fakeVideoArena, horse: "Tuff", time: "17.5", video: Buffer.from("not a video at all, just text") });
  await expect(page.getByTestId("pending-run").filter({ hasText: fakeVideoArena })).toContainText("Waiting to sync");
  // Meanwhile the rider sub-profile is deleted (say, from another phone).
  expect((await page.request.delete(`/api/riders/${rider.id}`)).ok()).toBe(true);

  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/run-logs")) posts += 1;
  });
  await context.setOffline(false);
  const pending = page.getByTestId("pending-run").filter({ hasText: arena });
  await expect(pending).toContainText("Not sent");
  await expect(pending).toContainText("Choose a rider from the list");
  const fakeVideo = page.getByTestId("pending-run").filter({ hasText: fakeVideoArena });
  await expect(fakeVideo).toContainText("Not sent");
  await expect(fakeVideo).toContainText("Invalid File Type: Please select a valid file type: a video (MP4, MOV, WebM, M4V or 3GP). This file is not a real video");
  await expect(page.getByTestId("toast")).toContainText("Failed to add run log. Please try again.");
  await screenshot(page, "offline-run-refused");
  await expectAccessible(page);
  expect(posts).toBe(1);

  // Not retried: not on reload, not when the connection comes back.
  await page.reload();
  await expect(page.getByTestId("pending-run").filter({ hasText: arena })).toContainText("Not sent");
  await context.setOffline(true);
  await context.setOffline(false);
  await page.waitForTimeout(1000);
  expect(posts).toBe(1);
  expect(serverRuns(arena)).toHaveLength(0);
  expect(serverRuns(fakeVideoArena)).toHaveLength(0);

  for (const name of [fakeVideoArena, arena]) {
    await page.getByTestId("pending-run").filter({ hasText: name }).getByRole("button", { name: "Discard" }).click();
  }
  await expect(page.getByTestId("pending-run")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Run Log" })).toBeVisible();
  await expect(page.getByTestId("pending-run")).toHaveCount(0);
});

test("runs kept on a shared phone are sent only under their own rider's session", async ({ page, context }) => {
  const arena = `Shared Phone Arena ${unique()}`;
  await signIn(page, "shelby");
  await page.goto("/run-log");
  await context.setOffline(true);
  await fillRun(page, { arena, horse: "Dolly", time: "16.4" });
  await expect(page.getByTestId("pending-run").filter({ hasText: arena })).toContainText("Waiting to sync");

  // Meanwhile someone else signs in on this browser (another tab, say); this page is still Shelby's.
  const other = await page.request.post("/api/auth/login", { data: { email: "callie@demo.cloverleaf.app", password: DEMO_PASSWORD } });
  expect(other.ok()).toBe(true);
  await context.setOffline(false);
  await expect(page.getByTestId("toast")).toContainText("Sign in again to send the runs waiting on this phone.");
  await expect(page.getByTestId("pending-run").filter({ hasText: arena })).toContainText("Waiting to sync");
  expect(serverRuns(arena)).toHaveLength(0);

  // Callie's own run log neither shows nor sends Shelby's run.
  await page.goto("/run-log");
  await expect(page.getByRole("heading", { name: "Run Log" })).toBeVisible();
  await expect(page.getByTestId("pending-run")).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(serverRuns(arena)).toHaveLength(0);

  // Back as Shelby, the run goes, once.
  await page.request.post("/api/auth/login", { data: { email: "shelby@demo.cloverleaf.app", password: DEMO_PASSWORD } });
  await page.goto("/run-log");
  await expect(page.getByTestId("run-card").filter({ hasText: arena })).toBeVisible();
  await expect(page.getByTestId("pending-run")).toHaveCount(0);
  const stored = serverRuns(arena);
  expect(stored).toHaveLength(1);
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    const owner = db.prepare("SELECT u.email FROM run_logs r JOIN users u ON u.id = r.user_id WHERE r.id = ?").get(stored[0]!.id) as { email: string };
    expect(owner.email).toBe("shelby@demo.cloverleaf.app");
  } finally {
    db.close();
  }
});

test("My Events and the run log with its trends, visited online, open offline from the last synced copy with the offline banner", async ({ page, context }) => {
  await signIn(page, "marisol");
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "My Events" })).toBeVisible();
  // A client-side navigation online keeps the page data (/run-log.data) too.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Run Log" }).click();
  await expect(page.getByTestId("personal-best")).toBeVisible();
  const cards = await page.getByTestId("run-card").count();
  const savedEvents = await page.goto("/events").then(() => page.locator("main").innerText());

  // Logged elsewhere after the last visit: the offline copy must not show it.
  const arena = `Later Arena ${unique()}`;
  expect((await page.request.post("/api/run-logs", { data: { arenaName: arena, horseName: "Canela", time: "15.9" } })).status()).toBe(201);

  await context.setOffline(true);
  await page.goto("/run-log");
  await expect(offlineBanner(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Run Log" })).toBeVisible();
  await expect(page.getByTestId("personal-best")).toBeVisible();
  await expect(page.getByTestId("run-card")).toHaveCount(cards);
  await expect(page.getByTestId("run-card").filter({ hasText: arena })).toHaveCount(0);
  await screenshot(page, "offline-run-log-copy");

  await page.goto("/events");
  await expect(offlineBanner(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Events" })).toBeVisible();
  expect(await page.locator("main").innerText()).toBe(savedEvents);

  // Client-side navigation offline: /run-log.data from its copy...
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Run Log" }).click();
  await expect(page).toHaveURL(/\/run-log$/);
  await expect(page.getByTestId("personal-best")).toBeVisible();
  await expect(offlineBanner(page)).toBeVisible();
  // ...and /events.data, never fetched, falls back to the page's document copy.
  await nav.getByRole("link", { name: "My Events" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole("heading", { name: "My Events" })).toBeVisible();
  await expect(offlineBanner(page)).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);

  // A page never opened has no copy: the offline page says so.
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();

  await context.setOffline(false);
  await page.goto("/run-log");
  await expect(offlineBanner(page)).toHaveCount(0);
  await expect(page.getByTestId("run-card").filter({ hasText: arena })).toBeVisible();
});

test("after sign-in My Events and the run log are kept for offline use unvisited, and signing out forgets them", async ({ page, context }) => {
  // signIn() waits until both pages are kept, without ever opening them.
  await signIn(page, "renee");

  await context.setOffline(true);
  await page.goto("/run-log");
  await expect(page.getByRole("heading", { name: "Run Log" })).toBeVisible();
  await expect(page.getByTestId("run-card").first()).toBeVisible();
  await expect(offlineBanner(page)).toBeVisible();
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "My Events" })).toBeVisible();
  await context.setOffline(false);

  await page.goto("/");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("link", { name: "Log In" }).first()).toBeVisible();
  await expect.poll(() => kept(page, "/events")).toBe(false);
  expect(await kept(page, "/run-log")).toBe(false);
  await context.setOffline(true);
  await page.goto("/run-log");
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await context.setOffline(false);
});

test("the offline queue's code loads only on the run log, once the rider starts a run", async ({ page }) => {
  const scripts = new Map<string, string>();
  page.on("response", async (response) => {
    if (response.url().includes("/build/") && response.url().endsWith(".js")) scripts.set(response.url(), await response.text().catch(() => ""));
  });
  await signIn(page, "shelby");
  await page.goto("/events");
  await page.waitForLoadState("networkidle");
  // A string of offlineQueue.ts alone.
  const queueIn = () => [...scripts].filter(([, text]) => text.includes("The server refused this run (")).map(([url]) => new URL(url).pathname);
  expect(queueIn()).toEqual([]);
  await page.goto("/run-log");
  await page.waitForLoadState("networkidle");
  expect(queueIn()).toEqual([]);
  // Touching the form loads its code, the queue with it.
  await (await openRunForm(page)).getByLabel("Arena name").click();
  await expect.poll(queueIn).toEqual([expect.stringMatching(/^\/build\/_shared\/[\w-]+\.js$/)]);
});
