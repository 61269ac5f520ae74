/**
 * The arena screen's memory over a day: the page (`/events/{id}/arena` in
 * Chromium at 1920 x 1080, as a kiosk TV shows it) follows the booth
 * through --updates (2,000) times. Its JavaScript heap, after a forced
 * garbage collection (Chrome DevTools Protocol: HeapProfiler.collectGarbage,
 * then Runtime.getHeapUsage), is read after the first 100 updates and after
 * all of them; with them the page's DOM node count. Goal: the heap after
 * 2,000 updates within 10% of the heap after 100.
 *
 *   npx tsx bench/arena-memory.ts
 *   npx tsx bench/arena-memory.ts --updates 2000
 *
 * Needs a build (`npm run build`) and Chromium (CHROMIUM_PATH, or
 * /usr/bin/chromium). Loopback only. Writes bench/results-arena-memory.json.
 */
import { chromium } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { openDatabase } from "../db/client";
import { arg, machine, seed, signIn, startServer, tempDir } from "./lib";

const UPDATES = Number(arg("updates", "2000"));
const FIRST = 100;
const PORT = Number(arg("port", "3394"));
const GOAL = 0.1;

const dataDir = tempDir("bench-arena");
console.log(`The arena screen's memory: ${UPDATES} booth times`);
const seeded = seed(dataDir, { users: 10, events: 10, runs: 0 });
const db = openDatabase(path.join(dataDir, "app.db"));
const sqlite = db.$client;
const { id: eventId } = sqlite.prepare("SELECT id FROM events WHERE showbill_approved = 1 LIMIT 1").get() as { id: string };
sqlite.prepare("UPDATE events SET created_by = ?, date = ?, end_date = NULL WHERE id = ?").run(seeded.benchUserId, new Date().toISOString().slice(0, 10), eventId);
const classId = randomUUID();
const now = Date.now();
sqlite
  .prepare(
    `INSERT INTO race_classes (id, event_id, name, position, entry_fee_cents, added_money_cents, producer_share_percent, divisions, split_ms, max_horses_per_rider, payout, draw_min_gap, drag_every, results_version, drawn_at, draw_published_at, created_at)
     VALUES (?, ?, 'Open 4D', 0, 5000, 100000, 20, 4, '[500]', 3, ?, 5, 5, 0, ?, ?, ?)`,
  )
  .run(classId, eventId, JSON.stringify({ divisionPercents: [35, 27, 22, 16], table: [{ maxEntries: 9999, percents: [40, 30, 20, 10] }] }), now, now, now);
// One entry per update and a few to spare, so every update moves the gate.
const entryIds: string[] = [];
const insert = sqlite.prepare(
  `INSERT INTO race_entries (id, event_id, class_id, rider_name, horse_name, back_number, paid, status, late, draw_position, drags_before, created_at)
   VALUES (?, ?, ?, ?, ?, ?, 1, 'ENTERED', 0, ?, ?, ?)`,
);
sqlite.transaction(() => {
  for (let i = 0; i < UPDATES + 10; i++) {
    const id = randomUUID();
    entryIds.push(id);
    insert.run(id, eventId, classId, `Rider ${i + 1}`, `Horse ${i + 1}`, 100 + i, i + 1, Math.floor(i / 5), now);
  }
})();
sqlite.close();

const server = await startServer(dataDir, PORT, { workers: 1 });
const producer = await signIn(server.url);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"] });
const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
const cdp = await page.context().newCDPSession(page);
await page.goto(`${server.url}/events/${eventId}/arena`);
await page.getByLabel("Live").waitFor();

async function time(i: number) {
  const res = await fetch(`${server.url}/api/events/${eventId}/times`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: producer, Origin: server.url },
    body: JSON.stringify({ entryId: entryIds[i], outcome: "TIME", time: (15 + (i % 900) / 1000).toFixed(3), penalties: 0, clientId: randomUUID() }),
  });
  if (res.status !== 201) throw new Error(`the booth's time answered ${res.status}`);
  // The screen shows the next rider before the next time is sent.
  await page.getByTestId("arena-now").filter({ hasText: `Rider ${i + 2}` }).waitFor();
}

async function heap() {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  const nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
  return { usedBytes: usedSize, domNodes: nodes };
}

for (let i = 0; i < FIRST; i++) await time(i);
const after100 = await heap();
console.log(`  after ${FIRST} updates: ${(after100.usedBytes / 1e6).toFixed(2)} MB heap, ${after100.domNodes} DOM nodes`);
for (let i = FIRST; i < UPDATES; i++) await time(i);
const afterAll = await heap();
console.log(`  after ${UPDATES} updates: ${(afterAll.usedBytes / 1e6).toFixed(2)} MB heap, ${afterAll.domNodes} DOM nodes`);
const growth = afterAll.usedBytes / after100.usedBytes - 1;

await browser.close();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
fs.writeFileSync("bench/results-arena-memory.json", `${JSON.stringify({ at: new Date().toISOString(), machine: machine(), updates: UPDATES, after100, afterAll, growth: +growth.toFixed(4), goal: GOAL }, null, 2)}\n`);
console.log(`  growth ${(growth * 100).toFixed(1)}% (goal: within ${GOAL * 100}%): met ${Math.abs(growth) <= GOAL ? "yes" : "NO"}`);
