import { chromium, type Browser } from "@playwright/test";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHorse, createLocatedEvent, createRun, signedInRider } from "../helpers/factories";
import { createRaceClass, createRaceEntry } from "../helpers/raceday-factories";
import { approveInto, publishResults } from "../helpers/season-factories";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Each signed-out page, the signed-in Discover and run log pages, and every
 * race page a rider or the office opens at the arena load at most 100 KB of
 * gzipped JavaScript, and show their content from the server HTML before any
 * JavaScript runs. The race pages: the entry form (a rider), the draw, a
 * class's results, the live page, a series' standings and the arena screen
 * (signed out), and the booth and the announcer's view (the race's producer),
 * on a race with a class published into a series and one being run.
 *
 * Measured as a phone loads them: Debian's Chromium opens the page on the
 * real server and build, every script it fetches is counted (entry, root,
 * route chunks, modulepreloads and anything loaded on demand while the page
 * hydrates), and each one's size is what the server sends when asked for
 * gzip. KB here is 1,024 bytes, as Lighthouse and Chrome count it.
 */
const BUDGET_BYTES = 100 * 1024;

let app: TestServer;
let browser: Browser;
type Viewer = "visitor" | "rider" | "producer";
const cookies: Record<Viewer, string> = { visitor: "", rider: "", producer: "" };
const pages: Array<{ name: string; path: string; as: Viewer; text: string }> = [];

beforeAll(async () => {
  app = await startTestServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  const { user, client } = await signedInRider(app, { homeZipCode: "76101", privacyMode: "PUBLIC", firstName: "Budget" });
  const producer = await signedInRider(app, { firstName: "Producer" });
  const admin = await signedInRider(app, { isAdmin: true });
  cookies.rider = client.cookieHeader;
  cookies.producer = producer.client.cookieHeader;
  const event = await createLocatedEvent(app.db, "76101", { name: "Cowtown Budget Barrels", date: "2031-04-12", createdBy: producer.user.id });
  const run = createRun(app.db, user.id, { arenaName: "Budget Arena", privacy: "PUBLIC" });
  pages.push(
    { name: "landing", path: "/", as: "visitor", text: "Made for You" },
    { name: "login", path: "/login", as: "visitor", text: "Welcome back" },
    { name: "register", path: "/register", as: "visitor", text: "Create Your Account" },
    { name: "forgot password", path: "/forgot-password", as: "visitor", text: "Forgot your password?" },
    { name: "reset password", path: "/reset-password/x", as: "visitor", text: "Invalid Reset Link" },
    { name: "privacy policy", path: "/privacy-policy", as: "visitor", text: "Privacy Policy" },
    { name: "terms of service", path: "/terms-of-service", as: "visitor", text: "Terms of Service" },
    { name: "shared event", path: `/share/event/${event.id}`, as: "visitor", text: "Cowtown Budget Barrels" },
    { name: "shared run", path: `/share/run-log/${run.id}`, as: "visitor", text: "Budget Arena" },
    { name: "Discover", path: "/", as: "rider", text: "Cowtown Budget Barrels" },
    { name: "run log", path: "/run-log", as: "rider", text: "Budget Arena" },
  );
  // Race day: a class run and its results published into a series, with a rider in it; a second
  // class drawn and being run, its first run timed.
  const seriesRes = await admin.client.json("/api/series", "POST", { name: "Budget Series 2031", startDate: "2031-01-01", endDate: "2031-12-31", classNames: ["Budget Open 4D"] });
  if (seriesRes.status !== 201) throw new Error(`series: ${seriesRes.status} ${await seriesRes.text()}`);
  const { series } = (await seriesRes.json()) as { series: { id: string } };
  approveInto(app.db, series.id, event.id);
  const cls = createRaceClass(app.db, event.id, { name: "Budget Open 4D", drawnAt: new Date(), drawPublishedAt: new Date() });
  const horse = createHorse(app.db, user.id, { name: "Budget Horse" });
  const entry = createRaceEntry(app.db, cls, { userId: user.id, horseId: horse.id, riderName: "Budget Rider", horseName: "Budget Horse", drawPosition: 1 });
  const running = createRaceClass(app.db, event.id, { name: "Budget Youth 2D", drawnAt: new Date(), drawPublishedAt: new Date() });
  const [timed] = ["Timed Rider", "Gate Rider", "Next Rider", "Last Rider"].map((riderName, i) => createRaceEntry(app.db, running, { riderName, horseName: `Youth Horse ${i + 1}`, drawPosition: i + 1 }));
  for (const [n, run] of [entry, timed!].entries()) {
    const time = await producer.client.json(`/api/events/${event.id}/times`, "POST", { entryId: run.id, outcome: "TIME", time: "15.482", penalties: 0, clientId: `budget-time-${n}` });
    if (time.status !== 201) throw new Error(`time: ${time.status} ${await time.text()}`);
  }
  publishResults(app.db, cls, [{ entry, place: 1, totalMs: 15482, moneyCents: 5000 }]);
  pages.push(
    { name: "entry form", path: `/events/${event.id}/enter`, as: "rider", text: "Enter a class" },
    { name: "draw", path: `/events/${event.id}/draw`, as: "visitor", text: "Budget Horse" },
    { name: "class results", path: `/events/${event.id}/results/${cls.id}`, as: "visitor", text: "Budget Open 4D" },
    { name: "live", path: `/events/${event.id}/live`, as: "visitor", text: "Budget Open 4D" },
    { name: "standings", path: `/series/${series.id}`, as: "visitor", text: "Budget Horse" },
    { name: "arena screen", path: `/events/${event.id}/arena`, as: "visitor", text: "Gate Rider" },
    { name: "booth", path: `/events/${event.id}/booth?class=${running.id}`, as: "producer", text: "Gate Rider" },
    { name: "announcer", path: `/events/${event.id}/announcer`, as: "producer", text: "Gate Rider" },
  );
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Bytes on the wire for one file asked for with `Accept-Encoding: gzip` (fetch() would decompress it). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`))));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** Every script the page fetched, once it has stopped fetching scripts. */
async function scriptsLoaded(path: string, as: Viewer) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    // The service worker would answer repeat visits itself; this counts what the network delivers.
    serviceWorkers: "block",
    extraHTTPHeaders: cookies[as] ? { Cookie: cookies[as] } : {},
  });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.add(req.url());
  });
  await page.goto(app.url + path, { waitUntil: "load" });
  // Hydration may fetch a screen's code on demand: wait until the page is idle and a
  // second passes with no new script.
  for (let seen = -1; seen !== scripts.size; ) {
    seen = scripts.size;
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    await page.waitForTimeout(1000);
  }
  await context.close();
  return [...scripts];
}

describe("JavaScript budget", () => {
  it(`keeps every signed-out page, Discover, the run log and the race pages at or under ${BUDGET_BYTES / 1024} KB of gzipped JavaScript`, async () => {
    const weights: Record<string, number> = {};
    for (const page of pages) {
      const scripts = await scriptsLoaded(page.path, page.as);
      expect(scripts.length, page.name).toBeGreaterThan(2);
      expect(scripts.every((s) => s.startsWith(`${app.url}/build/`)), page.name).toBe(true);
      weights[`${page.name} (${scripts.length} files)`] = (await Promise.all(scripts.map(gzipBytes))).reduce((a, b) => a + b, 0);
    }
    console.log(Object.entries(weights).map(([name, bytes]) => `${name.padEnd(32)} ${(bytes / 1024).toFixed(1)} KB (${bytes} bytes)`).join("\n"));
    const over = Object.entries(weights).filter(([, bytes]) => bytes > BUDGET_BYTES);
    expect(over).toEqual([]);
  }, 180_000);

  it("shows each page's content in the server HTML, before any JavaScript runs", async () => {
    for (const page of pages) {
      const res = await fetch(app.url + page.path, { headers: cookies[page.as] ? { Cookie: cookies[page.as] } : {} });
      expect(res.status, page.name).toBe(200);
      const html = await res.text();
      const body = html.slice(html.indexOf("<body"), html.indexOf("<script"));
      expect(body, page.name).toContain(page.text);
    }
  });
});
